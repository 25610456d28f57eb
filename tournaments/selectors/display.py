"""The hall display (`/t/<address>/display/`): every event being played, its current round
and clock, the tables or games still playing, then its standings or its bracket.

A fixed number of queries per event whatever its size (the test measures two sizes):
the events (one), then for a rounds event its playing round, that round's tables, and
the standings; for a bracket event its bracket (with its clocks).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models import Event, Round
from tournaments.selectors import Bracket, RoundLine, bracket_for_event
from tournaments.selectors.clocks import Clock, round_clock

from .ranking import Standings, standings
from .seating import RoundView, event_teams, round_view

# What fits on a 1920x1080 screen read from 5 metres.
STANDINGS_SHOWN = 10
GAMES_SHOWN = 16


@dataclass
class DisplayEvent:
    """One event on the display: its round now, the clock, what is still playing, and the
    standings (rounds) or the bracket's rounds from the current one on (bracket)."""

    event: Event
    round_name: str = ""
    clock: Clock | None = None
    playing: list = field(default_factory=list)  # TableLine or GameLine, ready or playing
    standings: Standings | None = None
    rounds: list[RoundLine] = field(default_factory=list)  # bracket: from the current round
    more_rows: int = 0  # standings rows not shown
    champion: object = None

    @property
    def playing_more(self) -> int:
        return max(0, len(self.playing) - GAMES_SHOWN)

    @property
    def playing_shown(self) -> list:
        return self.playing[:GAMES_SHOWN]


def hall_display(tournament) -> list[DisplayEvent]:
    """Return what the hall display shows: each event being played, in the desk's order."""
    events = Event.objects.filter(tournament=tournament, status=Event.Status.PLAYING).order_by(
        "created_at", "pk"
    )
    return [
        _rounds_event(event) if event.game.plays_rounds else _bracket_event(event)
        for event in events.select_related("tournament")
    ]


def _rounds_event(event: Event) -> DisplayEvent:
    shown = DisplayEvent(event=event)
    current = (
        Round.objects.filter(event=event, status=Round.Status.PLAYING).order_by("-number").first()
    )
    if current is not None:
        view: RoundView = round_view(current, event_teams(event))
        shown.round_name = f"Round {view.number}"
        shown.clock = round_clock(event, view)
        shown.playing = [table for table in view.tables if table.is_open]
    table = standings(event)
    shown.more_rows = max(0, len(table.rows) - STANDINGS_SHOWN)
    table.rows = table.rows[:STANDINGS_SHOWN]
    shown.standings = table
    return shown


def _bracket_event(event: Event) -> DisplayEvent:
    shown = DisplayEvent(event=event)
    bracket: Bracket = bracket_for_event(event)
    shown.champion = bracket.champion
    if bracket.partners_open:
        shown.round_name = "Partners' games"
        shown.clock = bracket.partners_clock
        shown.playing = bracket.partners_open
    current = next((rnd for rnd in bracket.rounds if rnd.current), None)
    if current is not None and not shown.playing:
        shown.round_name = current.name
        shown.clock = current.clock
        shown.playing = current.still_playing
    start = bracket.rounds.index(current) if current is not None else len(bracket.rounds) - 1
    shown.rounds = bracket.rounds[max(0, start) :][:3]
    return shown
