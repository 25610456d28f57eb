"""Double elimination: a team is out after its second loss.

Pure: plain data in, plain data out; this module imports no Django.

The layout, for a bracket of S slots (the next power of two; k winners' rounds):
- Winners' bracket: the single-elimination bracket of `games.formats.bracket`, drawn the
  same way (byes only in its first round, spread over every half and quarter).
- Losers' bracket, 2(k - 1) rounds. Round 1: the losers of winners' games 2j and 2j + 1
  meet in game j. Round 2m (m >= 1): the winner of losers' game j meets the loser
  dropping from winners' round m + 1, game j XOR 1 (the neighbouring section). Round
  2m + 1: the winners of losers' games 2j and 2j + 1 meet. So every losers' game of
  round 2m - 1 holds teams from exactly the section of the bracket under winners' game
  j of round m + 1, and a team dropping in meets, in its first losers' game, only teams
  from the other half of its own section: none it could have met before, except the
  winners' final's loser, who may have met anyone left.
- The grand final: the winners' champion (slot 0) against the losers' champion (slot 1).
  House rule ``reset`` (on by default): when the losers' champion wins it, both have
  lost once and play the grand final reset; the reset is in the structure with
  ``only_if = (grand final, 1)``, played only if slot 1 wins the grand final.

Byes: a winners' bye has no loser, so it leaves a hole in losers' round 1 (that game is
a bye for the other loser), and two holes empty a losers' game, so the team dropping
into its round-2 game gets a bye. With at most a quarter of the slots as byes, spread
over every half and quarter, no two byes share a pair of first-round games and no team
gets a second bye. With more, some pair must hold two, and every pair holds at least
one, so a team that had a bye may get another: `warnings` says where, for the draw page.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from games.formats.base import FINALS, LOSERS, WINNERS, Planned, Structure, TeamId, assemble
from games.formats.bracket import Pairing, build_bracket, first_round
from games.rules.options import BOOL, Option, validate_options

KEY = "double_elimination"
NAME = "Double elimination"
SUMMARY = "Two losses and a team is out: a winners' and a losers' bracket, then a grand final."
OPTIONS = (
    Option(
        name="reset",
        label="Grand final reset",
        kind=BOOL,
        default=True,
        help="When the losers' bracket's champion wins the grand final, play it again.",
    ),
)


def clean_options(raw) -> dict:
    """Return the format's house rules from raw, defaults filled in; RulesError if bad."""
    return validate_options(OPTIONS, raw, game=NAME)


def house_rules(options) -> list[str]:
    """Return the house rules these options make, in plain sentences."""
    if clean_options(options)["reset"]:
        return [
            "Two losses and a team is out. If the losers' bracket's champion wins the grand "
            "final, both teams have lost once and the grand final is played again."
        ]
    return ["Two losses and a team is out. The grand final is played once."]


def round_namer(rounds_total: int):
    """Return a namer of the rounds of a bracket with this many winners' rounds."""
    losers_final = 2 * rounds_total - 2

    def name(stage: str, number: int) -> str:
        if stage == WINNERS:
            return "Winners' final" if number == rounds_total else f"Winners' round {number}"
        if stage == LOSERS:
            return "Losers' final" if number == losers_final else f"Losers' round {number}"
        return "Grand final" if number == 1 else "Grand final reset"

    return name


def make(
    entrants: Sequence[TeamId],
    *,
    seed: Any,
    byes: Iterable[TeamId] | None = None,
    options: dict | None = None,
) -> Structure:
    """Draw the winners' first round (byes drawn, or ``byes`` chosen) and lay it out."""
    return from_first_round(first_round(entrants, seed=seed, bye_team_ids=byes), options=options)


def from_first_round(pairs: Sequence[Pairing], *, options: dict | None = None) -> Structure:
    """Lay out every game from a drawn winners' first round (None in a slot is a bye)."""
    reset = clean_options(options)["reset"]
    winners = build_bracket(pairs)
    total = len(winners)
    final = (FINALS, 1, 0)
    plan: dict[tuple[str, int], list[Planned]] = {}

    for games in winners:
        for game in games:
            number, position = game.round_number, game.position
            if number == total:
                winner_to = (final, 0)
            else:
                winner_to = ((WINNERS, number + 1, position // 2), position % 2)
            if total == 1:
                loser_to = (final, 1)
            elif number == 1:
                loser_to = ((LOSERS, 1, position // 2), position % 2)
            else:
                loser_to = ((LOSERS, 2 * number - 2, position ^ 1 if len(games) > 1 else 0), 1)
            entrants = tuple(game.teams) if number == 1 else (None, None)
            plan.setdefault((WINNERS, number), []).append(
                Planned((WINNERS, number, position), entrants, winner_to, loser_to)
            )

    losers_final = 2 * total - 2
    for number in range(1, losers_final + 1):
        size = len(winners[(number + 1) // 2])
        for position in range(size):
            if number == losers_final:
                winner_to = (final, 1)
            elif number % 2:
                winner_to = ((LOSERS, number + 1, position), 0)
            else:
                winner_to = ((LOSERS, number + 1, position // 2), position % 2)
            plan.setdefault((LOSERS, number), []).append(
                Planned((LOSERS, number, position), (None, None), winner_to, None)
            )

    again = (FINALS, 2, 0)
    plan[FINALS, 1] = [
        Planned(final, (None, None), (again, 0) if reset else None, (again, 1) if reset else None)
    ]
    if reset:
        plan[FINALS, 2] = [Planned(again, (None, None), None, None, only_if=(final, 1))]

    order = [(WINNERS, 1)]
    for number in range(2, total + 1):
        order += [(WINNERS, number), (LOSERS, 2 * number - 3), (LOSERS, 2 * number - 2)]
    order += [(FINALS, 1), (FINALS, 2)] if reset else [(FINALS, 1)]
    entrants = sorted(team for pair in pairs for team in pair if team is not None)
    structure = assemble(
        KEY,
        entrants,
        2 * len(pairs),
        [game for key in order for game in plan[key]],
        round_namer(total),
        {LOSERS, FINALS},
    )
    return replace(structure, warnings=tuple(_second_byes(structure, pairs)))


def _second_byes(structure: Structure, pairs: Sequence[Pairing]) -> list[str]:
    """Say where a team that had a bye may get a second one, in plain words."""
    lines = []
    dropping_into = {
        game.loser_to: game
        for game in structure.games
        if game.stage == WINNERS and game.round_number == 2
    }
    for game in structure.games:
        if game.stage != LOSERS or game.round_number != 2 or not game.bye:
            continue
        dropping = dropping_into[game.index, 1]
        first = pairs[2 * dropping.position : 2 * dropping.position + 2]
        if any(None in pair for pair in first):
            lines.append(
                f"{structure.game_name(game.index)}: the loser of "
                f"{structure.game_name(dropping.index)} meets nobody there and goes on, a "
                f"second bye if that team had a bye in the first round."
            )
    byes = structure.slots - len(structure.entrants)
    if lines and 4 * byes > structure.slots:
        lines.insert(
            0,
            f"{len(structure.entrants)} teams in a bracket of {structure.slots} have {byes} "
            f"byes, more than a quarter of the slots: with the byes spread over every half "
            f"and quarter, a team that had a bye may get a second one in the losers' bracket.",
        )
    return lines
