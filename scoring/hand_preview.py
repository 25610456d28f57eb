"""The hand being typed: what it would score on its sheet, and the totals after it.

A read like `selectors.py`'s, over a sheet already read (`selectors.game_sheet`).
"""

from dataclasses import dataclass

from games.engine import Scored

from .selectors import Cell, Sheet, totals_text


@dataclass
class HandPreview:
    """What a typed hand would score, and the totals after it."""

    cells: list[Cell]
    notes: tuple[str, ...]
    totals: tuple[int, ...]

    @property
    def points_text(self) -> str:
        return ", ".join(f"{cell.side.name} {cell.points}" for cell in self.cells)

    @property
    def totals_text(self) -> str:
        return totals_text(self.totals)


def hand_preview(sheet: Sheet, scored: Scored, *, replacing: str | None = None) -> HandPreview:
    """Return a typed hand's score on this sheet; `replacing` names the hand it corrects."""
    base = list(sheet.totals)
    for row in sheet.rows:
        if replacing is not None and str(row.hand.pk) == replacing:
            # The totals of the hand's own game (a match's earlier game: not the one in play).
            last = [r for r in sheet.rows if r.hand.match_game == row.hand.match_game][-1]
            base = [
                total - cell.points for total, cell in zip(last.totals, row.cells, strict=False)
            ]
    lines = scored.lines
    cells = [
        Cell(side, scored.points[side.seat], lines[side.seat] if side.seat < len(lines) else "")
        for side in sheet.sides
        if side.seat < len(scored.points)
    ]
    totals = tuple(total + cell.points for total, cell in zip(base, cells, strict=False))
    return HandPreview(cells=cells, notes=scored.notes, totals=totals)
