"""In a real browser: an official keys in hands until a side passes 250; players watch."""

import re

import pytest
from playwright.sync_api import expect

from tests.scoring.builders import make_bracket

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def key_in_hand(page, *, play, out_side, pips):
    """Type one hand with the keyboard only, starting from the focused first box."""
    keyboard = page.keyboard
    expect(page.get_by_label("Side 1 points in play")).to_be_focused()
    keyboard.type(str(play[0]))
    keyboard.press("Tab")
    keyboard.type(str(play[1]))
    keyboard.press("Tab")  # Side 1 muggins: none
    keyboard.press("Tab")  # Side 2 muggins: none
    keyboard.press("Tab")  # into "How the hand ended": the first choice is side 1 out
    if out_side == 1:
        keyboard.press("ArrowDown")
    keyboard.press("Space")
    keyboard.press("Tab")  # Side 1 pips left
    if out_side == 0:
        keyboard.press("Tab")  # Side 2 pips left
    keyboard.type(str(pips))
    keyboard.press("Enter")


def expect_status(page, text):
    expect(page.get_by_role("status")).to_contain_text(text)


def test_an_official_keys_in_a_game_and_the_bracket_and_the_public_page_follow(
    page, phone, live_server, log_in, official, tournament
):
    _event, games = make_bracket(tournament)
    semi, final = games[(1, 0)], games[(2, 0)]
    winners = [m.player.name for m in semi.sides.get(seat=0).team.members]

    phone.goto(f"{live_server.url}/t/{tournament.slug}/games/{semi.pk}/")
    expect(phone.locator("#score")).to_contain_text("No hands yet.")

    log_in(page, official)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/games/{semi.pk}/")

    key_in_hand(page, play=(120, 15), out_side=0, pips=13)
    expect_status(page, "Hand 1 saved.")
    expect(page.locator("#side-0 .side-total")).to_have_text("135")
    expect(page.locator("#hand-1")).to_contain_text("13 pips → 15")

    # A score that is not a multiple of 5: refused at its box, which takes the cursor;
    # the rest of the entry stays typed in, so only that box needs fixing.
    key_in_hand(page, play=(12, 0), out_side=1, pips=20)
    first_box = page.get_by_label("Side 1 points in play")
    expect(page.locator("#hand-form")).to_contain_text("12 is not a multiple of 5")
    expect(page.locator("#hand-2")).to_have_count(0)
    expect(first_box).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("10")
    page.keyboard.press("Enter")
    expect_status(page, "Hand 2 saved.")
    expect(page.locator("#hand-2")).to_contain_text("20 pips → 20")
    expect(page.locator("#side-1 .side-total")).to_have_text("35")

    key_in_hand(page, play=(100, 0), out_side=0, pips=22)
    expect_status(page, "Game over: Side 1")
    expect(page.locator("#side-0 .side-total")).to_have_text("265")
    expect(page.locator("#hand-form")).to_have_count(0)

    # The bracket moved the winners on: they are the first side of the final.
    page.get_by_role("link", name=re.compile(r"Game \d+ \(Final\)")).click()
    for name in winners:
        expect(page.locator("#side-0")).to_contain_text(name)

    # The phone polls the public page and shows the result without a reload.
    expect(phone.locator("#side-0 .side-total")).to_have_text("265", timeout=15_000)
    expect(phone.locator("#score")).to_contain_text("Game over: Side 1")
    expect(phone.locator("#hand-3")).to_contain_text("22 pips → 20")
    final.refresh_from_db()
    assert final.status == "waiting"
