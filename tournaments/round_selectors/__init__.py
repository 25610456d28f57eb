"""Reads for the rounds pages: a round's tables, the standings, one side's games.

Each function returns what one page shows, read in a fixed number of queries whatever
the size of the event. Standings come from `games.standings.rank` over the games with a
result (finished, or closed at time) and the rounds sat out of every round that has
started; a game being played counts only when it ends.

The parts: `seating` (the sides, a round's tables, one side's tables), `overview` (the
official list of rounds) and `ranking` (the standings).
"""

from tournaments.round_selectors.overview import (
    RoundsOverview,
    RoundSummary,
    rounds_overview,
    started_rounds,
)
from tournaments.round_selectors.ranking import (
    StandingRow,
    Standings,
    game_results,
    rounds_sat_out,
    sit_out_points,
    standings,
)
from tournaments.round_selectors.seating import (
    TABLE_WORDS,
    RoundView,
    SeatLine,
    SideGames,
    SideRound,
    TableLine,
    Teams,
    event_teams,
    round_view,
    side_games,
    started_round,
)
from tournaments.selectors.clocks import (
    Clock,
    bracket_clocks,
    clock_text,
    playing_round_clock,
    round_clock,
    still_playing,
    waiting_hands,
)

__all__ = [
    "TABLE_WORDS",
    "Clock",
    "RoundSummary",
    "RoundView",
    "RoundsOverview",
    "SeatLine",
    "SideGames",
    "SideRound",
    "StandingRow",
    "Standings",
    "TableLine",
    "Teams",
    "bracket_clocks",
    "clock_text",
    "event_teams",
    "game_results",
    "playing_round_clock",
    "round_clock",
    "round_view",
    "rounds_overview",
    "rounds_sat_out",
    "side_games",
    "sit_out_points",
    "standings",
    "started_round",
    "started_rounds",
    "still_playing",
    "waiting_hands",
]
