"""What goes into one cell of an exported file: numbers stay numbers, text is made safe.

A spreadsheet reads a text cell that starts with `=`, `+`, `-` or `@` (or a tab or a
carriage return, which some programs skip before reading on) as a formula: a player
registered as `=HYPERLINK(...)` would run in the secretary's spreadsheet. Every text
cell that starts with one of those characters gets a leading apostrophe, in CSV and
XLSX alike, so it is shown as the text it is. Numbers are never text: a negative total
stays the number -5.
"""

import datetime
from decimal import Decimal

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_text(value: str) -> str:
    """Return text a spreadsheet shows as text: "'=1+1" for "=1+1", other text unchanged."""
    if value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def cell(value):
    """Return a value ready for a CSV or XLSX cell.

    Whole numbers stay ints, decimals become floats (one decimal, as the standings show
    them), dates stay dates (written as ISO dates), booleans become "yes"/"no", None an
    empty cell, and any text is made safe.
    """
    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return value
    if isinstance(value, (Decimal, float)):
        return float(value)
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value
    return safe_text(str(value))


def csv_value(value) -> str | int | float:
    """Return a cell as CSV writes it: dates and times in ISO 8601, None as empty."""
    value = cell(value)
    if value is None:
        return ""
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return value
