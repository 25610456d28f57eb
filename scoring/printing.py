"""The score sheet laid out for paper: per side the figures typed, the hand, the total.

Built from `selectors.Sheet`, for any game: a column for each figure the game's form
asks per side (or per player of a side), then the hand's points and the running total,
so the columns add up as an official would check them by hand.
"""

from dataclasses import dataclass

from games.engine import ONCE, PENALTIES, PER_PLAYER, PER_SIDE, SEAT

from .selectors import Sheet, SheetRow, SideView, spell_out


@dataclass
class PrintColumn:
    """One column of a side's part of the printed sheet: a figure typed for that side."""

    label: str
    key: str


@dataclass
class PrintSide:
    side: SideView
    columns: list[PrintColumn]

    @property
    def span(self) -> int:
        return len(self.columns) + 2  # the hand's points and the running total


@dataclass
class PrintCell:
    values: list[str]
    points: int
    total: int
    line: str


@dataclass
class PrintRow:
    row: SheetRow
    cells: list[PrintCell]
    notes: list[str]


@dataclass
class PrintSheet:
    """The sheet laid out for paper: per side the figures typed, the hand and the total."""

    sheet: Sheet
    sides: list[PrintSide]
    once_labels: list[str]
    rows: list[PrintRow]

    @property
    def width(self) -> int:
        """Return the number of columns after the hand number."""
        return sum(side.span for side in self.sides) + 1


def printed_sheet(sheet: Sheet) -> PrintSheet:
    """Return the sheet for printing: every column adds up to the totals beside it."""
    seats = sheet.seats
    sides = [PrintSide(side, []) for side in sheet.sides]
    once = []
    for entry_field in sheet.fields:
        if entry_field.per == PER_SIDE:
            for side, key in zip(sides, entry_field.keys(sheet.table), strict=False):
                side.columns.append(PrintColumn(_capitalised(entry_field.label), key))
        elif entry_field.per == PER_PLAYER:
            for seat, key in zip(seats, entry_field.keys(sheet.table), strict=False):
                label = _capitalised(entry_field.label)
                if len(seats) > len(sheet.sides):
                    label = f"{label}: {seat.short_label}"
                sides[seat.side.seat].columns.append(PrintColumn(label, key))
        elif not entry_field.asked_when_needed:
            once.append(_capitalised(entry_field.label))
    rows = []
    for row in sheet.rows:
        detail = row.hand.detail
        cells = [
            PrintCell(
                values=[_printed(detail.get(column.key)) for column in side.columns],
                points=cell.points,
                total=row.totals[cell.side.seat],
                line=cell.line,
            )
            for side, cell in zip(sides, row.cells, strict=False)
        ]
        rows.append(PrintRow(row=row, cells=cells, notes=_once_words(sheet, row)))
    return PrintSheet(sheet=sheet, sides=sides, once_labels=once, rows=rows)


def _capitalised(label: str) -> str:
    return label[:1].upper() + label[1:]


def _printed(value) -> str:
    return "" if value is None else str(value)


def _once_words(sheet: Sheet, row: SheetRow) -> list[str]:
    """Return what was typed once for the whole hand, in words, and the hand's notes."""
    words = []
    detail = row.hand.detail
    seats = sheet.seats
    for entry_field in sheet.fields:
        if entry_field.per != ONCE or entry_field.kind == PENALTIES:
            continue
        if entry_field.asked_when_needed:
            continue  # noted where the rules asked for it (reached_first_note)
        value = detail.get(entry_field.name)
        if value in (None, ""):
            continue
        choices = dict(entry_field.choices)
        if value in choices:
            # A choice says what it is: "Side 1 (Ann & Bo) went out", "Blocked".
            words.append(spell_out(choices[value], sheet.sides, seats))
            continue
        if isinstance(value, int) and entry_field.kind == SEAT and value < len(sheet.sides):
            text = sheet.sides[value].spelled
        else:
            text = str(value)
        words.append(f"{_capitalised(entry_field.label)}: {text}")
    words += [f"penalty on {p.who}: {p.reason.lower()}" for p in row.penalties]
    if row.reached_first_note:
        words.append(row.reached_first_note)
    words += list(row.notes)
    return words
