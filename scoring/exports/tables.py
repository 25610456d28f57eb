"""The tables an export writes, read from the database: the three contract files and the rest.

Reads only. A table is a header and a stream of rows of plain values (`cells` makes
each value safe for a spreadsheet). The tournament's structure (events, teams, games
and their sides) is read once into a `Snapshot`, in a fixed number of queries; the
hands, the one part that grows without bound, are streamed from the database in
chunks and never held all at once.

Ids written in the files are stable, so the same tournament exports alike from any
database (a backup restored elsewhere gives the same files):
- an event's number `E<n>` is its place in the tournament's events (oldest first);
- a side is its team's number in its event, `T3`;
- a game is `E2-R1-T3` (event 2, round 1, table 3) at a table of a rounds event,
  `E1-R2-G1` (event 1, round 2, bracket game 1) in a bracket, and `E2-P-G3` for the
  third partners' game that opens a singles bracket.

Nothing here asks which game an event plays: the registry says whether the event is
played in rounds (standings) or in a bracket (placings), and which hand fields hold
penalties.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from games.engine import PENALTIES, best_totals
from games.rules import RulesError
from tournaments.models import (
    WITH_RESULT,
    Chapter,
    Entry,
    Event,
    Game,
    Player,
    Round,
    Side,
    SitOut,
    Team,
    TeamMember,
)
from tournaments.naming import round_name
from tournaments.round_selectors import standings

from ..models import Hand

GAMES_HEADER = (
    "event",
    "game_key",
    "round",
    "table",
    "game",
    "status",
    "side",
    "players",
    "score",
    "result",
)
HANDS_HEADER = ("event", "game", "hand", "side", "points")
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
PENALTIES_HEADER = ("event", "game", "hand", "side", "player", "reason")
CHAPTERS_HEADER = (
    "chapter",
    "player",
    "event",
    "side",
    "place",
    "shared",
    "reached",
    "played",
    "won",
    "points",
)
PLAYERS_HEADER = ("chapter", "name", "checked_in", "withdrawn", "events")

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
    label: str = ""
    sides: list[SideInfo] = field(default_factory=list)

    @property
    def at_a_table(self) -> bool:
        return self.round_id is not None

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
    _placings: dict[int, dict[int, Placing]] = field(default_factory=dict)

    def event_games(self, event_id: int) -> list[GameInfo]:
        return [game for game in self.games.values() if game.event_id == event_id]

    def shown(self, game: GameInfo) -> bool:
        """Say whether a game is in the files: played or being played, in a started round."""
        if game.status not in STATUS_WORDS:
            return False
        return not game.at_a_table or self.round_status.get(game.round_id) != Round.Status.SEATING

    def side_of(self, game: GameInfo, seat: int) -> TeamInfo | None:
        for side in game.sides:
            if side.seat == seat:
                return self.teams.get(side.team_id)
        return None

    def placings(self, event: Event) -> dict[int, Placing]:
        """Return each team's placing in the event, by team id (computed once per event)."""
        if event.pk not in self._placings:
            if event.game.plays_rounds:
                found = _standings_placings(event)
            else:
                found = _bracket_placings(self, event)
            self._placings[event.pk] = found
        return self._placings[event.pk]


def game_label(number: int, game: GameInfo) -> str:
    """Return the game's id in the files: E2-R1-T3, E1-R2-G1 or E2-P-G3."""
    if game.at_a_table:
        return f"E{number}-R{game.round_number}-T{game.position + 1}"
    if game.stage == 0:
        return f"E{number}-P-G{game.position + 1}"
    return f"E{number}-R{game.round_number}-G{game.position + 1}"


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
        )
    )
    for row in rows:
        game = GameInfo(*row)
        game.label = game_label(numbers[game.event_id], game)
        games[game.pk] = game
    sides = (
        Side.objects.filter(game__event__tournament=tournament)
        .order_by("game_id", "seat")
        .values_list("game_id", "seat", "team_id", "total")
    )
    for game_id, seat, team_id, total in sides:
        games[game_id].sides.append(SideInfo(seat, team_id, total))
    round_status = dict(
        Round.objects.filter(event__tournament=tournament).order_by().values_list("pk", "status")
    )
    sit_outs = list(
        SitOut.objects.filter(round__event__tournament=tournament)
        .exclude(round__status=Round.Status.SEATING)
        .order_by("round__event_id", "round__number", "team__number")
        .values_list("round__event_id", "round__number", "team_id")
    )
    return Snapshot(tournament, events, numbers, teams, games, round_status, sit_outs)


# games.csv ---------------------------------------------------------------------------


def games_rows(snapshot: Snapshot, events: list[Event] | None = None) -> Iterator[list]:
    """One row per side per game; a round sat out is one row per side with status "sat out"."""
    sat_out = defaultdict(list)
    for event_id, number, team_id in snapshot.sit_outs:
        sat_out[(event_id, number)].append(team_id)
    for event in events if events is not None else snapshot.events:
        games = [game for game in snapshot.event_games(event.pk) if snapshot.shown(game)]
        items = [((g.stage, g.round_number, 0, g.position), g) for g in games]
        for (event_id, number), team_ids in sat_out.items():
            if event_id == event.pk:
                items += [
                    ((1, number, 1, index), team_id) for index, team_id in enumerate(team_ids)
                ]
        items.sort(key=lambda item: item[0])
        for (_, number, kind, _), item in items:
            if kind:
                team = snapshot.teams[item]
                yield [
                    event.name,
                    event.game_key,
                    number,
                    None,
                    None,
                    SAT_OUT,
                    team.side,
                    team.players,
                    None,
                    None,
                ]
                continue
            game = item
            for side, result in zip(game.sides, game.results, strict=True):
                team = snapshot.teams.get(side.team_id)
                yield [
                    event.name,
                    event.game_key,
                    game.round_number,
                    game.position + 1 if game.at_a_table else None,
                    game.label,
                    STATUS_WORDS[game.status],
                    team.side if team else None,
                    team.players if team else None,
                    side.total,
                    result or None,
                ]


def games_size(snapshot: Snapshot) -> int:
    return sum(len(game.sides) for game in snapshot.games.values()) + len(snapshot.sit_outs)


# hands.csv -----------------------------------------------------------------------------


def _hands(snapshot: Snapshot, *fields: str):
    """Stream the tournament's hands in the files' order, in chunks."""
    return (
        Hand.objects.filter(game__event__tournament=snapshot.tournament)
        .order_by(
            "game__event__created_at",
            "game__event_id",
            "game__stage",
            "game__round_number",
            "game__position",
            "number",
        )
        .values_list("game_id", "number", *fields)
        .iterator(chunk_size=HAND_CHUNK)
    )


def hands_rows(snapshot: Snapshot) -> Iterator[list]:
    """One row per side per hand: its points, penalties included (negative where allowed)."""
    names = {event.pk: event.name for event in snapshot.events}
    for game_id, number, points in _hands(snapshot, "points"):
        game = snapshot.games[game_id]
        for seat, value in enumerate(points):
            team = snapshot.side_of(game, seat)
            yield [names[game.event_id], game.label, number, team.side if team else None, value]


def hands_size(snapshot: Snapshot) -> int:
    return 2 * Hand.objects.filter(game__event__tournament=snapshot.tournament).count()


# penalties -----------------------------------------------------------------------------


def _penalty_fields(event: Event, sides: int, cache: dict) -> list:
    """Return the hand fields that hold penalties at a table of `sides` sides of the event."""
    key = (event.pk, sides)
    if key not in cache:
        try:
            table = event.game.table(event.options, sides=sides, team_size=event.team_size)
            fields = event.game.entry_fields(table, event.options)
        except RulesError:
            fields = ()
        cache[key] = [found for found in fields if found.kind == PENALTIES]
    return cache[key]


def penalties_rows(snapshot: Snapshot) -> Iterator[list]:
    """One row per penalty: the hand, the offending side, the player and the reason."""
    events = {event.pk: event for event in snapshot.events}
    players = dict(Player.objects.filter(tournament=snapshot.tournament).values_list("pk", "name"))
    cache: dict = {}
    for game_id, number, detail in _hands(snapshot, "detail"):
        game = snapshot.games[game_id]
        event = events[game.event_id]
        for penalty_field in _penalty_fields(event, len(game.sides), cache):
            reasons = dict(penalty_field.choices)
            for penalty in (detail or {}).get(penalty_field.name) or ():
                side = penalty.get("side")
                team = snapshot.side_of(game, side) if isinstance(side, int) else None
                reason = penalty.get("reason")
                yield [
                    event.name,
                    game.label,
                    number,
                    team.side if team else None,
                    players.get(penalty.get("offender")),
                    reasons.get(reason, reason),
                ]


# standings.csv and placings --------------------------------------------------------------


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


def placings_rows(snapshot: Snapshot, events: list[Event] | None = None) -> Iterator[list]:
    """One row per side per event: its place and how far it got (rounds: its standing)."""
    for event in events if events is not None else snapshot.events:
        placings = snapshot.placings(event)
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


# The chapter report ------------------------------------------------------------------


def _records(snapshot: Snapshot) -> dict[int, list[int]]:
    """Return each team's [games played, games won, points] over its games with a result."""
    records: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    for game in snapshot.games.values():
        if game.status not in WITH_RESULT or not snapshot.shown(game):
            continue
        for side, result in zip(game.sides, game.results, strict=True):
            if side.team_id is None:
                continue
            record = records[side.team_id]
            record[0] += 1
            record[1] += result == "won"
            record[2] += side.total
    return records


def chapter_rows(snapshot: Snapshot, chapter: Chapter | None = None) -> Iterator[list]:
    """One row per member per event entered: side, place, games played and won, points.

    A member in no event has one row with the event left empty.
    """
    players = Player.objects.filter(tournament=snapshot.tournament).select_related("chapter")
    if chapter is not None:
        players = players.filter(chapter=chapter)
    players = list(players.order_by("chapter__name", "name", "pk"))
    ids = [player.pk for player in players]
    entered = defaultdict(list)
    for player_id, event_id in (
        Entry.objects.filter(player_id__in=ids).order_by().values_list("player_id", "event_id")
    ):
        entered[player_id].append(event_id)
    team_of = {}
    for player_id, event_id, team_id in (
        TeamMember.objects.filter(player_id__in=ids)
        .order_by()
        .values_list("player_id", "event_id", "team_id")
    ):
        team_of[(player_id, event_id)] = team_id
        if event_id not in entered[player_id]:
            entered[player_id].append(event_id)
    records = _records(snapshot)
    for player in players:
        events = [e for e in snapshot.events if e.pk in entered[player.pk]]
        if not events:
            yield [player.chapter_name, player.name, None, None, None, None, None, 0, 0, 0]
            continue
        for event in events:
            team_id = team_of.get((player.pk, event.pk))
            team = snapshot.teams.get(team_id)
            placing = snapshot.placings(event).get(team_id) if team else None
            played, won, points = records.get(team_id, (0, 0, 0)) if team else (0, 0, 0)
            yield [
                player.chapter_name,
                player.name,
                event.name,
                team.side if team else None,
                placing.place if placing else None,
                placing.shared if placing and placing.place is not None else None,
                (placing.reached or None) if placing else None,
                played,
                won,
                points,
            ]


# Players by chapter ----------------------------------------------------------------------


def players_rows(snapshot: Snapshot) -> Iterator[list]:
    """The tournament's players by chapter, with their events."""
    players = (
        Player.objects.filter(tournament=snapshot.tournament)
        .select_related("chapter")
        .prefetch_related("entries__event")
        .order_by("chapter__name", "name", "pk")
    )
    for player in players:
        yield [
            player.chapter.name if player.chapter else None,
            player.name,
            player.checked_in,
            player.withdrawn,
            "; ".join(entry.event.name for entry in player.entries.all()) or None,
        ]


# The tables of each export ------------------------------------------------------------------


def tables_for(snapshot: Snapshot, kind: str, *, chapter: Chapter | None = None) -> list[Table]:
    """Return the tables an export of this kind writes (one, or several for a ZIP)."""
    players_count = Player.objects.filter(tournament=snapshot.tournament).count
    every = {
        "placings": Table(
            "placings",
            "Placings",
            PLACINGS_HEADER,
            lambda: placings_rows(snapshot),
            lambda: len(snapshot.teams),
        ),
        "games": Table(
            "games",
            "Games",
            GAMES_HEADER,
            lambda: games_rows(snapshot),
            lambda: games_size(snapshot),
        ),
        "hands": Table(
            "hands",
            "Hands",
            HANDS_HEADER,
            lambda: hands_rows(snapshot),
            lambda: hands_size(snapshot),
        ),
        "standings": Table(
            "standings",
            "Standings",
            STANDINGS_HEADER,
            lambda: standings_rows(snapshot),
            lambda: len(snapshot.teams),
        ),
        "penalties": Table(
            "penalties",
            "Penalties",
            PENALTIES_HEADER,
            lambda: penalties_rows(snapshot),
            lambda: hands_size(snapshot) // 2,
        ),
        "chapters": Table(
            "chapters",
            "Chapters",
            CHAPTERS_HEADER,
            lambda: chapter_rows(snapshot, chapter),
            players_count,
        ),
        "players": Table(
            "players", "Players", PLAYERS_HEADER, lambda: players_rows(snapshot), players_count
        ),
    }
    if kind == "results":
        return list(every.values())
    return [every[kind]]
