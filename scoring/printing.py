"""The score sheet laid out for paper, so that its columns add up as an official checks them.

Built from `selectors.Sheet`, for any game. Per side: a column for each figure the game's
form asks per side (or per player of a side), then "Hand", the points the hand gives that
side, and "Total", the running total: every Total is the sum of the Hand column above it,
and the last one is the desk's total.

A penalty is its own line under its hand, its points in the Hand column of the side they
count for (the offender's opponents in Texas Good Sams), so the hand's own points stand
apart from it. The penalty's points are found by the rules themselves: the hand is scored
again without its penalties, then adding them one by one; nothing here knows which game it
prints. A game not over gets blank lines to go on by hand.

A match of several games prints as the sheet shows it: each game's hands under its
heading, each game's totals from nothing, and the blank lines under the game in play's
heading.
"""

from dataclasses import dataclass

from games.engine import ONCE, PENALTIES, PER_PLAYER, PER_SIDE, SEAT
from games.rules import RulesError

from .selectors import PenaltyLine, Sheet, SheetRow, SideView, spell_out

BLANK_LINES = 20  # lines on a blank sheet; a game under way gets enough to reach this
MIN_BLANK_LINES = 5


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
    """One side's part of a printed line: the figures typed, the points, the running total."""

    values: list[str]
    points: int
    total: int
    line: str = ""


@dataclass
class PrintRow:
    """A line of the printed sheet: a hand, or a penalty given in the hand above it."""

    row: SheetRow
    cells: list[PrintCell]
    notes: list[str]
    penalty: PenaltyLine | None = None


@dataclass
class PrintSheet:
    """The sheet laid out for paper: per side the figures typed, the hand and the total."""

    sheet: Sheet
    sides: list[PrintSide]
    once_labels: list[str]
    rows: list[PrintRow]
    blank_lines: int = 0
    has_penalties: bool = False
    # A match's game the blank lines open (a heading above them), None when they go on
    # the game in play already under way, or the game is one game by itself.
    blank_game: int | None = None

    @property
    def width(self) -> int:
        """Return the number of columns after the hand number."""
        return sum(side.span for side in self.sides) + 1

    @property
    def blank_numbers(self) -> range:
        """Return the hand numbers of the blank lines: the hands still to come."""
        first = len(self.sheet.rows) + 1 if self.rows else 1
        return range(first, first + self.blank_lines)

    @property
    def totals(self) -> tuple[int, ...]:
        """Return the last running totals: the desk's totals."""
        if not self.rows:
            return (0,) * len(self.sides)
        return tuple(cell.total for cell in self.rows[-1].cells)


def printed_sheet(sheet: Sheet, *, blank: bool = False) -> PrintSheet:
    """Return the sheet for printing (`blank`: no hands, every line to fill in by hand)."""
    sides = _print_sides(sheet)
    once = [
        _capitalised(f.label)
        for f in sheet.fields
        if f.per == ONCE and f.kind != PENALTIES and not f.asked_when_needed
    ]
    printed = PrintSheet(
        sheet=sheet,
        sides=sides,
        once_labels=once,
        rows=[],
        has_penalties=any(f.kind == PENALTIES for f in sheet.fields),
    )
    if blank:
        printed.blank_lines = BLANK_LINES
        printed.blank_game = 1 if sheet.match is not None else None  # a match from its start
        return printed
    totals, in_game = [0] * len(sheet.sides), 1
    for row in sheet.rows:
        if row.hand.match_game != in_game:  # a match's next game: its totals from nothing
            totals, in_game = [0] * len(sheet.sides), row.hand.match_game
        printed.rows += _hand_lines(sheet, sides, row, totals)
    if not sheet.game.is_decided:
        printed.blank_lines = max(MIN_BLANK_LINES, BLANK_LINES - len(printed.rows))
        if sheet.match is not None and (not sheet.rows or in_game != sheet.match.fold.in_play):
            printed.blank_game = sheet.match.fold.in_play  # the next game, not begun
    return printed


def _print_sides(sheet: Sheet) -> list[PrintSide]:
    """Return each side's columns: a figure asked per side, or per player of that side."""
    sides = [PrintSide(side, []) for side in sheet.sides]
    seats = sheet.seats
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
    return sides


def _hand_lines(sheet, sides, row: SheetRow, totals: list[int]) -> list[PrintRow]:
    """Return a hand's line and a line for each of its penalties, adding to `totals`."""
    detail = row.hand.detail
    split = _penalty_split(sheet, row)
    if split is None:  # no penalties, or a hand the rules no longer read: one line
        own, lines, parts = [cell.points for cell in row.cells], [c.line for c in row.cells], []
    else:
        own, lines, parts = split
    cells = []
    for side, cell, points, line in zip(sides, row.cells, own, lines, strict=False):
        totals[cell.side.seat] += points
        values = [_printed(detail.get(column.key)) for column in side.columns]
        cells.append(PrintCell(values, points, totals[cell.side.seat], line))
    notes = _once_words(sheet, row, with_penalties=split is None)
    printed = [PrintRow(row=row, cells=cells, notes=notes)]
    for penalty, points in parts:
        cells = []
        for side, cell in zip(sides, row.cells, strict=False):
            seat = cell.side.seat
            totals[seat] += points[seat]
            cells.append(PrintCell([""] * len(side.columns), points[seat], totals[seat]))
        note = f"penalty on {penalty.who}: {penalty.reason.lower()}"
        printed.append(PrintRow(row=row, cells=cells, notes=[note], penalty=penalty))
    return printed


def _penalty_split(sheet: Sheet, row: SheetRow):
    """Return the hand's own points and lines, and each penalty with the points it gives.

    None when the hand has no penalties, or the rules cannot score it again.
    """
    names = [f.name for f in sheet.fields if f.kind == PENALTIES]
    detail = row.hand.detail
    given = [(name, index) for name in names for index, _ in enumerate(detail.get(name) or ())]
    if not given or sheet.table is None or len(given) != len(row.penalties):
        return None
    sides = len(row.cells)
    try:
        kept = {name: [] for name in names}
        scored = _score(sheet, {**detail, **kept})
        own, lines = list(scored.points[:sides]), list(scored.lines[:sides])
        before, parts = own, []
        for (name, index), penalty in zip(given, row.penalties, strict=True):
            kept[name] = list(detail[name][: index + 1])
            after = list(_score(sheet, {**detail, **kept}).points[:sides])
            parts.append((penalty, [a - b for a, b in zip(after, before, strict=True)]))
            before = after
    except RulesError:
        return None
    lines += [""] * (sides - len(lines))
    return own, lines, parts


def _score(sheet: Sheet, data: dict):
    entry = sheet.spec.entry_from_data(data, sheet.table, sheet.options)
    return sheet.spec.score_entry(entry, sheet.table, sheet.options)


def _capitalised(label: str) -> str:
    return label[:1].upper() + label[1:]


def _printed(value) -> str:
    return "" if value is None else str(value)


def _once_words(sheet: Sheet, row: SheetRow, *, with_penalties: bool = True) -> list[str]:
    """Return what was typed once for the whole hand, in words, and the hand's notes.

    The penalties are noted here only when they are not printed on lines of their own.
    """
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
    if with_penalties:
        words += [f"penalty on {p.who}: {p.reason.lower()}" for p in row.penalties]
    if row.reached_first_note:
        words.append(row.reached_first_note)
    # A note that says again what a choice said ("blocked" after "Blocked") is left out.
    said = {word.lower() for word in words}
    words += [note for note in row.notes if note.lower() not in said]
    return words
