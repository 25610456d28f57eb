"""docs/rules.md names the test that holds each ruling: every test it names must exist."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"


def cited_tests() -> list[tuple[str, str]]:
    """Return (test file, test name) for every `file::test` or `::test` the page cites."""
    cited = []
    for line in RULES.read_text(encoding="utf-8").splitlines():
        current = None
        for file, name in re.findall(r"`(?:([\w/]+\.py))?::(test_\w+)`", line):
            current = file or current
            assert current, f"{name} is cited without its file: {line[:80]}"
            cited.append((current, name))
    return cited


def test_the_rules_page_cites_tests_on_every_ruling():
    rows = [
        line
        for line in RULES.read_text(encoding="utf-8").splitlines()
        if line.startswith("| ") and not line.startswith("| ruling")
    ]
    assert rows
    assert all("::test_" in row for row in rows), [r[:60] for r in rows if "::test_" not in r]


def test_every_test_the_rules_page_cites_exists():
    missing = []
    for file, name in cited_tests():
        path = ROOT / "tests" / file
        if not path.exists() or not re.search(rf"^def {name}\(", path.read_text(), re.M):
            missing.append(f"{file}::{name}")
    assert not missing, missing


def test_nothing_cites_a_rules_file_outside_the_repository():
    sources = [
        p
        for folder in ("games", "tournaments", "scoring", "config", "tests", "docs")
        for p in (ROOT / folder).rglob("*")
        if p.suffix in {".py", ".md", ".html"} and p != Path(__file__)
    ]
    sources.append(ROOT / "README.md")
    citing = [str(p.relative_to(ROOT)) for p in sources if "RULES.md" in p.read_text()]
    assert not citing, citing
