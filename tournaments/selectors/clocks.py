"""Reads for the clocks: a round's or a bracket round's time left, and what is still playing.

Where the clock lives: the event's house rules give the minutes (`minutes_per_round`,
`minutes_per_game`, `games.registry`); the start is stored on the server (a rounds
event's `Round.started_at`, set by `start_round`; a bracket round's `BracketClock`, set
by the official). The time left is computed here, on the server's clock, and a page
shows it through `templates/tournaments/_clock.html` (one partial: pass it a `Clock`).
The page carries the end as an absolute server time; `static/js/clock.js` counts down
from it against the server's "now" (the `X-Server-Now` header), never the phone's own
clock (docs/architecture.md, "Clocks").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from tournaments import naming
from tournaments.matches import event_rule, round_to_win
from tournaments.models import OPEN, BracketClock, Round


@dataclass(frozen=True)
class Clock:
    """A running clock: what it times, when it started and ends, and the time left at
    `now` (the server's time when the page was built)."""

    label: str  # what it times, in words: "Round 3", "Semi-final"
    started_at: datetime
    minutes: int
    now: datetime

    @property
    def ends_at(self) -> datetime:
        return self.started_at + timedelta(minutes=self.minutes)

    @property
    def ends_at_ms(self) -> int:
        """Return the end as milliseconds since 1970 (UTC), what the page's script reads."""
        return int(self.ends_at.timestamp() * 1000)

    @property
    def seconds_left(self) -> int:
        """Return the whole seconds left at `now` (0 once time is up), rounded up."""
        left = (self.ends_at - self.now).total_seconds()
        return max(0, -int(-left // 1))

    @property
    def is_up(self) -> bool:
        return self.seconds_left == 0

    @property
    def left_text(self) -> str:
        """Return the time left as a clock shows it: "12:05", "1:02:03", "0:00"."""
        return clock_text(self.seconds_left)


def clock_text(seconds: int) -> str:
    """Return seconds as "m:ss", or "h:mm:ss" from an hour."""
    hours, rest = divmod(max(0, int(seconds)), 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def round_clock(event, round_, *, now: datetime | None = None) -> Clock | None:
    """Return the clock of a round being played (a Round or a RoundView), or None when the
    event has no minutes per round, or the round is not being played or has no start."""
    minutes = event.game.clock_minutes(event.options)
    started_at = getattr(round_, "started_at", None)
    if minutes is None or started_at is None or round_.status != "playing":
        return None
    label = naming.seating_round_name(round_.number)
    return Clock(label, started_at, minutes, now or timezone.now())


def playing_round_clock(event, *, now: datetime | None = None) -> Clock | None:
    """Return the clock of the round of a rounds event being played, or None (one query;
    none when the event has no minutes per round)."""
    if not event.game.plays_rounds or event.game.clock_minutes(event.options) is None:
        return None
    playing = (
        Round.objects.filter(event=event, status=Round.Status.PLAYING).order_by("-number").first()
    )
    return round_clock(event, playing, now=now) if playing is not None else None


def bracket_clocks(
    event, *, now: datetime | None = None, rounds_total: int | None = None
) -> dict[tuple[int, int], Clock]:
    """Return the started clocks of the event's bracket rounds by (stage, round number),
    named as the bracket names its rounds (one query, none without minutes per game; one
    more for the bracket's rounds unless `rounds_total` is given)."""
    minutes = event.game.clock_minutes(event.options)
    if minutes is None or event.game.plays_rounds:
        return {}
    now = now or timezone.now()
    rows = list(
        BracketClock.objects.filter(event=event).values_list("stage", "round_number", "started_at")
    )
    total = rounds_total if rounds_total is not None or not rows else event.bracket_rounds
    return {
        (stage, number): Clock(
            naming.bracket_round_name(stage, number, total),
            started,
            match_minutes(event, minutes, stage=stage, number=number, rounds_total=total),
            now,
        )
        for stage, number, started in rows
    }


def match_minutes(event, minutes: int, *, stage: int, number: int, rounds_total=None) -> int:
    """Return a bracket round's minutes: the minutes per game times the most games its
    match can take, when the event counts them per game of a match (`games.matches`)."""
    rule = event_rule(event)
    if rule.single:
        return minutes
    total = event.bracket_rounds if rounds_total is None else rounds_total
    to_win = round_to_win(event, stage=stage, round_number=number, rounds_total=total)
    return minutes * rule.clock_games(to_win)


def lookup_clocks(games, *, now: datetime | None = None) -> None:
    """Give each of a lookup's next games (`lookup.GameSeen`) its round's running clock.

    No query when none of their events has a clock; else one for the rounds' starts and
    one for the bracket rounds' clocks, whatever the number of games.
    """
    timed = []
    for game in games:
        event, stage, number, round_id = game.clock_key
        minutes = event.game.clock_minutes(event.options)
        if minutes is not None:
            timed.append((game, event, stage, number, round_id, minutes))
    if not timed:
        return
    now = now or timezone.now()
    round_ids = {found[4] for found in timed if found[4] is not None}
    starts = dict(
        Round.objects.filter(pk__in=round_ids, status=Round.Status.PLAYING).values_list(
            "pk", "started_at"
        )
        if round_ids
        else ()
    )
    events = {found[1].pk for found in timed if found[4] is None}
    clocks = {}
    if events:
        rows = BracketClock.objects.filter(event_id__in=events).values_list(
            "event_id", "stage", "round_number", "started_at"
        )
        clocks = {(event_id, stage, number): at for event_id, stage, number, at in rows}
    for game, event, stage, number, round_id, minutes in timed:
        if round_id is not None:
            started, label = starts.get(round_id), naming.seating_round_name(number)
        else:
            started, label = clocks.get((event.pk, stage, number)), game.stage_name
            minutes = match_minutes(event, minutes, stage=stage, number=number)
        if started is not None:
            game.clock = Clock(label, started, minutes, now)


def still_playing(games) -> list:
    """Return the games (rows or lines with a `status`) that are ready or being played."""
    return [game for game in games if game.status in OPEN]


def game_clock(game, *, now: datetime | None = None) -> Clock | None:
    """Return the clock a game is played against: its round's (a table of a round), or its
    bracket round's, or None (a query or two; none when the event has no clock)."""
    event = game.event
    if game.round_id is not None:
        return round_clock(event, game.round, now=now)
    return bracket_clocks(event, now=now).get((game.stage, game.round_number))


def place_clock(event, *, number: int, bracket: bool, stage: int = 1, now: datetime | None = None):
    """Return the clock of a rounds event's round `number`, or of bracket round `number`
    of `stage` (0: the singles' partners' games, whatever their number), or None."""
    if not bracket:
        round_ = Round.objects.filter(event=event, number=number).first()
        return round_clock(event, round_, now=now) if round_ is not None else None
    clocks = bracket_clocks(event, now=now)
    if stage == naming.PARTNERS_STAGE:
        return next((clock for (part, _), clock in clocks.items() if part == stage), None)
    return clocks.get((stage, number))


__all__ = [
    "Clock",
    "bracket_clocks",
    "clock_text",
    "game_clock",
    "lookup_clocks",
    "match_minutes",
    "place_clock",
    "playing_round_clock",
    "round_clock",
    "still_playing",
]
