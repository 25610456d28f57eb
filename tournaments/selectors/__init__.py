"""Reads of the tournaments app: each returns what one page shows, in few queries.

The one home for reads (services import from here, never the other way round):
`counts` (the dashboard's figures), `players` (the lists of players), `lines` and
`bracket` (a bracket as its pages show it), `draw` (the draw page's overview and who is
left without a partner), `seating` (the sides, a round's tables, one side's tables),
`rounds` (the official list of rounds), `ranking` (the standings), `lookup` (the
player's phone: "where do I play?") and `public_bracket`. Every public name is
importable from here, as `selectors.bracket_for_event(event)` or
`selectors.standings(event)`.

Standings come from `games.standings.rank` over the games with a result (finished, or
closed at time) and the rounds sat out of every round that has started; a game being
played counts only when it ends.
"""

from .bracket import (
    bracket_for_event,
    bracket_rounds,
    event_placings,
    name_of,
    print_sections,
    team_lines,
    with_bracket_rounds,
)
from .bracket_kept import visitor_bracket_read
from .bracket_reads import bracket_rows, bracket_versions
from .clocks import (
    Clock,
    bracket_clocks,
    clock_text,
    game_clock,
    lookup_clocks,
    place_clock,
    playing_round_clock,
    round_clock,
    still_playing,
)
from .closing import Closing, bracket_closing, round_closing
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
from .lookup import Lookup, find_players
from .players import (
    NO_CHAPTER,
    checked_in_to_enter,
    not_checked_in,
    players_for_entry,
    players_with_entries,
    roster_chapter_notes,
)
from .public_bracket import PublicBracket, public_bracket
from .ranking import (
    StandingRow,
    Standings,
    game_results,
    ranked_events,
    ranked_from,
    rounds_sat_out,
    sit_out_points,
    standings,
    standings_inputs,
    standings_reads,
)
from .rounds import RoundsOverview, RoundSummary, rounds_overview, started_rounds
from .seating import (
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
from .waiting import (
    WaitingHand,
    public_event,
    public_event_with,
    waiting_hands,
    with_waiting_hands,
)

__all__ = [
    "NO_CHAPTER",
    "TABLE_WORDS",
    "Bracket",
    "Clock",
    "Closing",
    "DrawOverview",
    "GameLine",
    "Lookup",
    "PlayerLine",
    "PublicBracket",
    "RoundLine",
    "RoundSummary",
    "RoundView",
    "RoundsOverview",
    "SeatLine",
    "SideGames",
    "SideLine",
    "SideRound",
    "StandingRow",
    "Standings",
    "TableLine",
    "TeamLine",
    "Teams",
    "WaitingHand",
    "bracket_clocks",
    "bracket_closing",
    "bracket_for_event",
    "bracket_played",
    "bracket_rounds",
    "bracket_rows",
    "bracket_versions",
    "checked_in_to_enter",
    "clock_text",
    "draw_overview",
    "event_placings",
    "event_teams",
    "events_with_counts",
    "find_players",
    "first_games_open",
    "game_clock",
    "game_results",
    "leftover_singles_teams",
    "lookup_clocks",
    "name_of",
    "not_checked_in",
    "odd_players",
    "place_clock",
    "players_for_entry",
    "players_to_add_to_singles",
    "players_with_entries",
    "playing_round_clock",
    "print_sections",
    "public_bracket",
    "public_event",
    "public_event_with",
    "ranked_events",
    "ranked_from",
    "roster_chapter_notes",
    "round_clock",
    "round_closing",
    "round_view",
    "rounds_overview",
    "rounds_sat_out",
    "side_games",
    "sit_out_points",
    "standings",
    "standings_inputs",
    "standings_reads",
    "started_round",
    "started_rounds",
    "still_playing",
    "team_lines",
    "tournament_counts",
    "visitor_bracket_read",
    "waiting_hands",
    "with_bracket_rounds",
    "with_waiting_hands",
]
