"""The desk's table monitor: every table's state in plain words, live with ETag / 304."""

import re
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.services import table_links
from tests.scoring.builders import make_bracket
from tests.scoring.table_desk_setup import answer_at_table, enter_at_table, playing_round
from tests.tournaments.double_setup import DoubleDesk
from tests.tournaments.rounds_setup import settle

pytestmark = pytest.mark.django_db


def monitor_url(event, number=1):
    return reverse("scoring:rounds_monitor", args=[event.tournament.slug, event.pk, number])


@pytest.fixture
def hall(tournament, official):
    """A round of six tables: disputed, waiting, playing, desk-only, finished, not started."""
    event, round_, tables = playing_round(tournament, official, players=24)
    answer_at_table(tables[0], enter_at_table(tables[0]), dispute=True)
    enter_at_table(tables[1])
    answer_at_table(tables[2], enter_at_table(tables[2]))
    table_links.set_desk_only(game=tables[3], by=official, desk_only=True)
    settle(tables[4], official, (61, 10))
    return event, round_, tables


def test_every_table_says_where_it_stands(official_client, hall):
    event, _, tables = hall
    page = official_client.get(monitor_url(event)).content.decode()
    assert "Disputed: hand 1, the official decides it" in page
    assert "Waiting for confirmation since" in page
    assert "Playing: 1 hand" in page
    assert "Desk-only entry" in page
    assert "Finished after 3 hands" in page
    assert "Waiting to start" in page
    # Who entered, who disputed, and when.
    assert re.search(r"Hand 1 entered by [^<]+ at \d\d:\d\d; [^<]+ said something is wrong", page)
    summary = re.search(r'class="monitor-summary"[^>]*>(.*?)</p>', page, re.S).group(1)
    assert "1 disputed · 1 waiting for confirmation · 2 waiting to start · 1 playing" in summary
    assert "1 finished" in summary and "1 desk-only" in summary
    for game in tables:
        assert reverse("scoring:sheet", args=["rally", game.pk]) in page


def test_a_disputed_table_stands_out_first(official_client, hall):
    event, _, tables = hall
    page = official_client.get(monitor_url(event)).content.decode()
    alert = page.index('class="monitor-alert"')
    assert alert < page.index('class="monitor-tables"')
    assert "⚠" in page[alert : alert + 400] and "Table 1" in page[alert : alert + 600]
    assert f'class="monitor-table state-disputed" id="table-{tables[0].pk}"' in page


def test_an_unchanged_monitor_answers_304_and_a_table_step_changes_it(official_client, hall):
    event, _, tables = hall
    official_client.get(monitor_url(event))  # the first page sets the CSRF cookie
    first = official_client.get(monitor_url(event), HTTP_HX_REQUEST="true")
    tag = first["ETag"]
    assert first.status_code == 200 and "no-cache" in first["Cache-Control"]
    again = official_client.get(monitor_url(event), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and not again.content
    entry = tables[1].table_entries.get()
    answer_at_table(tables[1], entry)
    changed = official_client.get(
        monitor_url(event), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag
    )
    assert changed.status_code == 200 and changed["ETag"] != tag
    # Revoking a link does not mark the event changed, but the monitor shows it.
    table_links.revoke_links(games=[tables[2]], by=None, renew=False)
    revoked = official_client.get(
        monitor_url(event), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=changed["ETag"]
    )
    assert revoked.status_code == 200


def test_the_full_page_and_the_poll_have_their_own_tags(official_client, hall):
    event, _, _ = hall
    page = official_client.get(monitor_url(event))
    poll = official_client.get(monitor_url(event), HTTP_HX_REQUEST="true")
    assert page["ETag"] != poll["ETag"]
    assert b"<html" in page.content and b"<html" not in poll.content
    assert b'hx-trigger="every 10s"' in poll.content


def test_another_officials_tag_is_not_ours(client, official, hall, django_user_model):
    event, _, _ = hall
    client.force_login(official)
    tag = client.get(monitor_url(event))["ETag"]
    second = django_user_model.objects.create_user(username="second", password="x-x-x-x-x")
    event.tournament.officials.add(second)
    client.force_login(second)
    assert client.get(monitor_url(event), HTTP_IF_NONE_MATCH=tag).status_code == 200


def _count(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_monitor_reads_in_a_fixed_number_of_queries(official_client, tournament, official):
    small, _, tables = playing_round(tournament, official, players=4)
    enter_at_table(tables[0])
    large, _, many = playing_round(tournament, official, players=40, name="Big Draw")
    for game in many[:6]:
        answer_at_table(game, enter_at_table(game), dispute=game.position % 2 == 0)
    few = _count(official_client, monitor_url(small))
    lots = _count(official_client, monitor_url(large))
    assert len(many) >= 10
    assert few == lots <= 14


def test_an_unchanged_poll_costs_a_few_queries(official_client, hall):
    event, _, _ = hall
    official_client.get(monitor_url(event))  # the first page sets the CSRF cookie
    tag = official_client.get(monitor_url(event))["ETag"]
    with CaptureQueriesContext(connection) as queries:
        assert official_client.get(monitor_url(event), HTTP_IF_NONE_MATCH=tag).status_code == 304
    assert len(queries) <= 6


def test_an_unknown_round_is_not_found(official_client, hall):
    event, _, _ = hall
    assert official_client.get(monitor_url(event, 9)).status_code == 404


def test_a_bracket_event_has_no_rounds_monitor_and_a_rounds_event_no_bracket_one(
    official_client, tournament, hall
):
    event, _, _ = hall
    bracket_event, _ = make_bracket(tournament)
    assert official_client.get(monitor_url(bracket_event)).status_code == 404
    url = reverse("scoring:bracket_monitor", args=["rally", event.pk, 1, 1])
    assert official_client.get(url).status_code == 404


def test_the_bracket_round_monitor(official_client, tournament):
    event, games = make_bracket(tournament)
    answer_at_table(games[(1, 0)], enter_at_table(games[(1, 0)]), dispute=True)
    url = reverse("scoring:bracket_monitor", args=["rally", event.pk, 1, 1])
    page = official_client.get(url).content.decode()
    assert "Semi-final:" in page and "1 disputed · 1 waiting to start" in page
    assert "Game 1 (Semi-final)" in page and "Game 2 (Semi-final)" in page
    final = reverse("scoring:bracket_monitor", args=["rally", event.pk, 1, 2])
    assert "Waiting for players" in official_client.get(final).content.decode()
    missing = reverse("scoring:bracket_monitor", args=["rally", event.pk, 1, 7])
    assert official_client.get(missing).status_code == 404


def test_a_double_elimination_round_has_its_own_monitor(official_client, tournament, official):
    """Each bracket of a double elimination has its rounds' monitors (stage in the address):
    the losers' first round is not the winners' first round."""
    desk = DoubleDesk(tournament, official, 8)
    for index, planned in enumerate(desk.structure.games):
        if planned.stage == "winners" and planned.round_number == 1:
            desk.win(index, 0)
    slug, pk = tournament.slug, desk.event.pk
    losers = reverse("scoring:bracket_monitor", args=[slug, pk, 3, 1])
    winners_2 = reverse("scoring:bracket_monitor", args=[slug, pk, 2, 2])
    bracket_page = official_client.get(reverse("desk:bracket", args=[slug, pk]))
    assert losers in bracket_page.content.decode()
    page = unescape(official_client.get(losers).content.decode())
    assert "Losers' round 1:" in page and "(Losers' round 1)" in page
    assert "(Winners' round 2)" not in page
    assert winners_2 in page and f'href="{losers}" aria-current="page"' in page
    assert "(Winners' round 2)" in unescape(official_client.get(winners_2).content.decode())
    cards = official_client.get(reverse("scoring:bracket_cards", args=[slug, pk, 3, 1]))
    assert cards.status_code == 200 and "(Losers' round 1)" in unescape(cards.content.decode())


def test_the_round_and_bracket_pages_link_to_their_monitors(official_client, tournament, hall):
    event, _, _ = hall
    rounds_page = official_client.get(reverse("desk:rounds", args=["rally", event.pk]))
    assert monitor_url(event) in rounds_page.content.decode()
    bracket_event, _ = make_bracket(tournament)
    page = official_client.get(reverse("desk:bracket", args=["rally", bracket_event.pk]))
    assert reverse("scoring:bracket_monitor", args=["rally", bracket_event.pk, 1, 1]) in (
        page.content.decode()
    )


@pytest.mark.parametrize("who", ["anonymous", "other"])
def test_outsiders_are_refused(client, other_client, hall, who):
    event, _, _ = hall
    if who == "anonymous":
        client.logout()
        response = client.get(monitor_url(event))
        assert response.status_code == 302 and response.url.startswith("/login/")
    else:
        assert other_client.get(monitor_url(event)).status_code == 403
