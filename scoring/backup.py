"""Backup and restore of one whole tournament, as one versioned JSON file.

`write_backup` writes everything the tournament holds (chapters, players, events and
their house rules, draws and seeds, brackets, rounds and seating, games and sides,
hands and their history, the activity log) from one snapshot of the database: a
REPEATABLE READ transaction on PostgreSQL, one transaction on SQLite, so officials can
keep entering hands while it runs and the file still holds either all of a hand or
none of it. It streams records to the file one by one.

`read_backup` checks a file before anything is written: JSON, this format, this
version, every section and field present with the right type, every reference
pointing at a record of the file, and a SHA-256 checksum over the records, so a file
cut short, damaged or edited by hand is refused with a message saying what is wrong.
`import_tournament` then writes it all in one transaction: all or nothing.

The format is documented in the README ("Backup and restore"); `SECTIONS` below is its
one definition. Ids in the file are the exporting database's; they only link records
of the file to each other, and new ids are given on import. People are named by their
username: on import, a username this desk knows is that user; one it does not know
becomes an inactive account with no password (history keeps who did what, and nobody
can sign in as them until a site admin sets them up).
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from games.engine import PENALTIES
from games.registry import GAMES
from games.rules import RulesError
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
    Tournament,
)
from tournaments.services.registration import check_slug

from .models import Hand, HandChange

FORMAT = "domino-desk-tournament"
VERSION = 1
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

    @property
    def ref(self) -> str | None:
        return self.kind[4:] if self.kind.startswith("ref:") else None

    @property
    def attname(self) -> str:
        """Return the model attribute holding the value (`event_id` for a reference)."""
        return f"{self.name}_id" if self.ref or self.kind == USER else self.name


def _c(name, kind, null=False):
    return Column(name, kind, null)


@dataclass(frozen=True)
class Section:
    name: str
    model: type
    columns: tuple[Column, ...]
    # Filled in after every record is written, so a record may point at a later one.
    deferred: tuple[str, ...] = ()
    # Set by the database when a row is created (auto_now_add): written again afterwards.
    stamped: tuple[str, ...] = ()


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
        stamped=("created_at",),
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
            _c("status", STR),
            _c("fed_by", "ref:events", null=True),
            _c("partner_seed", INT, null=True),
            _c("bracket_seed", INT, null=True),
            _c("changed_at", TIME),
            _c("created_at", TIME),
        ),
        deferred=("fed_by",),
        stamped=("created_at",),
    ),
    Section(
        "entries",
        Entry,
        (
            _c("id", INT),
            _c("event", "ref:events"),
            _c("player", "ref:players"),
            _c("created_at", TIME),
        ),
        stamped=("created_at",),
    ),
    Section(
        "teams",
        Team,
        (_c("id", INT), _c("event", "ref:events"), _c("number", INT), _c("same_chapter", BOOL)),
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
        stamped=("created_at",),
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
            _c("hand_count", INT),
            _c("version", INT),
            _c("updated_at", TIME),
        ),
        deferred=("next_game", "fed_from"),
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
        ),
    ),
    Section(
        "activity",
        Activity,
        (_c("id", INT), _c("user", USER, null=True), _c("at", TIME), _c("text", STR)),
        stamped=("at",),
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
)
# How each section's records are found from the tournament.
_OWNER = {
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
    "activity": "tournament",
}


class BackupError(DeskError):
    """A backup file that cannot be restored, and why, in words the official can act on."""


def canonical(value) -> bytes:
    """Return the one JSON spelling of a value that the checksum is taken over."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


# Writing -------------------------------------------------------------------------------------


def _begin_snapshot():
    """Start a transaction with one view of the data for every query in it."""
    outer = not connection.in_atomic_block
    atomic = transaction.atomic()
    atomic.__enter__()
    if outer and connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
    return atomic


@contextmanager
def one_snapshot():
    """One transaction, one view of the database (REPEATABLE READ on PostgreSQL).

    On SQLite the desk's transactions take the write lock at their start, so hands
    being entered wait for the backup (a second or two) instead of slipping into it.
    """
    atomic = _begin_snapshot()
    try:
        yield
    except BaseException as exc:
        atomic.__exit__(type(exc), exc, exc.__traceback__)
        raise
    else:
        atomic.__exit__(None, None, None)


def _plain(column: Column, value, usernames: dict):
    """Return a database value as the file holds it."""
    if value is None:
        return None
    if column.kind == USER:
        return usernames.get(value)
    if column.kind in (DATE, TIME):
        return value.isoformat()
    if column.kind == UUID:
        return str(value)
    if column.kind == JSON and isinstance(value, str):
        return json.loads(value)  # a JSON column some backends hand back as text
    return value


def _records(section: Section, tournament, usernames: dict) -> Iterator[dict]:
    names = [column.attname for column in section.columns]
    rows = (
        section.model.objects.filter(**{_OWNER[section.name]: tournament})
        .order_by("pk")
        .values_list(*names)
        .iterator(chunk_size=CHUNK)
    )
    for row in rows:
        yield {
            column.name: _plain(column, value, usernames)
            for column, value in zip(section.columns, row, strict=True)
        }


def write_backup(tournament, stream) -> dict[str, int]:
    """Write the whole tournament to a binary stream; return how many records of each kind.

    The file is one JSON object, one record a line, ending with the counts and the
    checksum. Everything is read from one snapshot of the database.
    """
    digest = hashlib.sha256()
    counts = {}
    with one_snapshot():
        tournament = Tournament.objects.get(pk=tournament.pk)
        usernames = dict(get_user_model().objects.values_list("pk", "username"))
        head = {
            "format": FORMAT,
            "version": VERSION,
            "exported_at": timezone.now().isoformat(),
            "tournament": {
                column.name: _plain(column, getattr(tournament, column.name), usernames)
                for column in TOURNAMENT_COLUMNS
            },
            "officials": sorted(tournament.officials.values_list("username", flat=True)),
        }
        digest.update(canonical(head))
        # The file opens with the format and version (the checksum does not mind the order).
        opening = json.dumps(head, separators=(",", ":"), ensure_ascii=False).encode()
        stream.write(opening[:-1] + b",\n")
        for section in SECTIONS:
            digest.update(b"\n" + section.name.encode())
            stream.write(json.dumps(section.name).encode() + b":[")
            count = 0
            for record in _records(section, tournament, usernames):
                line = canonical(record)
                digest.update(b"\n" + line)
                stream.write((b"\n" if not count else b",\n") + line)
                count += 1
            counts[section.name] = count
            stream.write(b"\n],\n")
    stream.write(b'"counts":' + canonical(counts) + b",\n")
    stream.write(b'"checksum":' + canonical(f"sha256:{digest.hexdigest()}") + b"}\n")
    return counts


# Reading ---------------------------------------------------------------------------------------


def checksum_of(data: dict) -> str:
    """Return the checksum of a backup's content, as `write_backup` wrote it."""
    digest = hashlib.sha256()
    digest.update(canonical({key: data[key] for key in _HEAD_KEYS}))
    for section in SECTIONS:
        digest.update(b"\n" + section.name.encode())
        for record in data[section.name]:
            digest.update(b"\n" + canonical(record))
    return f"sha256:{digest.hexdigest()}"


_HEAD_KEYS = ("format", "version", "exported_at", "tournament", "officials")


def _parse(text: str) -> dict:
    stripped = text.rstrip()
    if not stripped:
        raise BackupError("The file is empty: it is not a backup.")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if not stripped.endswith("}") or exc.pos >= len(stripped) - 1:
            raise BackupError(
                "The file is incomplete: it stops before its end (was it cut short while "
                "being copied or downloaded?). Nothing was restored."
            ) from None
        raise BackupError(
            f"The file is damaged: it is not valid JSON at line {exc.lineno}, column "
            f"{exc.colno} ({exc.msg}). Nothing was restored."
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError("This is not a domino desk tournament backup. Nothing was restored.")
    return data


def _value(column: Column, value, where: str):
    """Return a file value as the database takes it; BackupError when it is not one."""
    if value is None:
        if column.null:
            return None
        raise BackupError(f"{where}: “{column.name}” is missing.")
    kind = column.kind
    ok = True
    if kind == INT or column.ref:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind in (STR, USER):
        ok = isinstance(value, str)
    elif kind == BOOL:
        ok = isinstance(value, bool)
    elif kind == DATE:
        value = parse_date(value) if isinstance(value, str) else None
        ok = value is not None
    elif kind == TIME:
        try:
            value = parse_datetime(value) if isinstance(value, str) else None
        except ValueError:
            value = None
        ok = value is not None and timezone.is_aware(value)
    elif kind == UUID:
        try:
            value = uuid.UUID(value) if isinstance(value, str) else None
        except ValueError:
            value = None
        ok = value is not None
    if not ok:
        raise BackupError(f"{where}: “{column.name}” is not a valid {kind.split(':')[0]}.")
    return value


def read_backup(raw: bytes) -> dict:
    """Check a backup file and return its content, read; BackupError says what is wrong.

    Nothing is written. The returned dict holds the tournament, the officials and each
    section's records with values typed for the database (dates, times, UUIDs).
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BackupError(
            "This is not a domino desk tournament backup (it is not UTF-8 text)."
        ) from None
    data = _parse(text)
    version = data.get("version")
    if version != VERSION:
        raise BackupError(
            f"This backup is in format version {version}; this desk reads version {VERSION}. "
            "Nothing was restored."
        )
    for key in (*_HEAD_KEYS, *(s.name for s in SECTIONS), "counts", "checksum"):
        if key not in data:
            raise BackupError(f"The file is incomplete: it has no “{key}”. Nothing was restored.")
    if not isinstance(data["tournament"], dict) or not isinstance(data["officials"], list):
        raise BackupError("The file is damaged: its tournament is not readable.")
    for section in SECTIONS:
        if not isinstance(data[section.name], list):
            raise BackupError(f"The file is damaged: its {section.name} are not a list.")
        if not all(isinstance(record, dict) for record in data[section.name]):
            raise BackupError(f"The file is damaged: its {section.name} are not records.")
    counts = data["counts"]
    if not isinstance(counts, dict) or any(
        counts.get(s.name) != len(data[s.name]) for s in SECTIONS
    ):
        raise BackupError(
            "The file is incomplete: it holds fewer records than it says. Nothing was restored."
        )
    if data["checksum"] != checksum_of(data):
        raise BackupError(
            "The file has been changed since the desk wrote it (its checksum does not match), "
            "so it cannot be trusted. Restore the file exactly as it was exported."
        )
    return _typed(data)


def _typed(data: dict) -> dict:
    """Check every record's fields and references; return them typed for the database."""
    found = {
        "tournament": {
            column.name: _value(column, data["tournament"].get(column.name), "The tournament")
            for column in TOURNAMENT_COLUMNS
        },
        "officials": [name for name in data["officials"] if isinstance(name, str)],
    }
    ids: dict[str, set] = {}
    for section in SECTIONS:
        records = []
        seen = set()
        for index, record in enumerate(data[section.name], start=1):
            where = f"Record {index} of the {section.name.replace('_', ' ')}"
            typed = {c.name: _value(c, record.get(c.name), where) for c in section.columns}
            if typed["id"] in seen:
                raise BackupError(f"{where}: its id {typed['id']} is used twice.")
            seen.add(typed["id"])
            records.append(typed)
        ids[section.name] = seen
        found[section.name] = records
    for section in SECTIONS:
        for index, record in enumerate(found[section.name], start=1):
            for column in section.columns:
                target = column.ref
                value = record[column.name]
                if target and value is not None and value not in ids[target]:
                    raise BackupError(
                        f"Record {index} of the {section.name.replace('_', ' ')}: its "
                        f"“{column.name}” points at nothing in the file."
                    )
    _check_events(found)
    fields = _penalty_fields(found)
    players = ids["players"]
    for index, hand in enumerate(found["hands"], start=1):
        _check_offenders(hand["detail"], fields[hand["game"]], players, f"Hand record {index}")
    for index, change in enumerate(found["hand_changes"], start=1):
        for state in (change["before"], change["after"]):
            detail = state.get("detail") if isinstance(state, dict) else None
            where = f"Hand change record {index}"
            _check_offenders(detail, fields[change["game"]], players, where)
    return found


def _check_events(found: dict) -> None:
    for index, event in enumerate(found["events"], start=1):
        if event["game_key"] not in GAMES:
            raise BackupError(f"Event {index}: there is no game “{event['game_key']}”.")
        try:
            GAMES[event["game_key"]].validate_options(event["options"])
        except (RulesError, TypeError, AttributeError) as exc:
            raise BackupError(f"Event {index} ({event['name']}): {exc}.") from None


def _penalty_fields(found: dict) -> dict[int, list[str]]:
    """Return, by game id, the hand fields that hold penalties (their offender is a player).

    The game's rules say which fields those are (`games.engine.PENALTIES`); an offender
    is a player's id, so it is a reference like any other and is renumbered on import.
    """
    events = {event["id"]: event for event in found["events"]}
    sides = Counter(side["game"] for side in found["sides"])
    cache: dict[tuple, list[str]] = {}
    fields = {}
    for game in found["games"]:
        event = events[game["event"]]
        key = (event["id"], sides[game["id"]])
        if key not in cache:
            spec = GAMES[event["game_key"]]
            try:
                table = spec.table(event["options"], sides=key[1], team_size=event["team_size"])
                asked = spec.entry_fields(table, event["options"])
            except RulesError:
                asked = ()
            cache[key] = [
                found_field.name for found_field in asked if found_field.kind == PENALTIES
            ]
        fields[game["id"]] = cache[key]
    return fields


def _penalties(detail, names: list[str]) -> Iterator[dict]:
    """Yield every penalty of a hand's detail (a dict per penalty), for these fields."""
    if not isinstance(detail, dict):
        return
    for name in names:
        yield from detail.get(name) or ()


def _check_offenders(detail, names: list[str], players: set, where: str) -> None:
    for name in names:
        value = detail.get(name) if isinstance(detail, dict) else None
        if value is not None and not (
            isinstance(value, list) and all(isinstance(item, dict) for item in value)
        ):
            raise BackupError(f"{where}: its “{name}” are not a list of penalties.")
    for found_penalty in _penalties(detail, names):
        offender = found_penalty.get("offender")
        if offender is not None and offender not in players:
            raise BackupError(f"{where}: a penalty's offender is no player of the file.")


def _renumber_offenders(detail, names: list[str], players: dict[int, int]) -> None:
    for found_penalty in _penalties(detail, names):
        if found_penalty.get("offender") is not None:
            found_penalty["offender"] = players[found_penalty["offender"]]


# Restoring ---------------------------------------------------------------------------------------


def _users(found: dict) -> dict[str, object]:
    """Return the users named in the file, making an inactive account for a name not known."""
    names = set(found["officials"])
    for section in SECTIONS:
        for column in section.columns:
            if column.kind == USER:
                names.update(r[column.name] for r in found[section.name] if r[column.name])
    model = get_user_model()
    users = {user.username: user for user in model.objects.filter(username__in=names)}
    for name in sorted(names - set(users)):
        user = model(username=name, is_active=False)
        user.set_unusable_password()
        user.save()
        users[name] = user
    return users


def _fresh_keys(records: list[dict], name: str) -> None:
    """Give a new key to every record whose form key this database already holds."""
    model = Hand if name == "entry_key" else HandChange
    field = name
    keys = [record[name] for record in records if record[name] is not None]
    taken = set()
    for start in range(0, len(keys), CHUNK):
        chunk = keys[start : start + CHUNK]
        taken.update(model.objects.filter(**{f"{field}__in": chunk}).values_list(field, flat=True))
    for record in records:
        if record[name] in taken:
            record[name] = uuid.uuid4()


@transaction.atomic
def import_tournament(*, found: dict, by, slug: str = "") -> Tournament:
    """Restore a checked backup (`read_backup`) as a new tournament; all or nothing.

    The tournament keeps its address unless `slug` gives a new one; an address in use is
    refused. `by` becomes one of its officials, with the officials named in the file.
    """
    head = found["tournament"]
    wanted = check_slug(slug or head["slug"])
    if Tournament.objects.filter(slug=wanted).exists():
        raise BackupError(
            f"A tournament at the address “{wanted}” exists already; choose a new address "
            "for the restored copy."
        )
    users = _users(found)
    try:
        with transaction.atomic():
            tournament = _restore(found, head, wanted, users)
    except IntegrityError as exc:
        raise BackupError(
            f"The file's records break a rule of the desk ({exc}); nothing was restored."
        ) from None
    officials = [users[name] for name in found["officials"] if name in users]
    if by is not None and by.pk:
        officials.append(by)
    tournament.officials.add(*officials)
    return tournament


def _ids_free(found: dict) -> bool:
    """Say whether none of the file's ids is in use here (a restore into an empty database)."""
    if Tournament.objects.filter(pk=found["tournament"]["id"]).exists():
        return False
    for section in SECTIONS:
        ids = [record["id"] for record in found[section.name]]
        for start in range(0, len(ids), CHUNK):
            if section.model.objects.filter(pk__in=ids[start : start + CHUNK]).exists():
                return False
    return True


def _reset_sequences() -> None:
    """After rows were written with their own ids, let the database number new rows after them."""
    from django.core.management.color import no_style

    models = [Tournament, *(section.model for section in SECTIONS)]
    statements = connection.ops.sequence_reset_sql(no_style(), models)
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)


def _restore(found: dict, head: dict, slug: str, users: dict) -> Tournament:
    """Write every record. Into a database where none of the file's ids is taken (restoring
    on a new machine), rows keep their ids, so the desk's addresses (a game's score sheet,
    printed on its QR code) stay the same; otherwise they are numbered afresh."""
    keep = _ids_free(found)
    fields = {**head, "slug": slug}
    if not keep:
        del fields["id"]
    tournament = Tournament.objects.create(**fields)
    Tournament.objects.filter(pk=tournament.pk).update(created_at=head["created_at"])
    _fresh_keys(found["hands"], "entry_key")
    _fresh_keys(found["hand_changes"], "request_key")
    new_ids: dict[str, dict[int, int]] = {}
    fields = _penalty_fields(found)
    for section in SECTIONS:
        if section.name == "hands":
            for hand in found["hands"]:
                _renumber_offenders(hand["detail"], fields[hand["game"]], new_ids["players"])
        if section.name == "hand_changes":
            for change in found["hand_changes"]:
                for state in (change["before"], change["after"]):
                    if isinstance(state, dict):
                        names = fields[change["game"]]
                        _renumber_offenders(state.get("detail"), names, new_ids["players"])
        objects = []
        for record in found[section.name]:
            values = {}
            for column in section.columns:
                if column.name == "id" and keep:
                    values["id"] = record["id"]
                if column.name == "id" or column.name in section.deferred:
                    continue
                value = record[column.name]
                if column.ref and value is not None:
                    value = new_ids[column.ref][value]
                elif column.kind == USER and value is not None:
                    value = users[value].pk
                values[column.attname] = value
            if section.name in ("chapters", "players", "events", "activity"):
                values["tournament_id"] = tournament.pk
            objects.append(section.model(**values))
        made = section.model.objects.bulk_create(objects, batch_size=500)
        new_ids[section.name] = {
            record["id"]: obj.pk for record, obj in zip(found[section.name], made, strict=True)
        }
        _after_create(section, found[section.name], made, new_ids)
    if keep:
        _reset_sequences()
    return tournament


def _after_create(section: Section, records: list[dict], made: list, new_ids: dict) -> None:
    """Write what the database stamped over (creation times) and the deferred references."""
    fields = [*section.stamped]
    for column in section.columns:
        if column.name in section.deferred:
            fields.append(column.attname)
    if not fields:
        return
    for record, obj in zip(records, made, strict=True):
        for column in section.columns:
            if column.name in section.stamped:
                setattr(obj, column.attname, record[column.name])
            elif column.name in section.deferred:
                value = record[column.name]
                setattr(obj, column.attname, None if value is None else new_ids[column.ref][value])
    section.model.objects.bulk_update(made, fields, batch_size=500)


def backup_summary(found: dict) -> str:
    """Return what a checked backup holds, in a sentence."""
    head = found["tournament"]
    return (
        f"{head['name']} ({head['starts_on']:%Y-%m-%d}): {len(found['events'])} events, "
        f"{len(found['players'])} players, {len(found['hands'])} hands."
    )
