"""The game's row, locked, and its hands, read in raw SQL for every hand entered.

Raw SQL because these run for every hand, and the ORM's locking select_related costs as
much as the rest of the hand's queries together (measured by bench/hands.py).
"""

import json
import uuid
from typing import NamedTuple

from django.db import connection

from scoring.models import Hand
from tournaments.errors import DeskError
from tournaments.models import Event, Game, Side
from tournaments.services.rounds import lock_round_of_game

# What a hand change (and a table's refusal: status, name) reads of the game's event;
# other event fields load if asked for. In the model's field order: Model.from_db places
# values by that order.
_EVENT_FIELDS = tuple(
    field.attname
    for field in Event._meta.concrete_fields
    if field.attname
    in {"tournament_id", "name", "game_key", "format", "team_size", "options", "status"}
)


def _json(value):
    # PostgreSQL's driver decodes JSON columns; SQLite hands back the text.
    return json.loads(value) if isinstance(value, str) else value


def lock_game(game: Game | int) -> Game:
    """Lock the game's row and read it with its event and side count, in one query.

    Written as raw SQL because it runs for every hand and the ORM's locking
    select_related costs as much as the rest of the hand's queries together
    (bench/hands.py). A table of a round has its round locked first (the lock order of
    `tournaments.services.rounds`): the hand may decide the round. Given the game as read
    from the database earlier (not only its id, nor a `Game(pk=...)`), its `round_id`
    says whether it has a round: a game is made in its round, or in none, and never
    moves, so a bracket game's lock is one query.
    """
    if isinstance(game, Game) and not game._state.adding and "round_id" in game.__dict__:
        game_id = game.pk
        if game.round_id is not None:
            lock_round_of_game(game_id)
    else:
        game_id = getattr(game, "pk", game)
        lock_round_of_game(game_id)
    qn = connection.ops.quote_name
    event = Event._meta
    columns = ", ".join(
        f"e.{qn(event.get_field(name).column)} AS {qn('event_' + name)}" for name in _EVENT_FIELDS
    )
    sides = (
        f"(SELECT COUNT(*) FROM {qn(Side._meta.db_table)} s WHERE s.{qn('game_id')} = g.id) "
        f"AS {qn('side_count')}"
    )
    sql = (
        f"SELECT g.*, {columns}, {sides} FROM {qn(Game._meta.db_table)} g "
        f"JOIN {qn(event.db_table)} e ON e.{qn(event.pk.column)} = g.{qn('event_id')} "
        "WHERE g.id = %s"
    )
    if connection.features.has_select_for_update_of:
        sql += " FOR UPDATE OF g"
    found = list(Game.objects.raw(sql, [game_id]))
    if not found:
        raise DeskError(
            "This game is no longer there: the bracket was drawn again (or the round seated "
            "again) since the page was shown. Reload the page."
        )
    game = found[0]
    values = [getattr(game, f"event_{name}") for name in _EVENT_FIELDS]
    values[_EVENT_FIELDS.index("options")] = _json(game.event_options)
    game.event = Event.from_db(Game.objects.db, ["id", *_EVENT_FIELDS], [game.event_id, *values])
    return game


class HandRow(NamedTuple):
    """What folding a game needs of each hand, read without building model objects."""

    pk: int
    number: int
    points: list
    detail: dict
    entry_key: uuid.UUID
    match_game: int = 1


def hand_rows(game: Game) -> list[HandRow]:
    """Return the game's hands in order, as folding and the form-key check need them.

    Raw SQL, like `lock_game`: it runs for every hand entered.
    """
    qn = connection.ops.quote_name
    hand = Hand._meta
    columns = ", ".join(
        qn(hand.get_field(name).column)
        for name in ("id", "number", "points", "detail", "entry_key", "match_game")
    )
    sql = (
        f"SELECT {columns} FROM {qn(hand.db_table)} "
        f"WHERE {qn(hand.get_field('game').column)} = %s ORDER BY {qn('number')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [game.pk])
        rows = cursor.fetchall()
    return [
        HandRow(pk, number, _json(points), _json(detail), _as_uuid(key), match_game)
        for pk, number, points, detail, key, match_game in rows
    ]


def _as_uuid(value) -> uuid.UUID:
    # PostgreSQL hands back a UUID; SQLite keeps it as 32 hex characters.
    return value if isinstance(value, uuid.UUID) else uuid.UUID(value)
