"""Numbers in the workbook look as they do in the CSV and on the pages (issue 20)."""

from decimal import Decimal

import openpyxl

from scoring.exports.writers import Progress, Sheet, write_xlsx


def test_a_decimal_keeps_its_one_decimal_in_the_workbook(tmp_path):
    rows = [["Ann", 3, Decimal("61.0")], ["Bo", -5, 12.5]]
    sheet = Sheet("Standings", [(("side", "won", "points_against"), lambda: rows)])
    write_xlsx([sheet], tmp_path / "book.xlsx", Progress())
    page = openpyxl.load_workbook(tmp_path / "book.xlsx")["Standings"]
    assert page["C2"].value == 61 and page["C2"].number_format == "0.0"
    assert page["C3"].value == 12.5 and page["C3"].number_format == "0.0"
    # Whole numbers stay whole, negative ones as plain numbers.
    assert page["B3"].value == -5 and page["B3"].number_format == "General"
