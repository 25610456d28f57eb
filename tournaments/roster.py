"""Read a roster file (CSV or XLSX) into rows to import. Pure: no Django, no database.

A roster has a header row naming its columns: `name` (required) and `chapter`
(optional). Every bad row is reported as a `Problem`: its line number, the name on
it, what is wrong and why the desk refuses it, so the official can fix the file and
import it whole.

Uploads are hostile until read: a file is read row by row and given up as soon as it
passes a limit, which is named in the problem shown. An XLSX workbook (a zip of XML) is
refused by what it declares before any sheet is read: how much it unpacks to and how
many rows and columns its first sheet spans.
"""

import codecs
import csv
import io
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from .names import clean_name, name_key

NAME_MAX = 80
# How long a name's comparison key may be (`Chapter.name_key`): NFKC writes out a few
# characters as several letters (U+FDFA as 18), so a name of 80 may need far more.
KEY_MAX = 4 * NAME_MAX
MAX_ROWS = 10_000
MAX_COLUMNS = 50
MAX_CELL = 1_000
# A 10,000-player workbook unpacks to about 2 MB; a zip bomb to gigabytes.
MAX_UNPACKED_BYTES = 25 * 1024 * 1024
MAX_ZIP_MEMBERS = 200
MAX_PROBLEMS = 200

COLUMN_ALIASES = {
    "name": "name",
    "player": "name",
    "player name": "name",
    "chapter": "chapter",
    "club": "chapter",
}

__all__ = [
    "KEY_MAX",
    "MAX_ROWS",
    "NAME_MAX",
    "Problem",
    "Roster",
    "RosterRow",
    "clean_name",
    "name_key",
    "parse_table",
    "read_roster",
]


class Problem(NamedTuple):
    """One reason a roster cannot be imported as it is."""

    line: int  # the file's line, from 1; 0 for the whole file
    what: str  # what is wrong
    name: str = ""  # the player's name on that line, as typed (cleaned)
    why: str = ""  # why the desk refuses it, when `what` does not say

    def brief(self) -> tuple[int, str]:
        return (self.line, self.what)

    @property
    def of_line(self) -> bool:
        """Whether it refuses one line of players only (the others can be imported
        without it), rather than the file (its first line, a limit, the events)."""
        return self.line > 1


WHY_NAME = "each line with something on it is one player, and a player needs a name."
WHY_LENGTH = f"the desk keeps names of at most {NAME_MAX} characters, as printed on the sheets."
WHY_KEY = (
    "some of its characters stand for several letters each, so it is too long to compare "
    "with the other chapters' names; type it in plain letters."
)
WHY_COLUMNS = "a cell under no heading would be lost: say what it is in the first line."
WHY_DUPLICATE = "importing both lines would register the same player twice."
WHY_REGISTERED = (
    "importing the line would register them a second time (the file was imported before, "
    "or they were registered at the desk). Remove the line, or, if they are two people, "
    "tell them apart (add a middle initial)."
)


@dataclass(frozen=True)
class RosterRow:
    line: int
    name: str
    chapter: str


@dataclass
class Roster:
    rows: list[RosterRow] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and bool(self.rows)


class FileRefused(Exception):
    """The file passed one of the limits, or cannot be read; the message says which.

    line: the file's line it is about (0: the whole file); why: as `Problem.why`.
    """

    def __init__(self, what: str, *, line: int = 0, why: str = ""):
        super().__init__(what)
        self.line, self.why = line, why


def read_roster(data: bytes, filename: str) -> Roster:
    """Parse an uploaded roster; an XLSX file is told apart by its name."""
    try:
        table = _xlsx_rows(data) if filename.lower().endswith(".xlsx") else _csv_rows(data)
        return parse_table(table)
    except FileRefused as refused:
        return Roster(problems=[Problem(refused.line, str(refused), why=refused.why)])


NOT_TEXT = "The file is not a text CSV file. Save it as CSV (UTF-8) and try again."
UTF16_BROKEN = (
    "The file says it is Unicode (UTF-16) text but does not read as such: save it as CSV "
    "(UTF-8) and try again."
)
WHY_QUOTE = "close the quote on its line, or remove it."


def _text(data: bytes) -> str:
    """Decode a CSV file: UTF-16 with its byte-order mark (a spreadsheet's "Unicode
    text"), UTF-8 (with or without one), else Windows' Western encoding."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise FileRefused(UTF16_BROKEN) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            return data.decode("cp1252")
        except UnicodeDecodeError:
            raise FileRefused(NOT_TEXT) from None


def _csv_rows(data: bytes) -> Iterator[list[str]]:
    text = _text(data)
    if "\x00" in text:
        raise FileRefused(NOT_TEXT)
    # Every line ending (Windows, Unix, the old Mac's lone CR) read as one.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    return _csv_reader(csv.reader(io.StringIO(text), dialect), text, dialect.quotechar or '"')


def _csv_reader(reader, text: str, quote: str) -> Iterator[list[str]]:
    """Yield the rows; refuse a cell running over several lines (a quote left open)."""
    while True:
        first = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise FileRefused(
                f"Line {reader.line_num}: the file could not be read as CSV ({exc})."
            ) from None
        if reader.line_num > first:
            _refuse_open_quote(text, first, reader.line_num, quote)
        yield row


def _refuse_open_quote(text: str, first: int, last: int, quote: str) -> None:
    """Refuse a record read over lines first..last: a name or chapter is on one line."""
    lines = text.split("\n")[first - 1 : last]
    if "\n".join(lines).count(quote) % 2:
        raise FileRefused(
            f"A quote ({quote}) opens a cell that is never closed.",
            line=first,
            why=f"the rest of the file would be read as one cell: {WHY_QUOTE}",
        )
    raise FileRefused(
        f"A quote ({quote}) opens a cell that is closed only on line {last}.",
        line=first,
        why=f"lines {first} to {last} would be read as one player: {WHY_QUOTE}",
    )


def _xlsx_rows(data: bytes) -> Iterator[list[str]]:
    from openpyxl import load_workbook

    _check_zip(data)
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        sheet = book.worksheets[0]
    except Exception:
        raise FileRefused("The file could not be read as an Excel workbook (.xlsx).") from None
    max_row, max_column = sheet.max_row, sheet.max_column
    if max_row is not None and max_row > MAX_ROWS + 1:
        book.close()
        raise FileRefused(
            f"The workbook's first sheet spans {max_row:,} rows; a roster has at most "
            f"{MAX_ROWS:,} players. Copy the players to a new workbook and upload that."
        )
    if max_column is not None and max_column > MAX_COLUMNS:
        book.close()
        raise FileRefused(
            f"The workbook's first sheet spans {max_column:,} columns; at most {MAX_COLUMNS}."
        )
    return _sheet_rows(book, sheet)


def _sheet_rows(book, sheet) -> Iterator[list[str]]:
    """Yield the sheet's rows as text, never past the row and column limits."""
    try:
        # One row past the limit, so parse_table can tell the file is too long.
        rows = sheet.iter_rows(
            min_row=1, max_row=MAX_ROWS + 2, max_col=MAX_COLUMNS, values_only=True
        )
        for row in rows:
            yield ["" if cell is None else str(cell) for cell in row]
    except FileRefused:
        raise
    except Exception:
        raise FileRefused("The file could not be read as an Excel workbook (.xlsx).") from None
    finally:
        book.close()


def _check_zip(data: bytes) -> None:
    """Refuse a workbook by what its zip directory declares, before unpacking anything."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError):
        raise FileRefused("The file could not be read as an Excel workbook (.xlsx).") from None
    with archive:
        members = archive.infolist()
        if len(members) > MAX_ZIP_MEMBERS:
            raise FileRefused(
                f"The workbook holds {len(members):,} parts; a roster needs far fewer "
                f"(at most {MAX_ZIP_MEMBERS})."
            )
        unpacked = sum(member.file_size for member in members)
        if unpacked > MAX_UNPACKED_BYTES:
            raise FileRefused(
                f"The workbook unpacks to {unpacked / 1024 / 1024:,.0f} MB; a roster unpacks "
                f"to at most {MAX_UNPACKED_BYTES // 1024 // 1024} MB."
            )


def parse_table(table: Iterable[list[str]]) -> Roster:
    """Check a table whose first row is the header; return its rows and problems.

    The table is read row by row and never past MAX_ROWS players, so it can be a
    generator over a file that is far too long.
    """
    roster = Roster()
    rows = iter(table)
    header = next(rows, None)
    if header is None or not any(cell.strip() for cell in header):
        roster.problems.append(
            Problem(1, "The file is empty: the first line must name the columns.")
        )
        return roster
    if len(header) > MAX_COLUMNS:
        roster.problems.append(
            Problem(1, f"The first line has {len(header):,} columns; at most {MAX_COLUMNS}.")
        )
        return roster
    columns: list[str | None] = []
    for cell in header:
        heading = cell.strip().lower()
        if not heading:
            columns.append(None)
            continue
        if heading not in COLUMN_ALIASES:
            shown = clean_name(cell)[:40]
            roster.problems.append(
                Problem(1, f"Unknown column “{shown}”: use “name” and “chapter”.")
            )
        columns.append(COLUMN_ALIASES.get(heading))
    if "name" not in columns:
        roster.problems.append(Problem(1, "No “name” column in the first line."))
        return roster

    seen: dict[str, int] = {}
    for line, cells in enumerate(rows, start=2):
        if line - 1 > MAX_ROWS:
            roster.rows.clear()
            roster.problems = [
                Problem(
                    0,
                    f"The file has more than {MAX_ROWS:,} rows; a roster has at most {MAX_ROWS:,}.",
                )
            ]
            return roster
        problem = _check_row(cells, columns, seen, line, roster)
        if problem and len(roster.problems) < MAX_PROBLEMS:
            roster.problems.append(problem)
        elif problem and len(roster.problems) == MAX_PROBLEMS:
            roster.problems.append(
                Problem(0, f"More than {MAX_PROBLEMS} problems: fix these first.")
            )
    if not roster.rows and not roster.problems:
        roster.problems.append(Problem(2, "The file names its columns but holds no players."))
    return roster


def _check_row(cells, columns, seen, line, roster) -> Problem | None:
    """Add the row to the roster, or return what is wrong with it."""
    if not any(cell.strip() for cell in cells):
        return None
    long_cell = next((cell for cell in cells if len(cell) > MAX_CELL), None)
    if long_cell is not None:
        at = columns.index("name")
        name = clean_name(cells[at][:MAX_CELL]) if at < len(cells) else ""
        return Problem(
            line,
            f"A cell holds {len(long_cell):,} characters; at most {MAX_CELL:,}.",
            name[:NAME_MAX],
        )
    values = {"name": "", "chapter": ""}
    for column, cell in zip(columns, cells, strict=False):
        if column:
            values[column] = cell
    name, chapter = clean_name(values["name"]), clean_name(values["chapter"])
    shown = name[:NAME_MAX]
    if any(c.strip() for c in cells[len(columns) :]):
        return Problem(line, "More cells than columns in the first line.", shown, WHY_COLUMNS)
    if not name:
        return Problem(line, "Missing name.", "", WHY_NAME)
    if len(name) > NAME_MAX:
        return Problem(line, f"Name is longer than {NAME_MAX} characters.", shown, WHY_LENGTH)
    if len(chapter) > NAME_MAX:
        return Problem(line, f"Chapter is longer than {NAME_MAX} characters.", shown, WHY_LENGTH)
    if len(name_key(chapter)) > KEY_MAX:
        return Problem(line, "Chapter name cannot be compared.", shown, WHY_KEY)
    key = name_key(name)
    if key in seen:
        return Problem(
            line, f"Duplicate: {name} is already on line {seen[key]}.", shown, WHY_DUPLICATE
        )
    seen[key] = line
    roster.rows.append(RosterRow(line=line, name=name, chapter=chapter))
    return None
