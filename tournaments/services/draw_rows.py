"""Writing a draw's rows in bulk: teams with their players, a bracket's games and sides.

Used by `draws.py`, inside its transaction. No query per team or per game: the teams and
their members are one statement, and so is the whole bracket with its sides. The rows
travel as arrays, one per column, the values every row shares given once: PostgreSQL
array literals (INSERT ... SELECT FROM unnest), a JSON array on SQLite (INSERT ... SELECT
FROM json_each). Each row's id is taken before its row is written (nextval on
PostgreSQL; above the table's highest id ever on SQLite, whose IMMEDIATE transaction
holds the write lock), so a game is written knowing its next game's id and the members
and sides are written beside their teams and games, with no read back in between.

Why raw SQL, measured with bench/bracket.py (a 4,096-team draw: partners, then the
bracket; best of 6 on 2 shared cores): 0.35 s on PostgreSQL against 1.09 s with
bulk_create (games round by round, to know each next game's id), which builds a model
object per row and spends 0.75 s of Python doing it; on SQLite 0.11 s against 0.93 s.
``bench/bracket.py --orm`` measures it again, the ORM version (bench/_orm_draw.py, the
same rows) drawn beside these: 2026-11-27, PostgreSQL, medians of 5 draws, load 2.7,
0.22 s against 0.80 s.
One statement for the bracket instead of one per round (three per round on SQLite)
saves a round trip and a read back per round; array literals written here instead of
Python lists cost 0.7 ms per 4,096 values against 3.7 ms for psycopg's quoting of a list
(Django binds parameters on the client). What is left on PostgreSQL is the database's
own work (see bench/bracket.py): writing 24,573 rows and their indexes. Their
foreign keys have no constraint in the database (tournaments 0019): checking them at
commit was most of that work (tournaments/selectors/references.py).
"""

from __future__ import annotations

import contextlib
import gc
import json
from collections.abc import Sequence
from typing import NamedTuple

from django.db import connection

from games.formats import Structure, play
from games.formats.base import MAIN

from .. import naming
from ..models import Event, Game, Side, Team, TeamMember


@contextlib.contextmanager
def collector_paused():
    """Hold Python's cycle collector off while a draw builds its rows.

    A 4,096-team double elimination is some 100,000 tuples and lists that live until
    the draw's rows are written, none in a cycle (reference counting frees them). Each
    700 allocations start a collection, which walks the young objects, and a full one
    every so often walks every object of the process: 175 collections and 0.10 s of a
    draw's 0.18 s of Python (bench/bracket.py --format double, 3 draws, gc.callbacks;
    0.08 s with the collector off). The collector is the process's, so another thread's
    garbage waits for the end of the draw too; nothing is lost, it is collected later.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class Entrant(NamedTuple):
    """A team entering a bracket, without a model object for each of thousands of teams."""

    pk: int
    number: int
    partners_game: Game | None = None


def _array(values: Sequence) -> str:
    """Write a PostgreSQL array literal, ``{1,NULL,3}``.

    For ints, bools and lower-case words without spaces, commas, quotes or braces (game
    statuses), so that "None" can only be a missing value.
    """
    text = ",".join(map(str, values))
    return "{" + (text.replace("None", "NULL") if None in values else text) + "}"


# The sequence is looked up once (an InitPlan): pg_get_serial_sequence for every row
# read pg_depend 4,096 times, 13 ms of a draw.
_SEQUENCE = "SELECT pg_get_serial_sequence('{table}', 'id')::regclass"

_TEAMS_SQL = """
WITH drawn AS (
    SELECT nextval(({team_sequence})) AS id, d.*
    FROM unnest(%(numbers)s::integer[], %(same_chapter)s::boolean[], %(firsts)s::bigint[],
                %(seconds)s::bigint[])
        AS d(number, same_chapter, first_player, second_player)
),
teams AS (
    INSERT INTO {team} (id, event_id, number, same_chapter)
    SELECT id, %(event)s, number, same_chapter FROM drawn
)
INSERT INTO {member} (team_id, event_id, player_id, position)
SELECT drawn.id, %(event)s, seat.player_id, seat.position
FROM drawn
CROSS JOIN LATERAL (VALUES (drawn.first_player, 0), (drawn.second_player, 1))
    AS seat(player_id, position)
WHERE seat.player_id IS NOT NULL
"""


def insert_teams(event: Event, *, numbers: list, players: list, same_chapter: list) -> None:
    """Create the teams (numbers, one or two players each), members and all, in one go."""
    if not numbers:
        return
    firsts = [pair[0] for pair in players]
    seconds = [pair[1] if len(pair) > 1 else None for pair in players]
    if connection.vendor != "postgresql":
        base = _sqlite_base_id(Team)
        _insert_json(
            Team,
            {"event_id": event.pk},
            ["id", "number", "same_chapter"],
            [
                (base + row, number, same)
                for row, (number, same) in enumerate(zip(numbers, same_chapter, strict=True), 1)
            ],
        )
        _insert_json(
            TeamMember,
            {"event_id": event.pk},
            ["team_id", "player_id", "position"],
            [
                (base + row, player_id, position)
                for row, pair in enumerate(players, 1)
                for position, player_id in enumerate(pair)
            ],
        )
        return
    sql = _TEAMS_SQL.format(
        team=Team._meta.db_table,
        team_sequence=_SEQUENCE.format(table=Team._meta.db_table),
        member=TeamMember._meta.db_table,
    )
    with connection.cursor() as cursor:
        cursor.execute(
            sql,
            {
                "event": event.pk,
                "numbers": _array(numbers),
                "same_chapter": _array(same_chapter),
                "firsts": _array(firsts),
                "seconds": _array(seconds),
            },
        )


_BRACKET_SQL = """
WITH planned AS (
    SELECT nextval(({game_sequence})) AS id, p.*
    FROM unnest(%(stages)s::smallint[], %(rounds)s::smallint[], %(positions)s::integer[],
                %(numbers)s::integer[], %(next_rows)s::integer[], %(next_slots)s::smallint[],
                %(loser_rows)s::integer[], %(loser_slots)s::smallint[],
                %(only_if_rows)s::integer[], %(only_if_slots)s::smallint[],
                %(statuses)s::varchar[], %(winners)s::smallint[],
                %(firsts)s::bigint[], %(seconds)s::bigint[]) WITH ORDINALITY
        AS p(stage, round_number, position, number, next_row, next_slot, loser_row,
             loser_slot, only_if_row, only_if_slot, status, winner_seat, first_team,
             second_team, row)
),
taken AS (
    SELECT array_agg(id ORDER BY row) AS ids FROM planned
),
games AS (
    INSERT INTO {game} (id, event_id, stage, round_number, position, number, next_game_id,
                        next_slot, loser_game_id, loser_slot, only_if_game_id, only_if_slot,
                        status, winner_seat, walkover, hand_count, version, updated_at)
    SELECT planned.id, %(event)s, planned.stage, planned.round_number, planned.position,
           planned.number, taken.ids[planned.next_row], planned.next_slot,
           taken.ids[planned.loser_row], planned.loser_slot, taken.ids[planned.only_if_row],
           planned.only_if_slot, planned.status, planned.winner_seat, false, 0, 0, %(now)s
    FROM planned CROSS JOIN taken
),
sides AS (
    INSERT INTO {side} (game_id, seat, team_id, total)
    SELECT planned.id, seat.number,
           CASE seat.number WHEN 0 THEN planned.first_team ELSE planned.second_team END, 0
    FROM planned CROSS JOIN (VALUES (0), (1)) AS seat(number)
)
SELECT unnest(ids) FROM taken
"""


def insert_bracket(event: Event, structure: Structure, *, team_ids: dict, now) -> list[int]:
    """Create a format's games with their two sides each; return their ids by game index.

    The games are written last first (the final, or the grand final's reset, gets the
    lowest id), as they always were, so that locking "later games first" is by id.
    ``team_ids`` maps the draw's team numbers to team ids. Each game's teams are those
    the draw places: its entrants, and a team that reached it on a bye.
    """
    games = structure.games[::-1]
    row_of = {game.index: row for row, game in enumerate(games, 1)}

    def row(pointer):
        return None if pointer is None else row_of[pointer[0]]

    def slot(pointer):
        return None if pointer is None else pointer[1]

    sides = play(structure, {}).sides
    # The slots a game's winner or loser reaches (a losers' bye is filled from one).
    reached = {game.winner_to for game in games} | {game.loser_to for game in games}
    columns: dict[str, list] = {
        "stages": [naming.STAGE_OF[game.stage] for game in games],
        "rounds": [game.round_number for game in games],
        "positions": [game.position for game in games],
        # Stored where the format cannot work it out from the round (naming).
        "numbers": [None if game.stage == MAIN else game.number for game in games],
        "next_rows": [row(game.winner_to) for game in games],
        "next_slots": [slot(game.winner_to) for game in games],
        "loser_rows": [row(game.loser_to) for game in games],
        "loser_slots": [slot(game.loser_to) for game in games],
        "only_if_rows": [row(game.only_if) for game in games],
        "only_if_slots": [slot(game.only_if) for game in games],
        "statuses": [],
        "winners": [],
        "firsts": [team_ids.get(sides[game.index][0]) for game in games],
        "seconds": [team_ids.get(sides[game.index][1]) for game in games],
    }
    bye, ready, waiting = Game.Status.BYE.value, Game.Status.READY.value, Game.Status.WAITING.value
    for game in games:
        if game.bye:
            # The one slot a team can reach: its entrant's, or the one a game feeds.
            columns["statuses"].append(bye)
            first = game.entrants[0] is not None or (game.index, 0) in reached
            columns["winners"].append(0 if first else 1)
        else:
            columns["statuses"].append(waiting if None in sides[game.index] else ready)
            columns["winners"].append(None)
    if connection.vendor == "postgresql":
        ids = _insert_bracket_postgresql(event, columns, now)
    else:
        ids = _insert_bracket_sqlite(event, columns, now)
    created = [0] * len(games)
    for game, pk in zip(games, ids, strict=True):
        created[game.index] = pk
    return created


def _insert_bracket_postgresql(event: Event, columns: dict[str, list], now) -> list[int]:
    sql = _BRACKET_SQL.format(
        game=Game._meta.db_table,
        game_sequence=_SEQUENCE.format(table=Game._meta.db_table),
        side=Side._meta.db_table,
    )
    with connection.cursor() as cursor:
        cursor.execute(
            sql,
            {"event": event.pk, "now": now}
            | {name: _array(values) for name, values in columns.items()},
        )
        return [game_id for (game_id,) in cursor.fetchall()]


def _insert_bracket_sqlite(event: Event, columns: dict[str, list], now) -> range:
    base = _sqlite_base_id(Game)
    ids = range(base + 1, base + len(columns["rounds"]) + 1)

    def ids_of(rows):
        return [None if row is None else base + row for row in rows]

    shared = {
        "event_id": event.pk,
        "walkover": False,
        "hand_count": 0,
        "version": 0,
        "updated_at": connection.ops.adapt_datetimefield_value(now),
    }
    names = {
        "stages": "stage",
        "rounds": "round_number",
        "positions": "position",
        "numbers": "number",
        "next_slots": "next_slot",
        "loser_slots": "loser_slot",
        "only_if_slots": "only_if_slot",
        "statuses": "status",
        "winners": "winner_seat",
    }
    pointers = {
        "next_rows": "next_game_id",
        "loser_rows": "loser_game_id",
        "only_if_rows": "only_if_game_id",
    }
    _insert_json(
        Game,
        shared,
        ["id", *pointers.values(), *names.values()],
        list(
            zip(
                ids,
                *(ids_of(columns[key]) for key in pointers),
                *(columns[key] for key in names),
                strict=True,
            )
        ),
    )
    _insert_json(
        Side,
        {"total": 0},
        ["game_id", "seat", "team_id"],
        [
            (game_id, seat, team_id)
            for game_id, *pair in zip(ids, columns["firsts"], columns["seconds"], strict=True)
            for seat, team_id in enumerate(pair)
        ],
    )
    return ids


def _sqlite_base_id(model) -> int:
    """Return the id after which new rows of ``model`` may be numbered, on SQLite.

    The table's highest id ever given (AUTOINCREMENT keeps it in sqlite_sequence, so no
    deleted row's id comes back); the transaction (IMMEDIATE) holds the write lock, so
    nobody else takes these ids before the rows are written.
    """
    table = model._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = %s), 0), "
            f"coalesce((SELECT max(id) FROM {table}), 0))",
            [table],
        )
        return cursor.fetchone()[0]


def _insert_json(model, shared: dict, columns: list[str], rows: list[tuple]) -> None:
    """Insert rows in one SQLite statement: ``shared`` values once, the rows as JSON."""
    names = ", ".join([*shared, *columns])
    values = ", ".join(
        ["%s"] * len(shared) + [f"json_extract(row.value, '$[{n}]')" for n in range(len(columns))]
    )
    sql = (
        f"INSERT INTO {model._meta.db_table} ({names}) "
        f"SELECT {values} FROM json_each(%s) AS row ORDER BY row.key"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*shared.values(), json.dumps(rows)])
