"""Settling a bracket game from its hands: store its totals, then decide, re-decide or
reopen it to match them (scoring calls this through `settle.settle_game`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Case, Value, When

from games.engine import Fold, winner_at_time
from games.matches import MatchFold

from ..acting import User
from ..models import Game, Side
from .results import decide_at_once, record_result, reopen_game, set_game_progress, valid_progress

__all__ = ["Settled", "settle_bracket_game"]


@dataclass
class Settled:
    """What settling a game after a hand change did: the game as it now stands.

    won: the game was decided, or went to another side. reopened: a result was taken
    back. voided: later bracket games voided on the way (their hands go too).
    """

    game: Game
    won: bool = False
    reopened: bool = False
    voided: list = field(default_factory=list)


def settle_bracket_game(
    *, game: Game, fold: Fold, hand_count: int, by: User | None, confirm: bool
) -> Settled:
    """Store a bracket game's totals and decide, re-decide or reopen it to match its hands.

    The hand that ends an ordinary game stores its totals and decides it in one
    statement on PostgreSQL (`results.decide_at_once`).
    """
    settled = Settled(game=game)
    if isinstance(fold, MatchFold):
        store_games_won(game, fold.games_won)
    if game.status == Game.Status.CLOSED:
        return _settle_closed(settled, fold=fold, hand_count=hand_count, by=by, confirm=confirm)
    was_won = game.status == Game.Status.FINISHED
    # A first win the one statement may take; refused, the general path takes it.
    first_win = (
        fold.finished
        and not was_won
        and fold.winner in (0, 1)
        and valid_progress(tuple(fold.totals), hand_count)
    )
    if was_won and not (fold.finished and fold.winner == game.winner_seat):
        if fold.finished:
            # Another side wins now: the winner it advanced is swapped.
            game = record_result(game=game, winner_seat=fold.winner, by=by, confirm=confirm)
            settled.won = True
        else:
            game = reopen_game(game=game, by=by, confirm=confirm)
            settled.reopened = True
        settled.voided.extend(game.voided_games)
    elif first_win and decide_at_once(
        game,
        winner_seat=fold.winner,
        walkover=False,
        expected_version=None,
        by=by,
        totals=tuple(fold.totals),
        hand_count=int(hand_count),
    ):
        settled.won = True
        return settled
    game = set_game_progress(game=game, totals=fold.totals, hand_count=hand_count)
    if fold.finished and game.status != Game.Status.FINISHED:
        game = record_result(
            game=game, winner_seat=fold.winner, by=by, confirm=confirm, at_once=not first_win
        )
        settled.won = True
        settled.voided.extend(game.voided_games)
    settled.game = game
    return settled


def _settle_closed(settled: Settled, *, fold, hand_count: int, by, confirm: bool) -> Settled:
    """Settle a game closed at time after a correction of its hands, as a replay would
    leave it: hands that end the game now finish it; otherwise it stays closed at time,
    won by the highest total; level sides (or no hands) play on again."""
    game = set_game_progress(game=settled.game, totals=fold.totals, hand_count=hand_count)
    was = game.winner_seat
    if fold.finished:
        game = record_result(game=game, winner_seat=fold.winner, by=by, confirm=confirm)
        settled.won = fold.winner != was
    elif (winner := _winner_at_time(fold, hand_count)) is not None:
        game = record_result(game=game, winner_seat=winner, by=by, confirm=confirm, closed=True)
        settled.won = winner != was
    else:
        game = reopen_game(game=game, by=by, confirm=confirm)
        settled.reopened = True
    settled.voided.extend(game.voided_games)
    settled.game = game
    return settled


def _winner_at_time(fold: Fold, hand_count: int) -> int | None:
    """Return who the game goes to at time: a match by the match's rule at time."""
    if isinstance(fold, MatchFold):
        return fold.winner_at_time
    return winner_at_time(fold.totals, hand_count)


def store_games_won(game: Game, games_won) -> None:
    """Keep each side's games won in the game's match (one statement, for matches only)."""
    Side.objects.filter(game_id=game.pk).update(
        games_won=Case(
            *(When(seat=seat, then=Value(won)) for seat, won in enumerate(games_won)),
            default=Value(0),
        )
    )
