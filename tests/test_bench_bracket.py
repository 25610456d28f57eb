"""bench/bracket.py --orm --format double runs end to end at a small size and prints its
figures last: single elimination's (with the draw's rows written through the ORM beside
them), then double elimination's beside brackets-manager's (or why that figure is
missing: node or the package not installed).

It runs on the database the suite runs on: SQLite, or on PostgreSQL a throwaway database
named after the test database (so that two runs on one server do not meet), dropped at
the end. There the results go through the one statement and beside the bare floor.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
RUN = {"timeout": 600, "check": True}


def _bench_name() -> str:
    """The bench's database (PostgreSQL): bench_test_<the suite's database>."""
    url = os.environ.get("DATABASE_URL", "")
    return "test_" + (urlsplit(url).path.lstrip("/") or "bracket")


def _drop(name: str) -> None:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return
    import psycopg

    admin = urlsplit(url)._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "bench_{name}" WITH (FORCE)')


def test_the_double_elimination_bench_prints_its_figures_and_brackets_managers():
    name = _bench_name()
    env = os.environ | {
        "BENCH_PLAYERS": "64",
        "BENCH_DRAWS": "2",
        "BENCH_BM_RUNS": "2",
        "BENCH_NAME": name,
    }
    try:
        command = [sys.executable, "bench/bracket.py", "--orm", "--format", "double"]
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, **RUN)
    finally:
        _drop(name)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["teams"] == 32
    assert figures["goals_met"].keys() <= figures["goals"]["at_most"].keys()
    assert figures["double_games"] == 63  # 31 winners', 30 losers', the final and its reset
    assert figures["double_draws"] == 2
    for key in ("draw_and_bracket_seconds", "all_results_seconds", "double_all_results_seconds"):
        assert figures[key] > 0
    assert figures["double_draw_and_bracket_seconds"] > 0
    assert figures["draw_and_bracket_orm_median_seconds"] > 0  # --orm: the ORM writers
    assert figures["draw_sql_over_orm"] > 0
    if figures["database"] == "postgresql":
        assert figures["one_statement_results"]
        assert figures["double_bare_pg_floor_seconds"] > 0
        assert figures["double_results_over_floor"] > 0
        assert figures["double_draw_client_and_database_cpu_seconds"] > 0
    installed = (ROOT / "node_modules" / "brackets-manager" / "package.json").exists()
    if shutil.which("node") and installed:
        assert figures["brackets_manager_version"] == "1.11.1"
        assert figures["brackets_manager_matches"] == 63  # the same stage as ours
        assert figures["brackets_manager_runs"] == 4
        assert figures["brackets_manager_double_create_seconds"] >= 0
        assert "double_draw_over_brackets_manager" in figures
        assert figures["brackets_manager_double_create_cpu_seconds"] >= 0
        assert figures["brackets_manager_single_create_seconds"] >= 0  # the single draw's
        assert figures["draw_over_brackets_manager"] > 0
    else:
        assert "no brackets-manager figure" in figures["brackets_manager_skipped"]
        assert "double_draw_over_brackets_manager" not in figures


def _bench_module():
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import _brackets_manager
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return _brackets_manager


def test_the_bench_says_why_when_node_or_the_package_is_missing(monkeypatch, tmp_path):
    bracket = _bench_module()
    monkeypatch.setattr(bracket, "ROOT", tmp_path)
    missing = bracket.brackets_manager(8)
    assert "brackets-manager is not in node_modules" in missing["brackets_manager_skipped"]
    monkeypatch.setattr(bracket.shutil, "which", lambda _name: None)
    skipped = bracket.brackets_manager(8)
    assert skipped == {
        "brackets_manager_skipped": "node is not installed: no brackets-manager figure"
    }
    figures = bracket.draw_figures([None] * 15, [0.2, 0.1, 0.3], [(0.1, None)] * 3, [skipped] * 2)
    assert figures["brackets_manager_skipped"] == skipped["brackets_manager_skipped"]
    assert figures["double_draw_and_bracket_seconds"] == 0.2
    assert "double_draw_over_brackets_manager" not in figures
    assert figures["double_draw_client_and_database_cpu_seconds"] is None
    single = bracket.single_figures(0.2, [skipped] * 2)
    assert single == {"brackets_manager_skipped": skipped["brackets_manager_skipped"]}
    ran = {"brackets_manager_run_seconds": [0.3, 0.5, 0.4]}
    assert bracket.single_figures(0.2, [ran, ran])["draw_over_brackets_manager"] == 0.5
