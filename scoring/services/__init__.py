"""Hand entry for every game: add, edit and delete hands, keeping their history.

One engine for all five games. Each service runs in one transaction: it locks the game
row, answers a form sent twice with what the first one did (the form's key), refuses a
stale sheet (the game's version), reads and scores the hand through the game's part of
`games.registry` (`entry_from_data`, `score_entry`, `fold`), writes the hand and its
history, then hands the game's new state to `tournaments.services.settle_game`, which
moves the bracket or the round. Nothing here asks which game it is handling.

The parts: `hands` (the services), `hand_history` (the history they keep), `checks` (a
hand through the game's rules) and `game_rows` (the game's row locked and its hands read,
in raw SQL).
"""

from scoring.selectors import table_of
from scoring.services.checks import HandError, preview_hand
from scoring.services.hands import (
    OPEN,
    HandResult,
    StaleSheet,
    add_hand,
    delete_hand,
    delete_voided_hands,
    edit_hand,
    hand_snapshot,
)
from tournaments.errors import DeskError
from tournaments.services import ConfirmationNeeded

__all__ = [
    "OPEN",
    "ConfirmationNeeded",
    "DeskError",
    "HandError",
    "HandResult",
    "StaleSheet",
    "add_hand",
    "delete_hand",
    "delete_voided_hands",
    "edit_hand",
    "hand_snapshot",
    "preview_hand",
    "table_of",
]
