"""A game's running totals: who has won, and when.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from dataclasses import dataclass

from games.engine import Fold
from games.rules import RulesError
from games.rules.checks import check_count, check_length, refuse_hands_after, seat_name


@dataclass(frozen=True)
class GameState:
    """Where a game stands after its hands.

    totals holds one entry per side (or player); finished_at and needs_decision_at are
    0-based hand indexes. needs_decision_at is set when one hand took both sides to the
    target and the official has not said which side got there first.
    """

    totals: tuple[int, ...]
    finished: bool = False
    winner: int | None = None
    finished_at: int | None = None
    needs_decision_at: int | None = None

    def to_fold(self):
        """Return the state as the one engine's Fold (the winner, if any, as the one winner)."""
        winners = () if self.winner is None else (self.winner,)
        return Fold(self.totals, self.finished, winners, self.finished_at)


def fold_to_target(hands, *, sides, target, seat="Side"):
    """Return the state of a game where only one side scores in a hand.

    hands holds each hand's points, one entry per side. The first side to reach target
    wins at that hand; hands after it raise RulesError, as does a hand where more than
    one side scores.
    """
    check_count(target, what="The target score", low=1)
    hands = list(hands)
    totals = [0] * sides
    for index, points in enumerate(hands):
        what = f"Hand {index + 1}"
        points = check_length(points, count=sides, what=f"{what}'s points")
        for side, value in enumerate(points):
            check_count(value, what=f"{what}, {seat_name(side, seat=seat)}'s points")
        scorers = [side for side, value in enumerate(points) if value]
        if len(scorers) > 1:
            raise RulesError(f"{what}: only one {seat.lower()} scores in a hand")
        for side in scorers:
            totals[side] += points[side]
            if totals[side] >= target:
                reason = f"The game was won at hand {index + 1}"
                refuse_hands_after(index, len(hands), reason=reason)
                return GameState(tuple(totals), True, side, index)
    return GameState(tuple(totals))
