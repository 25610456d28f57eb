"""The roster reader: pure, no database."""

import io

from openpyxl import Workbook

from tournaments.roster import MAX_ROWS, name_key, parse_table, read_roster


def brief(problems) -> list[tuple[int, str]]:
    """Return each problem as (line, what is wrong): what these tests compare."""
    return [problem.brief() for problem in problems]


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
    assert brief(roster.problems) == [(3, "Missing name.")]


def test_it_reports_an_unknown_column():
    roster = read_roster(csv_bytes("name,shoe size\nAda,9\n"), "r.csv")
    assert (1, "Unknown column “shoe size”: use “name” and “chapter”.") in brief(roster.problems)


def test_it_reports_duplicates_ignoring_case_and_spacing():
    roster = read_roster(csv_bytes("name\nAda Pruitt\nada  pruitt\n"), "r.csv")
    assert brief(roster.problems) == [(3, "Duplicate: ada pruitt is already on line 2.")]


def test_it_refuses_a_file_without_a_name_column():
    roster = read_roster(csv_bytes("chapter\nLone Star\n"), "r.csv")
    assert (1, "No “name” column in the first line.") in brief(roster.problems)


def test_it_refuses_an_empty_file():
    assert brief(read_roster(b"", "r.csv").problems) == [
        (1, "The file is empty: the first line must name the columns.")
    ]


def test_it_refuses_a_header_with_no_players():
    assert brief(read_roster(csv_bytes("name,chapter\n\n"), "r.csv").problems) == [
        (2, "The file names its columns but holds no players.")
    ]


def test_it_refuses_oversized_names_and_chapters():
    long = "x" * 81
    roster = read_roster(csv_bytes(f"name,chapter\n{long},A\nAda,{long}\n"), "r.csv")
    assert brief(roster.problems) == [
        (2, "Name is longer than 80 characters."),
        (3, "Chapter is longer than 80 characters."),
    ]


def test_it_refuses_rows_with_more_cells_than_columns():
    roster = read_roster(csv_bytes("name\nAda,extra\n"), "r.csv")
    assert brief(roster.problems) == [(2, "More cells than columns in the first line.")]


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
    assert brief(parse_table(table).problems) == [
        (0, "The file has more than 10,000 rows; a roster has at most 10,000.")
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
    assert brief(roster.problems) == [
        (0, "The file could not be read as an Excel workbook (.xlsx).")
    ]


def test_name_key_ignores_case_and_spacing():
    assert name_key("  Ada  PRUITT ") == name_key("ada pruitt")


# Hostile files: every limit is checked before the file is read in full, and named.


def xlsx_with_sheet(sheet_xml: str, *, shared_strings: str | None = None) -> bytes:
    """Return a valid workbook whose first sheet's XML is replaced by `sheet_xml`."""
    import zipfile

    book = Workbook()
    book.active.append(["name"])
    source = io.BytesIO()
    book.save(source)
    out = io.BytesIO()
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            data = old.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = sheet_xml.encode()
            if item.filename == "xl/sharedStrings.xml" and shared_strings is not None:
                data = shared_strings.encode()
            new.writestr(item, data)
    return out.getvalue()


SHEET = (
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    "{dimension}<sheetData>{rows}</sheetData></worksheet>"
)


def cell_row(number: int, column: str = "A", text: str = "name") -> str:
    return (
        f'<row r="{number}"><c r="{column}{number}" t="inlineStr"><is><t>{text}</t></is></c></row>'
    )


def read_in_a_child(data: bytes, filename: str) -> list:
    """Read the roster in a child process held to 1 GB and 30 s, and return its problems.

    Before the limits, the crafted workbooks below made the reader allocate without
    bound: here that is a MemoryError or a timeout, not a stuck test run.
    """
    import pickle
    import resource
    import subprocess
    import sys

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    code = (
        "import pickle, sys\n"
        "from tournaments.roster import read_roster\n"
        "data = sys.stdin.buffer.read()\n"
        f"roster = read_roster(data, {filename!r})\n"
        "sys.stdout.buffer.write(pickle.dumps((roster.problems, len(roster.rows))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=data,
        capture_output=True,
        timeout=30,
        preexec_fn=limit,
        check=True,
    )
    return pickle.loads(done.stdout)


def test_a_workbook_declaring_a_million_rows_is_refused_before_reading():
    crafted = xlsx_with_sheet(
        SHEET.format(
            dimension='<dimension ref="A1:XFD1048576"/>',
            rows=cell_row(1) + cell_row(1048576, "XFD", "x"),
        )
    )
    assert len(crafted) < 10_000
    problems, rows = read_in_a_child(crafted, "crafted.xlsx")
    assert rows == 0
    assert brief(problems) == [
        (
            0,
            "The workbook's first sheet spans 1,048,576 rows; a roster has at most 10,000 "
            "players. Copy the players to a new workbook and upload that.",
        )
    ]


def test_a_workbook_hiding_its_size_is_read_no_further_than_the_limit():
    crafted = xlsx_with_sheet(
        SHEET.format(
            dimension="", rows=cell_row(1) + cell_row(2, "A", "Ada") + cell_row(1048576, "XFD", "x")
        )
    )
    problems, _ = read_in_a_child(crafted, "crafted.xlsx")
    assert brief(problems) == [
        (0, "The file has more than 10,000 rows; a roster has at most 10,000.")
    ]


def test_a_workbook_too_wide_is_refused():
    crafted = xlsx_with_sheet(SHEET.format(dimension='<dimension ref="A1:ZZ3"/>', rows=cell_row(1)))
    assert brief(read_roster(crafted, "r.xlsx").problems) == [
        (0, "The workbook's first sheet spans 702 columns; at most 50.")
    ]


def test_a_zip_bomb_is_refused_by_its_unpacked_size():
    padding = " " * (30 * 1024 * 1024)
    crafted = xlsx_with_sheet(SHEET.format(dimension="", rows=cell_row(1) + padding))
    assert len(crafted) < 200_000
    assert brief(read_roster(crafted, "r.xlsx").problems) == [
        (0, "The workbook unpacks to 30 MB; a roster unpacks to at most 25 MB.")
    ]


def test_a_workbook_of_many_parts_is_refused():
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for n in range(300):
            archive.writestr(f"part{n}.xml", "")
    assert brief(read_roster(out.getvalue(), "r.xlsx").problems) == [
        (0, "The workbook holds 300 parts; a roster needs far fewer (at most 200).")
    ]


def test_a_long_cell_is_refused_with_its_line():
    long = "y" * 1001
    assert brief(read_roster(csv_bytes(f"name\nAda\n{long}\n"), "r.csv").problems) == [
        (3, "A cell holds 1,001 characters; at most 1,000.")
    ]
    crafted = xlsx_with_sheet(SHEET.format(dimension="", rows=cell_row(1) + cell_row(2, "A", long)))
    assert brief(read_roster(crafted, "r.xlsx").problems) == [
        (2, "A cell holds 1,001 characters; at most 1,000.")
    ]


def test_a_csv_cell_past_the_csv_modules_limit_is_a_problem_not_a_crash():
    text = 'name\n"' + "z" * 200_000 + '"\n'
    problems = read_roster(csv_bytes(text), "r.csv").problems
    assert len(problems) == 1 and problems[0][1].startswith(
        "Line 2: the file could not be read as CSV"
    )


def test_a_csv_file_with_nul_bytes_is_refused():
    assert brief(read_roster(b"name\nAda\x00\n", "r.csv").problems) == [
        (0, "The file is not a text CSV file. Save it as CSV (UTF-8) and try again.")
    ]


def test_a_header_too_wide_is_refused():
    assert brief(
        read_roster(csv_bytes(",".join(["name"] + ["x"] * 60) + "\n"), "r.csv").problems
    ) == [(1, "The first line has 61 columns; at most 50.")]


def test_an_endless_table_is_read_only_up_to_the_limit():
    import itertools

    endless = itertools.chain([["name"]], ([f"P{i}"] for i in itertools.count()))
    assert brief(parse_table(endless).problems) == [
        (0, "The file has more than 10,000 rows; a roster has at most 10,000.")
    ]


def test_problems_stop_being_listed_after_two_hundred():
    roster = read_roster(csv_bytes("name,chapter\n" + ",X\n" * 300), "r.csv")
    assert len(roster.problems) == 201
    assert roster.problems[-1].brief() == (0, "More than 200 problems: fix these first.")


def test_bidi_controls_and_invisible_characters_are_removed_from_names():
    roster = read_roster(
        csv_bytes("name,chapter\n\u202eAda\u202c \u2066Pruitt\u2069,Lone\u200b Star\ufeff\n"),
        "r.csv",
    )
    assert [(r.name, r.chapter) for r in roster.rows] == [("Ada Pruitt", "Lone Star")]


def test_name_key_folds_compatibility_forms_and_case():
    assert (
        name_key("\u212aelvin")
        == name_key("kelvin")
        == name_key("\uff2b\uff25\uff2c\uff36\uff29\uff2e")
    )
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("É cole") == name_key("e\u0301 COLE")


def test_each_problem_gives_its_line_the_name_on_it_what_and_why():
    roster = read_roster(csv_bytes("name,chapter\nAda,X\n,Y\nada,Z\nBo,Q,extra\n"), "r.csv")
    assert [(p.line, p.name, p.what) for p in roster.problems] == [
        (3, "", "Missing name."),
        (4, "ada", "Duplicate: ada is already on line 2."),
        (5, "Bo", "More cells than columns in the first line."),
    ]
    assert all(p.why for p in roster.problems)


def test_a_chapter_written_out_too_long_to_compare_is_refused():
    roster = read_roster(csv_bytes("name,chapter\nAda," + "\ufdfa" * 20 + "\n"), "r.csv")
    assert brief(roster.problems) == [(2, "Chapter name cannot be compared.")]
    assert "type it in plain letters" in roster.problems[0].why


def test_a_long_cell_names_the_player_when_it_can():
    roster = read_roster(csv_bytes("name,chapter\nAda," + "x" * 1001 + "\n"), "r.csv")
    assert roster.problems[0].name == "Ada"
