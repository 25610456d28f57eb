"""The tournament's structure read once for an export (`Snapshot`), and a table's shape.

Reads only, in a fixed number of queries; the hands are left to stream.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from games.engine import best_totals
from tournaments.matches import games_as_stored
from tournaments.models import (
    WITH_RESULT,
    Event,
    Game,
    Round,
    Side,
    SitOut,
    Team,
    TeamMember,
    public_rounds,
    round_is_public,
)

# A game's status in the files. Games not listed (waiting for their sides, byes, void)
# are not games played and are left out.
STATUS_WORDS = {
    Game.Status.FINISHED: "finished",
    Game.Status.WALKOVER: "finished",
    Game.Status.CLOSED: "closed at time",
    Game.Status.READY: "playing",
    Game.Status.PLAYING: "playing",
}
SAT_OUT = "sat out"
HAND_CHUNK = 2000


@dataclass
class Table:
    """One table of an export: a file in a ZIP or folder, a sheet in a workbook."""

    name: str  # the file's stem: games -> games.csv
    title: str  # the sheet's title
    header: tuple[str, ...]
    rows: Callable[[], Iterator[list]]
    size: Callable[[], int]  # about how many rows, for the progress bar


@dataclass
class TeamInfo:
    pk: int
    event_id: int
    number: int
    names: list[str] = field(default_factory=list)
    chapters: list[str] = field(default_factory=list)

    @property
    def side(self) -> str:
        return f"T{self.number}"

    @property
    def players(self) -> str:
        return " & ".join(self.names)

    @property
    def chapter_names(self) -> str:
        return " & ".join(dict.fromkeys(self.chapters))


@dataclass
class SideInfo:
    seat: int
    team_id: int | None
    total: int
    games_won: int = 0  # in a match of several games


@dataclass
class GameInfo:
    pk: int
    event_id: int
    stage: int
    round_number: int
    position: int
    round_id: int | None
    status: str
    winner_seat: int | None
    walkover: bool = False
    hand_count: int = 0
    number: int | None = None  # stored where the format cannot derive it (naming)
    next_game_id: int | None = None  # where its winner goes (the final has none)
    label: str = ""
    sides: list[SideInfo] = field(default_factory=list)

    @property
    def at_a_table(self) -> bool:
        return self.round_id is not None

    @property
    def decided_by(self) -> str:
        """Say how the game's result was given: "hands", "walkover" (no hands), "forfeit"
        (a walkover after hands), "desk" (a winner given without hands); "" without one."""
        if self.status not in WITH_RESULT:
            return ""
        if self.walkover:
            return "forfeit" if self.hand_count else "walkover"
        return "hands" if self.hand_count else "desk"

    @property
    def has_score(self) -> bool:
        """Say whether the sides' totals are a score: not for a result given without hands."""
        return self.hand_count > 0 or self.status not in WITH_RESULT

    @property
    def games_won(self) -> tuple[int, ...]:
        """Return each side's games won in a match, in seat order, as the pages tell them:
        a match closed at time counts its game in play for the higher total (the stored
        figures stay the games finished, which the backup carries)."""
        sides = self.sides
        return games_as_stored([s.games_won for s in sides], [s.total for s in sides], self.status)

    @property
    def results(self) -> list[str]:
        """Return each side's result, in seat order: won, tied, lost, or "" while playing."""
        if self.status not in WITH_RESULT or not self.sides:
            return [""] * len(self.sides)
        seats = [side.seat for side in self.sides]
        if self.winner_seat is not None:
            winners = {self.winner_seat}
        else:
            winners = {seats[index] for index in best_totals(s.total for s in self.sides)}
        word = "tied" if len(winners) > 1 else "won"
        return [word if seat in winners else "lost" for seat in seats]


@dataclass
class Placing:
    team_id: int
    place: int | None
    shared: bool | None
    reached: str


@dataclass
class Snapshot:
    """A tournament's events, teams, games and sides, read once for every table."""

    tournament: object
    events: list[Event]
    numbers: dict[int, int]
    teams: dict[int, TeamInfo]
    games: dict[int, GameInfo]
    round_status: dict[int, str]
    sit_outs: list[tuple[int, int, int]]  # (event id, round number, team id)
    # Each event's placings by team id, computed once (`placings.placings_of`).
    placings: dict[int, dict[int, Placing]] = field(default_factory=dict)

    def event_games(self, event_id: int) -> list[GameInfo]:
        return [game for game in self.games.values() if game.event_id == event_id]

    def shown(self, game: GameInfo) -> bool:
        """Say whether a game is in the files: played or being played, in a started round."""
        if game.status not in STATUS_WORDS:
            return False
        return not game.at_a_table or round_is_public(self.round_status.get(game.round_id))

    def side_of(self, game: GameInfo, seat: int) -> TeamInfo | None:
        for side in game.sides:
            if side.seat == seat:
                return self.teams.get(side.team_id)
        return None


def game_label(number: int, game: GameInfo) -> str:
    """Return the game's id in the files: E2-R1-T3, E1-R2-G1 or E2-P-G3."""
    if game.at_a_table:
        return f"E{number}-R{game.round_number}-T{game.position + 1}"
    if game.stage == 0:
        return f"E{number}-P-G{game.position + 1}"
    # A double elimination's brackets: winners' W, losers' L, finals F (stages 2 to 4).
    part = {2: "W", 3: "L", 4: "F"}.get(game.stage, "R")
    return f"E{number}-{part}{game.round_number}-G{game.position + 1}"


def read_snapshot(tournament) -> Snapshot:
    """Read the tournament's structure in seven queries, whatever its size."""
    events = list(Event.objects.filter(tournament=tournament).order_by("created_at", "pk"))
    numbers = {event.pk: index for index, event in enumerate(events, start=1)}
    teams = {
        pk: TeamInfo(pk, event_id, number)
        for pk, event_id, number in Team.objects.filter(event__tournament=tournament)
        .order_by()
        .values_list("pk", "event_id", "number")
    }
    members = (
        TeamMember.objects.filter(event__tournament=tournament)
        .order_by("team_id", "position")
        .values_list("team_id", "player__name", "player__chapter__name")
    )
    for team_id, name, chapter in members:
        teams[team_id].names.append(name)
        teams[team_id].chapters.append(chapter or "No chapter")
    games = {}
    rows = (
        Game.objects.filter(event__tournament=tournament)
        .order_by("event_id", "stage", "round_number", "position")
        .values_list(
            "pk",
            "event_id",
            "stage",
            "round_number",
            "position",
            "round_id",
            "status",
            "winner_seat",
            "walkover",
            "hand_count",
            "number",
            "next_game_id",
        )
    )
    for row in rows:
        game = GameInfo(*row)
        game.label = game_label(numbers[game.event_id], game)
        games[game.pk] = game
    sides = (
        Side.objects.filter(game__event__tournament=tournament)
        .order_by("game_id", "seat")
        .values_list("game_id", "seat", "team_id", "total", "games_won")
    )
    for game_id, seat, team_id, total, won in sides:
        games[game_id].sides.append(SideInfo(seat, team_id, total, won))
    round_status = dict(
        Round.objects.filter(event__tournament=tournament).order_by().values_list("pk", "status")
    )
    sit_outs = list(
        SitOut.objects.filter(public_rounds("round__"), round__event__tournament=tournament)
        .order_by("round__event_id", "round__number", "team__number")
        .values_list("round__event_id", "round__number", "team_id")
    )
    return Snapshot(tournament, events, numbers, teams, games, round_status, sit_outs)
