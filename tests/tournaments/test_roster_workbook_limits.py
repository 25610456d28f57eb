"""A workbook roster is refused, with the reason, when it is no workbook or spans too much."""

import io
import zipfile

from openpyxl import Workbook

from tournaments.roster import MAX_COLUMNS, MAX_ROWS, read_roster

NOT_A_WORKBOOK = "The file could not be read as an Excel workbook (.xlsx)."


def workbook(*cells) -> bytes:
    book = Workbook()
    sheet = book.active
    sheet.append(["Name", "Chapter"])
    for row, column, value in cells:
        sheet.cell(row=row, column=column, value=value)
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


def test_a_zip_that_is_no_workbook_is_refused():
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        archive.writestr("notes.txt", "Ada Pruitt, Lone Star")
    problems = read_roster(data.getvalue(), "r.xlsx").problems
    assert [p.brief() for p in problems] == [(0, NOT_A_WORKBOOK)]


def test_a_sheet_spanning_more_rows_than_a_roster_is_refused_before_it_is_read():
    roster = read_roster(workbook((MAX_ROWS + 5, 1, "Far down")), "r.xlsx")
    assert roster.rows == []
    [(line, message)] = [p.brief() for p in roster.problems]
    assert line == 0
    assert f"spans {MAX_ROWS + 5:,} rows; a roster has at most {MAX_ROWS:,} players" in message


def test_a_sheet_spanning_more_columns_than_a_roster_is_refused():
    roster = read_roster(workbook((2, MAX_COLUMNS + 3, "Far right")), "r.xlsx")
    assert [p.brief() for p in roster.problems] == [
        (0, f"The workbook's first sheet spans {MAX_COLUMNS + 3:,} columns; at most {MAX_COLUMNS}.")
    ]
