"""Restore a backup as a new tournament, in one pass over the file: all or nothing.

The file is read as a stream (`stream.parts`); each record is typed and held to the
services' checks (`fields`), written in batches, and the checksum is taken as it goes.
At the end the counts and the checksum are compared, and the tournament as written is
held to the game's rules (`meaning`). Any problem raises BackupError inside the one
transaction, so nothing is written. The official restoring the file owns the copy;
nobody is made an official, and no account is made, from what the file says.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from django.contrib.auth import get_user_model
from django.db import DataError, IntegrityError, connection, transaction

from games.registry import GAMES
from scoring.backup.checks import _check_offenders, _renumber_offenders, penalty_names
from scoring.backup.compiled import record_reader_of, row_plan
from scoring.backup.fields import check_record, column_value, plain
from scoring.backup.format import (
    FORMAT,
    HEAD_KEYS,
    READS,
    SECTIONS,
    TOURNAMENT_COLUMNS,
    USER,
    BackupError,
    Checksum,
    Section,
    canonical,
    readable_versions,
)
from scoring.backup.heap import frozen_heap
from scoring.backup.meaning import check_meaning
from scoring.backup.rows import Rows, fresh_keys, new_keys, reset_sequences, write_deferred
from scoring.backup.sender import Sender
from scoring.backup.stream import INCOMPLETE, NOT_A_BACKUP, OtherLayout, open_source, parts
from tournaments.models import Tournament
from tournaments.names import name_key
from tournaments.services.tournaments import check_slug

from ..models import Hand, HandChange, TableEntry

BATCH = 4000
PROGRESS_EVERY = 5000  # parts of the file read between two reports of progress
# Sections other records point at, or with references written last, or named by their id
# in the meaning checks' problems: their new ids are kept while the file is read.
KEEP_IDS = (
    frozenset(column.ref for s in SECTIONS for column in s.columns if column.ref)
    | {s.name for s in SECTIONS if s.deferred}
    | {"table_entries"}
)
OWNED = ("chapters", "players", "events", "activity")  # rows that name their tournament
KEYS = {
    "hands": ("entry_key", Hand),
    "hand_changes": ("request_key", HandChange),
    "table_entries": ("entry_key", TableEntry),
}
MORE_PROBLEMS = 5


class _IdsTaken(Exception):
    """The file's ids cannot be kept here: restore again with new ids."""


def restore_backup(source, *, by, slug: str = "", progress=None) -> Tournament:
    """Restore a backup file (bytes, a path or a binary file) as a new tournament.

    `by` (an account here) owns the copy and is its one official. The tournament keeps
    the file's address unless `slug` gives a new one; an address in use is refused.
    `progress(fraction)` is told how far the file has been read. Refused whole with a
    BackupError naming the first problems; nothing is written then.
    """
    if by is None or not getattr(by, "pk", None):
        raise BackupError("Name the official restoring the file: they own the restored copy.")
    try:
        with frozen_heap():
            return _restore_as_it_can(source, by=by, slug=slug, progress=progress)
    except IntegrityError as exc:
        why = " ".join(str(exc).split())[:160]
        raise BackupError(
            f"The file's records break a rule of the desk ({why}); nothing was restored."
        ) from None
    except DataError as exc:
        why = " ".join(str(exc).split())[:160]
        raise BackupError(
            f"The file holds a value the database cannot keep ({why}); nothing was restored."
        ) from None
    except UnicodeEncodeError:
        raise BackupError(
            "The file holds text that is not valid Unicode (half of a surrogate pair), "
            "which the desk never writes. Nothing was restored."
        ) from None
    except RecursionError:
        raise BackupError(
            "The file is damaged: it nests values deeper than the desk ever writes. "
            "Nothing was restored."
        ) from None


def _restore_as_it_can(source, **how) -> Tournament:
    """Restore keeping the file's ids if they are free, else with new ids; read the file line
    by line if it is laid out as the desk writes it, else with the general reader."""
    try:
        try:
            return _restore(source, **how, keep=True, general=False)
        except _IdsTaken:
            return _restore(source, **how, keep=False, general=False)
    except OtherLayout:
        try:
            return _restore(source, **how, keep=True, general=True)
        except _IdsTaken:
            return _restore(source, **how, keep=False, general=True)


@transaction.atomic
def _restore(source, *, by, slug, progress, keep, general) -> Tournament:
    with open_source(source) as (stream, size):
        restorer = _Restorer(by=by, slug=slug, keep=keep)
        try:
            for number, part in enumerate(parts(stream, general=general), start=1):
                restorer.take(*part)
                if progress is not None and not number % PROGRESS_EVERY:
                    progress(min(stream.tell() / max(size, 1), 1.0))
            return restorer.finish()
        finally:
            restorer.close()


class _Restorer:
    def __init__(self, *, by, slug: str, keep: bool):
        self.by, self.slug, self.keep = by, slug, keep
        self.head: dict = {}
        self.tail: dict = {}
        self.tournament = None
        self.checksum = None
        self.next_section = 0
        self.section: Section | None = None
        self.counts: Counter = Counter()
        self.seen: dict[str, set] = defaultdict(set)
        self.new_ids: dict[str, dict[int, int]] = defaultdict(dict)
        self.batch: list[tuple[int, dict, object]] = []
        self.deferred: list[tuple[Section, int, str, str, int]] = []
        self.users: dict[str, int | None] = {}
        # What a hand's penalties are read by: each game's event and number of sides.
        self.events: dict[int, dict] = {}
        self.game_event: dict[int, int] = {}
        self.sides: Counter = Counter()
        self.penalty_cache: dict[tuple, list[str]] = {}
        self.rows: dict[str, Rows] = {}
        self.sender: Sender | None = None  # PostgreSQL: COPY sent while the file is read
        self.done = False

    # The head -------------------------------------------------------------------------

    def take(self, kind: str, key: str, value, line: bytes | None) -> None:
        if kind == "value":
            self._value(key, value)
            return
        section = self._enter(key)
        if kind == "record":
            self._record(section, value, line)
        else:
            self._flush()
            self.section = None

    def _value(self, key: str, value) -> None:
        if self.section is not None or self.tournament is not None:
            self.tail[key] = value
            return
        if key == "format" and value != FORMAT:
            raise BackupError(NOT_A_BACKUP)
        if key == "version" and value not in READS:
            readable = readable_versions()
            raise BackupError(
                f"This backup is in format version {value}; this desk reads versions "
                f"{readable}. Nothing was restored."
            )
        self.head[key] = value

    def _open(self) -> None:
        """Check the head and write the tournament, once the first section starts."""
        if self.head.get("format") != FORMAT:
            raise BackupError(NOT_A_BACKUP)
        for key in HEAD_KEYS:
            if key not in self.head:
                raise BackupError(f"The file is damaged: it has no “{key}”. Nothing was restored.")
        if not isinstance(self.head["tournament"], dict) or not isinstance(
            self.head["officials"], list
        ):
            raise BackupError("The file is damaged: its tournament is not readable.")
        self.checksum = Checksum({key: self.head[key] for key in HEAD_KEYS})
        raw = self.head["tournament"]
        head = {
            c.name: column_value(Tournament, c, raw.get(c.name), "The tournament")
            for c in TOURNAMENT_COLUMNS
            if c.kind != USER
        }
        check_record("tournament", head, "The tournament")
        wanted = check_slug(self.slug or head["slug"])
        if Tournament.objects.filter(slug=wanted).exists():
            raise BackupError(
                f"A tournament at the address “{wanted}” exists already; choose a new address "
                "for the restored copy."
            )
        fields = {**head, "slug": wanted, "owner": self.by}
        if not self.keep or Tournament.objects.filter(pk=head["id"]).exists():
            self.keep = False
            del fields["id"]
        self.tournament = Tournament.objects.create(**fields)
        self.tournament.officials.add(self.by)
        Tournament.objects.filter(pk=self.tournament.pk).update(created_at=head["created_at"])
        if connection.vendor == "postgresql":
            self.sender = Sender()

    def _enter(self, name: str) -> Section:
        if self.tournament is None:
            self._open()
        if self.section is not None and self.section.name == name:
            return self.section
        version = self.head.get("version")
        while self.next_section < len(SECTIONS) and SECTIONS[self.next_section].since > version:
            self.next_section += 1  # an older file, written before this section existed
        expected = SECTIONS[self.next_section] if self.next_section < len(SECTIONS) else None
        if expected is None or expected.name != name:
            where = f"before “{name}”" if expected else "only once"
            raise BackupError(
                f"The file is damaged: its sections are not in the desk's order (“"
                f"{expected.name if expected else name}” comes {where}). Nothing was restored."
            )
        self.next_section += 1
        self.checksum.section(name)
        self.section = expected
        return expected

    # The records ----------------------------------------------------------------------

    def _record(self, section: Section, record, line: bytes | None) -> None:
        name = section.name
        self.counts[name] += 1
        where = f"Record {self.counts[name]} of the {name.replace('_', ' ')}"
        if not isinstance(record, dict):
            raise BackupError(f"The file is damaged: its {name} are not records.")
        self.checksum.record(line if line is not None else canonical(record))
        typed = record_reader_of(name)(record, where, not plain(line))
        check_record(name, typed, where)
        if typed["id"] in self.seen[name]:
            raise BackupError(f"{where}: its id {typed['id']} is used twice.")
        self.seen[name].add(typed["id"])
        self._remember(name, typed, where)
        as_is, refs, users, later = row_plan(name)
        values = {attname: typed[column] for column, attname in as_is}
        if self.keep:
            values["id"] = typed["id"]
        for column, attname, ref in refs:
            value = typed[column]
            if value is not None:
                value = self.new_ids[ref].get(value)
                if value is None:
                    raise BackupError(f"{where}: its “{column}” points at nothing in the file.")
            values[attname] = value
        for column, attname in users:
            values[attname], values[f"{column}_name"] = self._user(typed[column])
        for column, attname, ref in later:
            if typed[column] is not None:
                self.deferred.append((section, typed["id"], attname, ref, typed[column]))
        if name in OWNED:
            values["tournament_id"] = self.tournament.pk
        if name == "chapters":
            values["name_key"] = name_key(values["name"])
        elif name == "events":
            # A file from before these versions: the older one stands for each.
            if values["shared_changed_at"] is None:
                values["shared_changed_at"] = values["changed_at"]
            if values["names_changed_at"] is None:
                values["names_changed_at"] = values["shared_changed_at"]
        self.batch.append((typed["id"], typed, values))
        if len(self.batch) >= BATCH:
            self._flush()

    def _remember(self, name: str, typed: dict, where: str) -> None:
        """Keep what later records are read by: events' rules, games' sides; check offenders."""
        if name == "events":
            self.events[typed["id"]] = typed
        elif name == "games":
            self.game_event[typed["id"]] = typed["event"]
        elif name == "sides":
            self.sides[typed["game"]] += 1
        elif name in ("hands", "hand_changes"):
            names = self._penalty_names(typed["game"], where)
            players = self.new_ids["players"]
            details = (
                [typed["detail"]]
                if name == "hands"
                else [
                    s.get("detail")
                    for s in (typed["before"], typed["after"])
                    if isinstance(s, dict)
                ]
            )
            for detail in details:
                _check_offenders(detail, names, players, where)
                _renumber_offenders(detail, names, players)

    def _penalty_names(self, game: int, where: str) -> list[str]:
        if game not in self.game_event:
            raise BackupError(f"{where}: its “game” points at nothing in the file.")
        event = self.events[self.game_event[game]]
        key = (event["id"], self.sides[game])
        if key not in self.penalty_cache:
            self.penalty_cache[key] = penalty_names(GAMES[event["game_key"]], event, key[1])
        return self.penalty_cache[key]

    def _user(self, name: str | None) -> tuple[int | None, str]:
        """Return the account of that username here (or None) and the name kept as text."""
        if name is None:
            return None, ""
        if name not in self.users:
            self._settle()
            found = get_user_model().objects.filter(username=name).values_list("pk", flat=True)
            self.users[name] = next(iter(found), None)
        pk = self.users[name]
        return pk, "" if pk is not None else name

    def _settle(self) -> None:
        """Wait for the rows being sent (raising their error) before using the database."""
        if self.sender is not None:
            self.sender.wait()

    def close(self) -> None:
        if self.sender is not None:
            self.sender.close(done=self.done)

    def _flush(self) -> None:
        if not self.batch:
            return
        self._settle()
        section = self.section
        ids = [file_id for file_id, _, _ in self.batch]
        if self.keep and section.model.objects.filter(pk__in=ids).exists():
            raise _IdsTaken
        rows = [values for _, _, values in self.batch]
        if section.name in KEYS and self.keep:
            fresh_keys(rows, *KEYS[section.name])
        elif section.name in KEYS:
            new_keys(rows, KEYS[section.name][0])
        if section.name not in self.rows:
            self.rows[section.name] = Rows(section.model, with_ids=self.keep, sender=self.sender)
        made = self.rows[section.name].insert(rows)
        if section.name in KEEP_IDS:
            self.new_ids[section.name].update(zip(ids, made, strict=True))
        self.batch = []

    # The end ----------------------------------------------------------------------------

    def finish(self) -> Tournament:
        if self.tournament is None:
            self._open()
        self._settle()
        version = self.head.get("version")
        for section in SECTIONS[self.next_section :]:
            if section.since <= version:
                raise BackupError(
                    f"The file is incomplete: it has no “{section.name}”. {INCOMPLETE}"
                )
        for key in ("counts", "checksum"):
            if key not in self.tail:
                raise BackupError(INCOMPLETE)
        counts = self.tail["counts"]
        if not isinstance(counts, dict) or any(
            counts.get(s.name, None if s.since <= version else 0) != self.counts[s.name]
            for s in SECTIONS
        ):
            raise BackupError(
                "The file is incomplete: it holds fewer records than it says. Nothing was restored."
            )
        if self.tail["checksum"] != self.checksum.value():
            raise BackupError(
                "The file has been changed since the desk wrote it (its checksum does not "
                "match), so it cannot be trusted. Restore the file exactly as it was exported."
            )
        write_deferred(self.deferred, self.new_ids)
        if self.keep:
            reset_sequences([Tournament, *(section.model for section in SECTIONS)])
        problems = check_meaning(self.tournament, self.new_ids)
        if problems:
            more = len(problems) - MORE_PROBLEMS
            listed = "; ".join(problems[:MORE_PROBLEMS])
            raise BackupError(
                f"The file does not hold together: {listed}"
                + (f"; and {more} more" if more > 0 else "")
                + ". Nothing was restored."
            )
        self.done = True
        return self.tournament
