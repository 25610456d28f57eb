"""A hand's running score, or a table's result, stored in the statement that writes the
hand (PostgreSQL).

The progress statement of `result_statements` runs once for every hand that decides
nothing; scoring writes the hand and its history line just before it. Each was a round
trip of its own: sent as steps of one statement (`Leading`), the hand's transaction is
BEGIN, the lock with the hands' read, this statement and COMMIT (bench/hands.py).

The hand that decides a table (a rounds game) is one statement the same way: the table's
result statement stores what `settle_table` would, its round finished with it when no
other table is open. Through `settle_table` that was eight statements, each a round
trip: the hand's and its history line's INSERTs, the sides, the game, the round's lock
again, its other tables, its status and the event's marker. A bracket game's result
moves its teams on, which `results.decide_at_once` does in a statement of its own.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.utils import timezone

from games.engine import Fold
from games.matches import MatchFold

from ..models import OPEN, Game
from ..prepared import int8
from . import result_statements
from .results import _one_statement, set_game_progress, valid_progress
from .rounds import settle_table
from .settle_bracket import Settled


@dataclass(frozen=True)
class Leading:
    """The caller's own writes, run first in the progress statement.

    ``steps``: data-modifying WITH steps (``name AS (INSERT ...)``), whose named
    parameters are in ``params`` (``%(game)s`` and ``%(now)s`` are the progress's own);
    ``returns``: one value more that the statement selects (``(SELECT id FROM h)``).
    They are written whether or not the progress is ordinary (the general path then
    stores the progress). The text is a constant of the caller's (it is prepared once).
    """

    steps: str
    params: dict
    returns: str


@functools.lru_cache(maxsize=16)
def _statement(steps: str, returns: str, *, decides: bool = False) -> str:
    if decides:
        text = f"WITH {steps}, {result_statements.TABLE_RESULT_STEPS} "
    else:
        text = f"WITH {steps}, {result_statements.PROGRESS_STEPS} "
    return f"{text}{result_statements.PROGRESS_RESULT}, {returns}"


def settles_in_one_statement(game: Game, fold: Fold, hand_count: int) -> bool:
    """Say whether one statement settles this fold (on PostgreSQL, a game open, not a
    match, whose games won are stored too):

    - a game not decided by its hands: its running score. `settle_bracket_game` and
      `settle_table` both store just the totals, the hand count and "playing" for a game
      still open (a table's winner is none while it is open, and its round's status
      changes only with a result), and mark the game's own page changed;
    - a table decided by its hands: its result, as `settle_table` stores it.
    """
    return (
        _one_statement()
        and game.status in OPEN
        and (not fold.finished or game.at_a_table)
        and not isinstance(fold, MatchFold)
        and valid_progress(tuple(fold.totals), hand_count)
    )


def settle_after(
    leading: Leading, *, game: Game, fold: Fold, hand_count: int
) -> tuple[Settled, object]:
    """Write the caller's rows, then store the game's running score or its table's result,
    in one statement (`settles_in_one_statement` said so); return the game as settled and
    the value the caller's steps select."""
    now = timezone.now()
    totals = tuple(int(total) for total in fold.totals)
    params = result_statements.progress_params(game.pk, totals, int(hand_count), now)
    if fold.finished:
        params["win"] = None if fold.winner is None else int8()(fold.winner)
    statement = _statement(leading.steps, leading.returns, decides=fold.finished)
    row = result_statements.run(statement, {**leading.params, **params})
    if row[0]:
        game.status = row[2]
        if fold.finished:
            game.winner_seat = fold.winner
        game.hand_count = int(hand_count)
        game.version = row[1]
        game.updated_at = now
        return Settled(game=game, won=fold.finished), row[3]
    if game.at_a_table:
        # Not the ordinary case: the general path stores it, or says why it cannot.
        settled = settle_table(game=game, fold=fold, hand_count=hand_count, by=None)
    else:
        settled = Settled(
            game=set_game_progress(game=game, totals=fold.totals, hand_count=hand_count)
        )
    return settled, row[3]
