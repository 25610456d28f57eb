"""The README's description of the backup format is the format the code writes and reads."""

import re
from pathlib import Path

from scoring.backup.format import READS, SECTIONS, TOURNAMENT_COLUMNS, VERSION

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def _table() -> dict[str, list[tuple[str, str | None, bool]]]:
    """Return the README's sections: each field's name, the section it points to, nullable."""
    part = README[README.index("| section | fields") :]
    rows = {}
    for line in part.splitlines()[2:]:
        if not line.startswith("|"):
            break
        _, section, fields, _ = line.split("|")
        found = []
        for item in (part.strip() for part in fields.split(", ")):
            name = item.split()[0]
            ref = re.search(r"→ (\w+)", item) if "(" not in item else None
            found.append((name, ref.group(1) if ref else None, item.endswith("or null")))
        rows[section.strip()] = found
    return rows


def test_the_readme_table_lists_every_section_and_field_in_order():
    table = _table()
    assert list(table) == [section.name for section in SECTIONS]
    for section in SECTIONS:
        listed = [(name, ref) for name, ref, _ in table[section.name]]
        assert listed == [(c.name, c.ref) for c in section.columns], section.name


def test_the_readme_says_which_references_may_be_empty():
    table = _table()
    for section in SECTIONS:
        for (name, ref, null), column in zip(table[section.name], section.columns, strict=True):
            if ref:
                assert null == column.null, f"{section.name}.{name}"


def test_the_readme_names_the_version_written_and_the_tournament_fields():
    assert f"**Format, version {VERSION}.**" in README
    assert f'"version":{VERSION},' in README
    head = re.search(r'"tournament":\{([^}]*)\}', README).group(1)
    assert head.replace('"', "").split(",") == [c.name for c in TOURNAMENT_COLUMNS]
    assert f"Version {READS[0]} files are still read" in README
