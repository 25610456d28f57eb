"""How the hand form is laid out: grids of per-seat boxes, choices, boxes, penalties."""

import re
from dataclasses import dataclass, field

from games.engine import TILES
from games.engine import Field as EntryField


@dataclass
class Column:
    """One seat of a grid: a side or a player, with the short names under it."""

    name: str
    short_label: str


@dataclass
class GridRow:
    """One field asked once per seat: one box per column."""

    entry_field: EntryField
    boxes: list

    @property
    def label(self) -> str:
        return self.entry_field.label[:1].upper() + self.entry_field.label[1:]


@dataclass
class Part:
    """One piece of the hand form, in order: a grid of boxes, a choice, a box, penalties.

    kind: "grid" (rows of per-seat fields, one column per side or player), "choice"
    (radio buttons), "number", "tiles" or "penalties".
    """

    kind: str
    entry_field: EntryField | None = None
    box: object = None
    columns: list[Column] = field(default_factory=list)
    rows: list[GridRow] = field(default_factory=list)

    @property
    def has_tiles(self) -> bool:
        """Whether a grid holds a row of tiles, whose boxes need wider columns."""
        return any(row.entry_field.kind == TILES for row in self.rows)

    @property
    def note(self) -> str:
        """Return the words in brackets at the end of the field's label, if any."""
        found = re.search(r"\(([^()]*)\)$", self.entry_field.label if self.entry_field else "")
        return found.group(1) if found else ""
