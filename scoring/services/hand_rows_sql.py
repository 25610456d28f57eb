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

A table's entry writes its rows the same way (`table_statements`): `insert_step` and
`row_params` write a row as its ``save()`` would, `update_set` and `update_params` the
fields ``save(update_fields=...)`` would.
"""

from __future__ import annotations

import functools

from django.db import connection

from scoring.models import Hand, HandChange
from tournaments.prepared import int8
from tournaments.services import Leading


def _columns(model, prefix: str) -> list[tuple[str, str]]:
    """Each column the INSERT writes (all but the id), with its parameter's name."""
    return [
        (field.column, f"{prefix}{field.column}")
        for field in model._meta.concrete_fields
        if not field.primary_key
    ]


def insert_step(model, prefix: str) -> str:
    """Return ``INSERT INTO table (columns) VALUES (parameters) RETURNING id``: a WITH
    step writing a row of ``model`` as its ``save()`` would, its values from
    `row_params` (with the same ``prefix``)."""
    qn = connection.ops.quote_name
    columns = _columns(model, prefix)
    return (
        f"INSERT INTO {qn(model._meta.db_table)} ({', '.join(qn(c) for c, _ in columns)}) "
        f"VALUES ({', '.join(f'%({name})s' for _, name in columns)}) RETURNING id"
    )


@functools.cache
def _steps() -> str:
    qn = connection.ops.quote_name
    change = _columns(HandChange, "c_")
    change_values = ", ".join(
        "h.id" if column == "hand_id" else f"%({name})s" for column, name in change
    )
    return (
        f"h AS ({insert_step(Hand, 'h_')}), "
        f"c AS (INSERT INTO {qn(HandChange._meta.db_table)} "
        f"({', '.join(qn(column) for column, _ in change)}) SELECT {change_values} FROM h)"
    )


def _values(obj, fields, prefix: str, *, adding: bool) -> dict:  # PostgreSQL only
    """The values the ORM's INSERT (``adding``) or UPDATE writes of ``fields``, by
    parameter name; whole numbers as 64-bit, so a prepared statement's parameter types
    stay the same."""
    big, values = int8(), {}
    for field in fields:
        value = field.get_db_prep_save(field.pre_save(obj, adding), connection)
        is_int = isinstance(value, int) and not isinstance(value, bool)
        values[f"{prefix}{field.column}"] = big(value) if is_int else value
    return values


def row_params(obj, prefix: str, *, skip: str = "") -> dict:
    """Return the values ``obj.save()`` would write, by parameter name (`insert_step`;
    ``skip``: a column the statement fills itself)."""
    fields = obj._meta.concrete_fields
    kept = [f for f in fields if not f.primary_key and f.column != skip]
    return _values(obj, kept, prefix, adding=True)


def update_set(model, names: tuple[str, ...], prefix: str) -> str:
    """Return the SET list (``"status" = %(e_status)s, ...``) of the fields ``names``,
    their values from `update_params` (with the same ``prefix``)."""
    qn = connection.ops.quote_name
    columns = [model._meta.get_field(name).column for name in names]
    return ", ".join(f"{qn(column)} = %({prefix}{column})s" for column in columns)


def update_params(obj, names: tuple[str, ...], prefix: str) -> dict:
    """Return the values ``obj.save(update_fields=names)`` would write, by parameter name."""
    fields = [obj._meta.get_field(name) for name in names]
    return _values(obj, fields, prefix, adding=False)


def hand_steps(hand: Hand, change: HandChange) -> Leading:
    """The hand and its history line as the steps of one statement; it selects the
    hand's new id."""
    return Leading(
        steps=_steps(),
        params={**row_params(hand, "h_"), **row_params(change, "c_", skip="hand_id")},
        returns="(SELECT id FROM h)",
    )
