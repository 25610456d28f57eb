"""How a result names its games and sides: on every page and in the activity log.

Shared by the result services (`results.py`, `voiding.py`) and by the one-statement
path's log lines (`result_statements.py` fills in the names it reads).
"""

from __future__ import annotations

import functools

from .. import naming
from ..models import TeamMember
from ..selectors import name_of
from .locked_games import GameRow, SideRow

__all__ = ["LOG_GAME", "log_name", "name_of", "result_text", "side_name", "voided_name"]

# How the activity log names a game: "Doubles, Game 13 (Quarter-final)". The same
# template serves `result_statements`' SQL, which fills in the names it reads.
LOG_GAME = "{event}, {game}"


def log_name(game: GameRow) -> str:
    """Name a game in the activity log: its event and its name on every page (naming)."""
    return LOG_GAME.format(event=game.event.name, game=name_of(game))


def voided_name(game: GameRow, current: GameRow) -> str:
    """Name a voided game in the log line of ``current``: "Game 9 (Semi-final)", or
    "Partners' game 2 in Singles" for a game of another event."""
    if game.event is current.event:
        return name_of(game)
    return f"{name_of(game)} in {game.event.name}"


def side_name(side: SideRow, team_size: int) -> str:
    """Name a seated side in the activity log: a team by its number ("Team 9"), a player
    alone by their name ("Ann Lee"), as a singles player is known in the hall."""
    if team_size == 1 and side.team_id is not None:
        names = TeamMember.objects.filter(team_id=side.team_id).values_list(
            "player__name", flat=True
        )
        return naming.team_label(list(names), side.team_number, team_size)
    return naming.team_number_label(side.team_number, team_size)


def result_text(name: str, winner: str, loser: str, *, walkover: bool, correcting=False) -> str:
    """Write the activity line of a result: "Doubles, Game 2 (Semi-final): Team 3 beat Team 9"."""
    how = "won by walkover (W/O) against" if walkover else "beat"
    return f"{name}{' corrected' if correcting else ''}: {winner} {how} {loser}"


@functools.cache
def statement_text(walkover: bool) -> str:
    """Return the activity line of a doubles result as a `format()` template for the one
    statement: it fills in the event's name (%1$s), the game's name (%2$s) and the winning
    and losing teams' numbers (%3$s, %4$s), as `log_name` and `side_name` do."""
    return result_text(
        LOG_GAME.format(event="%1$s", game="%2$s"),
        naming.team_number_label("%3$s", 2),
        naming.team_number_label("%4$s", 2),
        walkover=walkover,
    )
