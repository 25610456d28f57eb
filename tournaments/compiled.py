"""Querysets compiled to SQL once per process, then run as that SQL with new values.

A hand's page reads the same few rows on every request (the game with its event, a table
link with its game, the sides and their players, the game's lock). Building such a
queryset and compiling it (joins, select_related columns, annotations) cost more than
running its SQL: 1-6 ms of CPU a read against 0.1-0.6 ms compiled, on this 2-core machine
when busy (`bench/hands.py`, ``read_cpu_ms_compiled_and_orm``, which times both).

`compiled` keeps the ORM's own definition of the read (the filters, the joins, the
annotations, the model instances it gives, select_related included) and compiles it once
per database vendor, with a sentinel standing for each argument; each call then runs that
SQL with the arguments put in the sentinels' places, and builds the instances as
Django's `ModelIterable` does. `page_cache` markers do the same for plain rows.

Only for reads whose SQL does not change with the arguments (no list of varying length,
no time taken when the queryset is built, no prefetch_related), and whose arguments the
database takes as they are: whole numbers and text (a field's own conversion of the
value, a UUID's on SQLite, is not applied).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.db import connections
from django.db.models.query import (
    ModelIterable,
    ValuesListIterable,
    get_related_populators,
)

from . import prepared


class _Prepared:
    """One compiled read: its SQL, where each argument goes, and how rows become objects."""

    def __init__(self, queryset, sentinels: dict, alias: str):
        compiler = queryset.query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        names = {}
        for name, value in sentinels.items():
            names[(type(value), value)] = name
        self.sql = sql
        # Each parameter: the argument it stands for, or the constant the queryset holds.
        self.slots = [(names.get(_hashable(value)), value) for value in params]
        missing = set(sentinels) - {name for name, _ in self.slots if name}
        if missing:
            raise ValueError(f"The compiled read does not use {sorted(missing)}")
        self.trim = compiler.col_count if compiler.has_extra_select else None
        fields = [s[0] for s in compiler.select[0 : compiler.col_count]]
        self.converters = compiler.get_converters(fields)
        self.compiler = compiler
        # values_list(): the rows as tuples; otherwise model instances.
        self.tuples = queryset._iterable_class is ValuesListIterable
        if not self.tuples and queryset._iterable_class is not ModelIterable:
            raise ValueError("A compiled read gives model instances or values_list() rows")
        if self.tuples:
            return
        klass_info = compiler.klass_info
        self.model = klass_info["model"]
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        self.span = slice(start, end)
        self.init_list = [f[0].target.attname for f in compiler.select[start:end]]
        self.populators = get_related_populators(klass_info, compiler.select, alias)
        self.annotations = tuple(compiler.annotation_col_map.items())

    def params(self, values: dict) -> list:
        return [values[name] if name else value for name, value in self.slots]

    def run(self, alias: str, values: dict) -> list:
        # On PostgreSQL a prepared statement: planned once a connection, not every call.
        return self.convert(alias, prepared.rows(self.sql, self.params(values), using=alias))

    def convert(self, alias: str, rows: list) -> list:
        """Return the rows read as the queryset gives them: tuples or model instances."""
        if self.trim is not None:
            rows = [row[: self.trim] for row in rows]
        if self.converters:
            rows = list(self.compiler.apply_converters(rows, self.converters))
        if self.tuples:
            return [tuple(row) for row in rows]
        found = []
        for row in rows:
            obj = self.model.from_db(alias, self.init_list, row[self.span])
            for populator in self.populators:
                populator.populate(row, obj)
            for name, at in self.annotations:
                setattr(obj, name, row[at])
            found.append(obj)
        return found


def _hashable(value):
    try:
        hash(value)
    except TypeError:
        return None
    return (type(value), value)


def compiled(**sentinels) -> Callable:
    """Decorate a function that returns a queryset of its keyword arguments: calling it
    returns the queryset's objects as a list (tuples for a ``values_list()``), from SQL
    compiled once per database.

    ``sentinels`` give each argument a value no call passes (an int or a string of its
    own type), to find its place among the compiled query's parameters.
    """

    def build(query):
        prepared: dict[tuple[str, str], _Prepared] = {}

        def prepare(using: str = "default") -> _Prepared:
            vendor = connections[using].vendor
            found = prepared.get((using, vendor))
            if found is None:
                found = prepared[(using, vendor)] = _Prepared(query(**sentinels), sentinels, using)
            return found

        @functools.wraps(query)
        def run(*, using: str = "default", **values) -> list:
            return prepare(using).run(using, values)

        def statement(*, using: str = "default", **values) -> tuple[str, list]:
            """The read's SQL and parameters, to send with other statements at once."""
            found = prepare(using)
            return found.sql, found.params(values)

        def build(rows: list, *, using: str = "default") -> list:
            """What the read gives, from the rows its `statement` returned."""
            return prepare(using).convert(using, rows)

        run.queryset = query  # the ORM's own version, for tests and benches
        run.prepare = prepare  # for `together`
        run.statement, run.build = statement, build
        return run

    return build


def together(*calls, using: str = "default") -> list[list]:
    """Run compiled reads, each ``(read, values)``, and return each one's result in order:
    on PostgreSQL in one round trip (`prepared.rows_together`: prepared statements in
    psycopg's pipeline), elsewhere one after another. Each statement sees what was
    committed before it ran, as when run alone.

    Why: on a machine as busy as a hall's, each round trip to PostgreSQL waited for the
    database's process to be given a core (bench/pages.py, a public page rebuilt after
    every hand: its three reads took 3-4 ms of waiting at a load average of 7).
    """
    connection = connections[using]
    reads = [(read.prepare(using), values) for read, values in calls]
    if connection.vendor != "postgresql" or len(reads) < 2:
        return [read.run(using, values) for read, values in reads]
    found = prepared.rows_together(
        [(read.sql, read.params(values)) for read, values in reads], using=using
    )
    return [read.convert(using, rows) for (read, _), rows in zip(reads, found, strict=True)]
