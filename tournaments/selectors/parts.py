"""A bracket of several parts (double elimination's winners', losers' and finals'), as
its pages show it, and the places the format gives (`games.formats`).

The places are the format's: the event's structure is laid out again from its drawn
first round (`from_first_round`, the same layout the draw wrote) and played from the
results given (`games.formats.play`), so this module knows no format's rules.
"""

from __future__ import annotations

from games.formats import FormatError, get_format, play, write_place

from .. import naming
from ..models import WITH_RESULT, Game, Side
from .lines import Bracket, GameLine, PartLine, PlaceLine, RoundLine, TeamLine

PART_NAMES = {"winners": "Winners' bracket", "losers": "Losers' bracket", "finals": "Finals"}


def lay_out_parts(bracket: Bracket, by_round: dict[tuple[int, int], list[GameLine]]) -> None:
    """Place each part's rounds on its own grid; in each part the first round with an open
    game is current. ``by_round`` holds the games by (stage, round number)."""
    first = naming.STAGE_OF["winners"]
    total = max((number for stage, number in by_round if stage == first), default=0)
    for stage in sorted({stage for stage, _ in by_round}):
        key = naming.PART_OF[stage]
        numbers = sorted(number for s, number in by_round if s == stage)
        part = PartLine(key, PART_NAMES[key], [], rows=_rows(key, total))
        current_found = False
        for column, number in enumerate(numbers, start=1):
            span = _span(key, number)
            lines = by_round[stage, number]
            for line in lines:
                line.row = line.position * span + 2
                line.span = span
                line.rounds_total = total
            name = naming.bracket_round_name(stage, number, total)
            rnd = RoundLine(number, name, lines, column=column, stage=stage, part=key)
            if not current_found and any(line.is_open for line in lines):
                rnd.current = current_found = True
            part.rounds.append(rnd)
            bracket.rounds.append(rnd)
        bracket.parts.append(part)
    bracket.first_round_games = _rows("winners", total)


def _span(part: str, number: int) -> int:
    """Return how many grid rows a game of this round spans: the winners' bracket halves
    each round, the losers' bracket every second round (a round taking the teams that
    drop in keeps its games), the finals are one game."""
    if part == "winners":
        return 1 << (number - 1)
    if part == "losers":
        return 1 << ((number - 1) // 2)
    return 1


def _rows(part: str, total: int) -> int:
    """Return the games of a part's widest round, for a bracket of ``total`` winners' rounds."""
    if part == "winners":
        return 1 << (total - 1) if total else 0
    if part == "losers":
        return 1 << (total - 2) if total >= 2 else 0
    return 1


def replay(event, games):
    """Return the event's structure and the format's replay of its results, or None when
    the bracket cannot be laid out again (not drawn).

    ``games``: each bracket game as (stage, round number, position, status, winner seat,
    (team id of slot 0, team id of slot 1)).
    """
    first = naming.STAGE_OF["winners"]
    games = sorted(games, key=lambda game: game[:3])
    pairs = [
        tuple(teams) for stage, number, _p, _s, _w, teams in games if (stage, number) == (first, 1)
    ]
    try:
        structure = get_format(event.format).from_first_round(pairs, options=event.format_options)
        index = {
            (naming.STAGE_OF[game.stage], game.round_number, game.position): game.index
            for game in structure.games
        }
        results = {
            index[stage, number, position]: winner
            for stage, number, position, status, winner, _teams in games
            if status in WITH_RESULT and winner is not None
        }
        return structure, play(structure, results)
    except (FormatError, KeyError):
        return None


def placings(event, bracket: Bracket) -> list[PlaceLine]:
    """Return the places known so far, best first: 1st, 2nd, 3rd, then shared places by
    the round a team went out in; [] when the bracket cannot be laid out again."""
    rows = Game.objects.filter(event=event, stage__in=naming.BRACKET_STAGES).values_list(
        "pk", "stage", "round_number", "position", "status", "winner_seat"
    )
    seats = {
        line.pk: tuple(side.team.pk if side.team else None for side in line.sides)
        for line in bracket.games
    }
    replayed = replay(event, [(*row[1:], seats.get(row[0], (None, None))) for row in rows])
    if replayed is None:
        return []
    teams: dict[int, TeamLine] = {team.pk: team for team in bracket.teams}
    return [
        PlaceLine(write_place(placing.place, placing.shared), teams[placing.team])
        for placing in replayed[1].placings
        if placing.team in teams
    ]


def draw_warnings(event) -> list[str]:
    """Return what the format warns of in the bracket drawn, in plain words (a team that
    may get a second bye in double elimination); [] before the draw."""
    rows = (
        Side.objects.filter(
            game__event=event,
            game__stage__in=naming.FIRST_STAGES,
            game__round_number=1,
            game__round__isnull=True,  # a rounds event's tables are no bracket
        )
        .order_by("game__position", "seat")
        .values_list("game__position", "seat", "team_id")
    )
    pairs: dict[int, list] = {}
    for position, seat, team_id in rows:
        pairs.setdefault(position, [None, None])[seat] = team_id
    if not pairs:
        return []
    try:
        structure = get_format(event.format).from_first_round(
            [tuple(pairs[position]) for position in sorted(pairs)], options=event.format_options
        )
    except FormatError:
        return []
    return list(structure.warnings)
