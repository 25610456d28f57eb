"""Check each app's branch coverage against its own gate; `make test` runs it after pytest.

coverage.py has one `--fail-under` for the whole tree, but the apps are held to different
figures: the pure rules in `games/` are covered in full, the other apps nearly so. The
gates are in pyproject.toml, `[tool.coverage-gate]` (app = lowest percent). This reads
the JSON report (`coverage json`, or pytest's `--cov-report=json:FILE`), prints each
app's figure, and exits 1 naming every app under its gate.

    python tools/coverage_gate.py [data/coverage.json]

An app's figure is counted as coverage.py counts a total: covered lines and branches over
all lines and branches of the app's files.
"""

import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_REPORT = ROOT / "data" / "coverage.json"


def read_gates(pyproject: Path = ROOT / "pyproject.toml") -> dict[str, float]:
    """Return each app's gate (the lowest percent it may have) from pyproject.toml."""
    with pyproject.open("rb") as file:
        found = tomllib.load(file).get("tool", {}).get("coverage-gate", {})
    if not found:
        raise SystemExit(f"No [tool.coverage-gate] table in {pyproject}: nothing to check.")
    return {app: float(percent) for app, percent in found.items()}


def app_figures(report: dict, apps) -> dict[str, tuple[int, int] | None]:
    """Return, per app, (covered, total) lines and branches; None for an app not measured."""
    sums = {app: [0, 0] for app in apps}
    for name, measured in report["files"].items():
        path = Path(name)
        if path.is_absolute():
            path = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        app = path.parts[0]
        if app not in sums:
            continue
        summary = measured["summary"]
        sums[app][0] += summary["covered_lines"] + summary.get("covered_branches", 0)
        sums[app][1] += summary["num_statements"] + summary.get("num_branches", 0)
    return {app: (covered, total) if total else None for app, (covered, total) in sums.items()}


def percent(covered: int, total: int) -> float:
    return 100.0 * covered / total


def check(report: dict, gates: dict[str, float]) -> list[str]:
    """Print each app's figure; return a message for each app under its gate."""
    failures = []
    figures = app_figures(report, gates)
    for app, gate in gates.items():
        found = figures[app]
        if found is None:
            print(f"{app + '/':14} not measured (gate {gate:g}%)")
            failures.append(
                f"{app}/ was not measured: is it in [tool.coverage.run] source, and did the "
                "tests run?"
            )
            continue
        figure = percent(*found)
        # Shown and compared at two decimals, so 99.996% never passes as 100%.
        shown = int(figure * 100) / 100
        verdict = "ok" if shown >= gate else "UNDER THE GATE"
        print(f"{app + '/':14} {shown:6.2f}%  (gate {gate:g}%)  {verdict}")
        if shown < gate:
            failures.append(
                f"{app}/ is at {shown:.2f}% branch coverage, under its gate of {gate:g}%: "
                "test the lines and branches the report lists as missing"
            )
    return failures


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else DEFAULT_REPORT
    if not path.exists():
        print(f"No coverage report at {path}: run the tests with coverage first (make test).")
        return 1
    report = json.loads(path.read_text())
    failures = check(report, read_gates())
    for failure in failures:
        print(f"Coverage gate: {failure}.")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
