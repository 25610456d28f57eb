"""One statement per bracket result, progress change or table result, on PostgreSQL.

This module runs the desk's hot path: every hand entered runs `progress` once, and
every bracket game ends with `decide`. Each is one SQL statement that locks the game
(and the games its winner and its loser go to), checks that it is the ordinary case,
and writes everything that case changes: the game, its sides, the games its teams go to
and their sides, the event's ``changed_at`` (and status, for a last game) and the
activity line. When the case is not ordinary (a correction, a later game already
played, a bye ahead, a game whose teams go to one game (the grand final, to its reset),
a game ahead played only if (the reset), a first doubles game feeding singles outside
a transaction, a game of players alone (its log line names them), a stale page, bad
input) the statement writes nothing and returns ``None``; the caller then runs the
general path in `results.py`, which handles every case and raises the errors. The
general path is the reference: this statement must leave exactly the rows it would
(tests run both and compare, tests/tournaments/test_double_one_statement.py for double
elimination). Inside a transaction (a hand's), a first doubles game feeding singles is
decided here and its partners' game written after it by `results.decide_at_once`, with
the general path's own code (16 first-round results in a transaction: 11.7-12.2 ms a
result through the general path, 8.6-9.5 so; most of the rest is the partners' game).

Every format: the statement follows the game's pointers as the general path does (the
winner to ``next_game`` and ``next_slot``, the loser to ``loser_game`` and
``loser_slot``, none for a single elimination game), so a double elimination's winners'
and losers' games are one statement like a single elimination's. The grand final sends
both its teams to the reset (one game, two slots), and whether the reset is played is
decided there (``only_if``): the general path takes it, one game of an event, and the
reset itself, a last game, is one statement again. A game with no pointer at all is a
last game: it finishes the event.

Why raw SQL here (bench/bracket.py on PostgreSQL, 4,095 results, 2-core machine, medians
against 4,095 bare transactions that lock and update one row, measured in the same run):
- This statement: 1.44 times the floor. The general path (lock and read, then the
  writes: two queries, four round trips with BEGIN and COMMIT) takes 3.8 times, as did
  the code before it. A double elimination's 8,191 results (``--format double``): 1.50
  to 1.66 times their floor with this statement, 4.68 times when every one took the
  general path (load 5-7; the figures are in bench/bracket.py). A single statement is
  its own transaction when the caller has none (no BEGIN and COMMIT round trips) and
  needs no savepoint when it has one (a statement is all or nothing). What is left is
  the database's work for the rows a result must write (two games, a side, the event
  and the activity line; in a winners' game one game and one side more): the backend's
  CPU per result (bench/bracket.py prints it beside the floor's per transaction) went
  from 0.45-0.52 ms to 0.38-0.43 ms with one UPDATE per table (below) and the activity
  line's keys unchecked by the database (tournaments 0020), against the floor's
  0.17-0.18 ms: 2.1-2.4 times (a 4,096-team double elimination, load 1-2.4). Of the
  rest, perf on the backend: a fifth the commit's flush to disk (the floor's too), a
  sixth starting the plan's nodes, a sixth running the CTEs' writes at the executor's
  finish, a thirteenth building the CHECK constraints (their stored text parsed again).
  On our side, `prepared.run` sends it past Django's cursor wrapper: 0.03-0.06 ms less
  Python a result, double elimination 1.40-1.50 times the floor in 14 runs (main beside
  it: 1.41-1.59, 9 of 13 over 1.5; bench/_bracket_notes.py).
- It is prepared once per connection: planning it costs more than running it, and
  unprepared it takes 3.4 times the floor. Django turns prepared statements off by
  default so that connection poolers keep working; this statement turns them on for
  itself only, unless the database's OPTIONS set ``prepare_threshold`` (set it to None
  behind a pooler that cannot keep prepared statements, such as PgBouncer in
  transaction mode before 1.21).

Reads of a statement that waited for a lock can be older than the rows it locked (READ
COMMITTED re-reads only the locked rows). Every change to a game or its sides bumps the
game's version, so the statement checks versions: the locked version of the game and of
each game its teams go to must be the one its snapshot sees. Otherwise it writes nothing
and the caller takes the general path, whose reads come after its locks. Locks are taken
in bracket order, as `locked_games` takes them: the game, then the games it sends its
teams to, highest id (earliest in play) first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..changes import log_activity_sql, mark_changed_sql
from ..models import DECIDED, SCORED, Event, Game, Round, Side, Team
from ..prepared import available, int8, run
from .statement_names import game_name_sql

__all__ = ["available", "decide", "progress", "progress_params", "run"]

_STATUS = {
    "ready": Game.Status.READY,
    "playing": Game.Status.PLAYING,
    "waiting": Game.Status.WAITING,
    "bye": Game.Status.BYE,
    "void": Game.Status.VOID,
    "walkover": Game.Status.WALKOVER,
    "finished_event": Event.Status.FINISHED,
    "finished": Game.Status.FINISHED,
    "round_seating": Round.Status.SEATING,
    "round_playing": Round.Status.PLAYING,
    "round_finished": Round.Status.FINISHED,
}


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
    quoted["scored"] = ", ".join(f"'{status}'" for status in sorted(SCORED))
    text = _fill(template, quoted)
    return _ONE_LINE.sub(" ", _IN_BRACKETS.sub(lambda bracket: bracket[0].strip(), text)).strip()


# Line breaks and the indentation after them (no SQL string here holds a line break),
# and those just inside a bracket.
_ONE_LINE = re.compile(r"\s*\n\s*")
_IN_BRACKETS = re.compile(r"\(\s*\n\s*|\s*\n\s*\)")


def _fill(template: str, quoted: dict) -> str:
    return template.format(
        game=Game._meta.db_table,
        side=Side._meta.db_table,
        team=Team._meta.db_table,
        event=Event._meta.db_table,
        round=Round._meta.db_table,
        mark_changed=mark_changed_sql("%(now)s", names=False),  # a result: no name changes
        mark_one_game_changed=mark_changed_sql("%(now)s", one_game=True),
        log_activity=log_activity_sql(),
        game_name=game_name_sql(),
        **quoted,
    )


# A game is decided, its winner and its loser seated where its pointers say (``t``: each
# game a team goes to). Locks first, then writes: the game (``g``), then every game ahead
# (``k``, one or two, highest id first, the order of `locked_games`), so that what
# `plan` reads of them cannot change before the writes. `plan` says whether this is the
# ordinary case: the game itself, and every game ahead fitting (its locked version the
# one read); every write waits for it, so the statement writes all or nothing. One
# UPDATE writes the game table (``d``: the decided game and the games ahead, ``y`` says
# what each gets) and one the sides (``z``: the teams seated ahead, the decided game's
# totals): PostgreSQL builds a table's CHECK constraints afresh for every UPDATE of it
# in a statement (13 on games), and the plan has fewer nodes to start. Measured with
# bench/bracket.py's backend CPU per result (a 4,096-team double elimination, runs
# alternated on the 2-core machine, load 1-2.4): 0.49-0.55 ms with separate UPDATEs (the
# games ahead locked by their own UPDATE, then the decided game), 0.42-0.49 ms so. The
# text is kept under `CACHED_TEXT_MAX`: hence ``SELECT *``, the short names and no
# ``AS`` before a column's name.
_DECIDE = _sql("""
WITH g AS MATERIALIZED (
    SELECT *, (SELECT min(f.id) FROM {event} f WHERE f.fed_by_id = o.event_id AND o.stage = 1
               AND o.round_number < 3) fs
    FROM {game} o WHERE o.id = %(game)s FOR UPDATE
),
k AS MATERIALIZED (
    SELECT id, version FROM {game}
    WHERE id IN ((SELECT next_game_id FROM g), (SELECT loser_game_id FROM g))
    ORDER BY id DESC FOR UPDATE
),
s AS (
    SELECT max(team_id) FILTER (WHERE seat = %(win)s) w,
           max(team_id) FILTER (WHERE seat = 1 - %(win)s) l
    FROM {side} WHERE game_id = %(game)s
),
t AS (
    SELECT x.id, x.slot, x.team, o.other,
           n.status IN ({waiting}, {ready}, {playing}) AND n.hand_count = 0
           AND n.only_if_game_id IS NULL AND k.version = n.version
           AND o.mine AND o.team IS DISTINCT FROM x.team fits
    FROM g, s, LATERAL (VALUES (g.next_game_id, g.next_slot, s.w),
                               (g.loser_game_id, g.loser_slot, s.l)) x(id, slot, team)
    LEFT JOIN {game} n ON n.id = x.id
    LEFT JOIN k ON k.id = x.id,
    LATERAL (
        SELECT bool_or(seat = x.slot) mine,
               max(team_id) FILTER (WHERE seat = x.slot) team,
               bool_or(seat <> x.slot AND team_id > 0) other
        FROM {side} WHERE game_id = x.id
    ) o
    WHERE x.id IS NOT NULL
),
plan AS MATERIALIZED (
    SELECT
        g.status IN ({ready}, {playing}) AND s.w IS NOT NULL AND s.l IS NOT NULL
        AND coalesce(g.loser_game_id <> g.next_game_id, true)
        AND g.version = coalesce(%(seen)s::integer, v.version)
        AND g.version = v.version AND NOT (%(wo)s::boolean AND g.hand_count > 0)
        AND (SELECT e.team_size = 2 FROM {event} e WHERE e.id = g.event_id)
        AND (%(feeds)s OR g.fs IS NULL)
        AND NOT EXISTS (SELECT FROM t WHERE t.fits IS NOT TRUE) ok,
        g.stage > 0 AND g.next_game_id IS NULL AND g.loser_game_id IS NULL final,
        g.event_id, g.stage, g.round_number r, g.position p, g.number n, s.w, s.l, g.fs,
        (SELECT max(b.round_number) FROM {game} b WHERE b.event_id = g.event_id
         AND b.stage = least(g.stage, 2) AND b.round_id IS NULL) rounds
    FROM g JOIN {game} v ON v.id = g.id, s
),
y AS (
    SELECT id, CASE WHEN other THEN {ready} ELSE {waiting} END st,
           NULL::integer ws, NULL::boolean wo, NULL::integer hc, 1 b FROM t
    UNION ALL SELECT %(game)s, %(status)s, %(win)s, %(wo)s, %(hands)s, %(bumps)s
),
d AS (
    UPDATE {game} u SET status = y.st, winner_seat = coalesce(y.ws, u.winner_seat),
        walkover = coalesce(y.wo, u.walkover), hand_count = coalesce(y.hc, u.hand_count),
        version = u.version + y.b, updated_at = %(now)s
    FROM y, plan WHERE u.id = y.id AND ok
    RETURNING u.id, u.version, u.hand_count
),
z AS (
    UPDATE {side} SET team_id = coalesce(j.team, team_id),
        total = CASE WHEN j.slot IS NULL THEN (%(totals)s::integer[])[seat + 1] ELSE 0 END
    FROM plan, (SELECT id, slot, team FROM t UNION ALL SELECT %(game)s, NULL, NULL
                WHERE %(totals)s::integer[] IS NOT NULL) j
    WHERE game_id = j.id AND (seat = j.slot OR j.slot IS NULL) AND ok
),
changed AS (
    {mark_changed},
        status = CASE WHEN final THEN {finished_event} ELSE status END
    FROM plan WHERE id = plan.event_id AND ok
    RETURNING name, tournament_id
),
logged AS (
    {log_activity}
    SELECT tournament_id, %(user)s, %(now)s,
           left(format(%(text)s, name, {game_name},
                       (SELECT number FROM {team} WHERE id = gm.w),
                       (SELECT number FROM {team} WHERE id = gm.l)), 255)
    FROM changed, plan gm
)
SELECT ok, version, hand_count, fs, l FROM plan LEFT JOIN d ON d.id = %(game)s
""")

# The game's lock, the check that it is the ordinary case (its locked version is the one
# the snapshot reads, every seat has a team and a total) and its totals: the first steps
# of a progress and of a table's result. ``{takes}``: what else the case needs.
_PLAN = """
g AS MATERIALIZED (
    SELECT id, event_id, round_id, status, version FROM {game} WHERE id = %(game)s FOR UPDATE
),
plan AS MATERIALIZED (
    SELECT
        {takes}
        AND g.version = (SELECT v.version FROM {game} v WHERE v.id = g.id)
        AND (SELECT count(*) = cardinality(%(totals)s::integer[]) AND count(team_id) = count(*)
             FROM {side} WHERE game_id = g.id)
        AS ok{plan_more}
    FROM g
),
totals AS (
    UPDATE {side} SET total = (%(totals)s::integer[])[seat + 1]
    WHERE game_id = %(game)s AND (SELECT ok FROM plan)
),
"""


def _plan(takes: str, more: str = "") -> str:
    return _PLAN.replace("{takes}", takes).replace("{plan_more}", more)


# A game's running totals and hand count after a hand change: a bracket game's two sides,
# or a table's (two or more), each seated and given a total.
PROGRESS_STEPS = _sql(
    _plan("g.status NOT IN ({bye}, {void}, {walkover})")
    + """
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
"""
)
PROGRESS_RESULT = (
    "SELECT (SELECT ok FROM plan), (SELECT version FROM progress), (SELECT status FROM progress)"
)
_PROGRESS = f"WITH {PROGRESS_STEPS} {PROGRESS_RESULT}"

# A table's result, decided by its hands: its totals, "finished" and its winner (none for
# a tie), as `settle_table` stores them, and its round finished when no other table is
# open (``w``: the round was locked first, with the game, and every table's result takes
# that lock, so this statement's snapshot sees every other table's result). Selected as
# the progress is (PROGRESS_RESULT).
TABLE_RESULT_STEPS = _sql(
    _plan(
        "g.status IN ({ready}, {playing}) AND g.round_id IS NOT NULL",
        """,
        CASE WHEN EXISTS (SELECT FROM {game} o WHERE o.round_id = g.round_id AND o.id <> g.id
                          AND o.status NOT IN ({scored}))
             THEN {round_playing} ELSE {round_finished} END AS w""",
    )
    + """
progress AS (
    UPDATE {game}
    SET hand_count = %(hand_count)s, status = {finished}, winner_seat = %(win)s,
        version = version + 1, updated_at = %(now)s
    WHERE id = %(game)s AND (SELECT ok FROM plan)
    RETURNING version, status
),
rnd AS (
    UPDATE {round} SET status = (SELECT w FROM plan)
    WHERE id = (SELECT round_id FROM g) AND (SELECT ok FROM plan)
        AND status NOT IN ({round_seating}, (SELECT w FROM plan))
),
changed AS (
    {mark_changed}
    WHERE id = (SELECT event_id FROM g) AND (SELECT ok FROM plan)
)
"""
)


@dataclass(frozen=True, slots=True)
class Written:
    """What the statement wrote: the game's new version, hand count and status; for a
    first doubles game (round one or two) with a singles event, that event's id and the
    losing team's (`decide` with ``feeds``: the caller sends its partners to singles)."""

    version: int
    hand_count: int
    status: str
    singles: int | None = None
    loser_team: int | None = None


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
    feeds: bool = False,
) -> Written | None:
    """Decide an ordinary game in one statement; None (nothing written) when it is not.

    ``text`` is the activity line as a `format()` template: %1$s the event's name, %2$s
    the game's name (`statement_names.game_name_sql`), %3$s and %4$s the winning and losing teams'
    numbers. A game of players alone is not ordinary: its line names the players, which
    this statement does not read (it would pass psycopg's cached length), so the general
    path takes it. With ``totals`` and ``hand_count`` the
    game's progress is stored too, as `set_game_progress` then `record_result` would
    (so the version goes up by two). ``feeds``: the caller's transaction also writes a
    first doubles game's partners' game in singles (`Written.singles`), so such a game
    is ordinary too; without it, the general path takes that game.
    """
    status = Game.Status.WALKOVER if walkover else Game.Status.FINISHED
    big = int8()
    row = run(
        _DECIDE,
        {
            "game": big(game_id),
            "win": big(winner_seat),
            "wo": walkover,
            "seen": None if expected_version is None else big(expected_version),
            "totals": None if totals is None else [big(total) for total in totals],
            "hands": None if hand_count is None else big(hand_count),
            "bumps": big(1 if totals is None else 2),
            "status": str(status),
            "user": None if user_id is None else big(user_id),
            "text": text,
            "now": now,
            "feeds": feeds,
        },
    )
    if not row[0]:
        return None
    return Written(
        version=row[1], hand_count=row[2], status=str(status), singles=row[3], loser_team=row[4]
    )


def progress(*, game_id: int, totals: tuple[int, int], hand_count: int, now) -> Written | None:
    """Store an ordinary game's totals and hand count in one statement; None otherwise."""
    row = run(_PROGRESS, progress_params(game_id, totals, hand_count, now))
    if not row[0]:
        return None
    return Written(version=row[1], hand_count=hand_count, status=row[2])


def progress_params(game_id: int, totals: tuple[int, int], hand_count: int, now) -> dict:
    big = int8()
    return {
        "game": big(game_id),
        "totals": [big(total) for total in totals],
        "hand_count": big(hand_count),
        "now": now,
    }
