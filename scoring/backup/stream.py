"""Read a backup file as a stream of its parts, one record at a time (ijson, no whole-file load).

A backup is one JSON object: its head (format, version, ...), one list per section, the
counts and the checksum. `parts` yields ("value", key, value) for every key that is not a
section, and ("record", section, record) for every record of a section, so a file of any
size is read in a memory that does not grow with it. Bad JSON, a file cut short and values
nested deeper than the desk ever writes are refused with a BackupError.
"""

from __future__ import annotations

import io
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
                yield ("record", key, _build(events, event, value, depth=2))
            yield ("end", key, None)
        else:
            yield ("value", key, _build(events, event, value, depth=1))


def _ends_whole(stream) -> bool:
    """Say whether the file ends as a backup does (its object closed): else it was cut."""
    stream.seek(0, io.SEEK_END)
    stream.seek(max(0, stream.tell() - 64))
    return stream.read().rstrip().endswith(b"}")


def parts(stream) -> Iterator[tuple]:
    """Yield the file's parts: ("value", key, value), ("record", section, record), ("end", ...)."""
    _check_opening(stream)
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
