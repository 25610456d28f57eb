"""What a format makes: its games, where winners and losers go, names and places.

Pure: plain data in, plain data out; this module imports no Django.

Words used here:
- A structure is everything a format makes for one event's entrants: its games in play
  order (a game's index, from 0; its number, index + 1, is what officials read), its
  rounds with their names, the places of the teams that go out in each round, and, for
  the draw page, warnings in plain words.
- A game has two slots, 0 (top) and 1 (bottom). Each slot is filled from exactly one
  place: an entrant drawn into it, or the winner or the loser of one earlier game, whose
  ``winner_to`` / ``loser_to`` is ``(game index, slot)``. None: the team goes out (a
  winner with nowhere to go is the champion).
- A bye is a game one of whose slots nobody can fill: its one team goes on at once and
  nobody loses. A conditional game (``only_if = (game, slot)``) is played only when
  the team in that slot wins that game; otherwise it is not needed and its slot-0 team
  goes on as if it had won it (double elimination's reset).

Formats lay out a plan of their games (`Planned`), keyed by (stage, round, position), and
`assemble` turns it into a `Structure`: games nobody can reach are dropped, games only
one team can reach become byes, and every pointer becomes an index.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from games.rules import RulesError

TeamId = Any
Key = tuple[str, int, int]  # (stage, round number, position)
Pointer = tuple[int, int]  # (game index, slot)

MAIN, WINNERS, LOSERS, FINALS = "main", "winners", "losers", "finals"


class FormatError(RulesError):
    """A format cannot make or follow what was asked of it; the message says why."""


class Game(NamedTuple):
    """One game of a structure: where it stands and where its teams go next.

    ``entrants`` are the teams drawn into its slots (first round only; None elsewhere,
    and None in a first-round slot is a bye).
    """

    index: int
    stage: str
    round_number: int
    position: int
    entrants: tuple[TeamId | None, TeamId | None]
    winner_to: Pointer | None
    loser_to: Pointer | None
    bye: bool
    only_if: Pointer | None

    @property
    def number(self) -> int:
        """Return the game's number in the event, from 1, in play order."""
        return self.index + 1


class Round(NamedTuple):
    """One round of a stage: its name, its games, and the place of those who go out.

    ``out_place`` is the place a team going out in this round takes (None when nobody
    goes out here); ``out_count`` how many teams go out here, so the place is shared
    when it is more than one.
    """

    stage: str
    number: int
    name: str
    games: tuple[int, ...]
    out_place: int | None
    out_count: int


class Source(NamedTuple):
    """Where a slot is filled from: an entrant, or a game's "winner" or "loser"."""

    kind: str
    value: Any


@dataclass(frozen=True)
class Structure:
    """Everything a format makes for one event's entrants (see the module's words)."""

    format: str
    entrants: tuple[TeamId, ...]
    slots: int
    games: tuple[Game, ...]
    rounds: tuple[Round, ...]
    singles_feed: tuple[Pointer, ...] = ()
    warnings: tuple[str, ...] = ()
    _round_of: dict[tuple[str, int], Round] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self):
        self._round_of.update({(rnd.stage, rnd.number): rnd for rnd in self.rounds})

    def round_of(self, game: Game) -> Round:
        """Return the round a game belongs to."""
        return self._round_of[game.stage, game.round_number]

    def game_name(self, index: int) -> str:
        """Return a game's name: "Game 13 (Losers' round 3)"."""
        game = self.games[index]
        return f"Game {game.number} ({self.round_of(game).name})"

    @property
    def played_games(self) -> int:
        """Return how many games are always played: neither byes nor conditional."""
        return sum(not game.bye and game.only_if is None for game in self.games)

    def feeders(self) -> list[list[list[Source]]]:
        """Return, for each game and slot, every place that slot is filled from.

        A sound structure has exactly one for every slot of a game played, and one for
        exactly one slot of a bye.
        """
        found: list[list[list[Source]]] = [[[], []] for _ in self.games]
        for game in self.games:
            for slot, team in enumerate(game.entrants):
                if team is not None:
                    found[game.index][slot].append(Source("entrant", team))
            if game.winner_to is not None:
                target, slot = game.winner_to
                found[target][slot].append(Source("winner", game.index))
            if game.loser_to is not None:
                target, slot = game.loser_to
                found[target][slot].append(Source("loser", game.index))
        return found

    def touched_by(self, index: int) -> tuple[int, ...]:
        """Return every later game a changed result of this game can change, in order.

        These are the games downstream of its winner and its loser, followed to the end.
        """
        seen: set[int] = set()
        waiting = [index]
        while waiting:
            game = self.games[waiting.pop()]
            for pointer in (game.winner_to, game.loser_to):
                if pointer is not None and pointer[0] not in seen:
                    seen.add(pointer[0])
                    waiting.append(pointer[0])
        return tuple(sorted(seen))


class Planned(NamedTuple):
    """A game as a format plans it, before byes are settled and indexes given."""

    key: Key
    entrants: tuple[TeamId | None, TeamId | None]
    winner_to: tuple[Key, int] | None
    loser_to: tuple[Key, int] | None
    only_if: tuple[Key, int] | None = None


RoundNamer = Callable[[str, int], str]


def assemble(
    format_key: str,
    entrants: Iterable[TeamId],
    slots: int,
    plan: list[Planned],
    name_round: RoundNamer,
    out_stages: Iterable[Hashable],
) -> Structure:
    """Turn a format's plan, in play order, into a structure.

    A planned game that no team can reach is dropped; one only one team can reach is a
    bye (its loser pointer goes, as nobody loses it). Teams go out in the rounds of the
    ``out_stages``; places count down from 2 through those rounds, the last first (a
    game whose loser goes on to a conditional game shares that game's place).
    """
    arriving: dict[Key, int] = {}
    count_of = arriving.get
    kept: list[tuple[Planned, bool]] = []
    for planned in plan:
        key, (first, second), winner_to, loser_to, _only_if = planned
        count = count_of(key, 0) + (first is not None) + (second is not None)
        if not count:
            continue
        bye = count == 1
        kept.append((planned, bye))
        if winner_to is not None:
            arriving[winner_to[0]] = count_of(winner_to[0], 0) + 1
        if loser_to is not None and not bye:
            arriving[loser_to[0]] = count_of(loser_to[0], 0) + 1

    index_of = {planned[0]: index for index, (planned, _bye) in enumerate(kept)}
    games: list[Game] = []
    by_round: dict[tuple[str, int], list[int]] = {}
    # Skip the named tuple's own __new__ (a Python function): 4,096 teams make 8,191 games.
    make_game = tuple.__new__
    for index, ((key, drawn, winner_to, loser_to, only_if), bye) in enumerate(kept):
        stage, number, position = key
        if winner_to is not None:
            winner_to = (index_of[winner_to[0]], winner_to[1])
        if loser_to is not None:
            loser_to = None if bye else (index_of[loser_to[0]], loser_to[1])
        if only_if is not None:
            only_if = (index_of[only_if[0]], only_if[1])
        game = (index, stage, number, position, drawn, winner_to, loser_to, bye, only_if)
        games.append(make_game(Game, game))
        by_round.setdefault((stage, number), []).append(index)
    rounds = _rounds(games, by_round, name_round, set(out_stages))
    return Structure(format_key, tuple(entrants), slots, tuple(games), rounds)


def _rounds(games, by_round, name_round, out_stages) -> tuple[Round, ...]:
    """Return the rounds in play order, with the place of the teams going out in each.

    Places count from 2 (1 is the champion) through the rounds, the last first. A round
    whose losers go on to a conditional game (a grand final's, to the reset) shares that
    game's place: exactly one team goes out of the two.
    """
    places: dict[tuple[str, int], tuple[int, int]] = {}
    place = 2
    for key in reversed(list(by_round)):
        played = [games[i] for i in by_round[key] if not games[i].bye]
        if key[0] not in out_stages or not played:
            continue
        going = sum(game.loser_to is None for game in played)
        if not going:
            later = games[played[0].loser_to[0]]
            places[key] = places[later.stage, later.round_number]
            continue
        places[key] = (place, going)
        place += going
    return tuple(
        Round(key[0], key[1], name_round(*key), tuple(indexes), *places.get(key, (None, 0)))
        for key, indexes in by_round.items()
    )


class Placing(NamedTuple):
    """A team's place: 1 the champion; shared when others went out in the same round."""

    place: int
    team: TeamId
    shared: bool


def write_place(place: int, shared: bool) -> str:
    """Write a place as a results list shows it: "1st", "2nd", "=5th"."""
    suffix = "th"
    if place % 100 not in (11, 12, 13):
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{'=' if shared else ''}{place}{suffix}"
