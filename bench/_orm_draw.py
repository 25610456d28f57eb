"""The draw's rows written through the ORM, for ``bench/bracket.py --orm``.

`tournaments/services/draw_rows.py` writes a draw's teams, members, games and sides in raw
SQL, and justifies it by a figure against ``bulk_create``. This module is that ORM
version, kept beside the bench so the figure can be measured again in the same run.
It writes the same rows from the same columns, each row a model object, with
``bulk_create``:

- the teams, then their members;
- the games in batches, each batch holding only games whose next and loser games are
  already written, so their ids are known (the draw writes the last game first);
- the reset's pointer to the grand final (only if) set afterwards: the reset is written
  before the grand final, so that id is not known yet;
- then the sides.

`tests/test_bench_orm_draw.py` checks that the rows are the SQL writer's.
"""

from __future__ import annotations

import contextlib
import os
import time

DRAWS = int(os.environ.get("BENCH_DRAWS", "1"))


def insert_teams(event, *, numbers: list, players: list, same_chapter: list) -> None:
    """`draw_rows.insert_teams` through the ORM."""
    from tournaments.models import Team, TeamMember

    if not numbers:
        return
    teams = Team.objects.bulk_create(
        [
            Team(event=event, number=number, same_chapter=same)
            for number, same in zip(numbers, same_chapter, strict=True)
        ]
    )
    TeamMember.objects.bulk_create(
        [
            TeamMember(team=team, event=event, player_id=player_id, position=position)
            for team, pair in zip(teams, players, strict=True)
            for position, player_id in enumerate(pair)
            if player_id is not None
        ]
    )


def insert_bracket(event, columns: dict[str, list], now) -> list[int]:
    """`draw_rows._insert_bracket_postgresql` (and its SQLite twin) through the ORM."""
    from tournaments.models import Game, Side

    count = len(columns["rounds"])
    ids: list[int | None] = [None] * count

    def pointer(rows: str, row: int) -> int | None:
        target = columns[rows][row]
        return None if target is None else ids[target - 1]

    def game(row: int) -> Game:
        return Game(
            event=event,
            stage=columns["stages"][row],
            round_number=columns["rounds"][row],
            position=columns["positions"][row],
            number=columns["numbers"][row],
            next_game_id=pointer("next_rows", row),
            next_slot=columns["next_slots"][row],
            loser_game_id=pointer("loser_rows", row),
            loser_slot=columns["loser_slots"][row],
            only_if_slot=columns["only_if_slots"][row],
            status=columns["statuses"][row],
            winner_seat=columns["winners"][row],
            updated_at=now,
        )

    batch: list[int] = []
    for row in range(count):
        wanted = (columns["next_rows"][row], columns["loser_rows"][row])
        if any(target is not None and ids[target - 1] is None for target in wanted):
            _write(Game, batch, game, ids)
            batch = []
        batch.append(row)
    _write(Game, batch, game, ids)
    reset = [
        Game(pk=ids[row], only_if_game_id=ids[target - 1])
        for row, target in enumerate(columns["only_if_rows"])
        if target is not None
    ]
    Game.objects.bulk_update(reset, ["only_if_game"])
    Side.objects.bulk_create(
        [
            Side(game_id=game_id, seat=seat, team_id=team_id, total=0)
            for game_id, *pair in zip(ids, columns["firsts"], columns["seconds"], strict=True)
            for seat, team_id in enumerate(pair)
        ]
    )
    return ids


def _write(model, rows: list[int], build, ids: list) -> None:
    made_rows = model.objects.bulk_create([build(row) for row in rows])
    for row, made in zip(rows, made_rows, strict=True):
        ids[row] = made.pk


@contextlib.contextmanager
def orm_writers():
    """Have the draw services write their rows through this module while inside."""
    from tournaments.services import draw_rows, draws

    saved = (
        draws.insert_teams,
        draw_rows._insert_bracket_postgresql,
        draw_rows._insert_bracket_sqlite,
    )
    draws.insert_teams = insert_teams
    draw_rows._insert_bracket_postgresql = draw_rows._insert_bracket_sqlite = insert_bracket
    try:
        yield
    finally:
        (
            draws.insert_teams,
            draw_rows._insert_bracket_postgresql,
            draw_rows._insert_bracket_sqlite,
        ) = saved


def orm_figures(tournament, official, players: list[int], sql_median: float) -> dict:
    """Draw BENCH_DRAWS more events of the same players with the ORM writers; their
    median against the raw SQL draws' (``draw_sql_over_orm``: under 1 is SQL faster)."""
    from tournaments import services
    from tournaments.models import Entry

    events = [
        services.create_event(
            tournament=tournament,
            by=official,
            name=f"Doubles ORM {n}",
            game_key="texas_good_sams",
            format="single_elimination",
            team_size=2,
        )
        for n in range(1, DRAWS + 1)
    ]
    Entry.objects.bulk_create(
        [Entry(event=each, player_id=pk) for each in events for pk in players]
    )
    seconds = []
    with orm_writers():
        for each in events:
            started = time.perf_counter()
            services.draw_partners_for_event(event=each, by=official, seed=1)
            services.draw_bracket(event=each, by=official, seed=1)
            seconds.append(time.perf_counter() - started)
    ranked = sorted(seconds)
    median = ranked[len(ranked) // 2]
    return {
        "draw_and_bracket_orm_median_seconds": round(median, 3),
        "draw_and_bracket_orm_best_seconds": round(ranked[0], 3),
        "draw_sql_over_orm": round(sql_median / median, 3),
    }
