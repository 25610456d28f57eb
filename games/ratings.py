"""Players' ratings over a season: openskill's Plackett-Luce model, game by game.

Pure: plain data in, plain data out; no Django (openskill is a plain Python library).

Rulings (issue 24, told on the ratings page):

- One rating per game (each game of the registry is its own family): a Pinochle
  result says nothing of a player's Texas Good Sams.
- Every game with a result and at least one hand counts, in the order played. A
  walkover, a bye and a result given at the desk without hands are not games played.
- A partnership is a team: its two players are rated together, each keeping their own
  rating. A table of three or more is a ranking by totals: the winners first (the
  game's winner, or every side level on the best total), then the others from the
  highest total down; sides level on a total tie.
- Everyone starts at 25, give or take 8.3 (openskill's defaults). A rating is shown
  as its middle value and its uncertainty ("27.1, give or take 2.3, after 14 games");
  the list is ordered by the rating less three times its uncertainty, so a player is
  not at the top after one lucky game.
- Recomputed from scratch whenever anything in the season changes; the games come in a
  fixed order (`PlayedGame.order`), so the same results give the same ratings
  whichever order the tournaments were added in.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce

START_MU = 25.0
START_SIGMA = 25.0 / 3


@dataclass(frozen=True)
class PlayedGame:
    """One finished game: its family (game key), a sort key, and each side's people.

    sides: one tuple of people per seat (a person is any hashable key); totals in seat
    order; winners: the seats that won (two or more: a tie), or empty to read the totals.
    """

    family: str
    order: tuple
    sides: tuple[tuple[Hashable, ...], ...]
    totals: tuple[int, ...]
    winners: frozenset = frozenset()


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The rating less three times its uncertainty: what the list is ordered by."""
        return self.mu - 3 * self.sigma

    @property
    def words(self) -> str:
        """Return the rating in plain words: "27.1, give or take 2.3, after 14 games"."""
        played = "1 game" if self.games == 1 else f"{self.games} games"
        return f"{self.mu:.1f}, give or take {self.sigma:.1f}, after {played}"


def ranks(game: PlayedGame) -> list[int]:
    """Return each seat's rank (0 best; equal ranks tie): winners, then by totals."""
    winners = game.winners or frozenset(
        seat for seat, total in enumerate(game.totals) if total == max(game.totals)
    )
    keys = [(0, 0) if seat in winners else (1, -total) for seat, total in enumerate(game.totals)]
    return [sum(1 for other in keys if other < key) for key in keys]


def rate(games: Iterable[PlayedGame]) -> dict[str, dict[Hashable, Rating]]:
    """Return every person's rating per family, from the games in their fixed order."""
    model = PlackettLuce()
    ratings: dict[str, dict[Hashable, object]] = {}  # openskill's own, kept between games
    played: dict[str, dict[Hashable, int]] = {}
    for game in sorted(games, key=lambda g: g.order):
        if len(game.sides) < 2 or not all(game.sides):
            continue
        family = ratings.setdefault(game.family, {})
        counts = played.setdefault(game.family, {})
        teams = [
            [family.get(person) or model.rating(START_MU, START_SIGMA) for person in side]
            for side in game.sides
        ]
        rated = model.rate(teams, ranks=ranks(game))
        for side, new in zip(game.sides, rated, strict=True):
            for person, rating in zip(side, new, strict=True):
                family[person] = rating
                counts[person] = counts.get(person, 0) + 1
    return {
        family: {
            person: Rating(rating.mu, rating.sigma, played[family][person])
            for person, rating in people.items()
        }
        for family, people in ratings.items()
    }
