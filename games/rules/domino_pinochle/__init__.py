"""Domino Pinochle (double-six, 3 players): melds, tricks and a game to 250.

Each player is dealt 9 tiles; the one tile left is the widow. A tile's suit is its
higher number and its value in that suit its lower number, so the double ranks highest
and the blank lowest. Players are indexed 0, 1, 2 in seating order from the dealer's
left ("Player 1" is the first to meld).

Meld rulings (the source text lost them): a sequence meld is 3 or 4 tiles of one suit
with consecutive values, the suit's double counting as its own number; a doubles meld
is 3 or 4 doubles with consecutive numbers. A tile is in one meld only. The widow may
complete any player's meld but earns no points: a meld scores 1 per tile from the hand,
plus a bonus (2 by default) for a four-tile meld whose four tiles all come from the hand.

Pure rules: plain data in, plain data out; this package imports no Django.

The rules live in `rules` (melds, tricks, the game, the house rules); the engine's part
(tables, a hand's entry, its score, the game's state) in `entry`. This package gives
both under one name, as `games.registry` and the tests use it.
"""

from games.rules.domino_pinochle.entry import (
    MELD_OPTIONS,
    MELD_POINTS_FIELD,
    MELDS_FIELD,
    TRICKS_FIELD,
    WIDOW_FIELD,
    Entry,
    entry_fields,
    entry_from_data,
    entry_to_data,
    fold,
    score_entry,
    tables,
)
from games.rules.domino_pinochle.rules import (
    DOUBLES,
    FOUR_TILE_BONUS,
    NAME,
    OPTIONS,
    PLAYS_ON_AFTER_WITHDRAWAL,
    SEQUENCE,
    TARGET,
    TEAM_SIZES,
    WON_ON_MELDS,
    WON_ON_TRICKS,
    Meld,
    PinochleState,
    clean_options,
    fold_game,
    house_rules,
    meld_points,
    reachable_meld_totals,
    read_meld,
    read_melds,
    target_score,
)
from games.rules.domino_pinochle.tricks import (
    HAND_SIZE,
    MAX_PIP,
    PLAYERS,
    POINT_TILES,
    TRICK_POINTS,
    TRICKS,
    count_trick_points,
    suit_of,
    trick_points,
    winning_play,
)

__all__ = [
    "DOUBLES",
    "FOUR_TILE_BONUS",
    "HAND_SIZE",
    "MAX_PIP",
    "MELDS_FIELD",
    "MELD_OPTIONS",
    "MELD_POINTS_FIELD",
    "NAME",
    "OPTIONS",
    "PLAYERS",
    "PLAYS_ON_AFTER_WITHDRAWAL",
    "POINT_TILES",
    "SEQUENCE",
    "TARGET",
    "TEAM_SIZES",
    "TRICKS",
    "TRICKS_FIELD",
    "TRICK_POINTS",
    "WIDOW_FIELD",
    "WON_ON_MELDS",
    "WON_ON_TRICKS",
    "Entry",
    "Meld",
    "PinochleState",
    "clean_options",
    "count_trick_points",
    "entry_fields",
    "entry_from_data",
    "entry_to_data",
    "fold",
    "fold_game",
    "house_rules",
    "meld_points",
    "reachable_meld_totals",
    "read_meld",
    "read_melds",
    "score_entry",
    "suit_of",
    "tables",
    "target_score",
    "trick_points",
    "winning_play",
]
