"""The standings: `games.standings.rank` over the games with a result and the rounds sat out."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engine import best_totals
from games.standings import GameResult, Row, describe_tiebreaks, rank
from tournaments.compiled import compiled
from tournaments.models import SCORED, Event, Game, Side, SitOut, public_games, public_rounds
from tournaments.selectors.lines import TeamLine
from tournaments.selectors.rounds import RoundSummary, started_rounds
from tournaments.selectors.seating import event_teams


@dataclass(frozen=True)
class StandingRow(Row):
    """One side's line in the standings (`games.standings.Row`), with the side's players."""

    team: TeamLine

    @property
    def place_label(self) -> str:
        """Return "3", or "=3" when the place is shared."""
        return f"={self.place}" if self.shared else str(self.place)


@dataclass
class Standings:
    """The standings of a rounds event and how they are ranked."""

    event: Event
    rows: list[StandingRow]
    sit_out_points: int
    games_counted: int
    rounds: list[RoundSummary] = field(default_factory=list)  # the rounds that have started

    @property
    def tiebreaks(self) -> list[str]:
        return describe_tiebreaks(self.sit_out_points)


def game_results(event) -> list[GameResult]:
    """Return every game of the event with a result, as `games.standings` reads it (one query).

    A side is its team's id. The winners are the winner seat's side or, when the game
    has no winner seat, every side level on the best total (a tie).
    """
    return _game_results(_event_result_rows(event=event.pk)).get(event.pk, [])


def _result_rows(**where):
    """The sides of the games with a result of the events `where` picks, as rows."""
    return (
        Side.objects.filter(
            public_games("game__"),
            game__round__isnull=False,
            game__status__in=SCORED,
            team__isnull=False,
            **where,
        )
        .order_by("game_id", "seat")
        .values_list("game_id", "team_id", "total", "game__winner_seat", "game__event_id")
    )


# One event's reads, compiled once (`tournaments.compiled`): a rounds event's public
# standings read them on every rebuild, and building the querysets cost more than
# running them.
@compiled(event=-770_821)
def _event_result_rows(*, event: int):
    return _result_rows(game__event_id=event)


@compiled(event=-770_822)
def _sat_out_rows(*, event: int):
    return (
        SitOut.objects.filter(public_rounds("round__"), round__event_id=event)
        .order_by()
        .values_list("team_id")
    )


def _game_results(rows) -> dict[int, list[GameResult]]:
    """Return the games with a result of `rows` (`_result_rows`), by event id."""
    games: dict[int, list] = {}
    about = {}
    for game_id, team_id, total, winner_seat, event_id in rows:
        games.setdefault(game_id, []).append((team_id, total))
        about[game_id] = (winner_seat, event_id)
    results: dict[int, list[GameResult]] = {}
    for game_id, seats in games.items():
        winner, event_id = about[game_id]
        results.setdefault(event_id, []).append(_game_result(seats, winner))
    return results


def _game_result(seats: list, winner_seat: int | None) -> GameResult:
    """Return one game with a result from its sides' (team id, total) by seat: the winner
    seat's side won or, when the game has no winner seat, every side level on the best
    total (a tie)."""
    if winner_seat is not None and winner_seat < len(seats):
        winners = (seats[winner_seat][0],)
    else:
        winners = tuple(seats[index][0] for index in best_totals(t for _, t in seats))
    return GameResult(scores=dict(seats), winners=frozenset(winners))


def ranked_events(events) -> dict[int, list]:
    """Rank many rounds events at once: each event's `games.standings.rank` rows by event
    id, a side being its team's id (two queries whatever their number; what `standings`
    ranks, without the sides' names). A season reads its tournaments' placings so."""
    events = list(events)
    ids = [event.pk for event in events]
    results = _game_results(_result_rows(game__event_id__in=ids))
    sat_out: dict[int, list[int]] = {}
    for event_id, team_id in (
        SitOut.objects.filter(public_rounds("round__"), round__event_id__in=ids)
        .order_by()
        .values_list("round__event_id", "team_id")
    ):
        sat_out.setdefault(event_id, []).append(team_id)
    return {
        event.pk: rank(
            results.get(event.pk, []),
            sit_outs=sat_out.get(event.pk, []),
            sit_out_points=sit_out_points(event),
        )
        for event in events
    }


def rounds_sat_out(event) -> list[int]:
    """Return a side's id once for each started round it sat out (one query)."""
    return [team_id for (team_id,) in _sat_out_rows(event=event.pk)]


def sit_out_points(event) -> int:
    """Return the match points a round sat out earns at this event (its house rule)."""
    return event.game.sit_out_points(event.options)


def ranked_from(event) -> tuple[list[GameResult], list[int], int]:
    """Return what the standings are ranked from (two queries): every result, the rounds
    sat out, and the match points a round sat out earns."""
    return game_results(event), rounds_sat_out(event), sit_out_points(event)


# A public standings page's reads of the games, in one query (`standings_inputs`): read as
# two (the results, then the started rounds' tables), each rebuilt page waited for one more
# round trip (bench/pages.py, standings with a hand between every two requests).
@compiled(event=-770_824)
def _started_table_rows(*, event: int):
    """The tables of the event's started rounds with their sides: one row a side, by game
    and seat (a table with no side: one row, its side's columns None)."""
    return (
        Game.objects.filter(public_games(), event_id=event, round__isnull=False)
        .order_by("pk", "sides__seat")
        .values_list(
            "pk",
            "round__number",
            "round__status",
            "status",
            "winner_seat",
            "sides__team_id",
            "sides__total",
        )
    )


def standings_inputs(event, *, rows: list | None = None) -> tuple[tuple, list]:
    """Return `ranked_from` and `started_rounds` of the event, in two queries (the tables
    of its started rounds with their sides, and the rounds sat out), none when ``rows``
    gives what `standings_reads` read."""
    tables, sat_out = rows if rows is not None else (read(event=event.pk) for read in READS)
    results, counts, game_id, seats = [], {}, None, None
    for pk, number, round_status, status, winner_seat, team_id, total in tables:
        if pk != game_id:  # a table: counted once in its round
            game_id, scored = pk, status in SCORED
            summary = counts.setdefault(number, [round_status, 0, 0])
            summary[1] += 1
            summary[2] += scored
            if scored:  # its sides, by seat, as `_result_rows` reads a result
                seats = []
                results.append((seats, winner_seat))
        if scored and team_id is not None:
            seats.append((team_id, total))
    rounds = [RoundSummary(number, *counts[number]) for number in sorted(counts)]
    ranked = [_game_result(seats, winner) for seats, winner in results if seats]
    inputs = ranked, [team_id for (team_id,) in sat_out], sit_out_points(event)
    return inputs, rounds


READS = (_started_table_rows, _sat_out_rows)


def standings_reads() -> tuple:
    """The compiled reads of an event's id (``event``) that `standings_inputs` takes as
    its ``rows``, in order (`public_event_with` reads them with the event)."""
    return READS


def standings(event, *, with_rounds: bool = False, inputs=None, teams=None) -> Standings:
    """Return the event's standings: three queries whatever its size (four with rounds),
    fewer when given what they are ranked from (`ranked_from`) or the event's teams."""
    results, sat_out, points = inputs if inputs is not None else ranked_from(event)
    ranked = rank(results, sit_outs=sat_out, sit_out_points=points)
    teams = teams if teams is not None else event_teams(event)
    rows = [StandingRow(**vars(row), team=teams.get(row.side)) for row in ranked]
    # Inside a shared place, rows come by name rather than by id.
    rows.sort(key=lambda row: (row.place, row.team.label.casefold(), row.team.number))
    found = Standings(event=event, rows=rows, sit_out_points=points, games_counted=len(results))
    if with_rounds:
        found.rounds = started_rounds(event)
    return found
