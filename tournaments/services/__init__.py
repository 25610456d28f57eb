"""Write services of the tournaments app; the only code that changes its models."""

from ..changes import log_activity, mark_changed, mark_changed_sql
from .bracket_time import close_bracket_game_at_time, close_bracket_round_at_time
from .chapters import add_chapter, merge_chapters, rename_chapter
from .clocks import restart_round_clock, set_bracket_clock
from .desk_results import (
    Before,
    give_result,
    preview_result,
    preview_take_back,
    take_back_result,
    undo_result,
)
from .draws import (
    draw_bracket,
    draw_partners_for_event,
    draw_singles_bracket,
    swap_players,
)
from .entries import enter_players, set_entries
from .odd_player import leave_out_odd_player, partner_odd_player
from .players import (
    add_player,
    check_in_players,
    set_checked_in,
    set_withdrawn,
    update_player,
)
from .progress_after import Leading, settle_after, settles_in_one_statement
from .results import (
    ConfirmationNeeded,
    StaleGame,
    games_voided,
    record_result,
    reopen_game,
    set_game_progress,
)
from .roster_files import import_roster
from .rounds import close_all_at_time, close_at_time, finish_event, reopen_event, start_round
from .seasons import (
    add_season_tournament,
    create_season,
    decide_season_match,
    delete_season,
    keep_season_ratings,
    queue_season_ratings,
    remove_season_tournament,
    set_season_points,
    unqueue_season_ratings,
    update_season,
)
from .seating import move_entrant, seat_round
from .settle import settle_game
from .settle_bracket import Settled
from .singles_entry import add_singles_entrant, open_singles
from .tournaments import create_event, create_tournament, update_tournament
from .withdrawals import preview_withdrawal, withdraw_player

__all__ = [
    "Before",
    "ConfirmationNeeded",
    "Leading",
    "Settled",
    "StaleGame",
    "add_chapter",
    "add_player",
    "add_season_tournament",
    "add_singles_entrant",
    "check_in_players",
    "close_all_at_time",
    "close_at_time",
    "close_bracket_game_at_time",
    "close_bracket_round_at_time",
    "create_event",
    "create_season",
    "create_tournament",
    "decide_season_match",
    "delete_season",
    "draw_bracket",
    "draw_partners_for_event",
    "draw_singles_bracket",
    "enter_players",
    "finish_event",
    "games_voided",
    "give_result",
    "import_roster",
    "keep_season_ratings",
    "leave_out_odd_player",
    "log_activity",
    "mark_changed",
    "mark_changed_sql",
    "merge_chapters",
    "move_entrant",
    "open_singles",
    "partner_odd_player",
    "preview_result",
    "preview_take_back",
    "preview_withdrawal",
    "queue_season_ratings",
    "record_result",
    "remove_season_tournament",
    "rename_chapter",
    "reopen_event",
    "reopen_game",
    "restart_round_clock",
    "seat_round",
    "set_bracket_clock",
    "set_checked_in",
    "set_entries",
    "set_game_progress",
    "set_season_points",
    "set_withdrawn",
    "settle_after",
    "settle_game",
    "settles_in_one_statement",
    "start_round",
    "swap_players",
    "take_back_result",
    "undo_result",
    "unqueue_season_ratings",
    "update_player",
    "update_season",
    "update_tournament",
    "withdraw_player",
]
