"""Public pages' change markers held in each process while nothing has changed (issue 22).

A kept public page is served from its marker and the cache (`page_cache`); the marker was
one indexed query a request, and on PostgreSQL that round trip was most of the cost: a
kept page answered 0.6 of a bare view's requests a second, 1.2 without the query. So each
process holds the markers it has read, and asks the database again only when something
may have changed, which every process on this machine learns from one shared number:

- **The generation**: eight bytes in a file of the data folder (``page_markers``), mapped
  into the memory of every process of this desk (web workers, the Celery worker, the
  command line). Telling a change writes eight new random bytes there; reading it is a
  memory read, no system call. Any new value means "ask again" (two writers at once can
  only leave a value nobody held).
- **Who tells**: the database connection itself. Every statement run through Django's
  cursor (the ORM, and the raw SQL of the hot paths) passes `_watch`: one that writes a
  table a marker reads (events, tournaments, games, seasons, their entries and kept
  ratings: an INSERT, UPDATE, DELETE, TRUNCATE or MERGE naming one, anywhere in its
  text) tells the change once its transaction commits, at once outside one. The
  restore's COPY, which goes around the cursor, tells it itself (`told_on_commit`).
- **What is held**: a marker read outside any transaction (a read inside one may see its
  own writes, which a rollback would take back), and never the lack of one (a page that
  does not exist is asked again). It is read again when the generation moved, or after
  ``PAGE_MARKER_HOLD_MS`` (1,000 by default) whatever happened: a write from outside this
  desk's processes (a psql session, a process with another data folder or on another
  machine, a process killed between its commit and its telling) shows within that time.
  A desk served from several machines sets it to 0, which turns the holding off.

The order makes it safe: the generation is read before the marker's query, and telling
comes after the commit, so a marker held with a generation still current was read after
the last commit that was told.
"""

from __future__ import annotations

import mmap
import os
import re
from pathlib import Path
from time import monotonic

from django.conf import settings
from django.db import connection

SIZE = 8
LIMIT = 20_000  # markers held at most (a page per event, game and season; then started over)
MISSING = object()

_held: dict = {}
_map: mmap.mmap | None = None
_map_folder: object = None  # the DATA_DIR it was opened for (None: not tried yet)


def shared_file() -> Path:
    return Path(settings.DATA_DIR) / "page_markers"


def _open(path: Path) -> mmap.mmap:
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        if os.fstat(descriptor).st_size < SIZE:
            os.ftruncate(descriptor, SIZE)
        return mmap.mmap(descriptor, SIZE)
    finally:
        os.close(descriptor)


def _shared() -> mmap.mmap | None:
    """The mapped generation, opened once a process (again if the data folder is set to
    another); None when it cannot be (nothing is held then: every marker is asked of the
    database, as before)."""
    global _map, _map_folder
    folder = settings.DATA_DIR
    if folder is not _map_folder:
        _held.clear()
        _map_folder = folder
        try:
            _map = _open(shared_file())
        except OSError:
            _map = None
    return _map


def tell_file(path: Path) -> None:
    """Tell every process mapping this file that something changed."""
    shared = _open(path)
    try:
        shared[:SIZE] = os.urandom(SIZE)
    finally:
        shared.close()


def tell() -> None:
    """Tell every process of this desk that a marker may have changed (after a commit)."""
    shared = _shared()
    if shared is not None:
        shared[:SIZE] = os.urandom(SIZE)


def told_on_commit(using=None) -> None:
    """Tell once the transaction under way commits (at once outside one)."""
    from django.db import connections

    wrapper = connections[using or "default"]
    if wrapper.in_atomic_block:
        wrapper.on_commit(tell)
    else:
        tell()


def look(key) -> tuple[bytes | None, object]:
    """Return the generation now (None: hold nothing) and the marker held for key, or
    MISSING when it must be read from the database."""
    hold = settings.PAGE_MARKER_HOLD_MS
    if not hold or connection.in_atomic_block:
        return None, MISSING
    shared = _shared()
    if shared is None:
        return None, MISSING
    seen = shared[:SIZE]
    found = _held.get(key)
    if found is not None and found[0] == seen and monotonic() < found[1]:
        return seen, found[2]
    return seen, MISSING


def keep(key, seen: bytes | None, value) -> None:
    """Hold a marker read after the generation `seen` was (none, or no marker: nothing)."""
    if seen is None or value is None:
        return
    if len(_held) >= LIMIT:
        _held.clear()
    _held[key] = (seen, monotonic() + settings.PAGE_MARKER_HOLD_MS / 1000, value)


def forget() -> None:
    """Drop every marker this process holds, and tell the others to (a restored backup)."""
    _held.clear()
    tell()


# Who tells: every statement through Django's cursor ------------------------------------

_writes: re.Pattern | None = None


def _watched() -> re.Pattern:
    """A write to a table a marker reads (`page_cache`'s marker queries), anywhere in a
    statement's text: an INSERT, UPDATE, DELETE, TRUNCATE or MERGE naming it (alone, in a
    WITH, or among several statements sent at once), quoted or not; not a lock's
    ``FOR UPDATE``, nor a table whose name only starts the same."""
    global _writes
    if _writes is None:
        from .models import Event, Game, Season, SeasonRatings, SeasonTournament, Tournament

        models = (Event, Game, Season, SeasonRatings, SeasonTournament, Tournament)
        tables = "|".join(re.escape(model._meta.db_table) for model in models)
        verbs = (
            r"INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM"
            r"|MERGE\s+INTO|TRUNCATE(?:\s+TABLE)?"
        )
        _writes = re.compile(rf'\b(?:{verbs})\s+(?:ONLY\s+)?"?(?:{tables})"?(?!\w)', re.I)
    return _writes


def _watch(execute, sql, params, many, context):
    result = execute(sql, params, many, context)
    if not isinstance(sql, str):  # composed by the driver: told, not read
        told_on_commit(context["connection"].alias)
        return result
    # Most statements are one SELECT, which writes nothing: told apart without a search.
    if sql[:16].lstrip()[:6].upper() == "SELECT" and ";" not in sql:
        return result
    if _writes_watched(sql):
        told_on_commit(context["connection"].alias)
    return result


def only_watched(connection) -> bool:
    """Say whether nothing but this watch wraps the connection's statements (no test's or
    fault's `execute_wrapper`): a caller that tells for itself may then skip the wrappers."""
    wrappers = connection.execute_wrappers
    return len(wrappers) == 1 and wrappers[0] is _watch


_seen: dict[str, bool] = {}


def _writes_watched(sql: str) -> bool:
    """Whether the statement writes a table a marker reads, each text searched once: the
    search of a bracket result's 4 KB statement took 50-90 us, as much again as its
    Python (bench/bracket.py), and the hot statements are the same text every time."""
    found = _seen.get(sql)
    if found is None:
        if len(_seen) >= 2_000:
            _seen.clear()
        found = _seen[sql] = _watched().search(sql) is not None
    return found


def watch_connection(sender, connection, **kwargs) -> None:
    """`connection_created`: have the new connection tell the writes markers read."""
    # First, so outermost, and so a test's `execute_wrapper` block, which pops the last
    # one on the way out, never takes it off.
    if _watch not in connection.execute_wrappers:
        connection.execute_wrappers.insert(0, _watch)
