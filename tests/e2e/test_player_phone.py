"""A player on a 390-px phone: finds their next game, and reads a 32-team bracket.

The bracket's screenshot is kept as a test artefact: test-results/bracket-32-phone.png.
"""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.factories import drawn_doubles, game_at
from tests.tournaments.rounds_setup import rounds_event, seat_and_start, tables_of
from tournaments import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ARTEFACTS = Path(__file__).resolve().parents[2] / "test-results"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def touch_phone(browser):
    context = browser.new_context(**PHONE)
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def names(team) -> list[str]:
    return [m.player.name for m in team.memberships.select_related("player").order_by("position")]


def small_text(page) -> list[str]:
    """Visible text set smaller than 16 px."""
    return page.evaluate(
        """() => {
          const found = [];
          for (const el of document.querySelectorAll('main *')) {
            const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
            if (!own || !el.offsetParent) continue;
            const size = parseFloat(getComputedStyle(el).fontSize);
            if (size < 16) found.push(el.tagName + '.' + el.className + ' ' + size);
          }
          return found;
        }"""
    )


def test_a_player_finds_their_next_game_in_a_bracket(
    live_server, touch_phone, official, tournament
):
    event = drawn_doubles(tournament, official, 8)
    game = game_at(event, 1, 2)
    ours, theirs = game.sides.get(seat=0).team, game.sides.get(seat=1).team
    me, partner = names(ours)
    phone = touch_phone
    phone.goto(f"{live_server.url}/t/{tournament.slug}/")
    phone.get_by_label("Your name").fill(me.split()[-1])  # part of the name: "player 7"
    phone.get_by_role("button", name="Find").click()
    card = phone.locator(".player-card", has_text=me)
    expect(card).to_contain_text(f"Partner: {partner}")
    expect(card).to_contain_text("Next game: Game 3 (Quarter-final)")
    expect(card).to_contain_text(f"Against {' & '.join(names(theirs))}")
    expect(card).to_contain_text("Ready to play")
    assert small_text(phone) == []
    card.get_by_role("link", name="See it in the bracket").click()
    phone.wait_for_url(re.compile(rf"team={ours.number}&round=1#game-{game.pk}$"))
    mine = phone.locator(f"#game-{game.pk}")
    expect(mine).to_be_in_viewport()
    expect(mine).to_have_class(re.compile(r"\bmine\b"))
    expect(phone.get_by_text("are marked in green")).to_be_visible()


def test_without_javascript_the_lookup_still_answers(live_server, browser, official, tournament):
    drawn_doubles(tournament, official, 4)
    context = browser.new_context(java_script_enabled=False, **PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{tournament.slug}/")
    page.get_by_label("Your name").fill("Doubles player 3")
    page.get_by_role("button", name="Find").click()
    expect(page).to_have_url(re.compile(r"\?q=Doubles\+player\+3$"))
    expect(page.locator(".player-card")).to_contain_text("(Semi-final)")
    context.close()


def test_a_player_finds_their_table_in_a_rounds_event(
    live_server, touch_phone, official, tournament
):
    event = rounds_event(tournament, players=8, name="Double Draw")
    table = tables_of(seat_and_start(event, official))[1]
    me = table.sides.get(seat=0).team.memberships.get().player.name
    phone = touch_phone
    phone.goto(f"{live_server.url}/t/{tournament.slug}/")
    phone.get_by_label("Your name").fill(me.lower())
    phone.get_by_role("button", name="Find").click()
    card = phone.locator(".player-card", has_text=me)
    expect(card).to_contain_text("Next game: Round 1, table 2")
    expect(card.locator(".table-no")).to_have_text("Table 2")
    expect(card).to_contain_text("Ready to play")
    card.get_by_role("link", name="See round 1").click()
    phone.wait_for_url(re.compile(rf"/rounds/1/#table-{table.pk}$"))
    expect(phone.locator(f"#table-{table.pk}")).to_contain_text(me)


def test_the_32_team_bracket_on_a_phone(live_server, touch_phone, official, tournament):
    event = drawn_doubles(tournament, official, 32, name="Big")
    first = game_at(event, 1, 9)
    services.record_result(game=first, winner_seat=0, by=official)
    team = first.sides.get(seat=0).team
    phone = touch_phone
    phone.goto(f"{live_server.url}/t/{tournament.slug}/events/{event.pk}/?team={team.number}")
    # Its next game's round is shown, and only that round.
    tabs = phone.get_by_role("navigation", name="Rounds")
    expect(tabs.get_by_role("link", name="Round of 16")).to_have_attribute("aria-current", "true")
    visible = phone.locator(".bracket .game:visible")
    expect(visible).to_have_count(8)
    ours = phone.locator(f"#game-{game_at(event, 2, 4).pk}")
    expect(ours).to_have_class(re.compile(r"\bmine\b"))
    expect(ours).to_be_visible()
    assert small_text(phone) == []
    ARTEFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTEFACTS / "bracket-32-phone.png"), full_page=True)
    height = phone.evaluate("document.documentElement.scrollHeight")
    assert height < 4 * 844  # was four phone screens and more for the whole tree

    # A tab shows another round without a page load; a swipe goes on to the next.
    phone.evaluate("window.loadedOnce = true")
    tabs.get_by_role("link", name="Quarter-final").click()
    expect(visible).to_have_count(4)
    expect(phone).to_have_url(re.compile(r"round=3"))
    assert phone.evaluate("window.loadedOnce") is True
    swipe(phone, dx=-200)
    expect(tabs.get_by_role("link", name="Semi-final")).to_have_attribute("aria-current", "true")
    expect(visible).to_have_count(2)
    swipe(phone, dx=200)
    expect(visible).to_have_count(4)


def test_a_wide_screen_shows_the_whole_tree(live_server, page, official, tournament):
    event = drawn_doubles(tournament, official, 32, name="Big")
    page.goto(f"{live_server.url}/t/{tournament.slug}/events/{event.pk}/")
    expect(page.locator(".bracket .game:visible")).to_have_count(31)
    expect(page.get_by_role("navigation", name="Rounds")).to_be_hidden()
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.locator(".bracket .game:visible")).to_have_count(31)


def swipe(page, *, dx: int) -> None:
    """A one-finger sideways swipe over the bracket."""
    page.evaluate(
        """(dx) => {
          const el = document.querySelector('.bracket .round.shown .game');
          const at = (x) => new Touch({identifier: 1, target: el, clientX: x, clientY: 400});
          const start = 195 - dx / 2;
          el.dispatchEvent(new TouchEvent('touchstart',
            {touches: [at(start)], changedTouches: [at(start)], bubbles: true}));
          el.dispatchEvent(new TouchEvent('touchend',
            {touches: [], changedTouches: [at(start + dx)], bubbles: true}));
        }""",
        dx,
    )
