"""In a real browser: a round's clock runs out, on a phone whose own clock is years wrong,
and the official closes every table still playing at time; the hall display at 1920x1080.

The display's screenshot is kept as a test artefact: `data/test-artefacts/hall-display.png`
(the data folder, ignored by git); its path is printed.
"""

import datetime
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone
from playwright.sync_api import expect

from tests.factories import drawn_doubles
from tests.tournaments.rounds_setup import rounds_event, seat_and_start, settle, tables_of
from tournaments import services
from tournaments.models import Game, Round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WRONG_PHONE_TIME = datetime.datetime(2004, 2, 29, 9, 0, tzinfo=datetime.UTC)


def timed_round(tournament, official, *, players=12, seconds_left=6):
    """A Double Draw round of one-minute clock, started so that `seconds_left` remain."""
    event = rounds_event(tournament, players=players, options={"minutes_per_round": 1})
    round_ = seat_and_start(event, official)
    started = timezone.now() - timedelta(seconds=60 - seconds_left)
    Round.objects.filter(pk=round_.pk).update(started_at=started)
    services.mark_changed(event=event)
    return event, round_


def test_a_rounds_clock_runs_out_and_the_official_closes_all_at_time(
    live_server, browser, page, log_in, tournament, official
):
    event, round_ = timed_round(tournament, official)
    first = tables_of(round_)[0]
    settle(first, official, [61, 20, 10], winners=[0])  # one table has finished
    settle(tables_of(round_)[1], official, [15, 40, 5], finished=False)

    # A player's phone whose clock is years wrong still counts the round's time right.
    phone_context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    phone_context.clock.install(time=WRONG_PHONE_TIME)
    phone = phone_context.new_page()
    phone.goto(f"{live_server.url}/t/{tournament.slug}/events/{event.pk}/rounds/1/")
    left = phone.locator(".clock .clock-left")
    expect(left).to_have_text(re.compile(r"^(0:0\d|Time is up)$"))
    expect(left).to_have_text("Time is up", timeout=20_000)
    expect(phone.locator(".clock")).to_have_class(re.compile(r"\bclock-up\b"))

    log_in(page, official)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/events/{event.pk}/rounds/")
    expect(page.locator(".round-clock .clock-left")).to_have_text("Time is up")
    expect(page.locator(".still-playing")).to_have_text("Still playing: table 2, table 3.")
    page.get_by_role("link", name="Close all at time…").click()
    expect(page.locator("h1")).to_contain_text("Close all at time")
    expect(page.get_by_role("heading", name="Hands waiting for confirmation")).to_be_visible()
    expect(page.locator("#close-table-2")).to_contain_text("would win with 40")
    page.get_by_label("The round's time is up: close these 2 tables at time.").check()
    page.get_by_role("button", name="Yes, close 2 tables at time").click()
    expect(page.locator(".messages")).to_contain_text("Closed 2 tables of round 1 at time")
    statuses = list(Game.objects.filter(round=round_).order_by("position").values_list("status"))
    assert statuses == [("finished",), ("closed",), ("closed",)]
    round_.refresh_from_db()
    assert round_.status == Round.Status.FINISHED

    phone.reload()
    expect(phone.locator("#table-" + str(tables_of(round_)[1].pk))).to_contain_text(
        "Closed at time"
    )
    expect(phone.locator(".clock")).to_have_count(0)  # a finished round has no clock
    phone_context.close()


def test_the_hall_display_at_1920x1080(live_server, browser, tournament, official):
    event, round_ = timed_round(tournament, official, players=16, seconds_left=50 * 60)
    Round.objects.filter(pk=round_.pk).update(started_at=timezone.now() - timedelta(seconds=20))
    event.options = event.game.validate_options({"minutes_per_round": 45})
    event.save(update_fields=["options"])
    settle(tables_of(round_)[0], official, [61, 12, 30, 9], winners=[0])
    settle(tables_of(round_)[1], official, [22, 35, 14, 40], finished=False)
    doubles = drawn_doubles(tournament, official, 8)
    doubles.options = doubles.game.validate_options({"minutes_per_game": 30})
    doubles.save(update_fields=["options"])
    services.set_bracket_clock(event=doubles, stage=1, round_number=1, action="start", by=official)

    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    context.clock.install(time=WRONG_PHONE_TIME)
    screen = context.new_page()
    screen.goto(f"{live_server.url}/t/{tournament.slug}/display/")
    shown = screen.locator("#live .panel.on")
    expect(shown).to_have_count(1)
    expect(shown).to_contain_text("Double Draw: Round 1")
    expect(shown.locator(".clock-left")).to_have_text(re.compile(r"^44:[0-5]\d$"))
    expect(shown).to_contain_text("Still playing: 3")
    # Large type: at least 32 px everywhere on the panel, the clock far larger.
    sizes = shown.evaluate(
        """panel => Array.from(panel.querySelectorAll('*'))
             .filter(el => el.offsetParent !== null && el.textContent.trim())
             .map(el => parseFloat(getComputedStyle(el).fontSize))"""
    )
    assert min(sizes) >= 32, min(sizes)
    clock_size = shown.locator(".clock-left").evaluate(
        "el => parseFloat(getComputedStyle(el).fontSize)"
    )
    assert clock_size >= 150
    box = shown.bounding_box()
    assert box["width"] <= 1920

    artefacts = Path(settings.DATA_DIR) / "test-artefacts"
    artefacts.mkdir(parents=True, exist_ok=True)
    shot = artefacts / "hall-display.png"
    screen.screenshot(path=str(shot))
    print(f"\nhall display screenshot: {shot}")
    assert shot.stat().st_size > 10_000

    # The panels turn every 15 s: the standings, then the bracket's round and its bracket.
    context.clock.fast_forward(15_500)
    expect(screen.locator("#live .panel.on")).to_contain_text("Double Draw: standings")
    context.clock.fast_forward(15_500)
    expect(screen.locator("#live .panel.on")).to_contain_text("Doubles: Quarter-final")
    expect(screen.locator("#live .panel.on .clock-left")).to_have_text(re.compile(r"^29:\d\d$"))
    context.close()
