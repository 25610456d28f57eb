"""The backup file's format: its sections and columns (the one definition), its checksum."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cached_property

from tournaments.errors import DeskError
from tournaments.models import (
    Activity,
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

from ..models import Hand, HandChange, TableEntry

FORMAT = "domino-desk-tournament"
# Version 2 (issue 12) added a walkover's reason, what a corrected result must take back
# (`fed_from` of singles teams and entries) and the tournament's owner. Version 1 files
# are still read: what they lack is empty, as it was on the desk that wrote them.
# Version 3 added hands entered at the table (issue 18): where each hand was entered and
# who confirmed it, the games' table state, and the table entries (a section of its own,
# before the activity; older files have none); and the formats' columns (issue 21): an
# event's format_options, a game's loser_game, loser_slot, only_if_game, only_if_slot and
# number, read as empty from an older file (a single elimination bracket has none).
# Version 4 added matches of several games (issue 21): a side's games_won (0 in an older
# file) and a hand's match_game (1 in an older file: every match was one game).
VERSION = 4
READS = (1, 2, 3, 4)


def readable_versions() -> str:
    """Return the versions this desk reads, in words: "1, 2 and 3"."""
    words = [str(number) for number in READS]
    return f"{', '.join(words[:-1])} and {words[-1]}" if len(words) > 1 else words[0]


CHUNK = 2000

# Kinds of value. A reference names the section its id points into.
INT, STR, BOOL, DATE, TIME, JSON, UUID, USER = (
    "int",
    "str",
    "bool",
    "date",
    "datetime",
    "json",
    "uuid",
    "user",
)


@dataclass(frozen=True)
class Column:
    name: str
    kind: str  # one of the kinds above, or "ref:<section>"
    null: bool = False
    # The value of a record written before this column existed (None: it must be there).
    # Not hashed: a default may be a dict (`format_options`), and columns key caches.
    default: object = field(default=None, hash=False)

    @cached_property
    def ref(self) -> str | None:
        return self.kind[4:] if self.kind.startswith("ref:") else None

    @cached_property
    def attname(self) -> str:
        """Return the model attribute holding the value (`event_id` for a reference)."""
        return f"{self.name}_id" if self.ref or self.kind == USER else self.name


def _c(name, kind, null=False, default=None):
    return Column(name, kind, null, default)


@dataclass(frozen=True)
class Section:
    name: str
    model: type
    columns: tuple[Column, ...]
    # Filled in after every record is written, so a record may point at a later one.
    deferred: tuple[str, ...] = ()
    # The first version whose files hold this section (older files end before it).
    since: int = 1

    @cached_property
    def plan(self) -> tuple[tuple[str, str, str | None, str], ...]:
        """Return how each column but the id goes to a row: (name, attname, ref, how), how
        AS_IS, REF (an id of the file, renumbered), USER (a username) or LATER (deferred)."""
        return tuple(
            (column.name, column.attname, column.ref, _how(self, column))
            for column in self.columns
            if column.name != "id"
        )


AS_IS, REF, LATER = "as is", "ref", "later"


def _how(section: Section, column: Column) -> str:
    if column.name in section.deferred:
        return LATER
    return REF if column.ref else USER if column.kind == USER else AS_IS


SECTIONS = (
    Section(
        "chapters",
        Chapter,
        (_c("id", INT), _c("name", STR), _c("code", STR)),
    ),
    Section(
        "players",
        Player,
        (
            _c("id", INT),
            _c("name", STR),
            _c("chapter", "ref:chapters", null=True),
            _c("checked_in", BOOL),
            _c("withdrawn", BOOL),
            _c("created_at", TIME),
        ),
    ),
    Section(
        "events",
        Event,
        (
            _c("id", INT),
            _c("name", STR),
            _c("game_key", STR),
            _c("format", STR),
            _c("team_size", INT),
            _c("options", JSON),
            _c("format_options", JSON, default={}),
            _c("status", STR),
            _c("fed_by", "ref:events", null=True),
            _c("partner_seed", INT, null=True),
            _c("bracket_seed", INT, null=True),
            _c("changed_at", TIME),
            _c("created_at", TIME),
            # Older files have none: the event's changed_at stands for it (restore).
            _c("shared_changed_at", TIME, null=True),
            # The same (restore): its shared_changed_at, else its changed_at.
            _c("names_changed_at", TIME, null=True),
        ),
        deferred=("fed_by",),
    ),
    Section(
        "entries",
        Entry,
        (
            _c("id", INT),
            _c("event", "ref:events"),
            _c("player", "ref:players"),
            _c("created_at", TIME),
            _c("fed_from", "ref:games", null=True),
        ),
        deferred=("fed_from",),
    ),
    Section(
        "teams",
        Team,
        (
            _c("id", INT),
            _c("event", "ref:events"),
            _c("number", INT),
            _c("same_chapter", BOOL),
            _c("fed_from", "ref:games", null=True),
        ),
        deferred=("fed_from",),
    ),
    Section(
        "team_members",
        TeamMember,
        (
            _c("id", INT),
            _c("team", "ref:teams"),
            _c("event", "ref:events"),
            _c("player", "ref:players"),
            _c("position", INT),
        ),
    ),
    Section(
        "rounds",
        Round,
        (
            _c("id", INT),
            _c("event", "ref:events"),
            _c("number", INT),
            _c("seed", INT),
            _c("status", STR),
            _c("created_at", TIME),
        ),
    ),
    Section(
        "games",
        Game,
        (
            _c("id", INT),
            _c("event", "ref:events"),
            _c("stage", INT),
            _c("round_number", INT),
            _c("position", INT),
            _c("next_game", "ref:games", null=True),
            _c("next_slot", INT, null=True),
            _c("fed_from", "ref:games", null=True),
            _c("status", STR),
            _c("round", "ref:rounds", null=True),
            _c("winner_seat", INT, null=True),
            _c("walkover", BOOL),
            _c("walkover_reason", STR, default=""),
            _c("hand_count", INT),
            _c("version", INT),
            _c("updated_at", TIME),
            _c("desk_only", BOOL, default=False),
            _c("table_hand", STR, default=""),
            _c("loser_game", "ref:games", null=True, default=None),
            _c("loser_slot", INT, null=True, default=None),
            _c("only_if_game", "ref:games", null=True, default=None),
            _c("only_if_slot", INT, null=True, default=None),
            _c("number", INT, null=True, default=None),
        ),
        deferred=("next_game", "fed_from", "loser_game", "only_if_game"),
    ),
    Section(
        "sides",
        Side,
        (
            _c("id", INT),
            _c("game", "ref:games"),
            _c("seat", INT),
            _c("team", "ref:teams", null=True),
            _c("total", INT),
            _c("games_won", INT, default=0),
        ),
    ),
    Section(
        "sit_outs",
        SitOut,
        (_c("id", INT), _c("round", "ref:rounds"), _c("team", "ref:teams")),
    ),
    Section(
        "hands",
        Hand,
        (
            _c("id", INT),
            _c("game", "ref:games"),
            _c("number", INT),
            _c("points", JSON),
            _c("detail", JSON),
            _c("entry_key", UUID),
            _c("entered_by", USER, null=True),
            _c("entered_at", TIME),
            _c("edited_at", TIME, null=True),
            _c("source", STR, default="desk"),
            _c("confirmed_by_name", STR, default=""),
            _c("confirmed_at", TIME, null=True),
            _c("match_game", INT, default=1),
        ),
    ),
    Section(
        "hand_changes",
        HandChange,
        (
            _c("id", INT),
            _c("game", "ref:games"),
            _c("hand", "ref:hands", null=True),
            _c("hand_number", INT),
            _c("action", STR),
            _c("by", USER, null=True),
            _c("at", TIME),
            _c("before", JSON, null=True),
            _c("after", JSON, null=True),
            _c("request_key", UUID, null=True),
            _c("source", STR, default="desk"),
        ),
    ),
    Section(
        "table_entries",
        TableEntry,
        (
            _c("id", INT),
            _c("game", "ref:games"),
            _c("number", INT),
            _c("points", JSON),
            _c("detail", JSON),
            _c("entry_key", UUID),
            _c("revision", INT),
            _c("status", STR),
            _c("entered_by_name", STR),
            _c("entered_seat", INT),
            _c("entered_at", TIME),
            _c("answered_by_name", STR),
            _c("answered_at", TIME, null=True),
            _c("decided_by", USER, null=True),
            _c("decided_at", TIME, null=True),
            _c("hand", "ref:hands", null=True),
        ),
        since=3,
    ),
    Section(
        "activity",
        Activity,
        (_c("id", INT), _c("user", USER, null=True), _c("at", TIME), _c("text", STR)),
    ),
)
TOURNAMENT_COLUMNS = (
    _c("id", INT),
    _c("name", STR),
    _c("slug", STR),
    _c("starts_on", DATE),
    _c("ends_on", DATE),
    _c("venue", STR),
    _c("created_at", TIME),
    _c("owner", USER, null=True),
)
# How each section's records are found from the tournament.
OWNER = {
    "chapters": "tournament",
    "players": "tournament",
    "events": "tournament",
    "entries": "event__tournament",
    "teams": "event__tournament",
    "team_members": "event__tournament",
    "rounds": "event__tournament",
    "games": "event__tournament",
    "sides": "game__event__tournament",
    "sit_outs": "round__event__tournament",
    "hands": "game__event__tournament",
    "hand_changes": "game__event__tournament",
    "table_entries": "game__event__tournament",
    "activity": "tournament",
}


class BackupError(DeskError):
    """A backup file that cannot be restored, and why, in words the official can act on."""


def canonical(value) -> bytes:
    """Return the one JSON spelling of a value that the checksum is taken over."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


HEAD_KEYS = ("format", "version", "exported_at", "tournament", "officials")


class Checksum:
    """The SHA-256 checksum of a backup: its head, then each section's name and records.

    One definition for the writer, which feeds it as it streams, and the reader.
    """

    def __init__(self, head: dict):
        self._digest = hashlib.sha256(canonical(head))

    def section(self, name: str) -> None:
        self._digest.update(b"\n" + name.encode())

    def record(self, line: bytes) -> None:
        """Add one record, as `canonical` spells it."""
        self._digest.update(b"\n" + line)

    def value(self) -> str:
        return f"sha256:{self._digest.hexdigest()}"


def checksum_of(data: dict) -> str:
    """Return the checksum of a backup's content, as `write_backup` wrote it."""
    checksum = Checksum({key: data[key] for key in HEAD_KEYS})
    for section in SECTIONS:
        if section.name not in data:
            continue  # an older file, written before this section existed
        checksum.section(section.name)
        for record in data[section.name]:
            checksum.record(canonical(record))
    return checksum.value()
