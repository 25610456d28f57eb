"""Writing a draw's rows in bulk: teams with their players, a bracket round's games and sides.

Used by `draws.py`, inside its transaction. No query per team or per game: each write is
one statement fed with the rows as arrays, the values every row shares given once: one
array per column on PostgreSQL (INSERT ... SELECT FROM unnest), one JSON array on SQLite
(INSERT ... SELECT FROM json_each).

Why raw SQL (bench/bracket.py, a 4,096-team draw): for the 8,192 members on PostgreSQL,
0.10 s against 0.23 s for bulk_create, which builds and prepares a model object per row;
on SQLite the whole draw and bracket take 0.14 s against 1.0 s. What is left on
PostgreSQL is the database's own work: its indexes, and the foreign keys it checks for
every row at commit.
"""

from __future__ import annotations

import json
from typing import NamedTuple

from django.db import connection

from ..models import Event, Game, Side, Team, TeamMember


class Entrant(NamedTuple):
    """A team entering a bracket, without a model object for each of thousands of teams."""

    pk: int
    number: int
    partners_game: Game | None = None


_TEAMS_SQL = """
WITH drawn AS (
    SELECT d.number, d.same_chapter, p.players
    FROM unnest(%(numbers)s::integer[], %(same_chapter)s::boolean[], %(firsts)s::bigint[],
                %(seconds)s::bigint[]) AS d(number, same_chapter, first_player, second_player)
    CROSS JOIN LATERAL (SELECT array_remove(ARRAY[d.first_player, d.second_player], NULL))
        AS p(players)
),
teams AS (
    INSERT INTO {team} (event_id, number, same_chapter)
    SELECT %(event)s, number, same_chapter FROM drawn
    RETURNING id, number
)
INSERT INTO {member} (team_id, event_id, player_id, position)
SELECT teams.id, %(event)s, m.player_id, m.position - 1
FROM teams JOIN drawn USING (number)
CROSS JOIN LATERAL unnest(drawn.players) WITH ORDINALITY AS m(player_id, position)
"""


def insert_teams(event: Event, *, numbers: list, players: list, same_chapter: list) -> None:
    """Create the teams (numbers, one or two players each), members and all, in one go."""
    if not numbers:
        return
    if connection.vendor != "postgresql":
        _insert_json(
            Team,
            {"event_id": event.pk},
            ["number", "same_chapter"],
            list(zip(numbers, same_chapter, strict=True)),
        )
        team_ids = dict(
            Team.objects.filter(event=event, number__gte=numbers[0]).values_list("number", "pk")
        )
        _insert_json(
            TeamMember,
            {"event_id": event.pk},
            ["team_id", "player_id", "position"],
            [
                (team_ids[number], player_id, position)
                for number, pair in zip(numbers, players, strict=True)
                for position, player_id in enumerate(pair)
            ],
        )
        return
    sql = _TEAMS_SQL.format(team=Team._meta.db_table, member=TeamMember._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            sql,
            {
                "event": event.pk,
                "numbers": numbers,
                "same_chapter": same_chapter,
                "firsts": [pair[0] for pair in players],
                "seconds": [pair[1] if len(pair) > 1 else None for pair in players],
            },
        )


_ROUND_SQL = """
WITH planned AS (
    SELECT * FROM unnest(%(positions)s::integer[], %(next_ids)s::bigint[],
                         %(next_slots)s::smallint[], %(statuses)s::varchar[],
                         %(winners)s::smallint[], %(firsts)s::bigint[], %(seconds)s::bigint[])
        AS p(position, next_game_id, next_slot, status, winner_seat, first_team, second_team)
),
games AS (
    INSERT INTO {game} (event_id, stage, round_number, position, next_game_id, next_slot,
                        status, winner_seat, walkover, hand_count, version, updated_at)
    SELECT %(event)s, 1, %(round)s, position, next_game_id, next_slot, status, winner_seat,
           false, 0, 0, %(now)s
    FROM planned
    RETURNING id, position
),
sides AS (
    INSERT INTO {side} (game_id, seat, team_id, total)
    SELECT games.id, seat.number,
           CASE seat.number WHEN 0 THEN planned.first_team ELSE planned.second_team END, 0
    FROM games JOIN planned USING (position)
    CROSS JOIN (VALUES (0), (1)) AS seat(number)
)
SELECT id, position FROM games
"""


def insert_round(event: Event, bracket_round: list, *, next_ids: list, team_ids: dict, now):
    """Create one round's games and their two sides each; return the games' ids, in order."""
    statuses, winners = [], []
    for planned in bracket_round:
        known = [number is not None for number in planned.teams]
        if planned.bye:
            statuses.append(str(Game.Status.BYE))
            winners.append(0 if known[0] else 1)
        else:
            statuses.append(str(Game.Status.READY if all(known) else Game.Status.WAITING))
            winners.append(None)
    firsts = [team_ids.get(planned.teams[0]) for planned in bracket_round]
    seconds = [team_ids.get(planned.teams[1]) for planned in bracket_round]
    if connection.vendor != "postgresql":
        round_number = bracket_round[0].round_number
        _insert_json(
            Game,
            {
                "event_id": event.pk,
                "stage": 1,
                "round_number": round_number,
                "walkover": False,
                "hand_count": 0,
                "version": 0,
                "updated_at": connection.ops.adapt_datetimefield_value(now),
            },
            ["position", "next_game_id", "next_slot", "status", "winner_seat"],
            [
                (planned.position, next_id, planned.next_slot, status, winner)
                for planned, next_id, status, winner in zip(
                    bracket_round, next_ids, statuses, winners, strict=True
                )
            ],
        )
        found = dict(
            Game.objects.filter(event=event, stage=1, round_number=round_number).values_list(
                "position", "pk"
            )
        )
        game_ids = [found[planned.position] for planned in bracket_round]
        _insert_json(
            Side,
            {"total": 0},
            ["game_id", "seat", "team_id"],
            [
                (game_id, seat, team_id)
                for game_id, first, second in zip(game_ids, firsts, seconds, strict=True)
                for seat, team_id in enumerate((first, second))
            ],
        )
        return game_ids
    sql = _ROUND_SQL.format(game=Game._meta.db_table, side=Side._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            sql,
            {
                "event": event.pk,
                "round": bracket_round[0].round_number,
                "now": now,
                "positions": [planned.position for planned in bracket_round],
                "next_ids": next_ids,
                "next_slots": [planned.next_slot for planned in bracket_round],
                "statuses": statuses,
                "winners": winners,
                "firsts": firsts,
                "seconds": seconds,
            },
        )
        found = {position: game_id for game_id, position in cursor.fetchall()}
    return [found[planned.position] for planned in bracket_round]


def _insert_json(model, shared: dict, columns: list[str], rows: list[tuple]) -> None:
    """Insert rows in one SQLite statement: ``shared`` values once, the rows as JSON."""
    if not rows:
        return
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
