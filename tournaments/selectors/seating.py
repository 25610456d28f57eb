"""Who sits where: the event's sides, a round's tables, and one side's tables round by round.

Each function reads in a fixed number of queries whatever the size of the event.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from games.engine import best_totals
from tournaments.compiled import compiled
from tournaments.models import (
    NO_CHAPTER_NAME,
    SCORED,
    Game,
    Round,
    Side,
    SitOut,
    TeamMember,
    public_games,
    public_rounds,
)
from tournaments.selectors.lines import PlayerLine, TeamLine

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
    lines: dict[int, TeamLine] = {}
    withdrawn = set()
    for row in _member_rows(event=event.pk):
        team_id, number, same_chapter, player_id, name, chapter_id, chapter, gone = row
        line = lines.setdefault(team_id, TeamLine(team_id, number, [], same_chapter))
        line.players.append(PlayerLine(player_id, name, chapter if chapter_id else NO_CHAPTER_NAME))
        if gone:
            withdrawn.add(player_id)
    return Teams(lines, withdrawn)


@compiled(event=-770_831)
def _member_rows(*, event: int):
    """The event's sides and their players as rows, compiled once (`tournaments.compiled`):
    a rounds event's public pages read them again after every result."""
    return (
        TeamMember.objects.filter(event_id=event)
        .order_by("team_id", "position")
        .values_list(
            "team_id",
            "team__number",
            "team__same_chapter",
            "player_id",
            "player__name",
            "player__chapter_id",
            "player__chapter__name",
            "player__withdrawn",
        )
    )


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
    card: str = ""  # the public card's HTML when kept (`fragments.attach_tables`)

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
    started_at: datetime | None = None  # when the round started (its clock), server time

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
        started_at=round_.started_at,
        tables=_tables(games, sides, teams),
        sit_outs=sorted(
            (teams.get(pk) for pk in sit_outs.order_by()), key=lambda team: team.number
        ),
    )
    if repeats:
        view.repeats = _repeats(view.tables, _met_before(round_.event_id, round_.number))
    return view


def started_round(event, number: int, *, teams: Teams | None = None) -> RoundView | None:
    """Return a round that has started (what the public may see), or None. teams: the
    event's teams (`event_teams`) when the caller has them."""
    found = Round.objects.filter(public_rounds(), event=event, number=number).first()
    if found is None:
        return None
    return round_view(found, teams if teams is not None else event_teams(event))


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
        Game.objects.filter(public_games(), pk__in=their_games, round__isnull=False).order_by(
            "round_number"
        )
    )
    sides = Side.objects.filter(game__in=[game.pk for game in games]).order_by()
    rounds = []
    for table in _tables(games, sides, teams):
        seat = next(side for side in table.sides if side.team.pk == team_id)
        rounds.append(SideRound(table.round_number, table, seat))
    sat_out = SitOut.objects.filter(
        public_rounds("round__"), team_id=team_id, round__event=event
    ).values_list("round__number", flat=True)
    rounds += [SideRound(number, None) for number in sat_out]
    rounds.sort(key=lambda line: line.number)
    return SideGames(team=teams.get(team_id), rounds=rounds)
