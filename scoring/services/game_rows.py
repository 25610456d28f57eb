"""The game's row, locked, and its hands, read for every hand entered.

Both run for every hand, and building the ORM's locking select_related each time cost as
much as the rest of the hand's queries together (bench/hands.py): the lock is an ORM
queryset compiled once (`tournaments.compiled`; `read_cpu_ms_compiled_and_orm`,
``game_lock``, times it against the same queryset built every time), the hands a raw
SELECT read as plain rows.
"""

from __future__ import annotations

import datetime
import json
import uuid
from typing import NamedTuple

from django.db import connection
from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.utils.dateparse import parse_datetime

from scoring.models import Hand
from tournaments import prepared
from tournaments.compiled import compiled
from tournaments.errors import DeskError
from tournaments.models import Game, Side
from tournaments.services.rounds import lock_round_of_game, round_lock_statement

# What a hand change (and a table's refusal: status, name) reads of the game's event;
# other event fields load if asked for.
_EVENT = ("tournament", "name", "game_key", "format", "team_size", "options", "status")


def _json(value):
    # PostgreSQL's driver decodes JSON columns; SQLite hands back the text.
    return json.loads(value) if isinstance(value, str) else value


def lock_game(game: Game | int) -> Game:
    """Lock the game's row and read it with its event and side count, in one query.

    Compiled once (see the module): it runs for every hand. A table of a round has its
    round locked first (the lock order of `tournaments.services.rounds`): the hand may
    decide the round. Given the game as read
    from the database earlier (not only its id, nor a `Game(pk=...)`), its `round_id`
    says whether it has a round: a game is made in its round, or in none, and never
    moves, so a bracket game's lock is one query.
    """
    return lock_game_with(game)[0]


def lock_game_with_hands(game: Game | int) -> tuple[Game, list[HandRow]]:
    """`lock_game`, then `hand_rows` of the game as the lock found it (`lock_game_with`).
    Three round trips of a hand's seven were these, and planning the lock's statement
    at every hand was half of its time (bench/hands.py)."""
    found, (rows,) = lock_game_with(game, (HANDS, {"game": int(getattr(game, "pk", game))}))
    return found, rows


def lock_game_with(game: Game | int, *reads) -> tuple[Game, list]:
    """`lock_game`, then each of ``reads`` (``(read, values)``: a compiled read, or
    `HANDS`), read once the lock is granted; return the game and each read's result.

    On PostgreSQL the round's lock, the game's and the reads go in one round trip
    (`prepared.rows_together`: prepared statements, run one after the other): each read
    is a statement of its own, after the lock, so it sees what was committed before the
    lock was granted."""
    known = isinstance(game, Game) and not game._state.adding and "round_id" in game.__dict__
    game_id = int(getattr(game, "pk", game))
    round_lock = not known or game.round_id is not None
    if connection.vendor != "postgresql":
        if round_lock:
            lock_round_of_game(game_id)
        found = _found(_locked_games(game=game_id))
        return found, [read(**values) for read, values in reads]
    statements = [round_lock_statement(game_id)] if round_lock else []
    statements.append(_locked_games.statement(game=game_id))
    statements += [read.statement(**values) for read, values in reads]
    results = prepared.rows_together(statements)
    after = len(statements) - len(reads)  # the reads' results begin here
    found = _found(_locked_games.build(results[after - 1]))
    return found, [read.build(rows) for (read, _), rows in zip(reads, results[after:], strict=True)]


def _found(games: list[Game]) -> Game:
    if not games:
        raise DeskError(
            "This game is no longer there: the bracket was drawn again (or the round seated "
            "again) since the page was shown. Reload the page."
        )
    return games[0]


@compiled(game=-770_701)
def _locked_games(*, game: int):
    """The game locked (FOR UPDATE OF the game's row alone, where the database locks
    rows), read with what a hand needs of its event and its number of sides."""
    sides = (
        Side.objects.filter(game_id=OuterRef("pk"))
        .order_by()
        .values("game_id")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return (
        Game.objects.select_related("event")
        .only(*(f.name for f in Game._meta.concrete_fields), *(f"event__{f}" for f in _EVENT))
        .annotate(side_count=Coalesce(Subquery(sides), 0))
        .select_for_update(of=("self",))
        .filter(pk=game)
    )


class HandRow(NamedTuple):
    """What folding a game needs of each hand, and what its sheet shows of it (a hand's
    sheet is drawn from these after the hand: `HandResult.hands`), read without
    building model objects."""

    pk: int
    number: int
    points: list
    detail: dict
    entry_key: uuid.UUID
    match_game: int = 1
    edited_at: datetime.datetime | None = None

    @property
    def edited(self) -> bool:
        return self.edited_at is not None

    @classmethod
    def of(cls, hand: Hand) -> HandRow:
        """Return a hand just stored as its row reads back: its JSON as the database
        gives it again (a tuple comes back a list)."""
        return cls(
            hand.pk,
            hand.number,
            _stored_json(Hand, "points", hand.points),
            _stored_json(Hand, "detail", hand.detail),
            hand.entry_key,
            hand.match_game,
            hand.edited_at,
        )


def _stored_json(model, name: str, value):
    return json.loads(json.dumps(value, cls=model._meta.get_field(name).encoder))


def hand_rows(game: Game) -> list[HandRow]:
    """Return the game's hands in order, as folding and the form-key check need them.

    Raw SQL, like `lock_game`: it runs for every hand entered.
    """
    return HANDS(game=game.pk)


class _Hands:
    """The hands' read, used as `lock_game_with` uses a compiled read."""

    @staticmethod
    def statement(*, game: int) -> tuple[str, list]:
        return _hands_sql(), [game]

    @staticmethod
    def build(rows) -> list[HandRow]:
        return _hand_rows(rows)

    def __call__(self, *, game: int) -> list[HandRow]:
        return _hand_rows(prepared.rows(_hands_sql(), [game]))


HANDS = _Hands()


def _hands_sql() -> str:
    qn = connection.ops.quote_name
    hand = Hand._meta
    columns = ", ".join(
        qn(hand.get_field(name).column)
        for name in ("id", "number", "points", "detail", "entry_key", "match_game", "edited_at")
    )
    return (
        f"SELECT {columns} FROM {qn(hand.db_table)} "
        f"WHERE {qn(hand.get_field('game').column)} = %s ORDER BY {qn('number')}"
    )


def _hand_rows(rows) -> list[HandRow]:
    return [
        HandRow(
            pk, number, _json(points), _json(detail), _as_uuid(key), match_game, _as_time(edited)
        )
        for pk, number, points, detail, key, match_game, edited in rows
    ]


def _as_time(value) -> datetime.datetime | None:
    # PostgreSQL hands back an aware datetime; SQLite the UTC time without its zone (as
    # a datetime, or as text): aware in UTC, as the ORM reads it.
    if value is None:
        return None
    found = value if isinstance(value, datetime.datetime) else parse_datetime(value)
    return found if found.tzinfo else found.replace(tzinfo=datetime.UTC)


def _as_uuid(value) -> uuid.UUID:
    # PostgreSQL hands back a UUID; SQLite keeps it as 32 hex characters.
    return value if isinstance(value, uuid.UUID) else uuid.UUID(value)
