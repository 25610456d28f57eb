"""Running the desk's prepared statements on PostgreSQL (`result_statements.py`, the
hands' statement in `progress_after.py`, the compiled reads of `tournaments.compiled`):
prepared once per connection, sent on a cursor kept for it, with Django's errors and
(for the writes) the page markers told."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connection, connections

from . import held_markers

_ONLY_WHEN_ASKED = 1 << 30


def available() -> bool:
    """Say whether this database runs these statements (PostgreSQL does; SQLite does not)."""
    return connection.vendor == "postgresql"


def run(sql: str, params: dict):
    """Execute one prepared statement that writes; return its row.

    When nothing but the desk's own marker watch wraps the connection's statements (the
    hot path: no query log, no test or fault wrapper), the statement goes to psycopg
    directly, on a cursor kept for the connection, and tells the page markers itself (it
    writes games and events): Django's cursor wrapper took 0.04-0.06 ms of a result's
    0.10-0.16 ms of Python on the 2-core machine, 5-8 % of a result's time. Errors are
    Django's as on its own cursors, and a transaction broken by an earlier error is
    refused as Django refuses it. Otherwise the statement goes through Django's wrappers,
    so that every query log, `execute_wrapper` and fault test sees it."""
    found = _execute(connections[DEFAULT_DB_ALIAS], sql, params, writes=True)
    return found[0] if found else None


def rows(sql: str, params: list, *, using: str = DEFAULT_DB_ALIAS) -> list[tuple]:
    """Run a read as a prepared statement and return its rows, as `run` runs a write
    (psycopg directly on the hot path, Django's wrappers otherwise).

    For the reads run on every hand and every page (`tournaments.compiled`): sent with
    Django's client-side binding, PostgreSQL parsed and planned each one at every call,
    and the planning was most of their time (a desk game's read with its tournament, its
    bracket size and the user's right: 0.55 ms planning and 0.26 ms running, 1.0-1.2 ms
    a call with the round trip; prepared, 0.30 ms, on the 2-core machine). Prepared once
    per connection, PostgreSQL keeps a generic plan after its fifth run. Elsewhere
    (SQLite) through Django's cursor as any read."""
    db = connections[using]
    if db.vendor != "postgresql":
        with db.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchall()
    return _execute(db, sql, params, writes=False)


def rows_together(statements: list[tuple[str, list]], *, using: str = DEFAULT_DB_ALIAS):
    """Run reads (each ``(sql, params)``) one after the other in one round trip; return
    each one's rows, in order. Each statement sees what was committed before it ran, as
    when run alone: a lock's statement first, the rows it guards read after it is granted.

    On the hot path (as `rows`) each is a prepared statement, the lot sent in psycopg's
    pipeline (one round trip, and none more for the transaction's BEGIN). Otherwise, for
    the wrappers and query logs, they go as one execute of their texts joined, through
    Django's cursor, with client-side binding (one query to those who count), each
    result reached with ``nextset()``."""
    db = connections[using]
    raw = _connected(db)
    if _direct(db):
        with db.wrap_database_errors:
            cursors = [_postgres().cursor(raw) for _ in statements]
            with raw.pipeline():
                for cursor, (sql, params) in zip(cursors, statements, strict=True):
                    cursor.execute(sql, params)
            return [cursor.fetchall() for cursor in cursors]
    results = []
    with db.cursor() as cursor:
        cursor.execute(
            ";\n".join(sql for sql, _ in statements), [v for _, p in statements for v in p]
        )
        results.append(cursor.fetchall())
        while cursor.nextset():
            results.append(cursor.fetchall())
    return results


def _connected(db):
    """The psycopg connection of ``db``, made ready for the prepared statements: checked
    first, as Django's cursor checks it (``CONN_HEALTH_CHECKS``: a kept connection the
    database dropped between two requests is replaced, not used)."""
    db.close_if_health_check_failed()
    db.ensure_connection()
    raw = db.connection
    if raw.prepare_threshold is None and "prepare_threshold" not in db.settings_dict["OPTIONS"]:
        # Only statements run with prepare=True (these) get prepared: Django's own
        # queries use client-side binding, which never prepares.
        raw.prepare_threshold = _ONLY_WHEN_ASKED
    return raw


def _direct(db) -> bool:
    """Say whether statements may go to psycopg directly: nothing but the marker watch
    wraps the connection and no query log is kept. Then a transaction broken by an
    earlier error is refused here, as Django's cursor would refuse it."""
    if db.queries_logged or not held_markers.only_watched(db):
        return False
    db.validate_no_broken_transaction()
    return True


def _execute(db, sql: str, params, *, writes: bool) -> list[tuple]:
    raw = _connected(db)
    if _direct(db):
        with db.wrap_database_errors:
            cursor = _kept_cursor(db, raw)
            cursor.execute(sql, params)
            found = cursor.fetchall()
        if writes:
            held_markers.told_on_commit(db.alias)
        return found
    logged = db.queries_logged
    with db.wrap_database_errors:
        cursor = (_postgres().logged_cursor if logged else _postgres().cursor)(raw)
    wrapped = db.make_debug_cursor(cursor) if logged else db.make_cursor(cursor)
    with wrapped:
        wrapped.execute(sql, params)
        return wrapped.fetchall()


def _kept_cursor(db, raw):
    """The prepared-statement cursor kept for this psycopg connection (a new one after a
    reconnection)."""
    kept = getattr(db, "_desk_statement_cursor", None)
    if kept is None or kept.closed or kept.connection is not raw:
        kept = db._desk_statement_cursor = _postgres().cursor(raw)
    return kept


@dataclass(frozen=True)
class _Postgres:
    cursor: type
    logged_cursor: type
    # Parameters as 64-bit integers: a prepared statement is looked up by its text and
    # its parameters' types, and psycopg types a Python int by its size.
    big: type


def int8() -> type:
    """The type that sends an integer parameter as a 64-bit one (see `_Postgres.big`);
    a caller takes it once per statement, not once per parameter."""
    return _postgres().big


@functools.cache
def _postgres() -> _Postgres:
    """Return what these statements need from psycopg (imported on PostgreSQL only)."""
    from django.db.backends.postgresql.base import ServerBindingCursor
    from psycopg.types.numeric import Int8

    class PreparedCursor(ServerBindingCursor):
        """A server-side binding cursor that prepares what it runs."""

        def execute(self, query, params=None, *, prepare=None, binary=None):
            return super().execute(query, params, prepare=True, binary=binary)

    class LoggedPreparedCursor(PreparedCursor):
        """One for DEBUG and query capture: Django logs the query psycopg keeps in `_query`,
        which psycopg leaves unset for a prepared statement."""

        def execute(self, query, params=None, *, prepare=None, binary=None):
            result = super().execute(query, params)
            if self._query is None:
                self._query = self._convert_query(query, params)
            return result

    return _Postgres(cursor=PreparedCursor, logged_cursor=LoggedPreparedCursor, big=Int8)
