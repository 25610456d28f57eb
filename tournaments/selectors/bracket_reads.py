"""The rows a bracket is built from: its games, each with its sides, as plain tuples.

Compiled once (`tournaments.compiled`): building and compiling the querysets took most
of a 16-team bracket's reads. Its games with their sides joined, one row a side: read as
two queries (games, then sides), each rebuilt page waited for one more round trip.
"""

from typing import NamedTuple

from ..compiled import compiled
from ..models import Game


class GameRow(NamedTuple):
    """A bracket game as `bracket._game_line` and `match_to_win` read it (a row, not a
    model instance: building 127 instances took a third of a 64-table bracket's reads)."""

    pk: int
    stage: int
    round_number: int
    position: int
    status: str
    walkover: bool
    hand_count: int
    version: int
    walkover_reason: str
    number: int | None
    winner_seat: int | None
    next_game_id: int | None
    round_id: int | None = None  # a bracket game sits at no round's table


class Seat(NamedTuple):
    """A side as `bracket._game_line` reads it (tuples: a 64-table bracket's 254 sides as
    model instances took a fifth of its public page's build)."""

    team_id: int | None
    total: int
    games_won: int = 0


_GAME_COLUMNS = GameRow._fields[1:-1]
_SIDE_AT = 1 + len(_GAME_COLUMNS)  # where a row's side begins
_ORDER = ("stage", "round_number", "position", "pk")


def _bracket_games(**where):
    """The bracket games (a rounds event's tables, of 2 to 8 sides, are not a bracket),
    voided games left out."""
    return Game.objects.filter(round__isnull=True, **where).exclude(status=Game.Status.VOID)


def _with_sides(games):
    return games.order_by(*_ORDER, "sides__seat").values_list(
        "pk", *_GAME_COLUMNS, "sides__seat", "sides__team_id", "sides__total", "sides__games_won"
    )


@compiled(event=-770_801)
def bracket_rows(*, event: int):
    """The event's bracket games, each with its sides: one row a side, in the games'
    order (a game with no side: one row, its side's columns None)."""
    return _with_sides(_bracket_games(event_id=event))


@compiled(game=-770_806)
def game_rows(*, game: int):
    """One game's rows as `bracket_rows` gives them (none once it is voided or gone)."""
    return _with_sides(_bracket_games(pk=game))


@compiled(event=-770_807)
def bracket_versions(*, event: int):
    """Each bracket game of the event as (id, version), in the games' order: which games a
    visitor's bracket shows, and which of the lines kept for it are current
    (`bracket_kept`). A sixth of `bracket_rows`' time on a 64-table bracket (0.07 ms
    against 0.43, PostgreSQL, AMD EPYC 2-core, 2026-11-28; one game's rows 0.04-0.06)."""
    return _bracket_games(event_id=event).order_by(*_ORDER).values_list("pk", "version")


def parsed(rows) -> tuple[list[GameRow], dict[int, list]]:
    """Return the games of `bracket_rows`' rows in order, and each game's sides by its id
    (a list by seat; a game with no side has none)."""
    games: list[GameRow] = []
    seats: dict[int, list] = {}
    for row in rows:
        pk = row[0]
        if not games or games[-1].pk != pk:
            games.append(GameRow(*row[:_SIDE_AT]))
        seat = row[_SIDE_AT]
        if seat is not None:  # a game with no side yet comes once, its side's columns empty
            seats.setdefault(pk, [None, None])[seat] = Seat(*row[_SIDE_AT + 1 :])
    return games, seats
