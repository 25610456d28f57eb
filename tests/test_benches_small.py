"""Every bench runs end to end at a small size and prints its figures as one JSON object
last (issue 22: none stops working unnoticed). Timings are never asserted here.

They run in CI's PostgreSQL stage, on PostgreSQL as the benches' figures are (each in a
throwaway database of its own, ``BENCH_DATABASE``), and once: about five minutes on this
machine, which the SQLite stage does not spend again (there they are skipped as a
missing service). bench/season.py, bench/hall.py and bench/bracket.py have their own
tests.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import needs_database

ROOT = Path(__file__).resolve().parent.parent
SMALL = {
    "exports.py": {"BENCH_HANDS": "2000"},
    "hands.py --orm": {
        "BENCH_TEAMS": "8",
        "BENCH_PARALLEL_TEAMS": "8",
        "BENCH_PAGE_GAMES": "2",
        "BENCH_REPEATS": "1",
    },
    "import_players.py": {"BENCH_PLAYERS": "60"},
    "pages.py": {"BENCH_SECONDS": "1", "BENCH_ROUNDS": "1", "BENCH_CHANGES": "2"},
    "rules.py": {"BENCH_HANDS": "500"},
    "seating.py": {"BENCH_ENTRANTS": "60"},
    "standings.py": {"BENCH_PLAYERS": "40"},
}
OWN_TESTS = {"season.py", "hall.py", "bracket.py"}


def test_every_bench_is_run_here_or_by_a_test_of_its_own():
    scripts = {path.name for path in (ROOT / "bench").glob("[!_]*.py")}
    listed = {name.split()[0] for name in SMALL}
    assert scripts == listed | OWN_TESTS


@pytest.mark.parametrize("command", sorted(SMALL))
def test_a_bench_runs_small_and_prints_its_figures_last(command):
    needs_database("postgresql")
    script, *args = command.split()
    env = os.environ | SMALL[command]
    env["BENCH_DATABASE"] = "bench_small_" + script.removesuffix(".py") + "_".join(["", *args])
    env["BENCH_DATABASE"] = env["BENCH_DATABASE"].replace("-", "")
    # Each bench sends its own jobs nowhere: the background runs in its process.
    env.pop("CELERY_BROKER_URL", None)
    if script == "pages.py" and not shutil.which("gunicorn", path=str(Path(sys.executable).parent)):
        pytest.skip("gunicorn is not installed beside this Python")
    done = subprocess.run(
        [sys.executable, f"bench/{script}", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(figures, dict) and figures
    assert {"goals", "goals_met"} <= figures.keys()  # each bench says its goals, met or not
    if "--orm" in args:  # the general path timed beside the statements
        assert figures["bracket_hands_each_way"] > 0
        tables = figures["table_ms_per_hand_statement_and_general"]
        assert set(tables) == {"double_draw", "thats_it", "domino_pinochle", "double_takes"}
