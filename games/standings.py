"""Standings of a rounds event: rank the sides from their finished games and sit-outs.

Every game but Texas Good Sams is played in rounds. Each table plays one game; a side
(a player, or a fixed partnership) earns match points for it: 2 for a win, 1 for a tie
(every side level on the best total), 0 for a loss. A round sat out earns the event's
sit-out points (0, 1 or 2; default 2) and no points for or against, and is shown as
"sat out", never as a game played.

Sides are ranked by, in order:

1. match points, more first;
2. points for, more first: the sum of the side's scores over its games;
3. points against, fewer first: for each game, the mean of the opponents' scores at that
   table (every other side there, so a four-player table counts once, not three times),
   rounded half up to one decimal, then summed over the games. Half up is Decimal's
   ROUND_HALF_UP, which rounds a 5 away from zero: 2.25 becomes 2.3 and -2.25 becomes
   -2.3. Sides are compared on that shown, rounded-then-summed value;
4. head-to-head: among a group of sides level on all three, each side's match points from
   the games where it sat at a table with at least one other side of the group. It is
   used only when every two sides of the group met at least once, and is applied once
   to the whole group: what stays level is not looked at again.

Sides still level share the place ("=3") and the next place skips ("=3, =3, 5"). Inside
a shared place rows come in order of str(side), then repr(side), so the table is stable.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from itertools import combinations, groupby

from games.engine import plural
from games.rules import RulesError

WIN_POINTS = 2
TIE_POINTS = 1
LOSS_POINTS = 0
SIT_OUT_POINTS = (0, 1, 2)
DEFAULT_SIT_OUT_POINTS = 2


@dataclass(frozen=True)
class GameResult:
    """One finished game: each side's final total, and the sides that won.

    scores: side -> final total (a whole number, may be negative). winners: the sides
    that won; two or more means they tied.
    """

    scores: Mapping[Hashable, int]
    winners: frozenset

    def __post_init__(self):
        object.__setattr__(self, "scores", dict(self.scores))
        object.__setattr__(self, "winners", frozenset(self.winners))

    @property
    def winner_points(self) -> int:
        """Return what each winner earned here: 2 for a lone win, 1 each for a tie."""
        return WIN_POINTS if len(self.winners) == 1 else TIE_POINTS

    def match_points(self, side) -> int:
        """Return what the side earned here: 2 for a lone win, 1 for a tie, 0 for a loss."""
        return self.winner_points if side in self.winners else LOSS_POINTS


@dataclass(frozen=True)
class Row:
    """One side's line in the standings.

    place: 1 for the best; sides level by every rule share it (shared=True). played counts
    games only (won + tied + lost); sat_out counts rounds sat out. points_against is the
    sum of each game's rounded mean of the opponents' scores, to one decimal.
    """

    side: Hashable
    place: int
    shared: bool
    played: int
    won: int
    tied: int
    lost: int
    sat_out: int
    match_points: int
    points_for: int
    points_against: Decimal


def check_sit_out_points(sit_out_points) -> int:
    """Return the sit-out points if they are 0, 1 or 2; raise RulesError if not."""
    if type(sit_out_points) is not int or sit_out_points not in SIT_OUT_POINTS:
        raise RulesError(
            f"A round sat out earns 0, 1 or 2 match points, not {sit_out_points!r}",
            field="sit_out_points",
        )
    return sit_out_points


def check_game(game: GameResult, number: int = 1) -> GameResult:
    """Return the game if it can count in the standings; raise RulesError if not.

    number: the game's 1-based position, to name it in the message.
    """
    name = f"Game {number}"
    if len(game.scores) < 2:
        sides = plural(len(game.scores), "side")
        raise RulesError(f"{name} has {sides}; a game is played by at least 2 sides")
    for side, score in game.scores.items():
        if type(score) is not int:
            raise RulesError(f"{name}: the score of {side} ({score!r}) is not a whole number")
    if not game.winners:
        raise RulesError(
            f"{name} has no winner; a game counts in the standings only when it has ended "
            "(or was closed at time)"
        )
    if not game.winners <= game.scores.keys():
        strangers = sorted(game.winners.difference(game.scores), key=_side_order)
        names = ", ".join(str(side) for side in strangers)
        raise RulesError(
            f"{name} names {names} among its winners, but only the sides that played it can win it"
        )
    return game


def points_against(game: GameResult, side) -> Decimal:
    """Return the mean of the opponents' scores in one game, rounded half up to 0.1.

    ROUND_HALF_UP rounds a 5 away from zero: 2.25 -> 2.3, -2.25 -> -2.3.
    """
    return _as_tenths(_tenths_against(game, side))


def _tenths_against(game: GameResult, side) -> int:
    """`points_against` in whole tenths, in integers alone: exact whatever the scores, and
    a ranking adds them up without a decimal context a game (a rounds event's standings,
    ranked again after every result: two thirds of the ranking's time)."""
    scores = game.scores
    return _half_up(10 * (sum(scores.values()) - scores[side]), len(scores) - 1)


def _half_up(tenths: int, count: int) -> int:
    """Return tenths / count rounded to a whole number, half away from zero."""
    rounded = (2 * abs(tenths) + count) // (2 * count)
    return rounded if tenths >= 0 else -rounded


def _as_tenths(tenths: int) -> Decimal:
    """Return a whole number of tenths as a Decimal with one place, exactly."""
    return Decimal((int(tenths < 0), tuple(map(int, str(abs(tenths)))), -1))


@dataclass
class _Tally:
    side: Hashable
    won: int = 0
    tied: int = 0
    lost: int = 0
    sat_out: int = 0
    match_points: int = 0
    points_for: int = 0
    tenths_against: int = 0

    @property
    def points_against(self) -> Decimal:
        return _as_tenths(self.tenths_against)

    @property
    def played(self) -> int:
        return self.won + self.tied + self.lost

    @property
    def key(self) -> tuple:
        """Return the ranking keys, smaller first: match points, points for, points against."""
        return (-self.match_points, -self.points_for, self.tenths_against)

    def add_sit_outs(self, rounds: int, sit_out_points: int) -> None:
        self.sat_out += rounds
        self.match_points += rounds * sit_out_points


def _side_order(side) -> tuple[str, str]:
    return (str(side), repr(side))


def _tally(games, sit_outs, sit_out_points) -> dict:
    """Return each side's `_Tally`, by side. Each game's sum of scores and match points
    for a win are worked out once for all its sides (the standings are ranked again after
    every result, and this loop was most of the ranking's time)."""
    tallies = {}
    for game in games:
        scores, winners = game.scores, game.winners
        total, others = sum(scores.values()), len(scores) - 1
        win = game.winner_points
        for side, score in scores.items():
            tally = tallies.get(side)
            if tally is None:
                tally = tallies[side] = _Tally(side)
            if side not in winners:
                tally.lost += 1
                tally.match_points += LOSS_POINTS
            else:
                if win == WIN_POINTS:
                    tally.won += 1
                else:
                    tally.tied += 1
                tally.match_points += win
            tally.points_for += score
            tally.tenths_against += _half_up(10 * (total - score), others)
    for side, rounds in Counter(sit_outs).items():
        tallies.setdefault(side, _Tally(side)).add_sit_outs(rounds, sit_out_points)
    return tallies


def _all_met(group, games) -> bool:
    """Return True if every two sides of the group sat at one table at least once."""
    met = set()
    for game in games:
        present = [side for side in group if side in game.scores]
        met.update(frozenset(pair) for pair in combinations(present, 2))
    return all(frozenset(pair) in met for pair in combinations(group, 2))


def head_to_head(group, games) -> dict:
    """Return each side's match points from games where it met another side of the group.

    A game counts in full for a side when at least one other side of the group sat at
    that table.
    """
    points = dict.fromkeys(group, 0)
    for game in games:
        present = [side for side in group if side in game.scores]
        if len(present) >= 2:
            for side in present:
                points[side] += game.match_points(side)
    return points


def _split_by_head_to_head(group, games) -> list[list]:
    """Return the group split into its places: by head-to-head if it applies, else whole."""
    if len(group) < 2 or not _all_met(group, games):
        return [group]
    points = head_to_head(group, games)
    ordered = sorted(group, key=lambda side: -points[side])
    return [list(level) for _, level in groupby(ordered, key=lambda side: points[side])]


def _rows(levels, tallies) -> list[Row]:
    rows = []
    for level in levels:
        place = len(rows) + 1
        for side in sorted(level, key=_side_order):
            tally = tallies[side]
            rows.append(
                Row(
                    side=side,
                    place=place,
                    shared=len(level) > 1,
                    played=tally.played,
                    won=tally.won,
                    tied=tally.tied,
                    lost=tally.lost,
                    sat_out=tally.sat_out,
                    match_points=tally.match_points,
                    points_for=tally.points_for,
                    points_against=tally.points_against,
                )
            )
    return rows


def rank(
    games: Iterable[GameResult],
    *,
    sit_outs: Iterable[Hashable] = (),
    sit_out_points: int = DEFAULT_SIT_OUT_POINTS,
) -> list[Row]:
    """Return the standings, best first, from finished games and rounds sat out.

    sit_outs names a side once for each round it sat out. Every side in a game or a
    sit-out gets one row. Raise RulesError for a game that cannot count or for sit-out
    points other than 0, 1 or 2.
    """
    check_sit_out_points(sit_out_points)
    games = [check_game(game, number) for number, game in enumerate(games, start=1)]
    tallies = _tally(games, sit_outs, sit_out_points)
    by_keys = sorted(tallies.values(), key=lambda tally: tally.key)
    levels = []
    for _, level in groupby(by_keys, key=lambda tally: tally.key):
        group = [tally.side for tally in level]
        levels.extend(_split_by_head_to_head(group, games))
    return _rows(levels, tallies)


def describe_tiebreaks(sit_out_points: int = DEFAULT_SIT_OUT_POINTS) -> list[str]:
    """Return how the standings are ranked, as plain sentences for the public page."""
    check_sit_out_points(sit_out_points)
    sit_out = plural(sit_out_points, "match point")
    return [
        "Each game earns match points: 2 for a win, 1 for a tie (every side level on the "
        "best total ties), 0 for a loss.",
        f"A round sat out earns {sit_out} and no points for or against; it is shown as "
        '"sat out", not as a game played.',
        "Sides are ranked by match points, most first.",
        "Sides level on match points are ranked by points for, most first: the sum of "
        "their scores in every game they played.",
        "Sides still level are ranked by points against, fewest first: for each game, the "
        "average of the opponents' scores at that table (so a table of four counts no more "
        "than a table of two), rounded half up to one decimal (2.25 becomes 2.3, -2.25 "
        "becomes -2.3), then added up over the games.",
        "Sides still level are ranked head-to-head, when every two of them met at least "
        "once: each counts its match points from the games where it sat at a table with "
        "another of them. This is done once for the whole group.",
        'Sides still level share the place, shown as "=3", and the next place is skipped '
        '("=3, =3, 5").',
    ]
