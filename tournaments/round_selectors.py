"""Reads for the rounds pages: a round's tables, the standings, one side's games.

Each function returns what one page shows, read in a fixed number of queries whatever
the size of the event. Standings come from `games.standings.rank` over the games with a
result (finished, or closed at time) and the rounds sat out of every round that has
started; a game being played counts only when it ends.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from games.engine import best_totals
from games.standings import GameResult, describe_tiebreaks, rank

from .models import SCORED, Entry, Event, Game, Round, Side, SitOut, TeamMember
from .selectors import PlayerLine, TeamLine

# Table states in the words an official and a player use.
TABLE_WORDS = {
    Game.Status.WAITING: "Not started",
    Game.Status.READY: "Ready",
    Game.Status.PLAYING: "Playing",
    Game.Status.FINISHED: "Finished",
    Game.Status.CLOSED: "Closed at time",
}


# Teams -------------------------------------------------------------------------------


@dataclass
class Teams:
    """Every side of the event with its players and chapters, and who has withdrawn."""

    lines: dict[int, TeamLine]
    withdrawn: set[int]  # player ids

    def get(self, team_id) -> TeamLine:
        return self.lines.get(team_id) or TeamLine(team_id or 0, 0, [])

    def withdrawn_players(self, team_id) -> list[PlayerLine]:
        return [p for p in self.get(team_id).players if p.pk in self.withdrawn]


def event_teams(event) -> Teams:
    """Return the event's sides with their players (one query)."""
    members = (
        TeamMember.objects.filter(event=event)
        .select_related("team", "player__chapter")
        .order_by("team_id", "position")
    )
    lines: dict[int, TeamLine] = {}
    withdrawn = set()
    for member in members:
        team, player = member.team, member.player
        line = lines.setdefault(team.pk, TeamLine(team.pk, team.number, [], team.same_chapter))
        line.players.append(PlayerLine(player.pk, player.name, player.chapter_name))
        if player.withdrawn:
            withdrawn.add(player.pk)
    return Teams(lines, withdrawn)


# A round's tables ----------------------------------------------------------------------


@dataclass
class SeatLine:
    """One side at a table: who, their total, and how the game went for them."""

    seat: int
    team: TeamLine
    total: int
    won: bool = False
    tied: bool = False
    lost: bool = False
    withdrawn: list[PlayerLine] = field(default_factory=list)

    @property
    def result_word(self) -> str:
        return "won" if self.won else "tied" if self.tied else "lost" if self.lost else ""


@dataclass
class TableLine:
    """One table of a round, ready for a template."""

    pk: int
    number: int
    round_number: int
    status: str
    hand_count: int
    version: int
    winner_seat: int | None
    sides: list[SeatLine]
    link: str = ""  # the table's score sheet (official) or live score (public), set by a view

    @property
    def status_label(self) -> str:
        return TABLE_WORDS.get(self.status, self.status)

    @property
    def has_result(self) -> bool:
        return self.status in SCORED

    @property
    def is_open(self) -> bool:
        """Ready or playing: hands can be entered, and the table can be closed at time."""
        return self.status in (Game.Status.READY, Game.Status.PLAYING)

    @property
    def closed_at_time(self) -> bool:
        return self.status == Game.Status.CLOSED

    @property
    def movable(self) -> bool:
        """No hand entered yet: its players may still be moved."""
        return not self.hand_count and self.status in (
            Game.Status.WAITING,
            Game.Status.READY,
            Game.Status.PLAYING,
        )

    @property
    def winners(self) -> list[SeatLine]:
        return [side for side in self.sides if side.won or side.tied]

    @property
    def result(self) -> str:
        """Return the result in words: "Ann Lee won", "Tie: Ann Lee and Bob Ray"."""
        if not self.has_result:
            return ""
        names = [side.team.label for side in self.winners]
        if len(names) == 1:
            words = f"{names[0]} won"
        else:
            words = "Tie: " + ", ".join(names[:-1]) + " and " + names[-1]
        return f"{words} (closed at time)" if self.closed_at_time else words

    @property
    def if_closed_now(self) -> str:
        """Return who would win if the table were closed at time now."""
        best = best_totals(side.total for side in self.sides)
        names = [self.sides[seat].team.label for seat in best]
        if len(names) == 1:
            return f"{names[0]} would win with {self.sides[best[0]].total}"
        level = ", ".join(names[:-1]) + " and " + names[-1]
        return f"{level} would tie on {self.sides[best[0]].total}"

    @property
    def withdrawn(self) -> list[PlayerLine]:
        return [player for side in self.sides for player in side.withdrawn]


@dataclass
class RoundView:
    """One round: its seed, tables, sit-outs, and the repeat meetings it holds."""

    pk: int
    number: int
    seed: int
    status: str
    tables: list[TableLine]
    sit_outs: list[TeamLine]
    repeats: int = 0

    @property
    def status_label(self) -> str:
        return Round.Status(self.status).label

    @property
    def seating(self) -> bool:
        return self.status == Round.Status.SEATING

    @property
    def playing(self) -> bool:
        return self.status == Round.Status.PLAYING

    @property
    def finished(self) -> bool:
        return self.status == Round.Status.FINISHED

    @property
    def results_in(self) -> int:
        return sum(1 for table in self.tables if table.has_result)

    @property
    def seat_numbers(self) -> range:
        """Return the seats of the largest table: the seat columns of a table list."""
        return range(1, max((len(table.sides) for table in self.tables), default=0) + 1)

    @property
    def table_rows(self) -> list[tuple[TableLine, range]]:
        """Return each table with the empty seat columns after its sides, for a table list."""
        most = len(self.seat_numbers)
        return [(table, range(most - len(table.sides))) for table in self.tables]

    @property
    def entrants(self) -> list[tuple[TeamLine, TableLine | None]]:
        """Return every entrant of the round with their table (None: sitting out)."""
        seated = [(side.team, table) for table in self.tables for side in table.sides]
        return seated + [(team, None) for team in self.sit_outs]


def _tables(games, sides, teams: Teams) -> list[TableLine]:
    """Return the tables of these games (Game rows) with their sides (Side rows)."""
    by_game = defaultdict(list)
    for side in sides:
        by_game[side.game_id].append(side)
    tables = []
    for game in games:
        seats = sorted(by_game[game.pk], key=lambda side: side.seat)
        totals = [side.total for side in seats]
        result = game.status in SCORED
        if not result or not seats:
            winners = ()
        elif game.winner_seat is not None:
            winners = (game.winner_seat,)
        else:
            winners = best_totals(totals)
        lines = []
        for index, side in enumerate(seats):
            lines.append(
                SeatLine(
                    seat=side.seat,
                    team=teams.get(side.team_id),
                    total=side.total,
                    won=result and len(winners) == 1 and index in winners,
                    tied=result and len(winners) > 1 and index in winners,
                    lost=result and index not in winners,
                    withdrawn=teams.withdrawn_players(side.team_id),
                )
            )
        tables.append(
            TableLine(
                pk=game.pk,
                number=game.position + 1,
                round_number=game.round_number,
                status=game.status,
                hand_count=game.hand_count,
                version=game.version,
                winner_seat=game.winner_seat,
                sides=lines,
            )
        )
    return tables


def _met_before(event, number: int) -> set[frozenset]:
    """Return the pairs of sides that sat at one table in a round before `number`."""
    by_game = defaultdict(list)
    rows = Side.objects.filter(
        game__event=event, game__round__number__lt=number, team__isnull=False
    ).values_list("game_id", "team_id")
    for game_id, team_id in rows.order_by():
        by_game[game_id].append(team_id)
    met = set()
    for seated in by_game.values():
        met.update(frozenset((a, b)) for i, a in enumerate(seated) for b in seated[i + 1 :])
    return met


def _repeats(tables: list[TableLine], met: set[frozenset]) -> int:
    count = 0
    for table in tables:
        ids = [side.team.pk for side in table.sides]
        count += sum(1 for i, a in enumerate(ids) for b in ids[i + 1 :] if frozenset((a, b)) in met)
    return count


def round_view(round_: Round, teams: Teams, *, repeats: bool = False) -> RoundView:
    """Return one round's tables and sit-outs (three queries, four with the repeats)."""
    games = Game.objects.filter(round=round_).order_by("position")
    sides = Side.objects.filter(game__round=round_).order_by()
    sit_outs = SitOut.objects.filter(round=round_).values_list("team_id", flat=True)
    view = RoundView(
        pk=round_.pk,
        number=round_.number,
        seed=round_.seed,
        status=round_.status,
        tables=_tables(games, sides, teams),
        sit_outs=sorted(
            (teams.get(pk) for pk in sit_outs.order_by()), key=lambda team: team.number
        ),
    )
    if repeats:
        view.repeats = _repeats(view.tables, _met_before(round_.event_id, round_.number))
    return view


def started_round(event, number: int) -> RoundView | None:
    """Return a round that has started (what the public may see), or None."""
    found = (
        Round.objects.filter(event=event, number=number)
        .exclude(status=Round.Status.SEATING)
        .first()
    )
    if found is None:
        return None
    return round_view(found, event_teams(event))


# The official rounds page -------------------------------------------------------------


@dataclass
class RoundSummary:
    """A round in the list of rounds: how many of its tables have a result."""

    number: int
    status: str
    tables: int
    results_in: int

    @property
    def status_label(self) -> str:
        return Round.Status(self.status).label


@dataclass
class RoundsOverview:
    """What the official rounds page shows for an event."""

    event: Event
    rounds: list[RoundSummary]
    shown: RoundView | None  # the round on the page: the latest, or the one asked for
    latest: int  # the latest round's number, 0 before the first
    latest_status: str
    waiting: list[PlayerLine]  # checked in, in no table and not sitting out: join next round
    without_partner: list[PlayerLine]  # partnership events: checked in, not in a partnership
    team_count: int
    plays_on_after_withdrawal: bool
    playing_round: int | None = None  # a round still being played (maybe an earlier one)

    @property
    def next_number(self) -> int:
        """Return the number of the round "Seat round N" seats (or seats again)."""
        if self.latest_status == Round.Status.SEATING:
            return self.latest
        return self.latest + 1

    @property
    def can_seat(self) -> bool:
        return self.playing_round is None

    @property
    def reseating(self) -> bool:
        return self.latest_status == Round.Status.SEATING

    @property
    def can_start(self) -> bool:
        return self.reseating and self.playing_round is None

    @property
    def is_current(self) -> bool:
        """Say whether the round shown is the latest one (the one actions apply to)."""
        return self.shown is not None and self.shown.number == self.latest


def rounds_overview(event, *, number: int | None = None) -> RoundsOverview | None:
    """Return the official rounds page for the latest round (or round `number`).

    None when `number` names no round. A fixed number of queries (eight at most).
    """
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    counts: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for round_id, status in Game.objects.filter(event=event, round__isnull=False).values_list(
        "round_id", "status"
    ):
        counts[round_id][0] += 1
        counts[round_id][1] += status in SCORED
    summaries = [RoundSummary(r.number, r.status, counts[r.pk][0], counts[r.pk][1]) for r in rounds]
    latest = rounds[-1] if rounds else None
    if number is None:
        wanted = latest
    else:
        wanted = next((r for r in rounds if r.number == number), None)
        if wanted is None:
            return None
    teams = event_teams(event)
    shown = round_view(wanted, teams, repeats=True) if wanted is not None else None
    seated = set()
    if latest is not None:
        latest_view = shown if wanted is latest else round_view(latest, teams)
        seated = {p.pk for team, _ in latest_view.entrants for p in team.players}
    in_teams = {p.pk for team in teams.lines.values() for p in team.players}
    checked_in = [
        PlayerLine(entry.player.pk, entry.player.name, entry.player.chapter_name)
        for entry in Entry.objects.filter(
            event=event, player__checked_in=True, player__withdrawn=False
        )
        .select_related("player__chapter")
        .order_by("player__name", "player_id")
    ]
    if event.team_size == 1:
        without_partner = []
        waiting = [p for p in checked_in if latest is not None and p.pk not in seated]
    else:
        without_partner = [p for p in checked_in if p.pk not in in_teams]
        waiting = [
            p for p in checked_in if latest is not None and p.pk in in_teams and p.pk not in seated
        ]
    playing = next((r.number for r in rounds if r.status == Round.Status.PLAYING), None)
    return RoundsOverview(
        event=event,
        rounds=summaries,
        shown=shown,
        latest=latest.number if latest else 0,
        latest_status=latest.status if latest else "",
        waiting=waiting,
        without_partner=without_partner,
        team_count=len(teams.lines),
        plays_on_after_withdrawal=event.game.plays_on_after_withdrawal,
        playing_round=playing,
    )


# Standings -----------------------------------------------------------------------------


@dataclass
class StandingRow:
    """One side's line in the standings."""

    place: int
    shared: bool
    team: TeamLine
    played: int
    won: int
    tied: int
    lost: int
    sat_out: int
    match_points: int
    points_for: int
    points_against: Decimal

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
    rows = (
        Side.objects.filter(
            game__event=event,
            game__round__isnull=False,
            game__status__in=SCORED,
            team__isnull=False,
        )
        .order_by("game_id", "seat")
        .values_list("game_id", "team_id", "total", "game__winner_seat")
    )
    games: dict[int, list] = {}
    winner_seats = {}
    for game_id, team_id, total, winner_seat in rows:
        games.setdefault(game_id, []).append((team_id, total))
        winner_seats[game_id] = winner_seat
    results = []
    for game_id, seats in games.items():
        winner = winner_seats[game_id]
        if winner is not None and winner < len(seats):
            winners = (seats[winner][0],)
        else:
            winners = tuple(seats[index][0] for index in best_totals(t for _, t in seats))
        results.append(GameResult(scores=dict(seats), winners=frozenset(winners)))
    return results


def rounds_sat_out(event) -> list[int]:
    """Return a side's id once for each started round it sat out (one query)."""
    return list(
        SitOut.objects.filter(round__event=event)
        .exclude(round__status=Round.Status.SEATING)
        .order_by()
        .values_list("team_id", flat=True)
    )


def sit_out_points(event) -> int:
    """Return the match points a round sat out earns at this event (its house rule)."""
    return event.game.sit_out_points(event.options)


def standings(event, *, with_rounds: bool = False) -> Standings:
    """Return the event's standings: three queries whatever its size (four with rounds)."""
    results = game_results(event)
    points = sit_out_points(event)
    ranked = rank(results, sit_outs=rounds_sat_out(event), sit_out_points=points)
    teams = event_teams(event)
    rows = [
        StandingRow(
            place=row.place,
            shared=row.shared,
            team=teams.get(row.side),
            played=row.played,
            won=row.won,
            tied=row.tied,
            lost=row.lost,
            sat_out=row.sat_out,
            match_points=row.match_points,
            points_for=row.points_for,
            points_against=row.points_against,
        )
        for row in ranked
    ]
    # Inside a shared place, rows come by name rather than by id.
    rows.sort(key=lambda row: (row.place, row.team.label.casefold(), row.team.number))
    found = Standings(event=event, rows=rows, sit_out_points=points, games_counted=len(results))
    if with_rounds:
        found.rounds = started_rounds(event)
    return found


def started_rounds(event) -> list[RoundSummary]:
    """Return the rounds that have started, with their tables and results in (one query)."""
    counts: dict[int, list] = {}
    rows = (
        Game.objects.filter(event=event, round__isnull=False)
        .exclude(round__status=Round.Status.SEATING)
        .order_by()
        .values_list("round__number", "round__status", "status")
    )
    for number, round_status, status in rows:
        summary = counts.setdefault(number, [round_status, 0, 0])
        summary[1] += 1
        summary[2] += status in SCORED
    return [RoundSummary(number, *counts[number]) for number in sorted(counts)]


# One side's games ----------------------------------------------------------------------


@dataclass
class SideRound:
    """What one side did in one round: its table, or sitting out."""

    number: int
    table: TableLine | None  # None: sat out
    seat: SeatLine | None = None


@dataclass
class SideGames:
    """A side's tables round by round, with the scores at each."""

    team: TeamLine
    rounds: list[SideRound]


def side_games(event, team_id: int) -> SideGames | None:
    """Return one side's tables in every started round (four queries); None if not a side."""
    teams = event_teams(event)
    if team_id not in teams.lines:
        return None
    their_games = Side.objects.filter(team_id=team_id, game__event=event).values("game_id")
    games = list(
        Game.objects.filter(pk__in=their_games, round__isnull=False)
        .exclude(round__status=Round.Status.SEATING)
        .order_by("round_number")
    )
    sides = Side.objects.filter(game__in=[game.pk for game in games]).order_by()
    rounds = []
    for table in _tables(games, sides, teams):
        seat = next(side for side in table.sides if side.team.pk == team_id)
        rounds.append(SideRound(table.round_number, table, seat))
    sat_out = (
        SitOut.objects.filter(team_id=team_id, round__event=event)
        .exclude(round__status=Round.Status.SEATING)
        .values_list("round__number", flat=True)
    )
    rounds += [SideRound(number, None) for number in sat_out]
    rounds.sort(key=lambda line: line.number)
    return SideGames(team=teams.get(team_id), rounds=rounds)
