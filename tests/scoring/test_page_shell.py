"""A visitor's whole public page kept without its live part (`fragments.render_page`): the
rest (title, links, house rules) under what it shows and the address, the live part drawn
in its place; the page is the one drawn whole, a result draws the live part alone, and a
rename shows at once."""

import html

import pytest
from django.urls import reverse

from tests.scoring.builders import enter, played
from tests.tournaments.rounds_setup import rounds_event, seat_and_start, settle, tables_of
from tournaments import page_cache
from tournaments.services import update_tournament
from tournaments.services.house_rules import update_event_options

pytestmark = pytest.mark.django_db


def whole(client, name, event):
    response = client.get(reverse(f"public:{name}", args=[event.tournament.slug, event.pk]))
    assert response.status_code == 200
    return response


def drawn_whole(client, name, event) -> str:
    """The page with nothing kept: every part drawn for it."""
    page_cache.clear()
    return whole(client, name, event).content.decode()


def test_a_hand_draws_the_live_part_alone_and_the_page_is_the_one_drawn_whole(
    client, bracket, official
):
    event, games = bracket
    whole(client, "bracket", event)
    enter(games[(1, 1)], official, played(0, 35))
    after = whole(client, "bracket", event)
    # The rest of the page (base.html with it) was kept at the first request.
    assert "base.html" not in [t.name for t in after.templates]
    assert after.content.decode() == drawn_whole(client, "bracket", event)
    assert ">35<" in after.content.decode()


def test_a_tournament_renamed_shows_in_the_page_s_title_at_once(client, bracket, official):
    event, _ = bracket
    whole(client, "bracket", event)
    tournament = event.tournament
    update_tournament(
        tournament=tournament,
        by=official,
        name="Renamed rally",
        starts_on=tournament.starts_on,
        ends_on=tournament.ends_on,
    )
    page = whole(client, "bracket", event).content.decode()
    assert "Renamed rally</title>" in page


def test_standings_house_rules_changed_show_at_once_and_the_page_is_the_one_drawn_whole(
    client, tournament, official
):
    event = rounds_event(tournament, players=8)
    tables = tables_of(seat_and_start(event, official))
    before = whole(client, "standings", event).content.decode()
    settle(tables[0], official, (61, 10, 5, 0))
    after = whole(client, "standings", event).content.decode()
    assert after != before
    assert after == drawn_whole(client, "standings", event)
    update_event_options(event=event, by=official, options={"sit_out_points": 0}, confirmed=True)
    changed = whole(client, "standings", event).content.decode()
    assert changed == drawn_whole(client, "standings", event)
    assert (
        changed.split("How the standings are ranked")[1]
        != after.split("How the standings are ranked")[1]
    )


def test_a_result_draws_the_live_part_alone_and_a_tournament_renamed_shows_at_once(
    client, tournament, official
):
    event = rounds_event(tournament, players=8)
    tables = tables_of(seat_and_start(event, official))
    whole(client, "standings", event)
    settle(tables[0], official, (61, 10, 5, 0))  # a result moves the event's shared version
    after = whole(client, "standings", event)
    assert "base.html" not in [t.name for t in after.templates]
    assert after.content.decode() == drawn_whole(client, "standings", event)
    whole(client, "standings", event)
    update_tournament(
        tournament=tournament,
        by=official,
        name="Renamed rally",
        starts_on=tournament.starts_on,
        ends_on=tournament.ends_on,
    )
    page = whole(client, "standings", event).content.decode()
    # Kept in ASCII (`fragments.ascii_html`): the dot is a character reference.
    assert "standings &#183; Renamed rally</title>" in page
    assert "standings · Renamed rally</title>" in html.unescape(page)
    assert page == drawn_whole(client, "standings", event)
