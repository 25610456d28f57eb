"""The roster reader: pure, no database."""

import io

from openpyxl import Workbook

from tournaments.roster import MAX_ROWS, name_key, parse_table, read_roster


def csv_bytes(text: str) -> bytes:
    return text.encode("utf-8")


def test_it_reads_names_and_chapters():
    roster = read_roster(csv_bytes("name,chapter\nAda Pruitt,Lone Star\nBob Wills,\n"), "r.csv")
    assert roster.ok
    assert [(r.line, r.name, r.chapter) for r in roster.rows] == [
        (2, "Ada Pruitt", "Lone Star"),
        (3, "Bob Wills", ""),
    ]


def test_it_accepts_column_aliases_in_any_case_and_order():
    roster = read_roster(csv_bytes("Club;Player\nLone Star;Ada\n"), "r.csv")
    assert roster.ok
    assert roster.rows[0].name == "Ada" and roster.rows[0].chapter == "Lone Star"


def test_it_tidies_spacing_in_names():
    roster = read_roster(csv_bytes("name\n  Ada   Pruitt \n"), "r.csv")
    assert roster.rows[0].name == "Ada Pruitt"


def test_it_reports_a_missing_name_with_its_line():
    roster = read_roster(csv_bytes("name,chapter\nAda,X\n,Lone Star\n"), "r.csv")
    assert not roster.ok
    assert roster.problems == [(3, "Missing name.")]


def test_it_reports_an_unknown_column():
    roster = read_roster(csv_bytes("name,shoe size\nAda,9\n"), "r.csv")
    assert (1, "Unknown column “shoe size”: use “name” and “chapter”.") in roster.problems


def test_it_reports_duplicates_ignoring_case_and_spacing():
    roster = read_roster(csv_bytes("name\nAda Pruitt\nada  pruitt\n"), "r.csv")
    assert roster.problems == [(3, "Duplicate: ada pruitt is already on line 2.")]


def test_it_refuses_a_file_without_a_name_column():
    roster = read_roster(csv_bytes("chapter\nLone Star\n"), "r.csv")
    assert (1, "No “name” column in the first line.") in roster.problems


def test_it_refuses_an_empty_file():
    assert read_roster(b"", "r.csv").problems == [
        (1, "The file is empty: the first line must name the columns.")
    ]


def test_it_refuses_a_header_with_no_players():
    assert read_roster(csv_bytes("name,chapter\n\n"), "r.csv").problems == [
        (2, "The file names its columns but holds no players.")
    ]


def test_it_refuses_oversized_names_and_chapters():
    long = "x" * 81
    roster = read_roster(csv_bytes(f"name,chapter\n{long},A\nAda,{long}\n"), "r.csv")
    assert roster.problems == [
        (2, "Name is longer than 80 characters."),
        (3, "Chapter is longer than 80 characters."),
    ]


def test_it_refuses_rows_with_more_cells_than_columns():
    roster = read_roster(csv_bytes("name\nAda,extra\n"), "r.csv")
    assert roster.problems == [(2, "More cells than columns in the first line.")]


def test_it_skips_blank_lines_and_blank_header_cells():
    roster = read_roster(csv_bytes("name,,chapter\n\nAda,,X\n"), "r.csv")
    assert roster.ok and roster.rows[0].line == 3


def test_it_reads_windows_encoded_files():
    roster = read_roster("name\nJosé Núñez\n".encode("cp1252"), "r.csv")
    assert roster.rows[0].name == "José Núñez"


def test_it_refuses_a_binary_file():
    roster = read_roster(bytes(range(128, 256)) * 4 + b"\x81\x8d\x8f\x90\x9d", "r.csv")
    assert not roster.ok


def test_it_refuses_too_many_rows():
    table = [["name"]] + [[f"P{i}"] for i in range(MAX_ROWS + 1)]
    assert parse_table(table).problems == [
        (0, f"The file has {MAX_ROWS + 1} rows; at most {MAX_ROWS}.")
    ]


def test_it_reads_an_xlsx_workbook():
    book = Workbook()
    sheet = book.active
    sheet.append(["Name", "Chapter"])
    sheet.append(["Ada Pruitt", "Lone Star"])
    sheet.append(["Bob Wills", None])
    data = io.BytesIO()
    book.save(data)
    roster = read_roster(data.getvalue(), "Roster.XLSX")
    assert roster.ok
    assert [(r.name, r.chapter) for r in roster.rows] == [
        ("Ada Pruitt", "Lone Star"),
        ("Bob Wills", ""),
    ]


def test_it_refuses_a_broken_xlsx_file():
    roster = read_roster(b"not a workbook", "r.xlsx")
    assert roster.problems == [(0, "The file could not be read as an Excel workbook (.xlsx).")]


def test_name_key_ignores_case_and_spacing():
    assert name_key("  Ada  PRUITT ") == name_key("ada pruitt")
