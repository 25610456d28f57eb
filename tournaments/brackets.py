"""Single-elimination brackets: slots, byes, rounds and where each winner goes next.

The pure maths lives in `games.formats.bracket` (the formats draw their first round with
it); this module re-exports it so the services and their tests read as before.
"""

from games.formats.bracket import (
    BracketError,
    BracketGame,
    Pairing,
    TeamId,
    bracket_size,
    build_bracket,
    byes_count,
    first_round,
    next_slot,
    rounds_count,
)

__all__ = [
    "BracketError",
    "BracketGame",
    "Pairing",
    "TeamId",
    "bracket_size",
    "build_bracket",
    "byes_count",
    "first_round",
    "next_slot",
    "rounds_count",
]
