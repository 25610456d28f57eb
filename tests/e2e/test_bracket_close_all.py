"""In a real browser: a bracket round's clock runs out and the official closes its games
at time from the bracket page; the game in the lead is closed and its winner moves on,
the level game plays on, and the table monitor offers the same button."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from tests.factories import drawn_doubles, game_at
from tests.scoring.builders import enter, played
from tournaments import services
from tournaments.models import BracketClock, Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_bracket_rounds_clock_runs_out_and_the_official_closes_all_at_time(
    live_server, page, log_in, tournament, official
):
    event = drawn_doubles(tournament, official, 8)
    event.options = event.game.validate_options({**event.options, "minutes_per_game": 1})
    event.save(update_fields=["options"])
    services.set_bracket_clock(event=event, stage=1, round_number=1, action="start", by=official)
    BracketClock.objects.filter(event=event).update(
        started_at=timezone.now() - timedelta(seconds=56)
    )
    services.mark_changed(event=event)
    enter(game_at(event, 1, 0), official, played(100, 50))
    enter(game_at(event, 1, 1), official, played(50, 50))
    leading, level = game_at(event, 1, 0), game_at(event, 1, 1)

    log_in(page, official)
    page.goto(live_server.url + reverse("desk:bracket", args=[tournament.slug, event.pk]))
    row = page.locator("#clock-1-1")
    expect(row.locator(".clock-left")).to_have_text(re.compile(r"^(0:0\d|Time is up)$"))
    expect(row.locator(".clock-left")).to_have_text("Time is up", timeout=20_000)
    row.get_by_role("link", name="Close all at time…").click()
    expect(page.locator("h1")).to_contain_text("Close all at time")
    expect(page.locator("h1")).to_contain_text("the quarter-final")
    expect(page.locator(f"#close-game-{leading.pk}")).to_contain_text("would win with 100")
    expect(page.locator(f"#close-game-{level.pk}")).to_contain_text(
        "Level on 50: play on until a hand separates them"
    )
    page.get_by_label("The round's time is up: close this game at time.").check()
    page.get_by_role("button", name="Yes, close 1 game at time").click()
    expect(page.locator(".messages")).to_contain_text("Closed 1 game of the quarter-final at time")
    expect(page.locator(".messages")).to_contain_text("3 games play on.")
    leading.refresh_from_db()
    assert (leading.status, leading.winner_seat) == (Game.Status.CLOSED, 0)
    semi = game_at(event, 2, 0)
    assert semi.sides_by_seat[0].team_id == leading.sides_by_seat[0].team_id
    assert game_at(event, 1, 1).status == Game.Status.PLAYING

    monitor = reverse("scoring:bracket_monitor", args=[tournament.slug, event.pk, 1, 1])
    page.goto(live_server.url + monitor)
    expect(page.locator(f"#table-{leading.pk}")).to_contain_text("Closed at time after 1 hand")
    page.get_by_role("link", name="Close all at time…").click()
    expect(page.locator(f"#close-game-{level.pk}")).to_contain_text("Level on 50")
    expect(page.get_by_role("button", name=re.compile("Yes, close"))).to_have_count(0)
