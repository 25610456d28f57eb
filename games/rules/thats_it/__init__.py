"""That's It (double-fifteen): read a winning hand of seven tiles and score it.

A winning hand is a meld of 4 tiles and a meld of 3 tiles. A doubles meld is 3 or 4
doubles; a suit meld is 3 or 4 tiles sharing one number (the suit), the suit's double
included. A tile's value is its other number in a suit meld, its number in a doubles
meld. Only the player who calls "That's it" scores. Every player plays alone, 2 or more
at a table, up to the event's largest table (at most 19: the set deals 7 tiles each).

Pure rules: plain data in, plain data out; this package imports no Django.

The rules live in `rules` (melds, the best reading of a hand, the game, the house
rules); the engine's part (tables, a hand's entry, its score, the game's state) in
`entry`. This package gives both under one name, as `games.registry` and the tests use
it.
"""

from games.rules.thats_it.entry import (
    CALLER,
    HAND_TILES,
    TYPED_POINTS,
    Entry,
    entry_fields,
    entry_from_data,
    entry_to_data,
    fold,
    score_entry,
    tables,
)
from games.rules.thats_it.rules import (
    DOUBLES,
    HAND_SIZE,
    LARGEST_TABLE,
    MAX_PIP,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    OPTIONS,
    PLAYS_ON_AFTER_WITHDRAWAL,
    POSSIBLE_SCORES,
    SET_TILES,
    SUIT,
    TABLE_SIZE,
    TARGET,
    TEAM_SIZES,
    BestHand,
    Meld,
    best_hand,
    check_players,
    clean_options,
    fold_game,
    house_rules,
    read_meld,
    score_hand,
    target_score,
)

__all__ = [
    "CALLER",
    "DOUBLES",
    "HAND_SIZE",
    "HAND_TILES",
    "LARGEST_TABLE",
    "MAX_PIP",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "OPTIONS",
    "PLAYS_ON_AFTER_WITHDRAWAL",
    "POSSIBLE_SCORES",
    "SET_TILES",
    "SUIT",
    "TABLE_SIZE",
    "TARGET",
    "TEAM_SIZES",
    "TYPED_POINTS",
    "BestHand",
    "Entry",
    "Meld",
    "best_hand",
    "check_players",
    "clean_options",
    "entry_fields",
    "entry_from_data",
    "entry_to_data",
    "fold",
    "fold_game",
    "house_rules",
    "read_meld",
    "score_entry",
    "score_hand",
    "tables",
    "target_score",
]
