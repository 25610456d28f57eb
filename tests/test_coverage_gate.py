"""The coverage gate `make test` runs: each app against its own figure, with a clear message."""

import json
import os
import re
import subprocess

import coverage
import pytest

from tools import coverage_gate


def summary(lines, covered_lines, branches=0, covered_branches=0):
    return {
        "summary": {
            "num_statements": lines,
            "covered_lines": covered_lines,
            "num_branches": branches,
            "covered_branches": covered_branches,
        }
    }


def report(**files):
    return {"files": {name.replace("__", "/") + ".py": found for name, found in files.items()}}


def test_it_counts_an_app_as_coverage_counts_a_total_lines_and_branches_together():
    found = report(
        games__a=summary(10, 10, 4, 4),
        games__b=summary(6, 5, 2, 1),
        scoring__c=summary(100, 100),
    )
    figures = coverage_gate.app_figures(found, ["games", "scoring", "config"])
    assert figures == {"games": (20, 22), "scoring": (100, 100), "config": None}


def test_it_reads_an_absolute_file_name_under_the_project_as_its_app():
    name = str(coverage_gate.ROOT / "tournaments" / "models.py")
    found = {"files": {name: summary(4, 4), "/elsewhere/games/x.py": summary(4, 0)}}
    assert coverage_gate.app_figures(found, ["tournaments", "games"]) == {
        "tournaments": (4, 4),
        "games": None,
    }


def test_every_app_at_or_over_its_gate_passes(capsys):
    found = report(games__a=summary(10, 10, 2, 2), scoring__b=summary(100, 95))
    assert coverage_gate.check(found, {"games": 100, "scoring": 95}) == []
    printed = capsys.readouterr().out
    assert "games/         100.00%  (gate 100%)  ok" in printed
    assert "scoring/        95.00%  (gate 95%)  ok" in printed


def test_an_app_under_its_gate_fails_naming_the_app_its_figure_and_its_gate(capsys):
    found = report(games__a=summary(10000, 9999), tournaments__b=summary(100, 90))
    failures = coverage_gate.check(found, {"games": 100, "tournaments": 95})
    assert failures == [
        "games/ is at 99.99% branch coverage, under its gate of 100%: test the lines and "
        "branches the report lists as missing",
        "tournaments/ is at 90.00% branch coverage, under its gate of 95%: test the lines and "
        "branches the report lists as missing",
    ]
    assert "UNDER THE GATE" in capsys.readouterr().out


def test_a_figure_a_hair_under_100_is_not_rounded_up_to_pass():
    found = report(games__a=summary(100000, 99999))
    assert coverage_gate.check(found, {"games": 100})


def test_an_app_not_measured_fails():
    failures = coverage_gate.check(report(games__a=summary(1, 1)), {"config": 95})
    assert failures == [
        "config/ was not measured: is it in [tool.coverage.run] source, and did the tests run?"
    ]


def test_the_gates_come_from_pyproject():
    assert coverage_gate.read_gates() == {
        "games": 100,
        "tournaments": 95,
        "scoring": 95,
        "config": 95,
    }


def test_a_pyproject_without_gates_is_refused(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\n')
    with pytest.raises(SystemExit, match=r"No \[tool.coverage-gate\] table"):
        coverage_gate.read_gates(pyproject)


def test_main_exits_1_with_every_failure_and_0_when_all_pass(tmp_path, capsys):
    path = tmp_path / "coverage.json"
    path.write_text(json.dumps(report(games__a=summary(2, 1))))
    assert coverage_gate.main(["gate", str(path)]) == 1
    printed = capsys.readouterr().out
    assert "Coverage gate: games/ is at 50.00% branch coverage" in printed
    assert "Coverage gate: config/ was not measured" in printed
    every = report(
        games__a=summary(1, 1),
        tournaments__a=summary(1, 1),
        scoring__a=summary(1, 1),
        config__a=summary(1, 1),
    )
    path.write_text(json.dumps(every))
    assert coverage_gate.main(["gate", str(path)]) == 0


def test_main_without_a_report_says_how_to_make_one(tmp_path, capsys):
    assert coverage_gate.main(["gate", str(tmp_path / "none.json")]) == 1
    assert "run the tests with coverage first" in capsys.readouterr().out


@pytest.mark.parametrize(("alone", "left_out"), [(None, False), ("", True)])
def test_code_only_postgresql_runs_is_left_out_only_of_a_run_on_sqlite_alone(
    monkeypatch, alone, left_out
):
    if alone is None:
        monkeypatch.delenv("COVERAGE_SQLITE_ALONE", raising=False)
    else:
        monkeypatch.setenv("COVERAGE_SQLITE_ALONE", alone)
    found = coverage.Coverage(config_file=str(coverage_gate.ROOT / "pyproject.toml"))
    patterns = found.get_exclude_list()
    marked = "    def _insert_many(self, rows):  # PostgreSQL only"
    assert any(re.search(p, marked) for p in patterns) is left_out
    assert not any(re.search(p, "    def _insert(self, rows):") for p in patterns)


@pytest.mark.parametrize(
    ("database", "seen"),
    [(None, "[]"), ("sqlite:///x.sqlite3", "[]"), ("postgres://postgres@127.0.0.1/x", "[unset]")],
)
def test_make_leaves_it_out_only_without_postgresql(database, seen):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "MAKEFLAGS")}
    env.pop("COVERAGE_SQLITE_ALONE", None)
    if database:
        env["DATABASE_URL"] = database
    show = 'show-alone: ; @echo "[$${COVERAGE_SQLITE_ALONE-unset}]"'
    shown = subprocess.run(
        ["make", "-s", "--eval", show, "show-alone"],
        cwd=coverage_gate.ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert shown.stdout.strip() == seen
