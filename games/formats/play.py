"""Play a structure through from its results: who is in each game, who is out, places.

Pure: plain data in, plain data out; this module imports no Django. This is the replay
from scratch that a correction is compared with: it knows nothing of any format, it
only follows the games' pointers, in play order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from games.formats.base import FormatError, Placing, Structure, TeamId


class Outcome(NamedTuple):
    """What the results make of a structure.

    ``sides``: the teams in each game's two slots (None: not known yet). ``winners``:
    the winner of each game decided (a bye's team too). ``losses``: each entrant's
    losses. ``out``: the game each team went out in. ``byes``: how many byes each
    entrant had. ``skipped``: conditional games that were not needed. ``champion``: None
    until decided. ``placings``: every team whose place is known, best first.
    """

    sides: tuple[tuple[TeamId | None, TeamId | None], ...]
    winners: dict[int, TeamId]
    losses: dict[TeamId, int]
    out: dict[TeamId, int]
    byes: dict[TeamId, int]
    skipped: tuple[int, ...]
    champion: TeamId | None
    placings: tuple[Placing, ...]


def play(structure: Structure, results: Mapping[int, int]) -> Outcome:
    """Follow the pointers from the draw, given the winning slot (0 or 1) of games played.

    A game with no result yet, and every game after it that needs its teams, stays
    undecided. A result for a game that is a bye, is not needed, does not exist or does
    not have both its teams yet, or a slot other than 0 or 1, is refused.
    """
    games = structure.games
    sides = [list(game.entrants) for game in games]
    winners: dict[int, TeamId] = {}
    losses = dict.fromkeys(structure.entrants, 0)
    byes = dict.fromkeys(structure.entrants, 0)
    out: dict[TeamId, int] = {}
    skipped = []
    champion = None
    _check_results(structure, results)

    def send(team, pointer, *, went_out_at=None):
        nonlocal champion
        if pointer is not None:
            sides[pointer[0]][pointer[1]] = team
        elif went_out_at is None:
            champion = team
        else:
            out[team] = went_out_at

    for game in games:
        first, second = sides[game.index]
        if game.bye:
            team = second if first is None else first
            if team is not None:
                byes[team] += 1
                winners[game.index] = team
                send(team, game.winner_to)
            continue
        if game.only_if is not None and game.only_if[0] in winners:
            deciding, slot = game.only_if
            if sides[deciding][slot] != winners[deciding]:
                if game.index in results:
                    raise FormatError(
                        f"{structure.game_name(game.index)} is not played: "
                        f"{structure.game_name(deciding)} decided the event"
                    )
                skipped.append(game.index)
                winners[game.index] = first
                send(first, game.winner_to)
                out[second] = deciding
                continue
        if game.index not in results:
            continue
        if first is None or second is None:
            raise FormatError(
                f"{structure.game_name(game.index)} has a result before both its teams are known"
            )
        winner, loser = (first, second) if results[game.index] == 0 else (second, first)
        winners[game.index] = winner
        losses[loser] += 1
        send(winner, game.winner_to)
        send(loser, game.loser_to, went_out_at=game.index)

    return Outcome(
        tuple((first, second) for first, second in sides),
        winners,
        losses,
        out,
        byes,
        tuple(skipped),
        champion,
        _placings(structure, out, champion),
    )


def _check_results(structure: Structure, results: Mapping[int, int]) -> None:
    """Refuse a result for a game that cannot have one, or a winning slot not 0 or 1."""
    for index, slot in results.items():
        if not 0 <= index < len(structure.games):
            raise FormatError(f"There is no game {index + 1} in this bracket")
        if structure.games[index].bye:
            raise FormatError(f"{structure.game_name(index)} is a bye: nobody plays it")
        if slot not in (0, 1):
            raise FormatError(f"{structure.game_name(index)} is won by slot 0 or 1, not {slot}")


def _placings(structure: Structure, out: dict, champion) -> tuple[Placing, ...]:
    """Return the places known: the champion's, and those of every team gone out."""
    order = {team: rank for rank, team in enumerate(structure.entrants)}
    placings = [Placing(1, champion, False)] if champion is not None else []
    for team, index in out.items():
        rnd = structure.round_of(structure.games[index])
        placings.append(Placing(rnd.out_place, team, rnd.out_count > 1))
    return tuple(sorted(placings, key=lambda placing: (placing.place, order[placing.team])))
