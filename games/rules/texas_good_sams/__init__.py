"""Texas Good Sams (double-six): score a hand and follow a game to 250.

Doubles is 4 players in 2 partnerships with 7 tiles each; singles is 2 players with
9 tiles each and a bone pile of 10. Either way a game has two sides, Side 1 and
Side 2 (indexes 0 and 1), and the first side to reach 250 wins.

Pure rules: plain data in, plain data out; this package imports no Django.

The rules live in `rules` (the deal, a hand's score, the game, the house rules); the
engine's part (the table, a hand's entry, its score, the game's state) in `entry`. This
package gives both under one name, as `games.registry` and the tests use it.
"""

from games.rules.texas_good_sams.entry import (
    Entry,
    describe_hand,
    entry_fields,
    entry_from_data,
    entry_to_data,
    fold,
    score_entry,
    score_entry_parts,
    tables,
)
from games.rules.texas_good_sams.rules import (
    BLOCKED_DIFFERENCE,
    BLOCKED_TOTAL,
    END_BLOCKED,
    END_NONE,
    END_OUT,
    ENDS,
    HAND_BOUND_REASON,
    MAX_HAND_POINTS,
    MAX_PIP,
    MAX_PIPS,
    NAME,
    OPTIONS,
    PARTNERS_ONLY_REASONS,
    PENALTY_POINTS,
    PENALTY_REASONS,
    PLAYS_ON_AFTER_WITHDRAWAL,
    SIDES,
    TARGET,
    TEAM_SIZES,
    HandScore,
    Penalty,
    bone_pile,
    clean_options,
    fold_game,
    hand_size,
    house_rules,
    penalty_reasons,
    score_hand,
    target_score,
)

__all__ = [
    "BLOCKED_DIFFERENCE",
    "BLOCKED_TOTAL",
    "ENDS",
    "END_BLOCKED",
    "END_NONE",
    "END_OUT",
    "HAND_BOUND_REASON",
    "MAX_HAND_POINTS",
    "MAX_PIP",
    "MAX_PIPS",
    "NAME",
    "OPTIONS",
    "PARTNERS_ONLY_REASONS",
    "PENALTY_POINTS",
    "PENALTY_REASONS",
    "PLAYS_ON_AFTER_WITHDRAWAL",
    "SIDES",
    "TARGET",
    "TEAM_SIZES",
    "Entry",
    "HandScore",
    "Penalty",
    "bone_pile",
    "clean_options",
    "describe_hand",
    "entry_fields",
    "entry_from_data",
    "entry_to_data",
    "fold",
    "fold_game",
    "hand_size",
    "house_rules",
    "penalty_reasons",
    "score_entry",
    "score_entry_parts",
    "score_hand",
    "tables",
    "target_score",
]
