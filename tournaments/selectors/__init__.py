"""Reads for the tournament pages: each returns what one page shows, in few queries.

`counts` (the dashboard's figures), `players` (the lists of players), `lines` and
`bracket` (a bracket as its pages show it), `draw` (the draw page's overview). Every
name is importable from here, as `selectors.bracket_for_event(event)`.
"""

from .bracket import (
    bracket_for_event,
    bracket_rounds,
    event_placings,
    name_of,
    print_sections,
    with_bracket_rounds,
)
from .counts import events_with_counts, tournament_counts
from .draw import (
    DrawOverview,
    bracket_played,
    draw_overview,
    first_games_open,
    leftover_singles_teams,
    odd_players,
    players_to_add_to_singles,
)
from .lines import Bracket, GameLine, PlayerLine, RoundLine, SideLine, TeamLine
from .players import (
    NO_CHAPTER,
    checked_in_to_enter,
    not_checked_in,
    players_for_entry,
    players_with_entries,
    roster_chapter_notes,
)

__all__ = [
    "NO_CHAPTER",
    "Bracket",
    "DrawOverview",
    "GameLine",
    "PlayerLine",
    "RoundLine",
    "SideLine",
    "TeamLine",
    "bracket_for_event",
    "bracket_played",
    "bracket_rounds",
    "checked_in_to_enter",
    "draw_overview",
    "event_placings",
    "events_with_counts",
    "first_games_open",
    "leftover_singles_teams",
    "name_of",
    "not_checked_in",
    "odd_players",
    "players_for_entry",
    "players_to_add_to_singles",
    "players_with_entries",
    "print_sections",
    "roster_chapter_notes",
    "tournament_counts",
    "with_bracket_rounds",
]
