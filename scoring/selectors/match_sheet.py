"""A match of several games on the score sheet and the table's page: the game in play
within the match, the games so far with their totals and winners (`games.matches`).

Read from the rows the sheet already has (their stored entries folded by the game's
rules, game by game): no query of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.matches import MatchFold, best_of, fold_match, games_at_close, score_line
from games.rules import RulesError
from tournaments import naming
from tournaments.matches import match_headline, match_to_win
from tournaments.models import Game


@dataclass(frozen=True)
class MatchGameLine:
    """One game of the match as the sheet lists it: "Game 1: Dale & Earl won 255 – 120"."""

    number: int
    totals: tuple[int, ...]
    winner: object | None  # the SideView that won it, None while in play

    @property
    def text(self) -> str:
        totals = naming.result_totals(self.totals)
        if self.winner is None:
            return f"Game {self.number}: in play, {totals}"
        return f"Game {self.number}: {self.winner.short_label} won, {totals}"


@dataclass(frozen=True)
class MatchView:
    """Where a match stands: its length, the game in play, the games won and each game.

    closed_winner: the side a match closed at time went to (its game in play counted for
    its higher total: `games.matches.games_at_close`), None otherwise.
    """

    fold: MatchFold
    sides: Sequence  # the sheet's SideViews, in seat order
    closed_winner: int | None = None

    @property
    def length(self) -> str:
        return best_of(self.fold.to_win)

    @property
    def winner(self) -> int | None:
        """Return the side that won the match, or None while it is played."""
        return self.fold.winner if self.fold.finished else self.closed_winner

    @property
    def games_won(self) -> tuple[int, ...]:
        """Return each side's games won (at time, with the game in play counted)."""
        if self.closed_winner is not None and not self.fold.finished:
            return games_at_close(self.fold.games_won, self.fold.totals)
        return tuple(self.fold.games_won)

    @property
    def score(self) -> str:
        """Return the games won, "2-1", the leader's (or the winner's) first."""
        leader = self.winner if self.winner is not None else self.fold.leader
        return score_line(self.games_won, leader)

    @property
    def headline(self) -> str:
        """Return "Game 2 of best of 3, Dale & Earl lead 1-0", or the match's result."""
        return match_headline(
            self.fold.to_win,
            self.games_won,
            [side.short_label for side in self.sides],
            plural=[len(side.players) > 1 for side in self.sides],
            winner=self.winner,
            in_play=self.fold.in_play,
        )

    @property
    def games(self) -> list[MatchGameLine]:
        return [
            MatchGameLine(
                game.number,
                tuple(game.fold.totals),
                self.sides[game.fold.winner] if game.fold.finished else None,
            )
            for game in self.fold.games
        ]


def match_view(game, sides: Sequence, rows: Sequence, spec, table, options) -> MatchView | None:
    """Return the match a bracket game is, or None when it is one game (or its stored
    hands no longer read by the rules: the sheet then shows them as they are)."""
    if table is None or any(row.entry is None for row in rows):
        return None
    to_win = match_to_win(game)
    numbers = [row.hand.match_game for row in rows]
    if to_win == 1 and all(number == 1 for number in numbers):
        return None
    entries = [row.entry for row in rows]

    def fold_game(indexes):
        return spec.fold([entries[index] for index in indexes], table, options)

    try:
        fold = fold_match(numbers, fold_game, to_win=to_win, sides=len(sides))
    except RulesError:
        return None
    closed = game.winner_seat if game.status == Game.Status.CLOSED else None
    return MatchView(fold, list(sides), closed_winner=closed)
