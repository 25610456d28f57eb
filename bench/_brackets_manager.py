"""brackets-manager beside our draws (bench/bracket.py): its in-memory stage timed by
node, the database backend's CPU read from /proc, and the draws' figures with their
ratios: the single elimination draw's (wall), the double elimination's (wall and CPU)."""

import json
import os
import shutil
import statistics
import subprocess

from _common import ROOT, process_cpu


def draw_figures(games, draws: list, cpu: list, manager: list) -> dict:
    """The double elimination draw's figures beside brackets-manager's.

    ``cpu`` holds each draw's CPU seconds: this process's and the database backend's
    (None where /proc cannot tell). On a busy machine the wall times wait for a CPU;
    the CPU ratio says what each side costs, whatever the load.
    """
    median = statistics.median(draws)
    client = statistics.median(mine for mine, _ in cpu)
    both = None if None in (theirs for _, theirs in cpu) else [sum(pair) for pair in cpu]
    found = {
        "double_games": len(games),
        "double_draws": len(draws),
        "double_draw_and_bracket_seconds": round(median, 3),
        "double_draw_and_bracket_best_seconds": round(min(draws), 3),
        "double_draw_and_bracket_worst_seconds": round(max(draws), 3),
        "double_draw_client_cpu_seconds": round(client, 3),
        "double_draw_client_and_database_cpu_seconds": (
            round(statistics.median(both), 3) if both else None
        ),
    }
    skipped = [
        run["brackets_manager_skipped"] for run in manager if "brackets_manager_skipped" in run
    ]
    if skipped:
        return found | {"brackets_manager_skipped": skipped[0]}
    runs = [seconds for run in manager for seconds in run["brackets_manager_run_seconds"]]
    theirs = statistics.median(runs)
    their_cpu = statistics.median(
        seconds for run in manager for seconds in run["brackets_manager_run_cpu_seconds"]
    )
    if both:
        found["double_draw_cpu_over_brackets_manager_cpu"] = round(
            statistics.median(both) / their_cpu, 3
        )
    return found | {
        "brackets_manager_double_create_cpu_seconds": round(their_cpu, 3),
        "brackets_manager_version": manager[0]["brackets_manager_version"],
        "brackets_manager_matches": manager[0]["brackets_manager_matches"],
        "brackets_manager_runs": len(runs),
        "brackets_manager_double_create_seconds": round(theirs, 3),
        "brackets_manager_double_create_best_seconds": round(min(runs), 3),
        "brackets_manager_double_create_worst_seconds": round(max(runs), 3),
        "double_draw_over_brackets_manager": round(median / theirs, 3),
        "double_draw_target_over_brackets_manager": 0.5,
    }


def backend_cpu():
    """Return a reader of the CPU seconds the database backend of this connection has
    used (user and system, from /proc: the server on this machine), or of None."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return lambda: None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return process_cpu(cursor.fetchone()[0])


def single_figures(median: float, manager: list) -> dict:
    """The single elimination draw's median beside brackets-manager creating the same
    single elimination stage (its runs before and after our draws)."""
    skipped = [
        run["brackets_manager_skipped"] for run in manager if "brackets_manager_skipped" in run
    ]
    if skipped:
        return {"brackets_manager_skipped": skipped[0]}
    theirs = statistics.median(
        seconds for run in manager for seconds in run["brackets_manager_run_seconds"]
    )
    return {
        "brackets_manager_single_create_seconds": round(theirs, 3),
        "draw_over_brackets_manager": round(median / theirs, 3),
        "draw_target_over_brackets_manager": 0.5,
    }


def brackets_manager(teams: int, stage: str = "double_elimination") -> dict:
    """Time brackets-manager creating the same stage in memory (double elimination with
    its reset, or single elimination).

    Runs bench/brackets_manager_stage.mjs with node (a warm-up, then BENCH_BM_RUNS
    runs, each timed inside node); returns its figures and its runs' seconds, or
    ``brackets_manager_skipped`` saying why when node or the package is missing (the
    devDependencies of package.json: `npm ci`).
    """
    node = shutil.which("node")
    if node is None:
        return {"brackets_manager_skipped": "node is not installed: no brackets-manager figure"}
    if not (ROOT / "node_modules" / "brackets-manager" / "package.json").exists():
        return {
            "brackets_manager_skipped": "brackets-manager is not in node_modules "
            "(npm ci installs the devDependencies): no brackets-manager figure"
        }
    runs = os.environ.get("BENCH_BM_RUNS", "3")
    done = subprocess.run(
        [node, str(ROOT / "bench" / "brackets_manager_stage.mjs"), str(teams), runs, stage],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])
