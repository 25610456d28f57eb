"""One statement per bracket result or progress change, on PostgreSQL.

This module runs the desk's hot path: every hand entered runs `progress` once, and
every bracket game ends with `decide`. Each is one SQL statement that locks the game
(and the game its winner goes to), checks that it is the ordinary case, and writes
everything that case changes: the game, its sides, the next game and its side, the
event's ``changed_at`` (and status, for a final) and the activity line. When the case is
not ordinary (a correction, a later game already played, a bye ahead, a first doubles
game feeding singles, a game of players alone (its log line names them), a stale page,
bad input) the statement writes nothing and returns ``None``; the caller then runs the
general path in `results.py`, which handles every case and raises the errors. The
general path is the reference: this statement must leave exactly the rows it would
(tests run both and compare).

Single elimination only (and the singles partners' games): a double elimination game
(stages 2 to 4) takes the general path, which follows both of a game's pointers. A
winners' game sends its loser on too, which is a second next game to lock and check, the
grand final decides whether its reset is played, and those games' names (stored numbers,
the brackets' round names) would take this statement past psycopg's cached length
(`CACHED_TEXT_MAX`); so the statement refuses any game of another stage, or with a loser
pointer, and writes nothing.

Why raw SQL here (bench/bracket.py on PostgreSQL, 4,095 results, 2-core machine, medians
against 4,095 bare transactions that lock and update one row, measured in the same run):
- This statement: 1.44 times the floor. The general path (lock and read, then the
  writes: two queries, four round trips with BEGIN and COMMIT) takes 3.8 times, as did
  the code before it. A single statement is its own transaction when the caller has none
  (no BEGIN and COMMIT round trips) and needs no savepoint when it has one (a statement
  is all or nothing). What is left is the database's work for the rows a result must
  write (two games, a side, the event, the activity line and the foreign keys those
  check), about twice the floor's server time for its one row.
- It is prepared once per connection: planning it costs more than running it, and
  unprepared it takes 3.4 times the floor. Django turns prepared statements off by
  default so that connection poolers keep working; this statement turns them on for
  itself only, unless the database's OPTIONS set ``prepare_threshold`` (set it to None
  behind a pooler that cannot keep prepared statements, such as PgBouncer in
  transaction mode before 1.21).

Reads of a statement that waited for a lock can be older than the rows it locked (READ
COMMITTED re-reads only the locked rows). Every change to a game or its sides bumps the
game's version, so the statement checks versions: the game's locked version must be the
one its snapshot sees, and the next game is only updated while its version is the one
read. Otherwise it writes nothing and the caller takes the general path, whose reads
come after its locks. Locks are taken in bracket order, the game before the next one.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connection, connections

from .. import naming
from ..changes import log_activity_sql, mark_changed_sql
from ..models import DECIDED, Event, Game, Side, Team

_ONLY_WHEN_ASKED = 1 << 30

_STATUS = {
    "ready": Game.Status.READY,
    "playing": Game.Status.PLAYING,
    "waiting": Game.Status.WAITING,
    "bye": Game.Status.BYE,
    "void": Game.Status.VOID,
    "walkover": Game.Status.WALKOVER,
    "finished_event": Event.Status.FINISHED,
}


def _text(value: str) -> str:
    """Quote a constant as an SQL string literal (``%`` doubled for the driver's binding)."""
    return "'" + value.replace("'", "''").replace("%", "%%") + "'"


def _game_name_sql() -> str:
    """Return `naming.game_name` of a bracket game as an SQL expression.

    It reads ``gm.stage``, ``gm.r`` (the round), ``gm.p`` (the position) and ``gm.rounds``
    (the bracket's rounds): "Partners' game 3" in stage 0, else "Game 13 (Quarter-final)",
    the game numbered through the bracket and its round named from the end, by the same
    rules and words as `naming` (a test compares the two for every game of brackets up
    to 4,096 teams).
    """
    from_the_end = " ".join(
        f"WHEN {index} THEN {_text(name)}" for index, name in enumerate(naming.ROUNDS_FROM_THE_END)
    )
    round_name = f"CASE gm.rounds - gm.r {from_the_end} ELSE format({_text('Round %s')}, gm.r) END"
    number = "(1 << gm.rounds) - (1 << (gm.rounds - gm.r + 1)) + gm.p + 1"
    return (
        f"CASE WHEN gm.stage = 0 THEN format({_text(naming.numbered_game(0, '%s'))}, gm.p + 1) "
        f"ELSE format({_text(naming.numbered_game(1, '%s') + ' (%s)')}, {number}, {round_name}) "
        "END"
    )


# psycopg parses a statement's placeholders once and keeps the result only for a text of
# at most this many bytes (psycopg._queries.MAX_CACHED_STATEMENT_LENGTH); a longer one is
# parsed again on every run, about 0.1 ms a result (bench/bracket.py). A test holds each
# statement under it.
CACHED_TEXT_MAX = 4096


def _sql(template: str) -> str:
    """Fill in the table names and status values (constants of the models, not input),
    and put the statement on one line (its text stays under `CACHED_TEXT_MAX`)."""
    quoted = {name: f"'{value}'" for name, value in _STATUS.items()}
    quoted["decided"] = ", ".join(f"'{status}'" for status in sorted(DECIDED))
    return _ONE_LINE.sub(" ", _fill(template, quoted))


# Line breaks and the indentation after them (no SQL string here holds a line break).
_ONE_LINE = re.compile(r"\s*\n\s*")


def _fill(template: str, quoted: dict) -> str:
    return template.format(
        game=Game._meta.db_table,
        side=Side._meta.db_table,
        team=Team._meta.db_table,
        event=Event._meta.db_table,
        mark_changed=mark_changed_sql("%(now)s"),
        mark_one_game_changed=mark_changed_sql("%(now)s", one_game=True),
        log_activity=log_activity_sql(),
        game_name=_game_name_sql(),
        **quoted,
    )


# A game is decided and its winner seated in the next game. `plan` says whether this is
# the ordinary case. The next game is locked by its own UPDATE, which only applies when
# its version is the one read (else a result next to ours got there first); every other
# write waits for that (`go`), so the statement writes all or nothing.
_DECIDE = _sql("""
WITH g AS MATERIALIZED (
    SELECT id, event_id, stage, round_number, position, next_game_id, next_slot, status,
           hand_count, version, loser_game_id
    FROM {game} WHERE id = %(game)s FOR UPDATE
),
plan AS MATERIALIZED (
    SELECT
        g.status IN ({ready}, {playing}) AND g.stage IN (0, 1) AND g.loser_game_id IS NULL
        AND (%(expected)s::integer IS NULL OR g.version = %(expected)s::integer)
        AND NOT (%(walkover)s::boolean AND g.hand_count > 0)
        AND s.winner_team IS NOT NULL AND s.loser_team IS NOT NULL
        AND g.version = (SELECT v.version FROM {game} v WHERE v.id = g.id)
        AND NOT (g.stage = 1 AND g.round_number <= 2
                 AND EXISTS (SELECT 1 FROM {event} f WHERE f.fed_by_id = g.event_id))
        AND (SELECT team_size FROM {event} WHERE id = g.event_id) = 2
        AND (g.next_game_id IS NULL OR (
            n.status IN ({waiting}, {ready}, {playing}) AND n.hand_count = 0
            AND ns.slot_sides = 1 AND ns.slot_team IS DISTINCT FROM s.winner_team
        )) AS ok,
        g.event_id, g.next_game_id, g.next_slot, n.version AS next_version,
        s.winner_team, s.loser_team, ns.other_seated,
        g.stage = 1 AND g.next_game_id IS NULL AS final,
        g.stage, g.round_number, g.position
    FROM g
    CROSS JOIN LATERAL (
        SELECT max(team_id) FILTER (WHERE seat = %(winner)s) AS winner_team,
               max(team_id) FILTER (WHERE seat = 1 - %(winner)s) AS loser_team
        FROM {side} WHERE game_id = g.id
    ) s
    LEFT JOIN {game} n ON n.id = g.next_game_id
    LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE seat = g.next_slot) AS slot_sides,
               max(team_id) FILTER (WHERE seat = g.next_slot) AS slot_team,
               count(team_id) FILTER (WHERE seat <> g.next_slot) > 0 AS other_seated
        FROM {side} WHERE game_id = n.id
    ) ns ON true
),
next_game AS (
    UPDATE {game} SET
        status = CASE WHEN plan.other_seated THEN {ready} ELSE {waiting} END,
        version = {game}.version + 1, updated_at = %(now)s
    FROM plan
    WHERE {game}.id = plan.next_game_id AND {game}.version = plan.next_version AND plan.ok
    RETURNING {game}.id
),
go AS MATERIALIZED (
    SELECT ok AND (next_game_id IS NULL OR EXISTS (SELECT 1 FROM next_game)) AS go FROM plan
),
decided AS (
    UPDATE {game} SET status = %(status)s, winner_seat = %(winner)s,
        walkover = %(walkover)s, hand_count = COALESCE(%(hand_count)s::integer, hand_count),
        version = version + %(bumps)s, updated_at = %(now)s
    WHERE id = %(game)s AND (SELECT go FROM go)
    RETURNING version, hand_count
),
totals AS (
    UPDATE {side} SET total = (%(totals)s::integer[])[seat + 1]
    WHERE game_id = %(game)s AND %(totals)s::integer[] IS NOT NULL AND (SELECT go FROM go)
),
seated AS (
    UPDATE {side} SET team_id = (SELECT winner_team FROM plan), total = 0
    WHERE game_id = (SELECT next_game_id FROM plan) AND seat = (SELECT next_slot FROM plan)
      AND (SELECT go FROM go)
),
changed AS (
    {mark_changed},
        status = CASE WHEN (SELECT final FROM plan) THEN {finished_event} ELSE status END
    WHERE id = (SELECT event_id FROM plan) AND (SELECT go FROM go)
    RETURNING name, tournament_id, team_size
),
logged AS (
    {log_activity}
    SELECT changed.tournament_id, %(user)s, %(now)s,
           left(format(%(text)s,
                       changed.name, named.game,
                       (SELECT number FROM {team} WHERE id = plan.winner_team),
                       (SELECT number FROM {team} WHERE id = plan.loser_team)), 255)
    FROM changed CROSS JOIN plan
    CROSS JOIN LATERAL (
        SELECT {game_name} AS game
        FROM (SELECT plan.stage, plan.round_number AS r, plan.position AS p,
                     (SELECT max(b.round_number) FROM {game} b
                      WHERE b.event_id = plan.event_id AND b.stage = 1 AND b.round_id IS NULL)
                     AS rounds) AS gm
    ) named
)
SELECT (SELECT go FROM go), (SELECT version FROM decided), (SELECT hand_count FROM decided)
""")

# A game's running totals and hand count after a hand change.
_PROGRESS = _sql("""
WITH g AS MATERIALIZED (
    SELECT id, event_id, status, version FROM {game} WHERE id = %(game)s FOR UPDATE
),
plan AS MATERIALIZED (
    SELECT
        g.status NOT IN ({bye}, {void}, {walkover})
        AND g.version = (SELECT v.version FROM {game} v WHERE v.id = g.id)
        AND (SELECT count(*) = 2 AND count(team_id) = 2 FROM {side} WHERE game_id = g.id)
        AS ok
    FROM g
),
totals AS (
    UPDATE {side} SET total = (%(totals)s::integer[])[seat + 1]
    WHERE game_id = %(game)s AND (SELECT ok FROM plan)
),
progress AS (
    UPDATE {game}
    SET hand_count = %(hand_count)s,
        status = CASE WHEN status IN ({decided}) THEN status
                      WHEN %(hand_count)s::integer > 0 THEN {playing} ELSE {ready} END,
        version = version + 1, updated_at = %(now)s
    WHERE id = %(game)s AND (SELECT ok FROM plan)
    RETURNING version, status
),
changed AS (
    {mark_one_game_changed}
    WHERE id = (SELECT event_id FROM g) AND (SELECT ok FROM plan)
)
SELECT (SELECT ok FROM plan), (SELECT version FROM progress), (SELECT status FROM progress)
""")


@dataclass(frozen=True, slots=True)
class Written:
    """What the statement wrote: the game's new version, hand count and status."""

    version: int
    hand_count: int
    status: str


def available() -> bool:
    """Say whether this database runs these statements (PostgreSQL does; SQLite does not)."""
    return connection.vendor == "postgresql"


def decide(
    *,
    game_id: int,
    winner_seat: int,
    walkover: bool,
    expected_version: int | None,
    user_id: int | None,
    text: str,
    now,
    totals: tuple[int, int] | None = None,
    hand_count: int | None = None,
) -> Written | None:
    """Decide an ordinary game in one statement; None (nothing written) when it is not.

    ``text`` is the activity line as a `format()` template: %1$s the event's name, %2$s
    the game's name (`_game_name_sql`), %3$s and %4$s the winning and losing teams'
    numbers. A game of players alone is not ordinary: its line names the players, which
    this statement does not read (it would pass psycopg's cached length), so the general
    path takes it. With ``totals`` and ``hand_count`` the
    game's progress is stored too, as `set_game_progress` then `record_result` would
    (so the version goes up by two).
    """
    status = Game.Status.WALKOVER if walkover else Game.Status.FINISHED
    big = _postgres().big
    row = _run(
        _DECIDE,
        {
            "game": big(game_id),
            "winner": big(winner_seat),
            "walkover": walkover,
            "expected": None if expected_version is None else big(expected_version),
            "totals": None if totals is None else [big(total) for total in totals],
            "hand_count": None if hand_count is None else big(hand_count),
            "bumps": big(1 if totals is None else 2),
            "status": str(status),
            "user": None if user_id is None else big(user_id),
            "text": text,
            "now": now,
        },
    )
    if not row[0]:
        return None
    return Written(version=row[1], hand_count=row[2], status=str(status))


def progress(*, game_id: int, totals: tuple[int, int], hand_count: int, now) -> Written | None:
    """Store an ordinary game's totals and hand count in one statement; None otherwise."""
    big = _postgres().big
    row = _run(
        _PROGRESS,
        {
            "game": big(game_id),
            "totals": [big(total) for total in totals],
            "hand_count": big(hand_count),
            "now": now,
        },
    )
    if not row[0]:
        return None
    return Written(version=row[1], hand_count=hand_count, status=row[2])


def _run(sql: str, params: dict):
    """Execute one prepared statement through Django's cursor wrappers; return its row."""
    db = connections[DEFAULT_DB_ALIAS]
    db.ensure_connection()
    raw = db.connection
    if raw.prepare_threshold is None and "prepare_threshold" not in db.settings_dict["OPTIONS"]:
        # Only statements run with prepare=True (these) get prepared: Django's own
        # queries use client-side binding, which never prepares.
        raw.prepare_threshold = _ONLY_WHEN_ASKED
    if db.queries_logged:
        with db.wrap_database_errors:
            cursor = _postgres().logged_cursor(raw)
        wrapped = db.make_debug_cursor(cursor)
    else:
        with db.wrap_database_errors:
            cursor = _postgres().cursor(raw)
        wrapped = db.make_cursor(cursor)
    with wrapped:
        wrapped.execute(sql, params)
        return wrapped.fetchone()


@dataclass(frozen=True)
class _Postgres:
    cursor: type
    logged_cursor: type
    # Parameters as 64-bit integers: a prepared statement is looked up by its text and
    # its parameters' types, and psycopg types a Python int by its size.
    big: type


@functools.cache
def _postgres() -> _Postgres:
    """Return what these statements need from psycopg (imported on PostgreSQL only)."""
    from django.db.backends.postgresql.base import ServerBindingCursor
    from psycopg.types.numeric import Int8

    class PreparedCursor(ServerBindingCursor):
        """A server-side binding cursor that prepares what it runs."""

        def execute(self, query, params=None, *, prepare=None, binary=None):
            return super().execute(query, params, prepare=True, binary=binary)

    class LoggedPreparedCursor(PreparedCursor):
        """One for DEBUG and query capture: Django logs the query psycopg keeps in `_query`,
        which psycopg leaves unset for a prepared statement."""

        def execute(self, query, params=None, *, prepare=None, binary=None):
            result = super().execute(query, params)
            if self._query is None:
                self._query = self._convert_query(query, params)
            return result

    return _Postgres(cursor=PreparedCursor, logged_cursor=LoggedPreparedCursor, big=Int8)
