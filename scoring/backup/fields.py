"""Type one record of a backup and hold it to what the desk's services store.

Each column's value is checked against the model field it fills (its kind, its length,
its range, its choices: read from the model, so there is one definition), text against
NUL characters, and names, house rules, team sizes and walkover reasons go through the
very checks the services use (`check_name`, the game's `validate_options` and
`check_team_size`, `clean_reason`). A value the desk would not store is refused with the
record and the field named, before anything reaches the database.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from functools import cache

from django.core.exceptions import FieldDoesNotExist
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from games.formats import get_format
from games.registry import GAMES
from games.rules import RulesError
from scoring.backup.format import BOOL, DATE, INT, JSON, STR, TIME, USER, UUID, BackupError
from scoring.backup.stream import MAX_DEPTH
from tournaments.errors import DeskError
from tournaments.services.names import check_name
from tournaments.services.results import clean_reason

USERNAME_MAX = 150
# A run of 16 digits, found as 16 zeros once every digit is read as a zero (a regular
# expression tries 16 digits from every digit of the line: most of a record's reading).
ZEROED = bytes.maketrans(b"0123456789", b"0" * 10)
LONG_NUMBER = b"0" * 16
# The largest whole number a JSON value of a hand may hold (what every reader of JSON
# represents exactly); the game's rules bound the real figures far below it.
JSON_INT_MAX = 2**53
# The names the services check, by section (the words of their messages).
NAMED = {
    "tournament": "tournament name",
    "chapters": "chapter name",
    "players": "player's name",
    "events": "event name",
}


class Limits:
    """What a model field takes: its length, its range, its choices (None: no limit).

    Ranges are Django's for the field's type (what PostgreSQL holds), on every database,
    so a file SQLite would take is a file PostgreSQL takes.
    """

    def __init__(self, field):
        self.max_length = getattr(field, "max_length", None)
        kind = field.get_internal_type() if field is not None else ""
        self.low, self.high = BaseDatabaseOperations.integer_field_ranges.get(kind, (None, None))
        choices = getattr(field, "flatchoices", None) if getattr(field, "choices", None) else None
        self.choices = {str(key) for key, _ in choices} if choices else None


@cache
def limits(model, name: str) -> Limits:
    try:
        return Limits(model._meta.get_field(name))
    except FieldDoesNotExist:
        return Limits(None)


def _refuse(where: str, column, why: str):
    raise BackupError(f"{where}: “{column.name}” {why}. Nothing was restored.")


def _check_json(value, where: str, column) -> None:
    """Refuse JSON holding NUL characters, numbers past what JSON carries exactly, or
    values nested deeper than the desk writes."""
    waiting = [(value, 1)]
    while waiting:
        item, depth = waiting.pop()
        if isinstance(item, dict | list) and depth > MAX_DEPTH:
            _refuse(where, column, f"nests values more than {MAX_DEPTH} deep")
        if isinstance(item, dict):
            for key, inner in item.items():
                if "\x00" in key:
                    _refuse(where, column, "holds a NUL character")
                waiting.append((inner, depth + 1))
        elif isinstance(item, list):
            waiting.extend((inner, depth + 1) for inner in item)
        elif isinstance(item, str) and "\x00" in item:
            _refuse(where, column, "holds a NUL character")
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > JSON_INT_MAX:
            _refuse(where, column, "holds a number larger than the desk ever stores")


def plain(line: bytes | None) -> bool:
    """Say whether a record's text (as the file holds it) cannot hold what `_check_json`
    refuses: no NUL escape, no run of 16 digits, fewer brackets than MAX_DEPTH."""
    return (
        line is not None
        and b"\\u0000" not in line
        and line.count(b"{") + line.count(b"[") < MAX_DEPTH
        and LONG_NUMBER not in line.translate(ZEROED)
    )


def _typed(column, value, where: str, walk: bool):
    kind = column.kind
    if kind == INT or column.ref:
        return value if isinstance(value, int) and not isinstance(value, bool) else None
    if kind in (STR, USER):
        return value if isinstance(value, str) else None
    if kind == BOOL:
        return value if isinstance(value, bool) else None
    if kind == DATE:
        return parse_date(value) if isinstance(value, str) else None
    if kind == TIME:
        try:
            found = parse_datetime(value) if isinstance(value, str) else None
        except ValueError:
            return None
        return found if found is not None and timezone.is_aware(found) else None
    if kind == UUID:
        try:
            return uuid.UUID(value) if isinstance(value, str) else None
        except ValueError:
            return None
    if kind == JSON and walk:
        _check_json(value, where, column)
    return value


def column_value(model, column, value, where: str, *, walk: bool = True):
    """Return a file value as the database takes it; BackupError names what is wrong.

    `walk`: look through a JSON value (False when the record's text is `plain`)."""
    if value is None:
        if column.null or column.default is not None:
            return column.default
        _refuse(where, column, "is missing")
    typed = _typed(column, value, where, walk)
    if typed is None:
        _refuse(where, column, f"is not a valid {column.kind.split(':')[0]}")
    if isinstance(typed, str):
        if "\x00" in typed:
            _refuse(where, column, "holds a NUL character")
        found = limits(model, column.attname if column.kind != USER else column.name)
        longest = USERNAME_MAX if column.kind == USER else found.max_length
        if longest is not None and len(typed) > longest:
            _refuse(where, column, f"is longer than the {longest} characters the desk keeps")
        if found.choices is not None and column.kind != USER and typed not in found.choices:
            _refuse(where, column, f"“{typed[:40]}” is none of the desk's values")
    elif isinstance(typed, int) and not isinstance(typed, bool) and not column.ref:
        found = limits(model, column.attname)
        if (found.low is not None and typed < found.low) or (
            found.high is not None and typed > found.high
        ):
            _refuse(where, column, f"{typed} is out of the range the desk stores")
    return typed


@cache
def reader(model, column):
    """Return `column_value` for one column, as a function of (value, where, walk).

    Its usual case, a value of the column's own type within the column's limits, is
    read at once; anything else (missing, a default, another type, out of bounds) takes
    `column_value`, which reads it or says what is wrong: both answer alike for every
    value, the first only without looking up the column's kind and limits each time.
    """

    def general(value, where, walk):
        return column_value(model, column, value, where, walk=walk)

    kind, found = column.kind, limits(model, column.attname)
    if column.ref:

        def read(value, where, walk):
            return value if type(value) is int else general(value, where, walk)

    elif kind == INT:
        low, high = found.low, found.high

        def read(value, where, walk):
            if (
                type(value) is int
                and (low is None or value >= low)
                and (high is None or value <= high)
            ):
                return value
            return general(value, where, walk)

    elif kind in (STR, USER):
        if kind == USER:
            longest, choices = USERNAME_MAX, None
        else:
            longest, choices = found.max_length, found.choices

        def read(value, where, walk):
            if (
                type(value) is str
                and "\x00" not in value
                and (longest is None or len(value) <= longest)
                and (choices is None or value in choices)
            ):
                return value
            return general(value, where, walk)

    elif kind == BOOL:

        def read(value, where, walk):
            return value if type(value) is bool else general(value, where, walk)

    else:
        read = _typed_reader(kind, column, general)
    return read


def _typed_reader(kind: str, column, general):
    """Return the usual case of a datetime, UUID, date or JSON column (as `reader`)."""
    if kind == TIME:  # parse_datetime's own first try; it alone reads what the desk writes

        def read(value, where, walk):
            if type(value) is str:
                try:
                    found = datetime.fromisoformat(value)
                except ValueError:
                    found = None
                if found is not None and found.utcoffset() is not None:
                    return found
            return general(value, where, walk)

    elif kind == UUID:

        def read(value, where, walk):
            if type(value) is str:
                try:
                    return uuid.UUID(value)
                except ValueError:
                    pass
            return general(value, where, walk)

    elif kind == JSON:

        def read(value, where, walk):
            if type(value) is dict or type(value) is list:
                if walk:
                    _check_json(value, where, column)
                return value
            return general(value, where, walk)

    else:
        return general
    return read


def check_record(section: str, record: dict, where: str) -> None:
    """Hold a typed record to the services' own checks (its values are kept as they are)."""
    if section in NAMED:
        try:
            name = check_name(record["name"], what=NAMED[section])
        except DeskError as exc:
            raise BackupError(f"{where}: “name”: {exc}") from None
        if name != record["name"]:
            raise BackupError(
                f"{where}: “name” holds control characters or stray spaces, which the desk "
                "never stores. Nothing was restored."
            )
    if section == "events":
        _check_event(record, where)
    elif section == "games":
        try:
            reason = clean_reason(record["walkover_reason"])
        except DeskError as exc:
            raise BackupError(f"{where}: “walkover_reason”: {exc}") from None
        if reason != record["walkover_reason"]:
            raise BackupError(f"{where}: “walkover_reason” is not one trimmed line.")
    elif section == "tournament" and record["ends_on"] < record["starts_on"]:
        raise BackupError(f"{where}: its last day is before its first day.")


def _check_event(record: dict, where: str) -> None:
    spec = GAMES.get(record["game_key"])
    if spec is None:
        raise BackupError(f"{where}: there is no game “{record['game_key']}”.")
    try:
        spec.check_team_size(record["team_size"])
        if not isinstance(record["options"], dict):
            raise RulesError("the house rules are not a set of named options")
        spec.validate_options(record["options"])
    except (RulesError, DeskError, TypeError, ValueError, AttributeError) as exc:
        raise BackupError(f"{where} ({record['name']}): “options”: {exc}.") from None
    try:
        if not isinstance(record["format_options"], dict):
            raise RulesError("the format's house rules are not a set of named options")
        get_format(record["format"]).validate_options(record["format_options"])
    except (RulesError, TypeError, ValueError, AttributeError) as exc:
        raise BackupError(f"{where} ({record['name']}): “format”: {exc}.") from None
