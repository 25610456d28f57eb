"""The public bracket a phone reads: the round it shows first and the player's own games
marked (`lookup` links here with `?team=N`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .bracket import bracket_for_event
from .lines import Bracket, TeamLine


@dataclass
class PublicBracket:
    """The public bracket: which round a phone shows first, and the player's own games."""

    bracket: Bracket
    shown_round: int  # 0 when the bracket has no rounds
    team: TeamLine | None = None
    mine: set[int] = field(default_factory=set)
    shown_part: str = ""  # a double elimination's bracket shown on a phone first


def public_bracket(
    event,
    *,
    team: int | None = None,
    round_number: int | None = None,
    part: str | None = None,
    teams: dict[int, TeamLine] | None = None,
    rows: list | None = None,
    versions: list | None = None,
    names: str = "",
) -> PublicBracket:
    """Return the event's bracket (three queries, one with ``teams``: its `team_lines`,
    none with its `bracket_rows` as well; ``versions`` and ``names``: `bracket_for_event`)
    with the round to show and `team`'s games.

    The round shown on a phone: the one asked for; else the team's next game's round (or
    its last game's); else the round being played; else the last round played.
    """
    bracket = bracket_for_event(event, teams=teams, rows=rows, versions=versions, names=names)
    found = PublicBracket(bracket=bracket, shown_round=0)
    numbers = [rnd.number for rnd in bracket.rounds]
    line = next((t for t in bracket.teams if t.number == team), None) if team else None
    if line is not None:
        found.team = line
        for game in bracket.games + bracket.partner_games:
            if any(side.team is not None and side.team.pk == line.pk for side in game.sides):
                found.mine.add(game.pk)
                game.mine = True  # read by bracket_game.html
    if not numbers:
        return found
    if bracket.parts:
        found.shown_part = _shown_part(bracket, found, part)
        return found
    if round_number in numbers:
        found.shown_round = round_number
        return found
    theirs = [g for g in bracket.games if g.pk in found.mine and not g.is_bye]
    upcoming = [g for g in theirs if not g.is_decided]
    if upcoming or theirs:
        found.shown_round = (upcoming or theirs[-1:])[0].round_number
        return found
    current = next((rnd.number for rnd in bracket.rounds if rnd.current), None)
    played = [rnd.number for rnd in bracket.rounds if any(g.has_result for g in rnd.games)]
    found.shown_round = current or (played[-1] if played else numbers[0])
    return found


def _shown_part(bracket: Bracket, found: PublicBracket, asked: str | None) -> str:
    """Return the bracket (winners', losers', finals) a phone shows first: the one asked
    for; else the one of the team's next game (or its last); else the first with a game
    being played; else the last with a result."""
    keys = [part.key for part in bracket.parts]
    if asked in keys:
        return asked
    part_of = {game.pk: rnd.part for rnd in bracket.rounds for game in rnd.games}
    theirs = [g for g in bracket.games if g.pk in found.mine and not g.is_bye]
    upcoming = [g for g in theirs if not g.is_decided]
    if upcoming or theirs:
        return part_of[(upcoming or theirs[-1:])[0].pk]
    current = next((rnd.part for rnd in bracket.rounds if rnd.current), None)
    played = [rnd.part for rnd in bracket.rounds if any(g.has_result for g in rnd.games)]
    return current or (played[-1] if played else keys[0])
