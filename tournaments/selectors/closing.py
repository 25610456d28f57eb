"""Reads for "Close all at time": the games still playing in a round of a rounds event or
in a bracket round, each with its totals and what closing it now would do, and the hands
waiting for confirmation at them. One page shows both (`templates/tournaments/close_all.html`).

The rules at time (docs/rules.md, "Clocks and Close all at time"): a table of a round
goes to the highest total, sides level on it tie; a bracket game cannot end level, so it
goes to the highest total, and level sides play on until a hand separates them (a game
with no hands is not closed either: it is played, or given as a walkover).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import winner_at_time
from games.matches import match_winner_at_time, score_line

from .. import naming
from ..matches import round_to_win
from ..models import OPEN, Game, Side
from .seating import RoundView, event_teams
from .waiting import WaitingHand, waiting_hands


@dataclass(frozen=True)
class ClosingSide:
    label: str
    total: int


@dataclass(frozen=True)
class ClosingLine:
    """A game still playing, as the confirmation lists it: `closes` says whether "Close
    all at time" ends it (a level or unplayed bracket game is listed and left playing)."""

    pk: int
    version: int
    name: str  # "Table 3", "Game 13 (Quarter-final)"
    anchor: str  # the row's id on the page: "close-table-3", "close-game-13"
    hand_count: int
    sides: tuple[ClosingSide, ...]
    if_closed_now: str
    closes: bool = True


@dataclass(frozen=True)
class WaitingLine:
    """A hand waiting for confirmation at a game of the list, named by its game."""

    name: str
    hand: WaitingHand


@dataclass
class Closing:
    """What the confirmation page shows: what is timed, and its games still playing."""

    name: str  # "Round 3", "Quarter-final"
    title: str  # as a sentence names it: "round 3", "the quarter-final"
    noun: str  # "table" or "game"
    rule: str  # what closing does, in plain words
    lines: list[ClosingLine]
    waiting: list[WaitingLine]

    @property
    def listed(self) -> str:
        """Return the list the form sends back: "id:version,id:version"."""
        return ",".join(f"{line.pk}:{line.version}" for line in self.lines)

    @property
    def closing(self) -> list[ClosingLine]:
        return [line for line in self.lines if line.closes]

    @property
    def left_playing(self) -> list[ClosingLine]:
        return [line for line in self.lines if not line.closes]


ROUND_RULE = (
    "Closing ends the game of each table below on its totals so far: the highest total "
    "wins; sides level on the highest total tie. Hands can still be corrected afterwards "
    "(a correction scores the table again)."
)
BRACKET_RULE = (
    "Closing ends each game below on its totals so far: the highest total wins and moves "
    "on in the bracket. A bracket game cannot end level: a game level on total is not "
    "closed (the sides play on until a hand separates them), nor is a game with no hands "
    "yet. Hands can still be corrected afterwards (a correction scores the game again)."
)


def _waiting(lines: list[ClosingLine]) -> list[WaitingLine]:
    names = {line.pk: line.name for line in lines}
    return [WaitingLine(names[hand.game_id], hand) for hand in waiting_hands(lines)]


def round_closing(shown: RoundView) -> Closing:
    """Return the tables of a round still playing (read by `round_view`), one query more."""
    lines = [
        ClosingLine(
            pk=table.pk,
            version=table.version,
            name=f"Table {table.number}",
            anchor=f"close-table-{table.number}",
            hand_count=table.hand_count,
            sides=tuple(ClosingSide(side.team.label, side.total) for side in table.sides),
            if_closed_now=table.if_closed_now,
        )
        for table in shown.tables
        if table.status in OPEN
    ]
    name = naming.seating_round_name(shown.number)
    return Closing(name, name.lower(), "table", ROUND_RULE, lines, _waiting(lines))


def bracket_round_title(stage: int, round_number: int, rounds_total: int) -> str:
    """Name a bracket round as a sentence does: "the quarter-final", "Round 1"."""
    name = naming.bracket_round_name(stage, round_number, rounds_total)
    return name if name.startswith("Round") else f"the {name[:1].lower()}{name[1:]}"


def _if_closed_now(sides: tuple[ClosingSide, ...], winner: int | None, hand_count: int) -> str:
    if not hand_count:
        return "No hands yet: play it or give a walkover"
    if winner is None:
        return f"Level on {sides[0].total}: play on until a hand separates them"
    return f"{sides[winner].label} would win with {sides[winner].total}"


def _if_match_closed_now(sides: tuple[ClosingSide, ...], won: list[int], winner) -> str:
    """Say what closing a match of several games at time does (`games.matches`)."""
    games = score_line(won)
    totals = [side.total for side in sides]
    if winner is None and any(totals) and len(set(totals)) == 1:
        return f"The game in play is level on {totals[0]}: play on until a hand separates them"
    if winner is None:
        return f"Level in games once the game in play is counted ({games} before it): play on"
    return f"{sides[winner].label} would win the match ({games} in games before the game in play)"


def bracket_closing(event, stage: int, round_number: int) -> Closing | None:
    """Return a bracket round's games still playing (four queries), None when the
    bracket has no such round."""
    games = list(
        Game.objects.filter(event=event, stage=stage, round_number=round_number, round__isnull=True)
        .exclude(status=Game.Status.VOID)
        .order_by("position")
    )
    if not games:
        return None
    rounds_total = event.bracket_rounds
    to_win = round_to_win(event, stage=stage, round_number=round_number, rounds_total=rounds_total)
    playing = [game for game in games if game.status in OPEN]
    teams = event_teams(event)
    seats: dict[int, list] = {}
    for side in Side.objects.filter(game__in=playing).order_by("game_id", "seat"):
        seats.setdefault(side.game_id, []).append(side)
    lines = []
    for game in playing:
        sides = tuple(
            ClosingSide(teams.get(side.team_id).label, side.total) for side in seats[game.pk]
        )
        if to_win > 1:
            won = [side.games_won for side in seats[game.pk]]
            winner = match_winner_at_time(won, [side.total for side in sides])
            if_closed_now = _if_match_closed_now(sides, won, winner)
        else:
            winner = winner_at_time([side.total for side in sides], game.hand_count)
            if_closed_now = _if_closed_now(sides, winner, game.hand_count)
        name = naming.game_name(
            stage=game.stage,
            round_number=game.round_number,
            position=game.position,
            rounds_total=rounds_total,
            number=game.number,
        )
        lines.append(
            ClosingLine(
                pk=game.pk,
                version=game.version,
                name=name,
                anchor=f"close-game-{game.pk}",
                hand_count=game.hand_count,
                sides=sides,
                if_closed_now=if_closed_now,
                closes=winner is not None,
            )
        )
    name = naming.bracket_round_name(stage, round_number, rounds_total)
    title = bracket_round_title(stage, round_number, rounds_total)
    return Closing(name, title, "game", BRACKET_RULE, lines, _waiting(lines))
