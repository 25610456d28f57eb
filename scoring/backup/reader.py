"""Read a backup file and check it all before anything is written."""

from __future__ import annotations

import json
import uuid

from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from scoring.backup.checks import _check_events, _check_offenders, _penalty_fields
from scoring.backup.format import (
    BOOL,
    DATE,
    FORMAT,
    HEAD_KEYS,
    INT,
    READS,
    SECTIONS,
    STR,
    TIME,
    TOURNAMENT_COLUMNS,
    USER,
    UUID,
    BackupError,
    Column,
    checksum_of,
)


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
        if column.null or column.default is not None:
            return column.default
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
    if version not in READS:
        readable = " and ".join(str(number) for number in READS)
        raise BackupError(
            f"This backup is in format version {version}; this desk reads versions {readable}. "
            "Nothing was restored."
        )
    for key in (*HEAD_KEYS, *(s.name for s in SECTIONS), "counts", "checksum"):
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
