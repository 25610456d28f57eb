"""A new hand and its history line written as steps of the progress statement.

A hand that decides nothing was three round trips after the lock: the hand's INSERT,
its history line's, and the bracket's progress statement. On PostgreSQL the two rows
go as steps before the progress (`tournaments.services.Leading`), one prepared
statement: the hand's transaction is then BEGIN, the lock with the hands' read, this
statement and COMMIT, as the bare floor's is BEGIN, a lock, an UPDATE and COMMIT
(bench/hands.py). Each value is what the ORM's INSERT would write (the field's own
conversion), so the rows are the same as `hand.save()` and `_record_change` leave.
`bench/hands.py --orm` times a bracket's hands this way beside the same hands through the
general path (the ORM's INSERTs): 2026-11-27, PostgreSQL, 507 hands each way, load 2.8,
2.85 ms a hand against 5.25 ms.
"""

from __future__ import annotations

import functools

from django.db import connection

from scoring.models import Hand, HandChange
from tournaments.services import Leading


def _columns(model, prefix: str) -> list[tuple[str, str]]:
    """Each column the INSERT writes (all but the id), with its parameter's name."""
    return [
        (field.column, f"{prefix}{field.column}")
        for field in model._meta.concrete_fields
        if not field.primary_key
    ]


@functools.cache
def _steps() -> str:
    qn = connection.ops.quote_name
    hand, change = _columns(Hand, "h_"), _columns(HandChange, "c_")
    change_values = ", ".join(
        "h.id" if column == "hand_id" else f"%({name})s" for column, name in change
    )
    return (
        f"h AS (INSERT INTO {qn(Hand._meta.db_table)} "
        f"({', '.join(qn(column) for column, _ in hand)}) "
        f"VALUES ({', '.join(f'%({name})s' for _, name in hand)}) RETURNING id), "
        f"c AS (INSERT INTO {qn(HandChange._meta.db_table)} "
        f"({', '.join(qn(column) for column, _ in change)}) SELECT {change_values} FROM h)"
    )


def _params(obj, prefix: str) -> dict:  # PostgreSQL only
    from psycopg.types.numeric import Int8

    params = {}
    for field in obj._meta.concrete_fields:
        if field.primary_key or (prefix == "c_" and field.column == "hand_id"):
            continue
        value = field.get_db_prep_save(field.pre_save(obj, True), connection)
        # Whole numbers as 64-bit, so the prepared statement's types stay the same.
        params[f"{prefix}{field.column}"] = (
            Int8(value) if isinstance(value, int) and not isinstance(value, bool) else value
        )
    return params


def hand_steps(hand: Hand, change: HandChange) -> Leading:
    """The hand and its history line as the steps of one statement; it selects the
    hand's new id."""
    return Leading(
        steps=_steps(),
        params={**_params(hand, "h_"), **_params(change, "c_")},
        returns="(SELECT id FROM h)",
    )
