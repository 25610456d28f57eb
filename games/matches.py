"""Matches of several games: a bracket game played as the best of 3, 5, ... games.

A match holds its games, each a game of the event's game (to 250 in Texas Good Sams,
or the game's target) with its own hands. Each hand carries the number of its game in
the match (1, 2, ...); `fold_match` folds the hands of each game with the game's own
fold and counts the games won: the match ends when a side has won `to_win` games. A
match of one game (`to_win` 1, the default) is the game itself.

How many games win a match is a house rule per round (`MatchRule`, from the options
`games_to_win_first`, `_later`, `_final`: docs/rules.md), and at time the match goes
to the side ahead in games once the game in play is given to its higher total
(`match_winner_at_time`).

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from games.engine import Decision, Fold, best_totals, winner_at_time
from games.rules import RulesError
from games.rules.options import CLOCK_PER_GAME, CLOCK_PER_MATCH


@dataclass(frozen=True)
class MatchRule:
    """Games needed to win a match in the first round, the later rounds and the final,
    and what the round's minutes count (per game of a match, or per whole match)."""

    first: int = 1
    later: int = 1
    final: int = 1
    clock_per: str = CLOCK_PER_GAME

    @classmethod
    def from_options(cls, values: Mapping) -> MatchRule:
        """Return the rule of an event's checked options (a bracket event's)."""
        return cls(
            first=values.get("games_to_win_first", 1),
            later=values.get("games_to_win_later", 1),
            final=values.get("games_to_win_final", 1),
            clock_per=values.get("clock_per", CLOCK_PER_GAME),
        )

    @property
    def single(self) -> bool:
        """Say whether every match is one game (the default: nothing about matches shows)."""
        return self.first == self.later == self.final == 1

    def to_win(self, *, first_round: bool, final: bool) -> int:
        """Return the games a side needs to take a match of this round; the final's rule
        wins over the first round's (a bracket of two has one game, its final)."""
        if final:
            return self.final
        return self.first if first_round else self.later

    def clock_games(self, to_win: int) -> int:
        """Return how many games' minutes a round's clock gives: the most games its
        match can take (per game), or one (per match, or a match of one game)."""
        return most_games(to_win) if self.clock_per == CLOCK_PER_GAME else 1

    def sentences(self) -> list[str]:
        """Return the rule in plain words (nothing when every match is one game)."""
        if self.single:
            return []
        parts = f"{best_of(self.first)} in the first round, {best_of(self.later)} in the "
        parts += f"later rounds, {best_of(self.final)} in the final"
        clock = (
            "a round's minutes per game count for each game its longest match can take"
            if self.clock_per == CLOCK_PER_GAME
            else "a round's minutes count for the whole match"
        )
        return [
            f"Matches: {parts}. Each game of a match is a game of its own, with its own "
            "hands; the match ends when a side has won enough games.",
            f"With a clock, {clock}; at time the game in play goes to the higher total and "
            "the match to the side with more games won then; sides level in games play on.",
        ]


def most_games(to_win: int) -> int:
    """Return the most games a match to `to_win` games can take (best of 2n - 1)."""
    return 2 * to_win - 1


def best_of(to_win: int) -> str:
    """Return a match's length in words: "one game", "best of 3"."""
    return "one game" if to_win == 1 else f"best of {most_games(to_win)}"


@dataclass(frozen=True)
class MatchGame:
    """One game of a match: its number (from 1), the 0-based indexes of its hands among
    the match's, and its state after them (the game's own fold)."""

    number: int
    hands: tuple[int, ...]
    fold: Fold


@dataclass(frozen=True)
class MatchFold(Fold):
    """Where a match stands after its hands, as a `Fold` of the whole match.

    totals: the game in play's (or, once the match is over, its last game's). finished,
    winners: the match's. ended_at: the hand that won the match. decision: a question
    about a hand (its index among the match's hands). Besides: to_win, the games
    (`MatchGame`), games_won per side, and in_play, the number of the game in play (the
    next hand's game), or the last game once the match is over.
    """

    to_win: int = 1
    games: tuple[MatchGame, ...] = ()
    games_won: tuple[int, ...] = ()
    in_play: int = 1

    @property
    def level_in_games(self) -> bool:
        return len(set(self.games_won)) == 1

    @property
    def leader(self) -> int | None:
        """Return the side ahead in games won, or None when level."""
        found = best_totals(self.games_won)
        return found[0] if len(found) == 1 else None

    @property
    def winner_at_time(self) -> int | None:
        """Return the side the match goes to at time (`match_winner_at_time`)."""
        return match_winner_at_time(self.games_won, self.totals)


def fold_match(
    numbers: Sequence[int],
    fold_game: Callable[[tuple[int, ...]], Fold],
    *,
    to_win: int,
    sides: int = 2,
) -> MatchFold:
    """Return the state of a match after its hands, in order.

    numbers: each hand's game in the match (1, 2, ...: never going back nor skipping a
    game). fold_game: the game's fold of the hands at the given indexes. Every game
    before the last must be won at its last hand; no game follows the one that won the
    match. A game's refusal is named with its game; a decision stops the fold there.
    """
    if to_win < 1:
        raise RulesError(f"A match is won by at least 1 game, not {to_win}")
    groups: list[list[int]] = []
    for index, number in enumerate(numbers):
        if number == len(groups) + 1:
            groups.append([index])
        elif number == len(groups) and number:
            groups[-1].append(index)
        else:
            raise RulesError(
                f"Hand {index + 1} is marked as game {number} of the match, after game "
                f"{len(groups)}: the games of a match follow each other"
            )
    won = [0] * sides
    games: list[MatchGame] = []
    for number, indexes in enumerate(groups, start=1):
        if max(won) >= to_win:
            raise RulesError(
                f"The match was won in game {number - 1}: game {number} cannot have hands"
            )
        fold = _fold_one(fold_game, number, tuple(indexes))
        games.append(MatchGame(number, tuple(indexes), fold))
        if fold.decision is not None:
            return _state(games, won, to_win, sides, decision=fold.decision, at=indexes)
        if fold.finished:
            won[fold.winner] += 1
        elif number < len(groups):
            raise RulesError(
                f"Game {number} of the match would no longer be won at its last hand (hand "
                f"{indexes[-1] + 1}), yet game {number + 1} has hands: correct or delete "
                f"the hands of game {number + 1} first"
            )
    return _state(games, won, to_win, sides)


def match_fold(
    numbers: Sequence[int],
    fold_game: Callable[[tuple[int, ...]], Fold],
    *,
    to_win: int,
    sides: int = 2,
) -> Fold:
    """Return the state of a bracket game's hands: the game's own fold when its match is
    one game (every hand in game 1), else the match's (`fold_match`)."""
    numbers = list(numbers)
    if to_win == 1 and all(number == 1 for number in numbers):
        return fold_game(tuple(range(len(numbers))))
    return fold_match(numbers, fold_game, to_win=to_win, sides=sides)


def _fold_one(fold_game, number: int, indexes: tuple[int, ...]) -> Fold:
    try:
        fold = fold_game(indexes)
    except RulesError as exc:
        raise RulesError(
            f"Game {number} of the match: {exc}", field=exc.field, problems=exc.problems
        ) from exc
    if fold.finished and fold.winner is None:
        raise RulesError(f"Game {number} of the match ended level: a match's game needs a winner")
    return fold


def _state(games, won, to_win, sides, *, decision=None, at=()) -> MatchFold:
    won = tuple(won)
    finished = max(won) >= to_win and decision is None
    last = games[-1] if games else None
    if decision is not None:
        decision = Decision(at[decision.hand], decision.field, decision.message, decision.choices)
    if last is None:
        in_play, totals = 1, (0,) * sides
    elif last.fold.finished and not finished and decision is None:
        in_play, totals = last.number + 1, (0,) * sides  # the next game, not begun
    else:
        in_play, totals = last.number, last.fold.totals
    return MatchFold(
        totals=tuple(totals),
        finished=finished,
        winners=(won.index(max(won)),) if finished else (),
        ended_at=last.hands[-1] if finished else None,
        decision=decision,
        to_win=to_win,
        games=tuple(games),
        games_won=won,
        in_play=in_play,
    )


def match_winner_at_time(games_won: Sequence[int], totals: Sequence[int]) -> int | None:
    """Return the side a match closed at time goes to, or None when it plays on.

    The game in play goes to its higher total; at 0 to 0 it has not begun and gives
    nobody a game; level on another total, its sides play on until a hand separates them
    (the game's tie rule), unless the side ahead in games leads by two or more (that
    game cannot change who is ahead). Then the match goes to the side with more games
    won; sides level in games play on (docs/rules.md).
    """
    won = games_at_close(games_won, totals)
    if close_leader(totals) is None and any(totals) and not leads_by_two(won):
        return None
    found = best_totals(won)
    return found[0] if len(found) == 1 else None


def games_at_close(games_won: Sequence[int], totals: Sequence[int]) -> tuple[int, ...]:
    """Return the games won once a match is closed at time: the game in play counted for
    its higher total (nobody's when level, or at 0 to 0 before it began)."""
    won = list(games_won)
    leader = close_leader(totals)
    if leader is not None:
        won[leader] += 1
    return tuple(won)


def game_in_play(games_won: Sequence[int]) -> int:
    """Return the number of a match's game in play: every game of a match has a winner,
    so it is the one after the games won so far."""
    return sum(games_won) + 1


def leads_by_two(games_won: Sequence[int]) -> bool:
    """Say whether a side leads every other by two games or more."""
    ordered = sorted(games_won, reverse=True)
    return len(ordered) > 1 and ordered[0] - ordered[1] >= 2


def close_leader(totals: Sequence[int]) -> int | None:
    """Return the side ahead on total, or None when level (no hands: 0 to 0)."""
    found = best_totals(totals)
    return found[0] if len(found) == 1 else None


def winner_at_time_of(
    totals: Sequence[int], hand_count: int, games_won: Sequence[int], to_win: int
) -> int | None:
    """Return who a bracket game closed at time goes to: a game by itself by the
    bracket's rule (`games.engine.winner_at_time`), a match of several games by
    `match_winner_at_time`."""
    if to_win == 1:
        return winner_at_time(totals, hand_count)
    return match_winner_at_time(games_won, totals)


def score_line(games_won: Sequence[int], winner: int | None = None) -> str:
    """Return games won as a bracket shows them: "2-1", the winner's first when known."""
    won = list(games_won)
    if winner is not None and winner < len(won):
        won = [won[winner], *won[:winner], *won[winner + 1 :]]
    return "-".join(str(count) for count in won)


__all__ = [
    "CLOCK_PER_GAME",
    "CLOCK_PER_MATCH",
    "MatchFold",
    "MatchGame",
    "MatchRule",
    "best_of",
    "close_leader",
    "fold_match",
    "game_in_play",
    "games_at_close",
    "leads_by_two",
    "match_fold",
    "match_winner_at_time",
    "most_games",
    "score_line",
    "winner_at_time_of",
]
