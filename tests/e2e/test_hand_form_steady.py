"""In a real browser: nothing on the hand form moves under the pointer or the finger.

The live preview fills in about half a second after the last box is typed. Save must
stay where it was, so that a click or a tap aimed at it saves the hand, for every game,
on the desk's screen and on a phone, when adding a hand and when correcting one.
"""

import pytest
from playwright.sync_api import expect

from tests.scoring.builders import enter, make_ready_game, make_rounds_game, played

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESK = {"width": 1100, "height": 900}
PHONE = {"width": 390, "height": 844}


def texas_good_sams(tournament, official):
    game = make_ready_game(tournament)
    enter(game, official, played(10, 0))
    return game, {"play_0": "15", "play_1": "5"}, ["end=none"]


def double_draw(tournament, official):
    game = make_rounds_game(tournament, game_key="double_draw", sides=3)
    enter(game, official, data={"pips_0": 0, "pips_1": 5, "pips_2": 5})
    return game, {"pips_0": "0", "pips_1": "12", "pips_2": "20"}, []


def thats_it(tournament, official):
    game = make_rounds_game(tournament, game_key="thats_it", sides=3)
    enter(game, official, data={"caller": 1, "tiles": None, "points": 3})
    return game, {"points": "5"}, ["caller=0"]


def domino_pinochle(tournament, official):
    game = make_rounds_game(tournament, game_key="domino_pinochle", sides=3)
    data = {"meld_points_0": 2, "tricks_0": 20, "tricks_1": 14, "tricks_2": 10}
    enter(game, official, data=data)
    typed = {"meld_points_1": "3", "tricks_0": "10", "tricks_1": "24", "tricks_2": "10"}
    return game, typed, []


def double_takes(tournament, official):
    game = make_rounds_game(tournament, game_key="double_takes", sides=2)
    data = {"tricks_0": 10, "tricks_1": 7, "doubles_0": 3, "doubles_1": 2}
    enter(game, official, data=data)
    return game, {"tricks_0": "9", "tricks_1": "8", "doubles_0": "4", "doubles_1": "1"}, []


GAMES = [texas_good_sams, double_draw, thats_it, domino_pinochle, double_takes]


def save_box(page):
    """Return Save's box in the page's own coordinates (a scroll is not a move)."""
    return page.locator("#hand-form button[type=submit]").evaluate(
        "button => { const r = button.getBoundingClientRect();"
        " return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height]; }"
    )


def type_hand(page, boxes, choices):
    for choice in choices:
        name, value = choice.split("=")
        page.locator(f"#hand-form input[name={name}][value='{value}']").check()
    for name, value in boxes.items():
        page.locator(f"#hand-form [name={name}]").fill(value)


@pytest.mark.parametrize("screen", [DESK, PHONE], ids=["desk", "phone"])
@pytest.mark.parametrize("make", GAMES, ids=[make.__name__ for make in GAMES])
def test_save_stays_put_while_the_preview_updates(
    browser, live_server, log_in, official, tournament, make, screen
):
    game, boxes, choices = make(tournament, official)
    context = browser.new_context(viewport=screen, is_mobile=screen is PHONE)
    page = context.new_page()
    try:
        log_in(page, official)
        sheet = f"{live_server.url}/desk/{tournament.slug}/games/{game.pk}/"
        hand = game.hands.get(number=1)
        for address in (sheet, f"{sheet}hands/{hand.pk}/edit/"):
            page.goto(address)
            before = save_box(page)
            type_hand(page, boxes, choices)
            typed = save_box(page)
            expect(page.locator("#hand-preview")).to_contain_text("This hand:")
            page.wait_for_timeout(100)  # let the swap settle
            assert (before, typed, save_box(page)) == (before, before, before), address
    finally:
        context.close()
