"""What a table's steps read once the game is locked (`table.py`), each compiled once and
sent with the game's lock in one round trip (`game_rows.lock_game_with`).

An entry at the table read, one after the other, the form's key (sent already?), the
link, the hand waiting, the table's players and the hands: seven round trips with the
lock's, each a statement planned again. Sent together they are one, and each still sees
what was committed before the lock was granted.
"""

from __future__ import annotations

import uuid

from django.db import connection
from django.db.models import F

from scoring.models import Hand, TableEntry, TableLink
from scoring.models.table import OPEN_ENTRY
from tournaments import prepared
from tournaments.compiled import compiled
from tournaments.models import TeamMember


@compiled(game=-770_501)
def sitter_rows(*, game: int):
    """The table's players, in seat order: (player id, name, seat)."""
    return (
        TeamMember.objects.filter(team__sides__game_id=game)
        .annotate(seat=F("team__sides__seat"))
        .order_by("team__sides__seat", "position")
        .values_list("player_id", "player__name", "seat")
    )


@compiled(pk=-770_502)
def link_rows(*, pk: int):
    return TableLink.objects.filter(pk=pk)


@compiled(game=-770_503)
def open_entries(*, game: int):
    return TableEntry.objects.filter(game_id=game, status__in=OPEN_ENTRY).order_by("pk")[:1]


@compiled(game=-770_504, pk=-770_505)
def locked_entries(*, game: int, pk: int):
    return TableEntry.objects.select_for_update().filter(pk=pk, game_id=game)


class _KeyUse:
    """What a form's key was used for: the first table entry sent with it (its id and
    game), and whether a hand was stored with it. Raw SQL: a compiled read cannot take a
    UUID (SQLite keeps it as its 32 hex digits, which the ORM would convert)."""

    @staticmethod
    def _sql() -> str:
        entry, hand = TableEntry._meta.db_table, Hand._meta.db_table
        first = f"FROM {entry} WHERE entry_key = %s ORDER BY id LIMIT 1"
        return (
            f"SELECT (SELECT id {first}), (SELECT game_id {first}), "
            f"EXISTS (SELECT 1 FROM {hand} WHERE entry_key = %s)"
        )

    def statement(self, *, key: uuid.UUID) -> tuple[str, list]:
        value = key if connection.vendor == "postgresql" else key.hex
        return self._sql(), [value] * 3

    @staticmethod
    def build(rows) -> tuple[int | None, int | None, bool]:
        entry_id, game_id, used = rows[0]
        return entry_id, game_id, bool(used)

    def __call__(self, *, key: uuid.UUID):
        return self.build(prepared.rows(*self.statement(key=key)))


KEY_USE = _KeyUse()
