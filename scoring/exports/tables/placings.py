"""standings.csv and the placings: where each side finished, in rounds or in a bracket."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from games.formats.base import MAIN
from scoring.exports.tables.snapshot import WITH_RESULT, GameInfo, Placing, Snapshot
from tournaments.models import Event, Game
from tournaments.naming import BRACKET_STAGES, PARTNERS_STAGE, STAGE_OF, round_name
from tournaments.selectors import standings
from tournaments.selectors.parts import replay

STANDINGS_HEADER = (
    "event",
    "place",
    "shared",
    "side",
    "players",
    "played",
    "won",
    "tied",
    "lost",
    "sat_out",
    "match_points",
    "points_for",
    "points_against",
)
PLACINGS_HEADER = ("event", "game_key", "place", "shared", "side", "players", "chapters", "reached")


def standings_rows(snapshot: Snapshot, events: list[Event] | None = None) -> Iterator[list]:
    """One row per side per rounds event, in standings order."""
    for event in events if events is not None else snapshot.events:
        if not event.game.plays_rounds:
            continue
        for row in standings(event).rows:
            yield [
                event.name,
                row.place,
                row.shared,
                f"T{row.team.number}",
                row.team.label,
                row.played,
                row.won,
                row.tied,
                row.lost,
                row.sat_out,
                row.match_points,
                row.points_for,
                row.points_against,
            ]


def _standings_placings(event: Event) -> dict[int, Placing]:
    return {
        row.team.pk: Placing(row.team.pk, row.place, row.shared, "")
        for row in standings(event).rows
    }


def _bracket_placings(snapshot: Snapshot, event: Event) -> dict[int, Placing]:
    """Return how far each team of a bracket event got, and its place once it is out.

    Winner 1, second 2; the losers of a round before the final share the place after
    every team that went further (losers of the semi-finals =3, of the quarter-finals =5).
    """
    games = [g for g in snapshot.event_games(event.pk) if g.status != Game.Status.VOID]
    if any(g.stage not in (PARTNERS_STAGE, STAGE_OF[MAIN]) for g in games):
        return _format_placings(snapshot, event)
    bracket = [g for g in games if g.stage >= 1]
    rounds = max((g.round_number for g in bracket), default=0)
    last: dict[int, tuple[GameInfo, int]] = {}
    for game in sorted(bracket, key=lambda g: g.round_number):
        for side in game.sides:
            if side.team_id is not None:
                last[side.team_id] = (game, side.seat)
    out_early = set()
    for game in games:
        if game.stage == 0 and game.status in WITH_RESULT:
            for side, result in zip(game.sides, game.results, strict=True):
                if result == "lost":
                    out_early.add(side.team_id)
    found = {}
    for team in snapshot.teams.values():
        if team.event_id != event.pk:
            continue
        place, reached = None, "still playing"
        if team.pk in last:
            game, seat = last[team.pk]
            if game.status in WITH_RESULT:
                won = game.winner_seat == seat
                if game.round_number == rounds:
                    place, reached = (1, "winner") if won else (2, "second")
                elif not won:
                    place = (1 << (rounds - game.round_number)) + 1
                    name = round_name(game.round_number, rounds).lower()
                    reached = f"lost in {name if name.startswith('round') else 'the ' + name}"
        elif team.pk in out_early:
            reached = "lost in the partners' game"
        found[team.pk] = Placing(team.pk, place, None, reached)
    counts = defaultdict(int)
    for placing in found.values():
        counts[placing.place] += 1
    for placing in found.values():
        if placing.place is not None:
            placing.shared = counts[placing.place] > 1
    return found


def _format_placings(snapshot: Snapshot, event: Event) -> dict[int, Placing]:
    """Return the places of a bracket of several parts (double elimination) as its format
    gives them (the bracket page's), with the round each team went out in."""
    games = [
        (g.stage, g.round_number, g.position, g.status, g.winner_seat, _teams(g))
        for g in snapshot.event_games(event.pk)
        if g.stage in BRACKET_STAGES
    ]
    replayed = replay(event, games)
    found = {
        team.pk: Placing(team.pk, None, None, "still playing")
        for team in snapshot.teams.values()
        if team.event_id == event.pk
    }
    if replayed is None:
        return found
    structure, outcome = replayed
    for placing in outcome.placings:
        if placing.team not in found:
            continue
        if placing.place == 1:
            reached = "winner"
        else:
            game = structure.games[outcome.out[placing.team]]
            reached = f"lost in the {structure.round_of(game).name.lower()}"
        found[placing.team] = Placing(placing.team, placing.place, placing.shared, reached)
    return found


def _teams(game: GameInfo) -> tuple:
    seats = {side.seat: side.team_id for side in game.sides}
    return (seats.get(0), seats.get(1))


def placings_rows(snapshot: Snapshot, events: list[Event] | None = None) -> Iterator[list]:
    """One row per side per event: its place and how far it got (rounds: its standing)."""
    for event in events if events is not None else snapshot.events:
        placings = placings_of(snapshot, event)
        teams = [snapshot.teams[pk] for pk in placings]
        if event.game.plays_rounds:
            ordered = teams  # already in standings order
        else:
            ordered = sorted(
                teams,
                key=lambda t: (
                    placings[t.pk].place is None,
                    placings[t.pk].place or 0,
                    placings[t.pk].reached != "still playing",
                    t.number,
                ),
            )
        for team in ordered:
            placing = placings[team.pk]
            yield [
                event.name,
                event.game_key,
                placing.place,
                placing.shared,
                team.side,
                team.players,
                team.chapter_names,
                placing.reached or None,
            ]


def placings_of(snapshot: Snapshot, event: Event) -> dict[int, Placing]:
    """Return each team's placing in the event, by team id (computed once per event)."""
    if event.pk not in snapshot.placings:
        if event.game.plays_rounds:
            found = _standings_placings(event)
        else:
            found = _bracket_placings(snapshot, event)
        snapshot.placings[event.pk] = found
    return snapshot.placings[event.pk]
