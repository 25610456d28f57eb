"""Read a backup file as a stream of its parts, one record at a time (no whole-file load).

A backup is one JSON object: its head (format, version, ...), one list per section, the
counts and the checksum. `parts` yields ("value", key, value, None) for every key that is
not a section, ("record", section, record, line) for every record of a section and
("end", section, None, None) after a section's last, so a file of any size is read in a
memory that does not grow with it. Bad JSON, a file cut short and values nested deeper
than the desk ever writes are refused with a BackupError.

Two readers give the same parts. A file as the desk writes it (one record a line) is read
line by line, each record by `json.loads`, and `line` is the record's text (the writer
writes it canonical, so the checksum is taken over it as it is). Any other layout of the
same JSON (a file re-saved by an editor) is read by ijson's event parser; the first line
that does not fit the desk's layout raises `OtherLayout`, and the caller reads again,
from the start, with `general=True`.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import ijson
from ijson.common import ObjectBuilder

from scoring.backup.format import SECTIONS, BackupError

# The desk writes hands at most a few levels deep; a deeper value is no backup of it.
MAX_DEPTH = 24
NAMES = frozenset(section.name for section in SECTIONS)
INCOMPLETE = (
    "The file is incomplete: it stops before its end (was it cut short while being copied "
    "or downloaded?). Nothing was restored."
)
NOT_A_BACKUP = "This is not a domino desk tournament backup. Nothing was restored."


@contextmanager
def open_source(source):
    """Open a backup given as bytes, a path, or a binary file; yield (file, size in bytes)."""
    if isinstance(source, bytes | bytearray):
        yield io.BytesIO(source), len(source)
    elif isinstance(source, str | Path):
        with open(source, "rb") as stream:
            yield stream, Path(source).stat().st_size
    else:
        source.seek(0, io.SEEK_END)
        size = source.tell()
        source.seek(0)
        yield source, size


def _check_opening(stream) -> None:
    """Refuse at once a file that is empty, not UTF-8 text, or not a JSON object."""
    start = stream.read(4096)
    stream.seek(0)
    stripped = start.lstrip()
    if not stripped:
        raise BackupError("The file is empty: it is not a backup.")
    try:
        start.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < len(start) - 3:  # not only a character cut by the 4,096 bytes
            raise BackupError(
                "This is not a domino desk tournament backup (it is not UTF-8 text)."
            ) from None
    if stripped[:1] == b"[":
        raise BackupError(NOT_A_BACKUP)


def _build(events, event: str, value, depth: int = 0):
    """Return the whole value that starts with this event, refusing one nested too deep."""
    if event not in ("start_map", "start_array"):
        return value
    builder = ObjectBuilder()
    builder.event(event, value)
    level = 1
    while level:
        event, value = next(events)
        if event in ("start_map", "start_array"):
            level += 1
            if level + depth > MAX_DEPTH:
                raise BackupError(
                    f"The file is damaged: it nests values more than {MAX_DEPTH} deep, "
                    "which the desk never writes. Nothing was restored."
                )
        elif event in ("end_map", "end_array"):
            level -= 1
        builder.event(event, value)
    return builder.value


def _parts(events) -> Iterator[tuple]:
    event, _ = next(events)
    if event != "start_map":
        raise BackupError(NOT_A_BACKUP)
    while True:
        event, key = next(events)
        if event == "end_map":
            return
        event, value = next(events)
        if key in NAMES and event == "start_array":
            while True:
                event, value = next(events)
                if event == "end_array":
                    break
                yield ("record", key, _build(events, event, value, depth=2), None)
            yield ("end", key, None, None)
        else:
            yield ("value", key, _build(events, event, value, depth=1), None)


def _ends_whole(stream) -> bool:
    """Say whether the file ends as a backup does (its object closed): else it was cut."""
    stream.seek(0, io.SEEK_END)
    stream.seek(max(0, stream.tell() - 64))
    return stream.read().rstrip().endswith(b"}")


class OtherLayout(Exception):
    """The file is not laid out as the desk writes it: read it with the general reader."""


_SCAN = json.JSONDecoder().scan_once


def _loads(text: bytes):
    """Return a line's JSON value: json.loads' own scanner over the UTF-8 text, the value
    filling the whole line (no guess at the encoding, no whitespace: a line of the desk's
    layout starts with an ASCII character and holds no space between its values)."""
    line = text.decode("utf-8", "surrogatepass")
    try:
        value, end = _SCAN(line, 0)
    except (ValueError, RecursionError, StopIteration):
        raise OtherLayout from None
    if end != len(line):
        raise OtherLayout
    return value


def _lines(stream) -> Iterator[tuple]:
    """Yield the parts of a file laid out as `write_backup` writes it, one line at a time."""
    first = stream.readline().rstrip(b"\n")
    if not first.startswith(b'{"format":') or not first.endswith(b","):
        raise OtherLayout
    for key, value in _loads(first[:-1] + b"}").items():
        yield ("value", key, value, None)
    section, ended = None, False
    for raw in stream:
        line = raw.rstrip(b"\n")
        if ended:
            raise OtherLayout
        if section is not None:
            if line == b"],":
                yield ("end", section, None, None)
                section = None
                continue
            record = line[:-1] if line.endswith(b",") else line
            if not record.startswith(b"{"):
                raise OtherLayout
            yield ("record", section, _loads(record), record)
        elif line.endswith(b'":[') and line[1:-3].decode(errors="replace") in NAMES:
            section = line[1:-3].decode()
        elif line.startswith(b'"counts":') and line.endswith(b","):
            yield ("value", "counts", _loads(line[9:-1]), None)
        elif line.startswith(b'"checksum":') and line.endswith(b"}"):
            yield ("value", "checksum", _loads(line[11:-1]), None)
            ended = True
        else:
            raise OtherLayout
    if not ended:
        raise OtherLayout


def parts(stream, *, general: bool = False) -> Iterator[tuple]:
    """Yield the file's parts (see above); OtherLayout when it must be read with `general`."""
    _check_opening(stream)
    if not general:
        yield from _lines(stream)
        return
    events = ijson.basic_parse(stream, use_float=True)
    try:
        yield from _parts(events)
        for _ in events:  # anything after the object is an error the parser reports
            pass
    except StopIteration:
        raise BackupError(INCOMPLETE) from None
    except ijson.IncompleteJSONError as exc:
        if "premature EOF" in str(exc) or not _ends_whole(stream):
            raise BackupError(INCOMPLETE) from None
        reason = str(exc).strip("b'\"").split("\n")[0].split("\\n")[0]
        if "UTF8" in reason:
            raise BackupError(
                "This is not a domino desk tournament backup (it is not UTF-8 text)."
            ) from None
        raise BackupError(
            f"The file is damaged: it is not valid JSON ({reason}). Nothing was restored."
        ) from None
    except UnicodeDecodeError:
        raise BackupError(
            "This is not a domino desk tournament backup (it is not UTF-8 text)."
        ) from None
