"""Benchmark: partner draw and bracket for 8,192 players, then every result through the service.

Run from the project root:

    python bench/bracket.py                                  # SQLite in a temp folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/domino_desk python bench/bracket.py

On PostgreSQL the script uses a throwaway database ``bench_bracket`` next to the one
named in DATABASE_URL (made afresh on every run).

The floor (PostgreSQL only): 4,095 bare transactions, each locking one row and updating
it (SELECT ... FOR UPDATE, UPDATE, COMMIT on a table of its own in the same database),
through psycopg on a connection of their own, with synchronous commit. They run in
blocks between blocks of results, so a busy machine slows both alike.

Targets: the partner draw and the 4,096-team bracket under 0.35 s, and its median of
BENCH_DRAWS draws at most 0.5 of the time brackets-manager 1.11.1 takes to create the
same single elimination stage in memory (``draw_over_brackets_manager``; issue 22:
bench/brackets_manager_stage.mjs run before and after the draws, as for double
elimination below); all 4,095 results within 1.5 times the floor on PostgreSQL (under
3 s on SQLite).

Options (environment): BENCH_GENERAL_PATH=1 sends every result through the general path
(no one-statement result on PostgreSQL), to measure what the one statement saves;
BENCH_NAME=bracket_mine names the throwaway database (bench_<name>), so that two people
on one server do not drop each other's; BENCH_DRAWS=5 draws partners and bracket that many
times, each in an event of its own with the same 8,192 players, and reports the best and
the median (``draw_and_bracket_seconds`` stays the first draw, as before).
``--draw-only`` stops after the draws; ``--profile`` prints a cProfile of the draw and of
the results to stderr; ``--orm`` draws BENCH_DRAWS more events with the draw's rows
written through the ORM (bench/_orm_draw.py, the version tournaments/services/draw_rows.py
measures itself against) and gives their median and ``draw_sql_over_orm``;
``--format double`` then draws a double elimination of the same
players and gives its every result (about 8,190), against a floor of as many bare
transactions (the ``double_*`` figures). The last line printed is one JSON object.

Double elimination (``--format double``; issue 21). Targets: the draw (partners, then
the whole double elimination, grand final with reset: 8,191 games) in at most 0.5 of
the time brackets-manager 1.11.1 takes to create the same stage in memory, and every
result in at most 1.5 times the floor, both measured in the same run. Our draw is the
median of BENCH_DRAWS draws (``double_draw_and_bracket_seconds``); brackets-manager's is
bench/brackets_manager_stage.mjs, run with node before and after our draws (a warm-up,
then BENCH_BM_RUNS runs each time, each timed inside node with performance.now; the
median of all): ``brackets_manager_double_create_seconds`` and the ratio
``double_draw_over_brackets_manager``. Both sides' CPU seconds are given too (ours: this
process and the database backend, from /proc; theirs: process.cpuUsage), and their
ratio ``double_draw_cpu_over_brackets_manager_cpu``, which a busy machine skews less
than the wall times. Without node or the package (package.json's devDependencies,
``npm ci``) the JSON says so in ``brackets_manager_skipped`` and has no ratio.

The measurements of 2026-11-26 and later (draws, results, the results' database CPU,
before and after): bench/_bracket_notes.py.
"""

import cProfile
import gc
import io
import os
import pstats
import random
import sys
import time

from _brackets_manager import backend_cpu, brackets_manager, draw_figures, single_figures
from _common import Floor, checked_in_players, doubles_event, report, setup_django
from _goals import goals
from _orm_draw import orm_figures

PLAYERS = int(os.environ.get("BENCH_PLAYERS", "8192"))  # a smaller run: to try it out
CHAPTERS = 60
BLOCK = 64  # results (and floor transactions) per block


def main(profile: bool = False, draw_only: bool = False) -> dict:
    kind = setup_django(os.environ.get("BENCH_NAME", "bracket"))
    from django.conf import settings
    from django.db import connection

    from tournaments import services
    from tournaments.models import Chapter, Entry, Event, Game

    general_path = os.environ.get("BENCH_GENERAL_PATH") == "1"
    settings.RESULTS_ONE_STATEMENT = not general_path

    official, tournament, event = doubles_event()
    chapters = Chapter.objects.bulk_create(
        [Chapter(tournament=tournament, name=f"Chapter {n}") for n in range(CHAPTERS)]
    )
    rng = random.Random(2026)
    players = checked_in_players(tournament, (f"Player {n}" for n in range(PLAYERS)), chapters, rng)
    events = [event, *_events(tournament, official, "Doubles", "single_elimination", first=2)]
    Entry.objects.bulk_create([Entry(event=each, player=p) for each in events for p in players])
    # The set-up's model objects are not what a web worker holds while it draws.
    del players, chapters
    gc.collect()

    manager = [brackets_manager(PLAYERS // 2, "single_elimination")]
    profiler = cProfile.Profile() if profile else None
    draws = []
    for each in events:
        if profiler:
            profiler.enable()
        started, cpu_started = time.perf_counter(), time.process_time()
        drawn = services.draw_partners_for_event(event=each, by=official, seed=1)
        partners_done = time.perf_counter()
        games = services.draw_bracket(event=each, by=official, seed=1)
        bracket_done = time.perf_counter()
        if profiler:
            profiler.disable()
        draws.append(
            (
                bracket_done - started,
                partners_done - started,
                bracket_done - partners_done,
                time.process_time() - cpu_started,
            )
        )
    if profiler:
        _print_profile(profiler, "draw and bracket")
    manager.append(brackets_manager(PLAYERS // 2, "single_elimination"))
    draw_seconds, partner_seconds, bracket_seconds, _ = draws[0]
    ranked = sorted(total for total, *_ in draws)
    figures = {
        "database": kind,
        "players": PLAYERS,
        "chapters": CHAPTERS,
        "teams": len(drawn.pairs),
        "same_chapter_teams": len(drawn.same_chapter_pairs),
        "games": len(games),
        "partner_draw_seconds": round(partner_seconds, 3),
        "bracket_draw_seconds": round(bracket_seconds, 3),
        "draw_and_bracket_seconds": round(draw_seconds, 3),
        "draw_and_bracket_target_seconds": 0.35,
        "draws": len(draws),
        "draw_and_bracket_best_seconds": round(ranked[0], 3),
        "draw_and_bracket_median_seconds": round(ranked[len(ranked) // 2], 3),
        # The rest of the draw's wall time is the database's (and, on a busy machine,
        # waiting for a CPU).
        "draw_client_cpu_seconds": round(min(cpu for *_, cpu in draws), 3),
    }
    figures |= single_figures(figures["draw_and_bracket_median_seconds"], manager)
    if "--orm" in sys.argv:
        # The raw SQL writers against the ORM version their docstring measures.
        from tournaments.models import Player

        pks = list(Player.objects.values_list("pk", flat=True))
        median = figures["draw_and_bracket_median_seconds"]
        figures |= orm_figures(tournament, official, pks, median)
    if draw_only:
        return figures

    if connection.vendor == "postgresql":
        # Fresh tables have no planner statistics yet; autovacuum would gather them soon.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    ordered = list(
        Game.objects.filter(event=event, stage=1)
        .exclude(status=Game.Status.BYE)
        .order_by("round_number", "position")
    )
    floor = Floor(len(ordered)) if connection.vendor == "postgresql" else None
    statements = 0

    def count(execute, sql, params, many, context):
        nonlocal statements
        statements += len(params) if many else 1
        return execute(sql, params, many, context)

    results_seconds = cpu_seconds = 0.0
    backend, backend_seconds = backend_cpu(), 0.0
    profiler = cProfile.Profile() if profile else None
    with connection.execute_wrapper(count):
        for start in range(0, len(ordered), BLOCK):
            if floor and (start // BLOCK) % 2:
                floor.run(BLOCK)
            block_started, cpu_started = time.perf_counter(), time.process_time()
            backend_started = backend()
            if profiler:
                profiler.enable()
            for game in ordered[start : start + BLOCK]:
                services.record_result(game=game, winner_seat=game.position % 2, by=official)
            if profiler:
                profiler.disable()
            results_seconds += time.perf_counter() - block_started
            cpu_seconds += time.process_time() - cpu_started
            if backend_started is not None:
                backend_seconds += backend() - backend_started
            if floor and not (start // BLOCK) % 2:
                floor.run(BLOCK)
    if profiler:
        _print_profile(profiler, "results")
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED, event.status
    floor_seconds = floor.close() if floor else None

    return figures | {
        "one_statement_results": kind == "postgresql" and not general_path,
        "results": len(ordered),
        "all_results_seconds": round(results_seconds, 3),
        "all_results_target_seconds": round(1.5 * floor_seconds, 3) if floor_seconds else 3.0,
        "bare_pg_floor_seconds": round(floor_seconds, 3) if floor_seconds else None,
        "all_results_over_floor": (
            round(results_seconds / floor_seconds, 2) if floor_seconds else None
        ),
        "ms_per_result": round(1000 * results_seconds / len(ordered), 3),
        # The rest of the wall time is spent waiting for the database (and, on a busy
        # machine, for a CPU).
        "results_client_cpu_seconds": round(cpu_seconds, 3),
        "sql_statements_per_result": round(statements / len(ordered), 2),
        # The database's side of a result, beside the floor's for one transaction: CPU
        # time, which a busy machine skews less than the wall times above.
        **_backend_figures("", backend_seconds, len(ordered), floor),
    }


def _backend_figures(prefix: str, seconds: float, results: int, floor) -> dict:
    """The database backend's CPU milliseconds per result and per floor transaction
    (from /proc: PostgreSQL on this machine), and their ratio; {} where not measured.
    /proc counts in ticks (10 ms): a small run's floor may read 0, and has no ratio."""
    theirs = None if floor is None else floor.backend_cpu_ms()
    if theirs is None or not results:
        return {}
    mine = 1000 * seconds / results
    return {
        f"{prefix}backend_cpu_ms_per_result": round(mine, 3),
        f"{prefix}bare_pg_floor_backend_cpu_ms": theirs,
        f"{prefix}backend_cpu_over_floor": round(mine / theirs, 2) if theirs else None,
    }


def _events(tournament, official, name: str, bracket_format: str, *, first: int = 1) -> list:
    """Make the doubles events numbered ``first`` to BENCH_DRAWS, through the service."""
    from tournaments import services

    return [
        services.create_event(
            tournament=tournament,
            by=official,
            name=f"{name} {n}",
            game_key="texas_good_sams",
            format=bracket_format,
            team_size=2,
        )
        for n in range(first, int(os.environ.get("BENCH_DRAWS", "1")) + 1)
    ]


def _print_profile(profiler: cProfile.Profile, title: str) -> None:
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(30)
    print(f"===== profile: {title}\n{out.getvalue()}", file=sys.stderr)


def double(figures: dict, *, profile: bool = False, draw_only: bool = False) -> dict:
    """Draw a double elimination doubles event of the same players and give every result.

    The draw (partners, then the whole double elimination bracket, grand final with
    reset) is timed BENCH_DRAWS times, each in an event of its own, and reported as the
    median (and the best), against brackets-manager creating the same stage in memory
    (`_brackets_manager.py`, run before and after our draws: its median over both). The
    results go in play order (the draw writes a bracket last game first, so the highest
    id first), each won by the slot a fixed rule picks, through the service the desk
    uses: on PostgreSQL the winners' and losers' games are one statement each, the grand
    final takes the general path (result_statements.py says why). The floor is as many
    bare transactions, in blocks between blocks of results.
    """
    from django.contrib.auth import get_user_model

    from tournaments import services
    from tournaments.models import Entry, Event, Player

    tournament = Event.objects.get(name="Doubles").tournament
    official = get_user_model().objects.get(username__startswith="official-")
    events = _events(tournament, official, "Doubles double elimination", "double_elimination")
    players = list(Player.objects.values_list("pk", flat=True))
    Entry.objects.bulk_create(
        [Entry(event=each, player_id=pk) for each in events for pk in players]
    )
    teams = len(players) // 2
    manager = [brackets_manager(teams)]
    gc.collect()
    backend = backend_cpu()
    profiler = cProfile.Profile() if profile else None
    draws, cpu = [], []
    for each in events:
        if profiler:
            profiler.enable()
        started, cpu_started, backend_started = time.perf_counter(), time.process_time(), backend()
        services.draw_partners_for_event(event=each, by=official, seed=1)
        games = services.draw_bracket(event=each, by=official, seed=1)
        draws.append(time.perf_counter() - started)
        backend_used = None if backend_started is None else backend() - backend_started
        cpu.append((time.process_time() - cpu_started, backend_used))
        if profiler:
            profiler.disable()
    if profiler:
        _print_profile(profiler, "double elimination draw and bracket")
    manager.append(brackets_manager(teams))
    figures = figures | draw_figures(games, draws, cpu, manager)
    if draw_only:
        return figures
    return figures | _double_results(events[0], official)


def _double_results(event, official) -> dict:
    """Give every result of the drawn double elimination, in blocks beside the floor."""
    from django.db import connection

    from tournaments import services
    from tournaments.models import Event, Game

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")

    def needed(game) -> bool:
        return Game.objects.get(pk=game.pk).status in (Game.Status.READY, Game.Status.PLAYING)

    ids = list(
        Game.objects.filter(event=event)
        .exclude(status=Game.Status.BYE)
        .order_by("-pk")
        .values_list("pk", flat=True)
    )
    floor = Floor(len(ids)) if connection.vendor == "postgresql" else None
    backend, backend_seconds = backend_cpu(), 0.0
    seconds, given = 0.0, 0
    for start in range(0, len(ids), BLOCK):
        if floor and (start // BLOCK) % 2:
            floor.run(BLOCK)
        block = Game.objects.in_bulk(ids[start : start + BLOCK])
        began, backend_began = time.perf_counter(), backend()
        for pk in ids[start : start + BLOCK]:
            game = block[pk]
            if game.only_if_game_id is not None and not needed(game):
                continue  # the grand final reset, when it is not needed
            services.record_result(game=game, winner_seat=(pk * 7) % 2, by=official)
            given += 1
        seconds += time.perf_counter() - began
        if backend_began is not None:
            backend_seconds += backend() - backend_began
        if floor and not (start // BLOCK) % 2:
            floor.run(BLOCK)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED, event.status
    floor_seconds = floor.close() if floor else None
    return {
        "double_results": given,
        "double_all_results_seconds": round(seconds, 3),
        "double_bare_pg_floor_seconds": round(floor_seconds, 3) if floor_seconds else None,
        "double_results_over_floor": round(seconds / floor_seconds, 2) if floor_seconds else None,
        "double_results_target_over_floor": 1.5,
        "double_ms_per_result": round(1000 * seconds / max(given, 1), 3),
        **_backend_figures("double_", backend_seconds, given, floor),
    }


if __name__ == "__main__":
    profiling, drawing_only = "--profile" in sys.argv, "--draw-only" in sys.argv
    found = main(profile=profiling, draw_only=drawing_only)
    if "--format" in sys.argv and sys.argv[sys.argv.index("--format") + 1 :][:1] == ["double"]:
        found = double(found, profile=profiling, draw_only=drawing_only)
    limits = {
        "draw_and_bracket_seconds": 0.35,
        "draw_over_brackets_manager": 0.5,
        "all_results_over_floor": 1.5,
        "double_draw_over_brackets_manager": 0.5,
        "double_results_over_floor": 1.5,
    }
    if found["database"] != "postgresql":
        limits["all_results_seconds"] = 3.0  # no floor on SQLite
    report(found | goals(found, at_most=limits))
