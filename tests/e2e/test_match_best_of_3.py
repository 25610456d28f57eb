"""In a real browser: a best-of-3 match keyed in at the desk, followed on the table
monitor and the hall display, and a correction inside its second game that decides the
match, checked against a replay from scratch."""

import re

import pytest
from playwright.sync_api import expect

from tests.scoring.builders import make_bracket
from tests.scoring.test_matches_services import BEST_OF_3, comparable, replay, state

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def key_in(page, first: int, second: int, *, save: str = r"Save (game|hand)") -> None:
    """Type a hand's points in play (the hand not finished) and save it."""
    page.get_by_label("Side 1 points in play").fill(str(first))
    page.get_by_label("Side 2 points in play").fill(str(second))
    page.get_by_label("Not finished (the game ended)").check()
    page.get_by_role("button", name=re.compile(save)).click()


def test_a_best_of_3_with_a_correction_inside_its_second_game(
    page, phone, live_server, log_in, official, tournament
):
    event, games = make_bracket(tournament)
    event.options = BEST_OF_3
    event.save(update_fields=["options"])
    semi, final = games[(1, 0)], games[(2, 0)]
    first = " & ".join(m.player.name.split()[0] for m in semi.sides.get(seat=0).team.members)
    second = " & ".join(m.player.name.split()[0] for m in semi.sides.get(seat=1).team.members)
    sheet = f"{live_server.url}/desk/{tournament.slug}/games/{semi.pk}/"

    log_in(page, official)
    page.goto(sheet)
    expect(page.locator("#match-state")).to_contain_text("Game 1 of best of 3, level 0-0")
    key_in(page, 250, 0)
    status = page.get_by_role("status")
    expect(status).to_contain_text(f"Hand 1 saved. Game 2 of best of 3, {first} lead 1-0.")
    expect(page.locator("#side-0 .side-total")).to_have_text("0")
    key_in(page, 0, 110)
    expect(status).to_contain_text("Hand 2 saved.")
    key_in(page, 0, 140)
    expect(status).to_contain_text("Game 3 of best of 3, level 1-1")
    expect(page.locator("#match-game-2")).to_contain_text(f"Game 2: {second} won, 0 · 250")
    expect(page.locator("#game-2-hands")).to_have_text("Game 2")

    # The players' phone follows the match from the public page.
    phone.goto(f"{live_server.url}/t/{tournament.slug}/games/{semi.pk}/")
    expect(phone.locator("#match-state")).to_contain_text("Game 3 of best of 3, level 1-1")
    # The desk's table monitor and the hall display say where the match stands too.
    page.goto(f"{live_server.url}/desk/{tournament.slug}/events/{event.pk}/bracket/1/1/monitor/")
    level = "Game 3 of best of 3, level 1-1"
    expect(page.locator(f"#table-{semi.pk} .monitor-match")).to_have_text(level)
    page.goto(f"{live_server.url}/t/{tournament.slug}/display/")
    expect(page.locator(".display-match", has_text=level)).to_be_visible()

    # Hand 3 was side 1's, not side 2's: corrected inside game 2, it wins game 2 and
    # the match for side 1, 2-0, and side 1 goes on to the final.
    page.goto(f"{sheet}hands/{semi.hands.get(number=3).pk}/edit/")
    key_in(page, 250, 0, save="Save the correction")
    expect(page.get_by_role("status")).to_contain_text(f"Match over: {first} won the match 2-0")
    expect(page.locator("#hand-form")).to_have_count(0)
    expect(page.locator("#match-game-2")).to_contain_text(f"Game 2: {first} won, 250 · 110")
    right = [(250, 0), (0, 110), (250, 0)]
    assert comparable(state(semi), semi) == replay(tournament, official, right)
    final.refresh_from_db()
    assert final.sides.get(seat=0).team_id == semi.sides.get(seat=0).team_id

    # The bracket's card says so; the phone's page too, without a reload.
    page.goto(f"{live_server.url}/desk/{tournament.slug}/events/{event.pk}/bracket/")
    expect(page.locator(f"#game-{semi.pk} .match-score")).to_have_text("Best of 3 · 2-0")
    expect(phone.locator("#match-state")).to_contain_text(f"{first} won the match 2-0")
