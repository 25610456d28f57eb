"""Double elimination in a real browser: a 12-team bracket played to the end with one
correction in the winners' bracket after the losers' bracket moved on (given at the
official's bracket page, its voiding confirmed), checked against a replay from scratch;
and the phone's Winners / Losers / Finals tabs on a 390-px screen (screenshot kept as
test-results/double-elimination-phone.png)."""

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.tournaments.double_setup import DoubleDesk

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ARTEFACTS = Path(__file__).resolve().parents[2] / "test-results"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def play_on(desk, rng, *, until=None):
    while (ready := desk.playable()) and not (until and until(desk)):
        desk.win(ready[0], rng.randrange(2))


def test_twelve_teams_to_the_end_with_a_winners_correction_in_the_browser(
    live_server, page, log_in, official, tournament, browser
):
    desk = DoubleDesk(tournament, official, 12, name="Double")
    structure = desk.structure
    rng = random.Random(12)
    corrected = next(
        g.index
        for g in structure.games
        if g.stage == "winners" and g.round_number == 1 and not g.bye
    )
    dropped_to = structure.games[corrected].loser_to[0]
    while structure.games[dropped_to].bye:
        dropped_to = structure.games[dropped_to].winner_to[0]
    play_on(desk, rng, until=lambda d: dropped_to in d.results())

    game = desk.game(corrected)
    right = game.sides.get(seat=1 - game.winner_seat).team.label
    log_in(page, official)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/events/{desk.event.pk}/bracket/")
    expect(page.get_by_role("heading", name="Losers' bracket")).to_be_visible()
    card = page.locator(f"#game-{game.pk}")
    card.get_by_text("Correct this result").click()
    card.get_by_role("button", name=f"{right} won instead…").click()
    expect(page.get_by_role("heading", name="Record this result?")).to_be_visible()
    page.get_by_role("button", name="Yes, void them").click()
    page.wait_for_url(re.compile(r"/bracket/"))
    desk.assert_as_replayed()
    assert dropped_to not in desk.results()

    play_on(desk, rng)
    desk.assert_as_replayed()
    champion = desk.event.teams.get(number=desk.replayed().champion)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/events/{desk.event.pk}/bracket/")
    placings = page.locator("section.placings")
    expect(placings).to_contain_text("1st")
    expect(placings.locator("li").first).to_contain_text(champion.label)

    context = browser.new_context(**PHONE)
    phone = context.new_page()
    phone.goto(f"{live_server.url}/t/{tournament.slug}/events/{desk.event.pk}/")
    tabs = phone.locator(".round-tabs a")
    assert [tabs.nth(i).inner_text() for i in range(tabs.count())] == [
        "Winners' bracket",
        "Losers' bracket",
        "Finals",
    ]
    width = phone.evaluate("() => document.documentElement.clientWidth")
    for index in range(tabs.count()):
        box = tabs.nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
    phone.get_by_role("link", name="Losers' bracket").click()
    phone.wait_for_url("**part=losers**")
    expect(phone.locator("#part-losers")).to_be_visible()
    expect(phone.locator("#part-winners")).to_be_hidden()
    ARTEFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTEFACTS / "double-elimination-phone.png"), full_page=True)
    context.close()
