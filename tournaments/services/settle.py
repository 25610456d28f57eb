"""One door for scoring: settle a game after its hands changed, bracket or round alike."""

from __future__ import annotations

from games.engine import Fold

from ..acting import User
from ..models import Game
from .rounds import settle_table
from .settle_bracket import Settled, settle_bracket_game


def settle_game(
    *, game: Game, fold: Fold, hand_count: int, by: User | None, confirm: bool = False
) -> Settled:
    """Store a game's totals and result to match its hands, inside the caller's transaction.

    fold is the game's state (`games.engine.Fold`) after its hands. A game at a table of
    a round keeps its result at the table; a bracket game moves its winner on, and may
    void later games (which needs ``confirm``, see `record_result`).
    """
    if game.round_id is not None:
        return settle_table(game=game, fold=fold, hand_count=hand_count, by=by)
    return settle_bracket_game(game=game, fold=fold, hand_count=hand_count, by=by, confirm=confirm)
