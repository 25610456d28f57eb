"""Write tables to files: CSV, XLSX (openpyxl's write-only mode) and a ZIP of every file.

Rows are written as they come: a CSV goes straight to its file, and the workbook is
written with openpyxl's write-only mode, which streams each row to a temporary file
instead of keeping the sheet in memory. So memory stays flat however many hands the
tournament holds.

CSV: UTF-8 (no byte-order mark), one header row, comma-separated, lines ending in
CRLF (RFC 4180), numbers unquoted, dates in ISO 8601.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from django.utils import timezone
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

from .cells import cell, csv_value
from .tables import Table

SHEET_TITLE_MAX = 31
_SHEET_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")


class Progress:
    """Count rows written and report a percentage now and then (at most twice a second).

    `report(percent)` saves it where the page reads it; 100 is left to the end, when the
    file is in place.
    """

    def __init__(self, report: Callable[[int], None] | None = None, total: int = 0):
        self.report = report
        self.total = max(total, 1)
        self.done = 0
        self.shown = 0
        self.shown_at = time.monotonic()

    def tick(self, count: int = 1) -> None:
        self.done += count
        if self.report is None:
            return
        percent = min(99, self.done * 100 // self.total)
        now = time.monotonic()
        if percent > self.shown and now - self.shown_at >= 0.5:
            self.shown, self.shown_at = percent, now
            self.report(percent)


def write_csv(table: Table, stream, progress: Progress) -> None:
    """Write one table as CSV to a binary stream."""
    text = io.TextIOWrapper(stream, encoding="utf-8", newline="", write_through=True)
    writer = csv.writer(text)
    writer.writerow(table.header)
    for row in table.rows():
        writer.writerow([csv_value(value) for value in row])
        progress.tick()
    text.flush()
    text.detach()


def write_zip(tables: Iterable[Table], path, progress: Progress, *, workbook: tuple) -> None:
    """Write each table as `<name>.csv` into one ZIP file, then the workbook (its file
    name and its sheets)."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for table in tables:
            with archive.open(f"{table.name}.csv", "w", force_zip64=True) as member:
                write_csv(table, member, progress)
        name, sheets = workbook
        with tempfile.TemporaryDirectory() as folder:
            built = Path(folder) / name
            write_xlsx(sheets, built, progress)
            archive.write(built, name)


@dataclass
class Sheet:
    """One sheet of a workbook: its title and its blocks (a header and rows), a blank row
    between blocks."""

    title: str
    blocks: list[tuple[tuple[str, ...], Callable[[], Iterable[list]]]]


def sheet_title(name: str, taken: set[str]) -> str:
    """Return a sheet title Excel accepts: 31 characters, none of []:*?/\\, not yet taken."""
    base = _SHEET_FORBIDDEN.sub(" ", name).strip().strip("'") or "Sheet"
    base = base[:SHEET_TITLE_MAX]
    title, count = base, 1
    while title.casefold() in taken:
        count += 1
        suffix = f" ({count})"
        title = base[: SHEET_TITLE_MAX - len(suffix)] + suffix
    taken.add(title.casefold())
    return title


# A decimal (points against, match points) is shown with its one decimal, as the CSV
# and the pages write it: 61.0, never 61.
DECIMAL_FORMAT = "0.0"


def _xlsx_value(sheet, value):
    """Return a value for a write-only sheet: dates as ISO-formatted date cells, decimals
    with their one decimal."""
    if isinstance(value, str):
        value = ILLEGAL_CHARACTERS_RE.sub("", value)  # before the formula check, not after
    value = cell(value)
    if isinstance(value, datetime.datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value)
        found = WriteOnlyCell(sheet, value=value.replace(tzinfo=None))
        found.number_format = "yyyy-mm-dd hh:mm:ss"
        return found
    if isinstance(value, datetime.date):
        found = WriteOnlyCell(sheet, value=value)
        found.number_format = "yyyy-mm-dd"
        return found
    if isinstance(value, float):
        found = WriteOnlyCell(sheet, value=value)
        found.number_format = DECIMAL_FORMAT
        return found
    return value


def write_xlsx(sheets: Iterable[Sheet], path, progress: Progress) -> None:
    """Write the sheets to one workbook, row by row (openpyxl write-only mode)."""
    book = Workbook(write_only=True)
    for sheet in sheets:
        page = book.create_sheet(sheet.title)
        for index, (header, rows) in enumerate(sheet.blocks):
            if index:
                page.append([])
            page.append(list(header))
            for row in rows():
                page.append([_xlsx_value(page, value) for value in row])
                progress.tick()
    if not book.worksheets:
        book.create_sheet("Empty")
    book.save(path)


def table_sheets(tables: Iterable[Table]) -> list[Sheet]:
    """Return one sheet per table."""
    return [Sheet(table.title, [(table.header, table.rows)]) for table in tables]
