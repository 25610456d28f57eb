"""The table a game is played at, as the game's rules (`games.registry`) describe it."""

from games.engine import Table
from games.rules import RulesError
from tournaments.errors import DeskError
from tournaments.models import Game


def table_of(game: Game, *, sides: int | None = None) -> Table:
    """Return the table a game is played at: its sides, and its event's team size."""
    event = game.event
    if sides is None:
        sides = getattr(game, "side_count", None)
        if sides is None:
            sides = game.sides.count()
    try:
        return event.game.table(event.options, sides=sides, team_size=event.team_size)
    except RulesError as exc:
        raise DeskError(f"This game cannot be scored: {exc}.") from exc
