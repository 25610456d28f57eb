"""Read a roster file (CSV or XLSX) into rows to import. Pure: no Django, no database.

A roster has a header row naming its columns: `name` (required) and `chapter`
(optional). Every bad row is reported with its line number and the reason, so the
official can fix the file and import it whole.
"""

import csv
import io
from dataclasses import dataclass, field

NAME_MAX = 80
MAX_ROWS = 10_000

COLUMN_ALIASES = {
    "name": "name",
    "player": "name",
    "player name": "name",
    "chapter": "chapter",
    "club": "chapter",
}


@dataclass(frozen=True)
class RosterRow:
    line: int
    name: str
    chapter: str


@dataclass
class Roster:
    rows: list[RosterRow] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and bool(self.rows)


def name_key(name: str) -> str:
    """Return the form of a name used to spot duplicates: case and spacing ignored."""
    return " ".join(name.split()).casefold()


def clean_name(name: str) -> str:
    """Return a name with its spacing tidied."""
    return " ".join(name.split())


def read_roster(data: bytes, filename: str) -> Roster:
    """Parse an uploaded roster; an XLSX file is told apart by its name."""
    table = _xlsx_table(data) if filename.lower().endswith(".xlsx") else _csv_table(data)
    if isinstance(table, str):
        return Roster(problems=[(0, table)])
    return parse_table(table)


def _csv_table(data: bytes) -> list[list[str]] | str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:
            return "The file is not a text CSV file. Save it as CSV (UTF-8) and try again."
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    return list(csv.reader(io.StringIO(text), dialect))


def _xlsx_table(data: bytes) -> list[list[str]] | str:
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:
        return "The file could not be read as an Excel workbook (.xlsx)."
    sheet = book.worksheets[0]
    table = [
        ["" if cell is None else str(cell) for cell in row]
        for row in sheet.iter_rows(values_only=True)
    ]
    book.close()
    return table


def parse_table(table: list[list[str]]) -> Roster:
    """Check a table whose first row is the header; return its rows and problems."""
    roster = Roster()
    if not table or not any(cell.strip() for cell in table[0]):
        roster.problems.append((1, "The file is empty: the first line must name the columns."))
        return roster
    columns: list[str | None] = []
    for cell in table[0]:
        heading = cell.strip().lower()
        if not heading:
            columns.append(None)
            continue
        if heading not in COLUMN_ALIASES:
            roster.problems.append(
                (1, f"Unknown column “{cell.strip()}”: use “name” and “chapter”.")
            )
        columns.append(COLUMN_ALIASES.get(heading))
    if "name" not in columns:
        roster.problems.append((1, "No “name” column in the first line."))
        return roster
    if len(table) - 1 > MAX_ROWS:
        roster.problems.append((0, f"The file has {len(table) - 1} rows; at most {MAX_ROWS}."))
        return roster

    seen: dict[str, int] = {}
    for line, cells in enumerate(table[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue
        values = {"name": "", "chapter": ""}
        for column, cell in zip(columns, cells, strict=False):
            if column:
                values[column] = cell
        extra = [c for c in cells[len(columns) :] if c.strip()]
        if extra:
            roster.problems.append((line, "More cells than columns in the first line."))
            continue
        name, chapter = clean_name(values["name"]), clean_name(values["chapter"])
        if not name:
            roster.problems.append((line, "Missing name."))
            continue
        if len(name) > NAME_MAX:
            roster.problems.append((line, f"Name is longer than {NAME_MAX} characters."))
            continue
        if len(chapter) > NAME_MAX:
            roster.problems.append((line, f"Chapter is longer than {NAME_MAX} characters."))
            continue
        key = name_key(name)
        if key in seen:
            roster.problems.append((line, f"Duplicate: {name} is already on line {seen[key]}."))
            continue
        seen[key] = line
        roster.rows.append(RosterRow(line=line, name=name, chapter=chapter))
    if not roster.rows and not roster.problems:
        roster.problems.append((2, "The file names its columns but holds no players."))
    return roster
