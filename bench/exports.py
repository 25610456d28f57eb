"""Benchmark: exports, backup and restore of a tournament of 10,000 hands.

Run from the project root:

    python bench/exports.py                                    # SQLite in a temp folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/domino_desk python bench/exports.py

On PostgreSQL the script uses a throwaway database ``bench_exports`` next to the one
named in DATABASE_URL (made afresh on every run).

The tournament is a Double Draw rounds event of 500 players over 8 rounds at tables of
4: 1,000 games of 10 legal hands each, written in bulk as in `bench/standings.py`. Timed
(each the best of 3, without memory tracing):

- the whole-tournament workbook (XLSX, openpyxl write-only), as the export task writes it;
- hands.csv, and the ZIP of every CSV (games, hands, standings and the rest);
- the backup file (one snapshot) and its restore as a new tournament (all or nothing).

Peak memory (tracemalloc) is measured apart, and measured again for a tournament of four
times the hands (40,000): the exports stream rows, so their peak should hardly grow.
Targets: XLSX under 5 s, backup round trip (export + restore) under 10 s. The last line
printed is one JSON object.
"""

import io
import os
import random
import tempfile
import time
import tracemalloc
from pathlib import Path

from _common import report, setup_django

PLAYERS = 500  # 1,000 games, 10,000 hands
GROWTH = 4
RUNS = 3
XLSX_TARGET = 5.0
ROUND_TRIP_TARGET = 10.0


def build(slug: str, players: int, rng):
    """Return a tournament with one played rounds event of `players` players."""
    import datetime

    from django.contrib.auth import get_user_model
    from standings import build_event

    from tournaments import services

    official, _ = get_user_model().objects.get_or_create(username="official-exports")
    day = datetime.date(2026, 11, 21)
    tournament = services.create_tournament(
        by=official, name=f"Bench {slug}", slug=slug, starts_on=day, ends_on=day
    )
    _, hands = build_event(tournament, official, players, "Double Draw", rng)
    return official, tournament, hands


def export_to(tournament, kind: str, format: str, folder: Path) -> Path:
    """Write one export's file as the Celery task does (without the task's row)."""
    from scoring.exports import write_export
    from scoring.models import Export

    export = Export(tournament=tournament, kind=kind, format=format)
    path = folder / f"{tournament.slug}-{kind}.{format}"
    write_export(export, path)
    return path


def backup_to_bytes(tournament) -> bytes:
    from scoring.backup import write_backup

    stream = io.BytesIO()
    write_backup(tournament, stream)
    return stream.getvalue()


def restore(raw: bytes, official, slug: str):
    from scoring.backup import import_tournament, read_backup

    return import_tournament(found=read_backup(raw), by=official, slug=slug)


def best(call, runs=RUNS) -> tuple[float, object]:
    """Return the best time of `runs` calls, and the last call's result."""
    timings, result = [], None
    for run in range(runs):
        started = time.perf_counter()
        result = call(run)
        timings.append(time.perf_counter() - started)
    return min(timings), result


def peak_mb(call) -> float:
    tracemalloc.start()
    call()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return round(peak / 2**20, 2)


def measure(official, tournament, folder: Path) -> dict:
    """Time and measure every export of the tournament."""
    xlsx_seconds, xlsx = best(lambda _: export_to(tournament, "workbook", "xlsx", folder))
    csv_seconds, hands_csv = best(lambda _: export_to(tournament, "hands", "csv", folder))
    zip_seconds, _ = best(lambda _: export_to(tournament, "results", "zip", folder))
    backup_seconds, raw = best(lambda _: backup_to_bytes(tournament))
    import_seconds, _ = best(lambda run: restore(raw, official, f"{tournament.slug}-r{run}"))
    return {
        "xlsx_seconds": round(xlsx_seconds, 3),
        "xlsx_mb_file": round(xlsx.stat().st_size / 2**20, 2),
        "hands_csv_seconds": round(csv_seconds, 3),
        "hands_csv_rows": hands_csv.read_bytes().count(b"\r\n") - 1,
        "csv_zip_seconds": round(zip_seconds, 3),
        "backup_export_seconds": round(backup_seconds, 3),
        "backup_mb_file": round(len(raw) / 2**20, 2),
        "backup_import_seconds": round(import_seconds, 3),
        "backup_round_trip_seconds": round(backup_seconds + import_seconds, 3),
        "xlsx_peak_mb": peak_mb(lambda: export_to(tournament, "workbook", "xlsx", folder)),
        "hands_csv_peak_mb": peak_mb(lambda: export_to(tournament, "hands", "csv", folder)),
        "backup_export_peak_mb": peak_mb(lambda: backup_to_bytes(tournament)),
        "backup_import_peak_mb": peak_mb(lambda: restore(raw, official, f"{tournament.slug}-m")),
    }


def main() -> dict:
    kind = setup_django("exports")
    from django.db import connection

    folder = Path(tempfile.mkdtemp(prefix="bench-exports-files-"))
    os.environ.setdefault("DATA_DIR", str(folder))
    rng = random.Random(2026)
    official, tournament, hands = build("bench", PLAYERS, rng)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    figures = {"database": kind, "hands": hands, "games": hands // 10}
    figures.update(measure(official, tournament, folder))

    _, bigger, big_hands = build("bigger", PLAYERS * GROWTH, rng)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    started = time.perf_counter()
    export_to(bigger, "workbook", "xlsx", folder)
    figures["hands_x4"] = big_hands
    figures["xlsx_seconds_x4"] = round(time.perf_counter() - started, 3)
    figures["xlsx_peak_mb_x4"] = peak_mb(lambda: export_to(bigger, "workbook", "xlsx", folder))
    figures["hands_csv_peak_mb_x4"] = peak_mb(lambda: export_to(bigger, "hands", "csv", folder))
    figures["xlsx_target_seconds"] = XLSX_TARGET
    figures["backup_round_trip_target_seconds"] = ROUND_TRIP_TARGET
    return figures


if __name__ == "__main__":
    report(main())
