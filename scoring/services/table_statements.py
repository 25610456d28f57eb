"""A table's new entry written in one statement (PostgreSQL).

An entry at the table wrote, after the lock's round trip, its row (the ORM's INSERT),
the game's version and waiting flag (an UPDATE) and the event's change marker (another):
three round trips, each statement built by the ORM again. Here the three are the steps
of one prepared statement, as a hand and its history are (`hand_rows_sql`): the entry's
transaction is BEGIN, the lock with its reads, this statement and COMMIT. Each value is
what the ORM would write (`row_params`), and the marker is `mark_changed_sql`'s, so the
rows are those `TableEntry.save()` and `touch` leave.

A confirmed entry (or one the official accepted) is counted through the desk's own
path (`add_origin_hand`), then the entry's new status and hand and the game's "nothing
waits" flag were two UPDATEs more, each built by the ORM: here they are one prepared
statement (`write_counted`).

Elsewhere (SQLite, or ``RESULTS_ONE_STATEMENT`` off) the ORM writes them, as before.
"""

from __future__ import annotations

import functools

from django.conf import settings
from django.db import connection
from django.db.models import F
from django.utils import timezone

from scoring.models import TableEntry
from tournaments import prepared
from tournaments import services as desk
from tournaments.models import Game

from .hand_rows_sql import insert_step, row_params, update_params, update_set


def available() -> bool:
    """Say whether a new entry goes in one statement (PostgreSQL, the statements on)."""
    return settings.RESULTS_ONE_STATEMENT and prepared.available()


@functools.cache
def _statement() -> str:
    qn = connection.ops.quote_name
    return (
        f"WITH e AS ({insert_step(TableEntry, 'e_')}), "
        f"g AS (UPDATE {qn(Game._meta.db_table)} SET version = version + 1, "
        "updated_at = %(now)s, table_hand = %(waiting)s WHERE id = %(game)s "
        "RETURNING version, event_id), "
        f"m AS ({desk.mark_changed_sql('%(now)s', one_game=True)} "
        "WHERE id = (SELECT event_id FROM g)) "
        "SELECT (SELECT id FROM e), (SELECT version FROM g)"
    )


def touch(game: Game, *, waiting: str) -> None:
    """The game's table hand changed: bump its version and the event's marker, and say on
    the game whether a hand waits ("waiting", "disputed", or "" for none)."""
    Game.objects.filter(pk=game.pk).update(
        version=F("version") + 1, updated_at=timezone.now(), table_hand=waiting
    )
    game.version += 1
    game.table_hand = waiting
    desk.mark_changed(event=game.event_id, one_game=True)


def write_entry(entry: TableEntry, game: Game, *, waiting: str) -> None:
    """Insert the new ``entry``, bump its game's version and say a hand waits
    (``waiting``), and mark the event's game changed (`touch`): one statement where
    `available`. ``entry`` gets its id and ``game`` its new version and waiting flag."""
    if not available():
        entry.save(force_insert=True)
        touch(game, waiting=waiting)
        return
    big = prepared.int8()
    params = row_params(entry, "e_") | {
        "now": timezone.now(),
        "waiting": waiting,
        "game": big(game.pk),
    }
    entry.pk, version = prepared.run(_statement(), params)
    entry._state.adding, entry._state.db = False, "default"
    game.version, game.table_hand = version, waiting


@functools.lru_cache(maxsize=8)
def _counted_statement(names: tuple[str, ...]) -> str:
    qn = connection.ops.quote_name
    return (
        f"WITH e AS (UPDATE {qn(TableEntry._meta.db_table)} "
        f"SET {update_set(TableEntry, names, 'e_')} WHERE id = %(entry)s), "
        f"g AS (UPDATE {qn(Game._meta.db_table)} SET table_hand = '' WHERE id = %(game)s) "
        "SELECT 1"
    )


def write_counted(entry: TableEntry, names: tuple[str, ...], game: Game) -> None:
    """Store the fields ``names`` of the entry just counted as a hand, and say on its
    game that nothing waits at the table now: one statement, as
    ``entry.save(update_fields=names)`` and the game's UPDATE write them elsewhere."""
    game.table_hand = ""
    if not available():
        entry.save(update_fields=names)
        Game.objects.filter(pk=game.pk).update(table_hand="")
        return
    big = prepared.int8()
    params = update_params(entry, names, "e_") | {"entry": big(entry.pk), "game": big(game.pk)}
    prepared.run(_counted_statement(names), params)
