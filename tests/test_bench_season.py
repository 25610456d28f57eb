"""bench/season.py runs end to end on a small season and prints its figures last."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_season_bench_prints_its_figures_as_one_json_object_last():
    env = {key: value for key, value in os.environ.items() if key not in {"DATABASE_URL"}} | {
        "BENCH_TOURNAMENTS": "2"
    }
    done = subprocess.run(
        [sys.executable, "bench/season.py"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    for key in ("leaderboard_seconds", "ratings_seconds", "season_page_queries", "peak_memory_mb"):
        assert key in figures
    assert figures["games"] == 400
    assert set(figures["goals_met"]) <= {"leaderboard_seconds", "ratings_seconds"}
    assert figures["season_page_queries"] == figures["season_page_queries_small"]
