"""Benchmark: partner draw and bracket for 8,192 players, then every result through the service.

Run from the project root:

    python bench/bracket.py                                  # SQLite in a temp folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/domino_desk python bench/bracket.py

On PostgreSQL the script uses a throwaway database ``bench_bracket`` next to the one
named in DATABASE_URL (made afresh on every run). Targets: under 0.75 s for the partner
draw and the 4,096-team bracket; under 3 s for all 4,095 results.
The last line printed is one JSON object.
"""

import random
import time

from _common import doubles_event, report, setup_django

PLAYERS = 8192
CHAPTERS = 60


def main() -> dict:
    kind = setup_django("bracket")
    from django.db import connection

    from tournaments import services
    from tournaments.models import Chapter, Entry, Event, Game, Player

    official, tournament, event = doubles_event()
    chapters = Chapter.objects.bulk_create(
        [Chapter(tournament=tournament, name=f"Chapter {n}") for n in range(CHAPTERS)]
    )
    rng = random.Random(2026)
    players = Player.objects.bulk_create(
        [
            Player(
                tournament=tournament,
                name=f"Player {n}",
                chapter=rng.choice(chapters),
                checked_in=True,
            )
            for n in range(PLAYERS)
        ]
    )
    Entry.objects.bulk_create([Entry(event=event, player=p) for p in players])

    started = time.perf_counter()
    drawn = services.draw_partners_for_event(event=event, by=official, seed=1)
    partners_done = time.perf_counter()
    games = services.draw_bracket(event=event, by=official, seed=1)
    bracket_done = time.perf_counter()

    if connection.vendor == "postgresql":
        # Fresh tables have no planner statistics yet; autovacuum would gather them soon.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    ordered = list(
        Game.objects.filter(event=event, stage=1)
        .exclude(status=Game.Status.BYE)
        .order_by("round_number", "position")
    )
    statements = 0

    def count(execute, sql, params, many, context):
        nonlocal statements
        statements += len(params) if many else 1
        return execute(sql, params, many, context)

    results_started, cpu_started = time.perf_counter(), time.process_time()
    with connection.execute_wrapper(count):
        for game in ordered:
            services.record_result(game=game, winner_seat=game.position % 2, by=official)
    results_done, cpu_done = time.perf_counter(), time.process_time()
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED, event.status

    draw_seconds = bracket_done - started
    results_seconds = results_done - results_started
    return {
        "database": kind,
        "players": PLAYERS,
        "chapters": CHAPTERS,
        "teams": len(drawn.pairs),
        "same_chapter_teams": len(drawn.same_chapter_pairs),
        "games": len(games),
        "partner_draw_seconds": round(partners_done - started, 3),
        "bracket_draw_seconds": round(bracket_done - partners_done, 3),
        "draw_and_bracket_seconds": round(draw_seconds, 3),
        "draw_and_bracket_target_seconds": 0.75,
        "results": len(ordered),
        "all_results_seconds": round(results_seconds, 3),
        "all_results_target_seconds": 3.0,
        "ms_per_result": round(1000 * results_seconds / len(ordered), 3),
        # The rest of the wall time is spent waiting for the database (and, on a busy
        # machine, for a CPU).
        "results_client_cpu_seconds": round(cpu_done - cpu_started, 3),
        "sql_statements_per_result": round(statements / len(ordered), 2),
    }


if __name__ == "__main__":
    report(main())
