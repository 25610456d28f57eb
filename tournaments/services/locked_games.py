"""Games locked for one result service: read once into plain rows, changed, written together.

The general path of `results.py` (corrections, voiding, byes, singles fed by doubles, and
every result on SQLite) works on these rows. On PostgreSQL the ordinary result and the
progress after a hand take one statement instead (`result_statements.py`).

Locking: the games are locked in the order asked, a game before the games after it in
the bracket (scoring locks a game, then its result locks the games its winner and loser
go to, earliest in play first), so two services never wait for each other in a circle.
A correction that voids later games locks them as it reaches them, earliest first.
On PostgreSQL the sides are read by a second statement, after the lock: a statement
that waited for a lock reads the rows it did not lock as they were before the wait.
The two go in one round trip, and so do the writes (several statements in one query,
which PostgreSQL runs one after the other).

Why raw SQL: on SQLite, the default install, every result comes this way. The read is
one query for the games, their sides, team numbers and event, and the writes are plain
UPDATEs: about 0.3 ms a result (bench/bracket.py, median of 5 runs). The same reads and
writes through the ORM (select_related, queryset updates, Activity.objects.create) took
about 4 ms a result, measured in blocks between blocks of these.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import connection
from django.utils import timezone

from .. import naming
from ..acting import User
from ..changes import log_activity_sql, mark_changed_sql
from ..errors import DeskError
from ..models import DECIDED, Event, Game, Side, Team


@dataclass(slots=True, eq=False)
class EventRow:
    pk: int
    name: str
    team_size: int
    status: str
    tournament_id: int
    singles_id: int | None
    status_changed: bool = False


@dataclass(slots=True, eq=False)
class SideRow:
    pk: int
    seat: int
    team_id: int | None
    total: int
    team_number: int | None


@dataclass(slots=True, eq=False)
class GameRow:
    """A locked game: the fields a result reads and writes, and its sides by seat."""

    pk: int
    event: EventRow
    stage: int
    round_number: int
    position: int
    next_game_id: int | None
    next_slot: int | None
    fed_from_id: int | None
    status: str
    winner_seat: int | None
    walkover: bool
    hand_count: int
    version: int
    seats: list = field(default_factory=lambda: [None, None])
    reason: str = ""  # walkover_reason
    bracket_rounds: int = 0  # the bracket's rounds, for the game's name (naming)
    loser_game_id: int | None = None  # where the loser goes (None: out)
    loser_slot: int | None = None
    only_if_game_id: int | None = None  # played only when that game's slot wins it
    only_if_slot: int | None = None
    number: int | None = None  # the game's stored number, for its name (naming)

    @property
    def event_id(self) -> int:
        return self.event.pk

    @property
    def is_decided(self) -> bool:
        return self.status in DECIDED

    @property
    def both_seated(self) -> bool:
        return all(side is not None and side.team_id for side in self.seats)


# The games, their sides with team numbers, their event and the singles event it feeds,
# and the bracket's rounds for the games' names (as `Event.bracket_rounds` counts them).
# Every column is named, and read by its name (`_named`), never by its place.
_READ_SQL = """
SELECT g.id AS game_id, g.stage, g.round_number, g.position, g.next_game_id, g.next_slot,
       g.loser_game_id, g.loser_slot, g.only_if_game_id, g.only_if_slot, g.number,
       g.fed_from_id, g.status, g.winner_seat, g.walkover, g.hand_count, g.version,
       g.walkover_reason,
       s.id AS side_id, s.seat, s.team_id, s.total, t.number AS team_number,
       e.id AS event_id, e.name AS event_name, e.team_size, e.status AS event_status,
       e.tournament_id,
       (SELECT MIN(f.id) FROM {event} f WHERE f.fed_by_id = e.id) AS singles_id,
       COALESCE((SELECT MAX(b.round_number) FROM {game} b WHERE b.event_id = e.id
                 AND b.stage = {winners} AND b.round_id IS NULL),
                (SELECT MAX(b.round_number) FROM {game} b WHERE b.event_id = e.id
                 AND b.stage = {main} AND b.round_id IS NULL)) AS bracket_rounds
FROM {game} g
JOIN {event} e ON e.id = g.event_id
LEFT JOIN {side} s ON s.game_id = g.id
LEFT JOIN {team} t ON t.id = s.team_id
WHERE g.id IN ({ids})
ORDER BY g.id, s.seat
"""

# Locks the games in the order given.
_LOCK_SQL = "SELECT id FROM {game} WHERE id IN ({ids}) ORDER BY CASE id {order} END FOR UPDATE"


def _tables(**more) -> dict:
    return {
        "game": Game._meta.db_table,
        "side": Side._meta.db_table,
        "team": Team._meta.db_table,
        "event": Event._meta.db_table,
        # An event's bracket has winners' games or main ones, never both: one stage per
        # read, so each MAX is one step down the (event, stage, round) index.
        "winners": naming.STAGE_OF["winners"],
        "main": naming.STAGE_OF["main"],
        **more,
    }


# The game's columns a GameRow takes as they are read.
_GAME_COLUMNS = (
    "stage",
    "round_number",
    "position",
    "next_game_id",
    "next_slot",
    "fed_from_id",
    "status",
    "winner_seat",
    "hand_count",
    "version",
    "loser_game_id",
    "loser_slot",
    "only_if_game_id",
    "only_if_slot",
    "number",
)


def _in_play_order(*pks) -> list[int]:
    """Return the game ids earliest in play first: a bracket's games are written last
    first (`draw_rows.insert_bracket`), so the earlier a game, the higher its id. Every
    result locks in this order (a double elimination's winners' final and losers' final
    both send a team to the grand final: locked the other way round, two results there
    could wait for each other)."""
    return sorted((pk for pk in pks if pk is not None), reverse=True)


def _named(cursor) -> list[dict]:
    """Return the cursor's rows as dicts by column name (a new column shifts nothing)."""
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


class LockedGames:
    """Games locked for one service call, with their sides by seat, and what changed."""

    def __init__(self):
        self.games: dict[int, GameRow] = {}
        self.dirty_games: dict[int, GameRow] = {}
        self.dirty_sides: dict[int, SideRow] = {}
        self.voided: list[GameRow] = []
        # Singles partners' games cancelled with the doubles result that made them.
        self.cancelled: list[GameRow] = []
        # One row per event, so a status change is seen by all its games.
        self.events: dict[int, EventRow] = {}

    def lock(self, *pks) -> None:
        """Lock the games not locked yet, in the order given, and read them with their sides."""
        wanted = list(dict.fromkeys(pk for pk in pks if pk is not None and pk not in self.games))
        if not wanted:
            return
        ids = ", ".join(["%s"] * len(wanted))
        read = _READ_SQL.format(**_tables(ids=ids))
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                # Both in one round trip; the read is a statement of its own, so it sees
                # what was committed before the lock was granted. Several statements in
                # one execute (and `nextset`) work only with Django's client-side binding,
                # its default: the database's OPTIONS must not set server_side_binding
                # (tests/tournaments/test_locked_games.py holds that).
                order = " ".join(f"WHEN %s THEN {n}" for n in range(len(wanted)))
                lock = _LOCK_SQL.format(**_tables(ids=ids, order=order))
                cursor.execute(f"{lock};\n{read}", wanted * 3)
                cursor.nextset()
            else:
                cursor.execute(read, wanted)
            rows = _named(cursor)
        for row in rows:
            game = self.games.get(row["game_id"]) or self._game(row)
            if row["side_id"] is not None:
                game.seats[row["seat"]] = SideRow(
                    pk=row["side_id"],
                    seat=row["seat"],
                    team_id=row["team_id"],
                    total=row["total"],
                    team_number=row["team_number"],
                )

    def _game(self, row: dict) -> GameRow:
        event = self.events.get(row["event_id"])
        if event is None:
            event = self.events[row["event_id"]] = EventRow(
                pk=row["event_id"],
                name=row["event_name"],
                team_size=row["team_size"],
                status=row["event_status"],
                tournament_id=row["tournament_id"],
                singles_id=row["singles_id"],
            )
        game = GameRow(
            pk=row["game_id"],
            event=event,
            **{name: row[name] for name in _GAME_COLUMNS},
            walkover=bool(row["walkover"]),
            reason=row["walkover_reason"] or "",
            bracket_rounds=row["bracket_rounds"] or 0,
        )
        self.games[game.pk] = game
        return game

    def get(self, pk) -> GameRow:
        self.lock(pk)
        if pk not in self.games:
            raise DeskError("That game no longer exists; the bracket may have been drawn again.")
        return self.games[pk]

    def lock_with_next(self, game: Game) -> GameRow:
        """Lock a game, then the games its winner and its loser go to, earliest in play
        first (one query when the links are known)."""
        self.lock(*_in_play_order(game.pk, game.next_game_id, getattr(game, "loser_game_id", None)))
        current = self.get(game.pk)
        self.lock(*_in_play_order(current.next_game_id, current.loser_game_id))
        return current

    def touch(self, game: GameRow) -> None:
        self.dirty_games[game.pk] = game

    def set_total(self, side: SideRow, total: int) -> None:
        if side.total != total:
            side.total = total
            self.dirty_sides[side.pk] = side

    def place(self, game: GameRow, seat: int, team_id) -> None:
        """Seat a team (or nobody) in a game."""
        side = game.seats[seat]
        if side.team_id != team_id:
            side.team_id = team_id
            side.team_number = None
            side.total = 0
            self.dirty_sides[side.pk] = side
        if game.status != Game.Status.BYE and not game.is_decided and game.hand_count == 0:
            game.status = Game.Status.READY if game.both_seated else Game.Status.WAITING
        self.touch(game)

    def void(self, game: GameRow) -> None:
        """Wipe a game's scores and result; it is to be played again."""
        for side in game.seats:
            self.set_total(side, 0)
        game.hand_count = 0
        game.winner_seat = None
        game.walkover = False
        game.reason = ""
        game.status = Game.Status.READY if game.both_seated else Game.Status.WAITING
        self.voided.append(game)
        self.touch(game)

    def save(self, *, by: User | None = None, text: str = "", one_game: bool = False):
        """Write every changed side, game and event, and the activity line; return the time.

        Each changed game's version is bumped and every event touched gets a new
        ``changed_at``, so polling pages and open score sheets see the change
        (``one_game``: only one game's running score changed, see `changes.mark_changed`).
        """
        now = timezone.now()
        at = connection.ops.adapt_datetimefield_value(now)
        statements = [
            *self._side_updates(),
            *self._game_updates(at),
            *self._event_updates(at, one_game),
            *self._activity_insert(at, by, text),
        ]
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                # One round trip for all the writes.
                cursor.execute(
                    ";\n".join(sql for sql, _ in statements),
                    [value for _, params in statements for value in params],
                )
            else:
                for sql, params in statements:
                    cursor.execute(sql, params)
        return now

    def _side_updates(self) -> list:
        return [
            (
                f"UPDATE {Side._meta.db_table} SET team_id = %s, total = %s WHERE id = %s",
                (side.team_id, side.total, side.pk),
            )
            for side in self.dirty_sides.values()
        ]

    def _game_updates(self, at) -> list:
        """Bump each changed game's version and return its UPDATE."""
        statements = []
        for game in self.dirty_games.values():
            game.version += 1
            statements.append(
                (
                    f"UPDATE {Game._meta.db_table} SET status = %s, winner_seat = %s, "
                    "walkover = %s, walkover_reason = %s, hand_count = %s, version = %s, "
                    "updated_at = %s WHERE id = %s",
                    (
                        game.status,
                        game.winner_seat,
                        game.walkover,
                        game.reason,
                        game.hand_count,
                        game.version,
                        at,
                        game.pk,
                    ),
                )
            )
        return statements

    def _event_updates(self, at, one_game: bool) -> list:
        """Return each event's new ``changed_at`` (and status, when it changed)."""
        statements = []
        marked = mark_changed_sql("%s", one_game=one_game)
        times = (at,) * marked.count("%s")
        for event in self.events.values():
            if event.status_changed:
                event.status_changed = False
                statements.append(
                    (
                        f"{marked}, status = %s WHERE id = %s",
                        (*times, event.status, event.pk),
                    )
                )
            else:
                statements.append((f"{marked} WHERE id = %s", (*times, event.pk)))
        return statements

    def _activity_insert(self, at, by: User | None, text: str) -> list:
        """Return the row `log_activity` writes, when there is a line to log."""
        if not text:
            return []
        tournament_id = next(iter(self.events.values())).tournament_id
        return [
            (
                f"{log_activity_sql()} VALUES (%s, %s, %s, %s)",
                (tournament_id, by.pk if by is not None and by.pk else None, at, text[:255]),
            )
        ]
