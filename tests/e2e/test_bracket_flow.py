"""An official draws partners and the bracket and records results; the public sees the champion."""

import re

import pytest

from tests.factories import ChapterFactory, EntryFactory, EventFactory, PlayerFactory
from tournaments.models import Event, Game, Team

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WON = re.compile(r" won$")


@pytest.fixture
def doubles(tournament):
    """A doubles event with 13 checked-in players from 4 chapters."""
    event = EventFactory(tournament=tournament, name="Doubles")
    chapters = [ChapterFactory(tournament=tournament, name=f"Chapter {c}") for c in "ABCD"]
    for n in range(13):
        player = PlayerFactory(
            tournament=tournament, name=f"Player {n + 1:02d}", chapter=chapters[n % 4]
        )
        EntryFactory(event=event, player=player)
    return event


def test_an_official_runs_a_doubles_bracket_to_a_champion(
    live_server, page, phone, log_in, official, tournament, doubles
):
    log_in(page, official)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/")
    page.get_by_role("link", name="Doubles", exact=True).click()
    page.get_by_role("link", name="Draw partners").click()

    page.get_by_role("button", name="Draw partners").click()
    page.wait_for_url(re.compile(r"/draw/$"))
    assert page.get_by_text("Partners drawn: 6 teams").is_visible()
    assert page.get_by_text("One player is left without a partner").is_visible()
    assert page.get_by_text("Without a partner:").is_visible()
    assert Team.objects.filter(event=doubles).count() == 6
    assert not Team.objects.filter(event=doubles, same_chapter=True).exists()

    # The odd player is decided before the bracket: here, taken out of the doubles.
    assert page.get_by_text("Before the bracket is drawn:").is_visible()
    page.get_by_role("button", name=re.compile(r"^Take Player \d+ out of Doubles$")).click()
    page.wait_for_url(re.compile(r"/draw/$"))

    # Six teams in eight slots: two byes, drawn at random.
    assert page.get_by_text("Byes: 2 teams will go straight to round 2").is_visible()
    page.get_by_role("button", name="Draw the bracket").click()
    page.wait_for_url(re.compile(r"/bracket/$"))
    assert page.get_by_text("The Doubles bracket is drawn").is_visible()
    assert Game.objects.filter(event=doubles, status=Game.Status.BYE).count() == 2

    # Record results, top game first, until the final is decided: 6 teams play 5 games.
    # Each one-click result asks once, saying what it will do.
    for _ in range(5):
        with page.expect_navigation():
            page.get_by_role("button", name=WON).first.click()
        assert page.get_by_role("heading", name="Record this result?").is_visible()
        with page.expect_navigation():
            page.get_by_role("button", name="Yes, record it").click()
    assert page.get_by_role("button", name=WON).count() == 0

    doubles.refresh_from_db()
    assert doubles.status == Event.Status.FINISHED
    final = Game.objects.get(event=doubles, stage=1, next_game__isnull=True)
    champion = final.sides.get(seat=final.winner_seat).team
    second = final.sides.get(seat=1 - final.winner_seat).team
    placings = page.get_by_role("region", name="Final placings")
    assert champion.label in placings.inner_text()

    phone.goto(f"{live_server.url}/t/{tournament.slug}/")
    phone.get_by_role("link", name="Doubles").click()
    public_placings = phone.get_by_role("region", name="Final placings")
    text = public_placings.inner_text()
    assert f"Winner {champion.label}" in text
    assert f"Second {second.label}" in text
