"""Single elimination: one loss and a team is out; the Texas Good Sams doubles' format.

Pure: plain data in, plain data out; this module imports no Django.

The games and byes are those of `games.formats.bracket` (the bracket the desk draws):
the next power of two slots, byes spread over every half and quarter, drawn or chosen;
the winner of game ``p`` of a round plays in game ``p // 2`` of the next, slot ``p % 2``.
Every game is in the stage "main"; its rounds are named from the end ("Final",
"Semi-final", "Quarter-final", "Round of 16", then "Round 1", "Round 2").

The Texas Good Sams singles are fed by the doubles (docs/rules.md): the partners of a
team that loses its first game (in round one, or in round two after a bye) play each
other in the singles. The structure says where that happens as data, ``singles_feed``:
the ``(game, slot)`` pairs whose team, losing there, feeds the singles.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from games.formats.base import MAIN, Planned, Structure, TeamId, assemble
from games.formats.bracket import Pairing, build_bracket, first_round

KEY = "single_elimination"
NAME = "Single elimination"
SUMMARY = "One loss and a team is out; byes fill the bracket up to a power of two."
OPTIONS = ()

# Rounds named from the end: the last round is the final.
ROUNDS_FROM_THE_END = ("Final", "Semi-final", "Quarter-final", "Round of 16")


def house_rules(_options) -> list[str]:
    """Return the format's rules in plain sentences (it has no house rules)."""
    return ["One loss and a team is out; a team with a bye goes straight to round two."]


def round_name(rounds_total: int) -> Any:
    """Return a namer of this bracket's rounds: Final, Semi-final, ..., Round 1."""

    def name(_stage: str, number: int) -> str:
        from_the_end = rounds_total - number
        if from_the_end < len(ROUNDS_FROM_THE_END):
            return ROUNDS_FROM_THE_END[from_the_end]
        return f"Round {number}"

    return name


def make(
    entrants: Sequence[TeamId],
    *,
    seed: Any,
    byes: Iterable[TeamId] | None = None,
    options: dict | None = None,
) -> Structure:
    """Draw the first round (byes drawn at random, or ``byes`` chosen) and lay it out."""
    return from_first_round(first_round(entrants, seed=seed, bye_team_ids=byes), options=options)


def from_first_round(pairs: Sequence[Pairing], *, options: dict | None = None) -> Structure:
    """Lay out every game from a drawn first round (None in a slot is a bye)."""
    rounds = build_bracket(pairs)
    plan = [
        Planned(
            (MAIN, game.round_number, game.position),
            tuple(game.teams) if game.round_number == 1 else (None, None),
            None if game.next_game is None else ((MAIN, *game.next_game), game.next_slot),
            None,
        )
        for games in rounds
        for game in games
    ]
    entrants = sorted(team for pair in pairs for team in pair if team is not None)
    structure = assemble(KEY, entrants, 2 * len(pairs), plan, round_name(len(rounds)), {MAIN})
    return _with_singles_feed(structure)


def _with_singles_feed(structure: Structure) -> Structure:
    """Add the slots whose losing team feeds the singles: where a team plays first."""
    feed = []
    for game in structure.games:
        if game.round_number != 1:
            break
        if game.bye:  # the team plays first in round two
            feed.append(game.winner_to)
        else:
            feed += [(game.index, 0), (game.index, 1)]
    return replace(structure, singles_feed=tuple(sorted(feed)))
