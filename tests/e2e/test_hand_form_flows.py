"""In a real browser: the hand form's flows that must never lose or garble a hand.

Which side reached 250 first is asked before Save; every refusal of a hand shows at
once; a correction that changes nothing is not stored; the grids line up and a message
under a box does not widen its column.
"""

import pytest
from playwright.sync_api import expect

from scoring.models import HandChange
from tests.scoring.builders import enter, make_ready_game, make_rounds_game, played

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def sheet_url(live_server, tournament, game):
    return f"{live_server.url}/desk/{tournament.slug}/games/{game.pk}/"


def test_both_sides_past_250_are_asked_who_got_there_first_before_save(
    page, live_server, log_in, official, tournament
):
    game = make_ready_game(tournament)
    enter(game, official, played(240, 240))
    log_in(page, official)
    page.goto(sheet_url(live_server, tournament, game))
    page.get_by_label("Side 1 points in play").fill("10")
    page.get_by_label("Side 2 points in play").fill("10")
    page.get_by_label("Not finished (the game ended)").check()
    preview = page.locator("#hand-preview")
    expect(preview).to_contain_text("Totals after it: 250 \N{MIDDLE DOT} 250.")
    expect(preview).to_contain_text("Hand 2 took both sides to 250")
    # Save without the answer: refused, the question at its field, nothing saved.
    page.get_by_role("button", name="Save hand 2").click()
    expect(preview.locator(".field-error")).to_contain_text("say which side got there first")
    assert game.hands.count() == 1
    # Answered in the form, Save records the hand in one step.
    preview.get_by_role("radio", name="Side 2").check()
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.get_by_role("status")).to_contain_text("Hand 2 saved. Game over: Side 2")
    assert game.hands.get(number=2).detail["reached_first"] == 1


def test_every_refusal_of_a_pinochle_hand_shows_at_once(
    page, live_server, log_in, official, tournament
):
    game = make_rounds_game(tournament, game_key="domino_pinochle", sides=3)
    log_in(page, official)
    page.goto(sheet_url(live_server, tournament, game))
    page.get_by_label("Player 1 meld points").fill("4")
    for player, points in enumerate((20, 13, 10), start=1):
        page.get_by_label(f"Player {player} trick points").fill(str(points))
    page.get_by_role("button", name="Save hand 1").click()
    form = page.locator("#hand-form")
    expect(form).to_contain_text("4 is not a total melds can make")
    expect(form).to_contain_text("The trick points add up to 43")
    assert not game.hands.exists()


def test_a_correction_that_changes_nothing_is_not_stored(
    page, live_server, log_in, official, tournament
):
    game = make_ready_game(tournament)
    hand = enter(game, official, played(10, 0)).hand
    log_in(page, official)
    page.goto(f"{sheet_url(live_server, tournament, game)}hands/{hand.pk}/edit/")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_role("status")).to_contain_text("Nothing changed: hand 1 is as it was.")
    expect(page.locator("#hand-1")).not_to_contain_text("edited")
    assert not HandChange.objects.filter(action="edited").exists()


@pytest.mark.parametrize("width", [1100, 390], ids=["desk", "phone"])
def test_the_grids_line_up_and_a_message_does_not_widen_its_column(
    browser, live_server, log_in, official, tournament, width
):
    game = make_ready_game(tournament)
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        log_in(page, official)
        page.goto(sheet_url(live_server, tournament, game))

        def columns():
            return [
                page.locator(f"#id_{name}").evaluate(
                    "box => [Math.round(box.getBoundingClientRect().left), box.checkVisibility()]"
                )
                for name in ("play_0", "play_1", "pips_0", "pips_1")
            ]

        before = columns()
        assert before[:2] == before[2:]  # "Pips left" under "Points in play"
        page.get_by_label("Side 1 points in play").fill("12")
        page.get_by_label("Not finished (the game ended)").check()
        page.get_by_role("button", name="Save hand 1").click()
        expect(page.locator("#hand-form")).to_contain_text("12 is not a multiple of 5")
        # Measure once htmx has swapped and settled the form (a box mid-swap reads as none).
        page.wait_for_function(
            """() => !document.querySelector('.htmx-swapping, .htmx-settling, .htmx-added')
                && ['play_0', 'play_1', 'pips_0', 'pips_1'].every(
                    (name) => document.getElementById('id_' + name)?.checkVisibility())"""
        )
        # Read again until steady: under load a later swap (the preview) can land between
        # the wait above and the reading; the layout, once settled, must be the same.
        for _ in range(100):
            if columns() == before:
                break
            page.wait_for_timeout(100)
        # Twice in about ten full runs a box read as not shown (left 0) for all of this
        # time; never alone, even with every core kept busy. Say what the form was then.
        shown = columns()
        assert shown == before, (
            shown,
            page.locator("#hand-form").evaluate(
                "f => [f.className, getComputedStyle(f).display, f.outerHTML.slice(0, 1500)]"
            ),
            page.url,
        )
    finally:
        context.close()
