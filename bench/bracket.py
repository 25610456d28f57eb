"""Benchmark: partner draw and bracket for 8,192 players, then every result through the service.

Run from the project root:

    python bench/bracket.py                                  # SQLite in a temp folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/domino_desk python bench/bracket.py

On PostgreSQL the script creates a throwaway database ``bench_bracket`` next to the one
named in DATABASE_URL and drops it afterwards. Targets: under 0.75 s for the partner
draw and the 4,096-team bracket; under 3 s for all 4,095 results.
The last line printed is one JSON object.
"""

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

PLAYERS = 8192
CHAPTERS = 60
BENCH_DB = "bench_bracket"


def _admin_connect(url: str):
    import psycopg

    parts = urlsplit(url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    return psycopg.connect(admin, autocommit=True)


def prepare_database() -> tuple[str, callable]:
    """Point DATABASE_URL at a fresh database; return its kind and a clean-up function."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if url.startswith("postgres"):
        with _admin_connect(url) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{BENCH_DB}"')
            conn.execute(f'CREATE DATABASE "{BENCH_DB}"')
        os.environ["DATABASE_URL"] = urlunsplit(urlsplit(url)._replace(path=f"/{BENCH_DB}"))

        def drop():
            from django.db import connections

            connections.close_all()
            with _admin_connect(url) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{BENCH_DB}"')

        return "postgresql", drop
    folder = tempfile.TemporaryDirectory()
    os.environ["DATABASE_URL"] = f"sqlite:///{Path(folder.name) / 'bench.sqlite3'}"
    return "sqlite", folder.cleanup


def main() -> dict:
    kind, clean_up = prepare_database()
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        return run(kind)
    finally:
        clean_up()


def run(kind: str) -> dict:
    import datetime
    import random

    from django.contrib.auth import get_user_model
    from django.db import connection

    from tournaments import services
    from tournaments.models import Chapter, Entry, Event, Game, Player, Tournament

    official = get_user_model().objects.create_user(username="bench", password="bench-bench")
    tournament = Tournament.objects.create(
        name="Bench rally",
        slug="bench",
        starts_on=datetime.date(2026, 11, 21),
        ends_on=datetime.date(2026, 11, 22),
    )
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
    event = Event.objects.create(
        tournament=tournament,
        name="Doubles",
        game_key="texas_good_sams",
        format=Event.Format.SINGLE_ELIMINATION,
        team_size=2,
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
    figures = main()
    print(json.dumps(figures))
