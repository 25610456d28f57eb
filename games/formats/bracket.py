"""Single-elimination brackets: slots, byes, rounds and where each winner goes next.

Pure: plain data in, plain data out. This module imports no Django and touches no
database, so it is tested on its own (docs/rules.md, "Partner draws and brackets").
Moved here from `tournaments/brackets.py` (which re-exports it) so that the formats in
`games.formats` draw their first round with the same byes.

Words used here:
- A bracket has a power-of-two number of slots; byes = slots - teams. Rounds and
  games are named in `tournaments.naming` (and by each format in `games.formats`).
- Rounds are numbered from 1 (the first round); games within a round have positions
  from 0, top of the bracket first. A game has two slots, 0 (top) and 1 (bottom).
- The winner of game ``p`` in round ``r`` plays in game ``p // 2`` of round ``r + 1``,
  in slot ``p % 2``.
- A bye game holds one team and one bye (None); the team advances at once.

The first round is random but reproducible: it uses only ``random.Random(seed)`` and
sorts the teams by id first, so team ids must be orderable (all ints, say).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Any, NamedTuple

from games.rules import RulesError

TeamId = Any
Pairing = tuple[TeamId | None, TeamId | None]


class BracketError(RulesError):
    """A bracket the official asked for cannot be drawn."""


class BracketGame(NamedTuple):
    """One game of a bracket and the game its winner goes on to.

    ``teams`` holds the teams known when the bracket is drawn: the drawn teams in the
    first round (None there is a bye), and in later rounds the teams that reached the
    game on a bye (None there means not decided yet). ``next_game`` is the
    ``(round_number, position)`` the winner goes to, None for the final.

    A named tuple, not a dataclass: a 4,096-team bracket builds 4,095 of them, and a
    tuple is made in a fifth of the time (bench/bracket.py).
    """

    round_number: int
    position: int
    teams: Pairing
    next_game: tuple[int, int] | None
    next_slot: int | None
    bye: bool

    @property
    def bye_team(self) -> TeamId | None:
        """Return the team that advances on a bye, or None when this is no bye."""
        if not self.bye:
            return None
        return self.teams[0] if self.teams[1] is None else self.teams[1]


def bracket_size(team_count: int) -> int:
    """Return the number of slots: the next power of two at or above the team count."""
    if team_count < 2:
        raise BracketError(f"A bracket needs at least 2 teams; {_teams(team_count)} entered")
    return 1 << (team_count - 1).bit_length()


def rounds_count(team_count: int) -> int:
    """Return how many rounds a bracket of this many teams takes to reach a winner."""
    return bracket_size(team_count).bit_length() - 1


def byes_count(team_count: int) -> int:
    """Return how many byes a bracket of this many teams has (none below two teams)."""
    return bracket_size(team_count) - team_count if team_count >= 2 else 0


def next_slot(round_number: int, position: int) -> tuple[int, int, int]:
    """Return ``(round_number, position, slot)`` where this game's winner plays next."""
    return round_number + 1, position // 2, position % 2


def first_round(
    team_ids: Sequence[TeamId],
    *,
    seed: Any,
    bye_team_ids: Iterable[TeamId] | None = None,
) -> list[Pairing]:
    """Draw the first round in bracket order, top first; None in a slot is a bye.

    Teams are drawn into slots at random. Byes are spread evenly: the two halves of
    the bracket, and the two halves of each half, and so on, differ by at most one
    bye, so no game has two byes. Byes go to teams drawn at random, or to exactly
    ``bye_team_ids`` when the official chooses them.
    """
    teams = sorted(team_ids)
    for before, after in pairwise(teams):
        if before == after:
            raise BracketError(f"Team {after} is entered twice")
    slots = bracket_size(len(teams))
    byes = byes_count(len(teams))
    rng = random.Random(seed)

    bye_games = _spread_byes(slots // 2, byes, rng)
    if bye_team_ids is None:
        bye_teams = rng.sample(teams, byes)
    else:
        bye_teams = _chosen_byes(teams, list(bye_team_ids), byes)
        rng.shuffle(bye_teams)
    playing = set(teams).difference(bye_teams)
    others = [team for team in teams if team in playing]
    rng.shuffle(others)

    with_bye = iter(bye_teams)
    drawn = iter(others)
    return [
        (next(with_bye), None) if has_bye else (next(drawn), next(drawn)) for has_bye in bye_games
    ]


def build_bracket(first_round_pairs: Sequence[Pairing]) -> list[list[BracketGame]]:
    """Lay out every round from the first round, linking each game to the next.

    Returns one list of games per round, first round first, the final last. A team
    with a bye is already placed in its second-round game.
    """
    games = len(first_round_pairs)
    if games < 1 or games & (games - 1):
        raise BracketError(f"A first round has a power-of-two number of games, not {games}")
    for position, pair in enumerate(first_round_pairs):
        if len(pair) != 2:
            raise BracketError(f"Game {position + 1} of the first round needs two slots")
        if pair[0] is None and pair[1] is None:
            raise BracketError(f"Game {position + 1} of the first round has two byes")
    entered = sum(team is not None for pair in first_round_pairs for team in pair)
    if entered < 2:
        raise BracketError(f"A bracket needs at least 2 teams; {_teams(entered)} entered")

    total = games.bit_length()
    rounds: list[list[BracketGame]] = []
    teams = [tuple(pair) for pair in first_round_pairs]
    for round_number in range(1, total + 1):
        final = round_number == total
        current = []
        advancing: list[list[TeamId | None]] = [[None, None] for _ in range(len(teams) // 2)]
        for position, pair in enumerate(teams):
            bye = round_number == 1 and None in pair
            if final:
                current.append(BracketGame(round_number, position, pair, None, None, bye))
                continue
            _, next_position, slot = next_slot(round_number, position)
            game = BracketGame(
                round_number, position, pair, (round_number + 1, next_position), slot, bye
            )
            current.append(game)
            if bye:
                advancing[next_position][slot] = game.bye_team
        rounds.append(current)
        teams = [(first, second) for first, second in advancing]
    return rounds


def _spread_byes(games: int, byes: int, rng: random.Random) -> list[bool]:
    """Say, game by game, which games hold a bye, halving the byes at every level.

    When a section's byes are odd, the extra one goes to a half drawn at random.
    """
    if games == 1:
        return [byes == 1]
    if byes in (0, games):
        # No section can hold an odd number of byes, so nothing is drawn at random.
        return [byes == games] * games
    half = games // 2
    top = byes // 2
    if byes % 2 and rng.random() < 0.5:
        top += 1
    return _spread_byes(half, top, rng) + _spread_byes(half, byes - top, rng)


def _chosen_byes(teams: list[TeamId], chosen: list[TeamId], byes: int) -> list[TeamId]:
    """Check the official's choice of bye teams and return it."""
    if len(chosen) != byes:
        raise BracketError(
            f"Choose exactly {_teams(byes)} for {'a bye' if byes == 1 else 'byes'}; "
            f"{len(chosen)} chosen"
            if byes
            else f"This bracket has no byes; {len(chosen)} chosen"
        )
    entered = set(teams)
    seen = set()
    for team in chosen:
        if team not in entered:
            raise BracketError(f"Team {team} is not in this bracket")
        if team in seen:
            raise BracketError(f"Team {team} is chosen for a bye twice")
        seen.add(team)
    return sorted(chosen)


def _teams(count: int) -> str:
    """Write a count of teams in words: "1 team", "3 teams"."""
    return f"{count} team" if count == 1 else f"{count} teams"
