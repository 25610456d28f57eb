"""Reads of the scoring app: each returns what one page shows, in few queries.

The one home for the app's reads (services import from here, never the other way
round): `sheet` (the score sheet: its sides, seats, rows and penalties) and `tables`
(the table a game is played at). The sheet is the same for every game: its sides and
columns come from the game's table and `entry_fields`, each hand's plain words from
`score_entry`. Nothing here asks which game it is showing.
"""

from .sheet import (
    Cell,
    PenaltyLine,
    Seat,
    Sheet,
    SheetRow,
    SideView,
    game_sheet,
    game_sides,
    game_table,
    penalty_lines,
    seats_at,
    side_word,
    spell_out,
    totals_text,
)
from .tables import table_of

__all__ = [
    "Cell",
    "PenaltyLine",
    "Seat",
    "Sheet",
    "SheetRow",
    "SideView",
    "game_sheet",
    "game_sides",
    "game_table",
    "penalty_lines",
    "seats_at",
    "side_word",
    "spell_out",
    "table_of",
    "totals_text",
]
