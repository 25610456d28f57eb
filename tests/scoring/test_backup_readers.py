"""A restore reads each column's usual values at once (`fields.reader`); every value must
be read, or refused with the same words, as `column_value` does."""

import datetime

import pytest

from scoring.backup.fields import column_value, reader
from scoring.backup.format import SECTIONS, BackupError

VALUES = (
    None,
    0,
    1,
    -1,
    2**31,
    -(2**31) - 1,
    2**53 + 1,
    True,
    False,
    1.5,
    "",
    "x",
    "a\x00b",
    "x" * 300,
    "added",
    "bogus",
    "finished",
    "2026-11-21",
    "2026-11-21T10:00:00+00:00",
    "2026-11-21T10:00:00",
    "07abf5f6-cfa4-4e52-a90a-4b78c044b0bf",
    [],
    {},
    {"a": 1},
    [1, 2],
)


def _answer(read):
    try:
        return ("value", read())
    except BackupError as exc:
        return ("refused", str(exc))


@pytest.mark.parametrize("section", SECTIONS, ids=lambda section: section.name)
@pytest.mark.parametrize("walk", (True, False))
def test_each_column_reads_every_value_as_column_value_does(section, walk):
    where = f"Record 1 of the {section.name}"
    for column in section.columns:
        read = reader(section.model, column)
        for value in VALUES:
            fast = _answer(lambda: read(value, where, walk))  # noqa: B023
            slow = _answer(
                lambda: column_value(section.model, column, value, where, walk=walk)  # noqa: B023
            )
            assert fast == slow, (column.name, value)
            if fast[0] == "value" and not isinstance(fast[1], datetime.date | dict | list):
                assert type(fast[1]) is type(slow[1]), (column.name, value)
