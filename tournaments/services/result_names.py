"""How a result names its games and sides: on every page and in the activity log.

Shared by the result services (`results.py`, `voiding.py`) and by the one-statement
path's log lines (`result_statements.py` fills in the names it reads).
"""

from __future__ import annotations

import functools

from .. import naming, selectors
from .locked_games import GameRow, SideRow

__all__ = ["LOG_GAME", "game_name", "log_name", "result_text", "side_name", "voided_name"]

# How the activity log names a game: "Doubles, Game 13 (Quarter-final)". The same
# template serves `result_statements`' SQL, which fills in the names it reads.
LOG_GAME = "{event}, {game}"


def game_name(game) -> str:
    """Name a game for the official as every page does: "Game 6 (Semi-final)" (naming)."""
    return selectors.game_name(game)


def log_name(game: GameRow) -> str:
    """Name a game in the activity log: its event and its name on every page (naming)."""
    return LOG_GAME.format(event=game.event.name, game=game_name(game))


def voided_name(game: GameRow, current: GameRow) -> str:
    """Name a voided game in the log line of ``current``: "Game 9 (Semi-final)", or
    "Partners' game 2 in Singles" for a game of another event."""
    if game.event is current.event:
        return game_name(game)
    return f"{game_name(game)} in {game.event.name}"


def side_name(side: SideRow, team_size: int) -> str:
    """Name a seated side in the activity log by its number: "Team 9", "Player 9"."""
    return naming.team_number_label(side.team_number, team_size)


def result_text(name: str, winner: str, loser: str, *, walkover: bool, correcting=False) -> str:
    """Write the activity line of a result: "Doubles, Game 2 (Semi-final): Team 3 beat Team 9"."""
    how = "won by walkover (W/O) against" if walkover else "beat"
    return f"{name}{' corrected' if correcting else ''}: {winner} {how} {loser}"


@functools.cache
def statement_texts(walkover: bool) -> tuple[str, str]:
    """Return the activity line of a result as `format()` templates for the statement, by
    team size (1, 2): it fills in the event's name (%1$s), the game's name (%2$s) and the
    winning and losing sides' numbers (%3$s, %4$s), as `log_name` and `side_name` do."""
    return tuple(
        result_text(
            LOG_GAME.format(event="%1$s", game="%2$s"),
            naming.team_number_label("%3$s", team_size),
            naming.team_number_label("%4$s", team_size),
            walkover=walkover,
        )
        for team_size in (1, 2)
    )
