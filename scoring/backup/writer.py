"""Write one whole tournament to a backup file, from one snapshot of the database."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils import timezone

from scoring.backup.format import (
    CHUNK,
    DATE,
    FORMAT,
    JSON,
    OWNER,
    SECTIONS,
    TIME,
    TOURNAMENT_COLUMNS,
    USER,
    UUID,
    VERSION,
    Checksum,
    Column,
    Section,
    canonical,
)
from tournaments.models import Tournament


@contextmanager
def one_snapshot():
    """One transaction, one view of the database (REPEATABLE READ on PostgreSQL).

    On SQLite the desk's transactions take the write lock at their start, so hands
    being entered wait for the backup (a second or two) instead of slipping into it.
    """
    outer = not connection.in_atomic_block
    with transaction.atomic():
        if outer and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield


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
    """Yield the section's records; a person is their username, or the name kept as text
    when they had no account where the history was restored (`<column>_name`)."""
    names = [column.attname for column in section.columns]
    texts = [f"{column.name}_name" for column in section.columns if column.kind == USER]
    rows = (
        section.model.objects.filter(**{OWNER[section.name]: tournament})
        .order_by("pk")
        .values_list(*names, *texts)
        .iterator(chunk_size=CHUNK)
    )
    for row in rows:
        text = iter(row[len(names) :])
        record = {}
        for column, value in zip(section.columns, row, strict=False):
            record[column.name] = _plain(column, value, usernames)
            if column.kind == USER:
                record[column.name] = record[column.name] or next(text) or None
        yield record


def write_backup(tournament, stream) -> dict[str, int]:
    """Write the whole tournament to a binary stream; return how many records of each kind.

    The file is one JSON object, one record a line, ending with the counts and the
    checksum. Everything is read from one snapshot of the database.
    """
    counts = {}
    with one_snapshot():
        tournament = Tournament.objects.get(pk=tournament.pk)
        usernames = dict(get_user_model().objects.values_list("pk", "username"))
        head = {
            "format": FORMAT,
            "version": VERSION,
            "exported_at": timezone.now().isoformat(),
            "tournament": {
                column.name: _plain(column, getattr(tournament, column.attname), usernames)
                for column in TOURNAMENT_COLUMNS
            },
            "officials": sorted(tournament.officials.values_list("username", flat=True)),
        }
        checksum = Checksum(head)
        # The file opens with the format and version (the checksum does not mind the order).
        opening = json.dumps(head, separators=(",", ":"), ensure_ascii=False).encode()
        stream.write(opening[:-1] + b",\n")
        for section in SECTIONS:
            checksum.section(section.name)
            stream.write(json.dumps(section.name).encode() + b":[")
            count = 0
            for record in _records(section, tournament, usernames):
                line = canonical(record)
                checksum.record(line)
                stream.write((b"\n" if not count else b",\n") + line)
                count += 1
            counts[section.name] = count
            stream.write(b"\n],\n")
    stream.write(b'"counts":' + canonical(counts) + b",\n")
    stream.write(b'"checksum":' + canonical(checksum.value()) + b"}\n")
    return counts
