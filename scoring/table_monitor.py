"""Reads for the desk's table monitor and the printed table cards.

A "round" here is what the official watches at once: a round of a rounds event (its
tables), or a round of a bracket (its games; round 0 is the singles' partners' games).
`round_tables` and `bracket_tables` return every table of it with its sides, its open
table hand (waiting or disputed), its active table link and its state in plain words, in
a fixed number of queries whatever the number of tables (five: games, sides, teams, open
table hands, links). A bracket game played as a match of several games says where its
match stands ("Game 2 of best of 3, Ann & Bob lead 1-0"), from its sides' games won and
the event's rule, read with the rest. Nothing here writes.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Max
from django.utils import timezone

from tournaments import naming
from tournaments.matches import event_rule, game_match_headline, match_to_win
from tournaments.models import OPEN, Event, Game, Round, Side
from tournaments.selectors import TeamLine, event_teams, with_bracket_rounds

from .models import TableEntry, TableLink
from .models.table import OPEN_ENTRY
from .services.table_links import show_code

Status = TableEntry.Status

# A table's state, in the order the summary line tells them.
DISPUTED, CONFIRMING, STARTING, PLAYING = "disputed", "confirming", "starting", "playing"
FINISHED, CLOSED, WAITING_SIDES = "finished", "closed", "waiting_sides"
SUMMARY_WORDS = {
    DISPUTED: "disputed",
    CONFIRMING: "waiting for confirmation",
    STARTING: "waiting to start",
    PLAYING: "playing",
    WAITING_SIDES: "waiting for players",
    FINISHED: "finished",
    CLOSED: "closed at time",
}
# Games a monitor never lists: nobody plays them.
NOT_PLAYED = (Game.Status.BYE, Game.Status.VOID)


def clock(at: datetime | None) -> str:
    """Return a time as the hall's clock shows it: "14:32" (local time)."""
    return timezone.localtime(at).strftime("%H:%M") if at is not None else ""


@dataclass
class TableSide:
    """One side at a table: its seat (from 0), who, and its total."""

    seat: int
    team: TeamLine | None
    total: int
    games_won: int = 0  # in a match of several games

    @property
    def label(self) -> str:
        return self.team.label if self.team is not None else "To be decided"

    @property
    def names(self) -> list[str]:
        return [player.name for player in self.team.players] if self.team is not None else []

    @property
    def chapters(self) -> str:
        return self.team.chapters if self.team is not None else ""


@dataclass
class TableState:
    """One table (a game) as the monitor and its card show it."""

    pk: int
    name: str  # "Table 3", "Game 13 (Quarter-final)"
    full_name: str  # "Round 2, table 3", "Game 13 (Quarter-final)"
    status: str
    hand_count: int
    desk_only: bool
    version: int
    updated_at: datetime
    sides: list[TableSide]
    entry: TableEntry | None = None
    link: TableLink | None = None
    to_win: int = 1  # games a side needs to take the match (1: the game is the match)
    winner_seat: int | None = None

    @property
    def match(self) -> str:
        """Return where the table's match stands: "Game 2 of best of 3, Ann & Bob lead
        1-0", "Ann & Bob won the match 2-1" ("" for a game by itself)."""
        return game_match_headline(
            self.to_win,
            [side.games_won for side in self.sides],
            [side.total for side in self.sides],
            [side.team.short_label if side.team else side.label for side in self.sides],
            plural=[len(side.names) > 1 for side in self.sides],
            status=self.status,
            winner_seat=self.winner_seat,
        )

    @property
    def shown_code(self) -> str:
        """Return the active link's code as printed ("7KQ4-M2XD"), or ""."""
        return show_code(self.link.code) if self.link is not None else ""

    @property
    def takes_hands(self) -> bool:
        """Ready or playing: the table's link can take hands (unless locked to the desk)."""
        return self.status in OPEN

    @property
    def state(self) -> str:
        if self.entry is not None:
            return DISPUTED if self.entry.status == Status.DISPUTED else CONFIRMING
        if self.status == Game.Status.CLOSED:
            return CLOSED
        if self.status in (Game.Status.FINISHED, Game.Status.WALKOVER):
            return FINISHED
        if self.status == Game.Status.WAITING:
            return WAITING_SIDES
        return PLAYING if self.hand_count else STARTING

    @property
    def words(self) -> str:
        """Return the table's state in one line: "Waiting for confirmation since 14:32"."""
        state, entry = self.state, self.entry
        if state == DISPUTED:
            return f"Disputed: hand {entry.number}, the official decides it"
        if state == CONFIRMING:
            return f"Waiting for confirmation since {clock(entry.entered_at)}"
        if state == PLAYING:
            return f"Playing: {naming_hands(self.hand_count)}"
        if self.status == Game.Status.WALKOVER:
            return "Finished: walkover (W/O)"
        return {
            STARTING: "Waiting to start",
            WAITING_SIDES: "Waiting for players",
            FINISHED: f"Finished after {naming_hands(self.hand_count)}",
            CLOSED: f"Closed at time after {naming_hands(self.hand_count)}",
        }[state]

    @property
    def detail(self) -> str:
        """Return who entered (and who disputed) the open table hand, or ""."""
        entry = self.entry
        if entry is None:
            return ""
        said = f"Hand {entry.number} entered by {entry.entered_by_name}"
        said += f" at {clock(entry.entered_at)}"
        if entry.status == Status.DISPUTED and entry.answered_by_name:
            said += f"; {entry.answered_by_name} said something is wrong"
            if entry.answered_at is not None:
                said += f" at {clock(entry.answered_at)}"
        return said + "."

    @property
    def last_activity(self) -> str:
        return clock(self.updated_at)


def naming_hands(count: int) -> str:
    return f"{count} hand" if count == 1 else f"{count} hands"


@dataclass
class Monitor:
    """Every table of a round (or a bracket round), their states and the summary line."""

    event: Event
    title: str  # "Round 2", "Quarter-final"
    number: int
    tables: list[TableState]
    round_status: str = ""  # a rounds event's round: seating, playing, finished
    counts: Counter = field(default_factory=Counter)

    def __post_init__(self):
        self.counts = Counter(table.state for table in self.tables)

    @property
    def summary(self) -> str:
        """Return "3 disputed · 5 waiting for confirmation · 12 playing · 4 finished"."""
        parts = [f"{self.counts[key]} {words}" for key, words in SUMMARY_WORDS.items()]
        shown = [part for key, part in zip(SUMMARY_WORDS, parts, strict=True) if self.counts[key]]
        locked = sum(1 for table in self.tables if table.desk_only)
        if locked:
            shown.append(f"{locked} desk-only")
        return naming.TOTALS_SEPARATOR.join(shown) or "No tables"

    @property
    def disputed(self) -> list[TableState]:
        return [table for table in self.tables if table.state == DISPUTED]

    @property
    def last_activity(self) -> str:
        return clock(max((table.updated_at for table in self.tables), default=None))

    @property
    def taking_hands(self) -> list[TableState]:
        """The tables a card can be printed for: those that take hands now."""
        return [table for table in self.tables if table.takes_hands]


def _states(games: list[Game], event: Event, names) -> list[TableState]:
    """Read the games' sides, teams, open table hands and links (four queries)."""
    ids = [game.pk for game in games]
    teams = event_teams(event)
    rule = event_rule(event)
    by_game = defaultdict(list)
    for side in Side.objects.filter(game_id__in=ids).order_by("seat"):
        by_game[side.game_id].append(side)
    entries = {
        entry.game_id: entry
        for entry in TableEntry.objects.filter(game_id__in=ids, status__in=OPEN_ENTRY)
    }
    links = {
        link.game_id: link
        for link in TableLink.objects.filter(game_id__in=ids, revoked_at__isnull=True)
    }
    tables = []
    for game in games:
        sides = [
            TableSide(
                seat=side.seat,
                team=teams.lines.get(side.team_id) if side.team_id else None,
                total=side.total,
                games_won=side.games_won,
            )
            for side in by_game[game.pk]
        ]
        name, full_name = names(game)
        tables.append(
            TableState(
                pk=game.pk,
                name=name,
                full_name=full_name,
                status=game.status,
                hand_count=game.hand_count,
                desk_only=game.desk_only,
                version=game.version,
                updated_at=game.updated_at,
                sides=sides,
                entry=entries.get(game.pk),
                link=links.get(game.pk),
                to_win=match_to_win(game, rule),
                winner_seat=game.winner_seat,
            )
        )
    return tables


def round_tables(round_: Round) -> Monitor:
    """Return a rounds event's round: every table and its state (five queries)."""
    event = round_.event
    games = list(Game.objects.filter(round=round_).order_by("position"))

    def names(game):
        return f"Table {game.table_number}", f"{round_.name}, table {game.table_number}"

    return Monitor(
        event=event,
        title=round_.name,
        number=round_.number,
        tables=_states(games, event, names),
        round_status=round_.status,
    )


def bracket_round_names(event: Event) -> list[tuple[tuple[int, int], str]]:
    """Return the bracket's rounds with a game to play, as ((stage, number), name), every
    stage's (the partners' games, a double elimination's three brackets) (one query)."""
    rows = (
        Game.objects.filter(event=event, round__isnull=True)
        .exclude(status__in=NOT_PLAYED)
        .values_list("stage", "round_number")
        .distinct()
        .order_by("stage", "round_number")
    )
    found = list(rows)
    total = max((number for stage, number in found if stage in naming.FIRST_STAGES), default=0)
    return [((s, n), naming.bracket_round_name(s, n, total)) for s, n in found]


def bracket_tables(event: Event, stage: int, number: int) -> Monitor | None:
    """Return the games of a bracket stage's round and their states (five queries), None
    if none (stage 0: the partners' games; 2 to 4: a double elimination's brackets)."""
    where = {"stage": stage, "round_number": number}
    games = list(
        with_bracket_rounds(Game.objects.filter(event=event, round__isnull=True, **where))
        .exclude(status__in=NOT_PLAYED)
        .select_related("event")
        .order_by("position")
    )
    if not games:
        return None
    title = naming.bracket_round_name(stage, number, games[0].bracket_rounds)

    def names(game):
        return game.name, game.name

    return Monitor(event=event, title=title, number=number, tables=_states(games, event, names))


def link_marker(event_id: int) -> tuple:
    """Return what changes when a table link of the event is made or revoked (one query).

    Making or revoking a link does not bump the event's change marker (the public pages
    show no link), so the monitor's ETag adds this.
    """
    found = TableLink.objects.filter(game__event_id=event_id).aggregate(
        made=Max("created_at"), revoked=Max("revoked_at"), last=Max("pk")
    )
    return (found["made"], found["revoked"], found["last"])
