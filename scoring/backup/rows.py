"""Write a restore's rows in batches of plain INSERT statements (the ORM's per-object work
is most of a large restore's time). Every concrete field of the model is written: the
file's value, or the field's default; values go through the field's own conversion.

On PostgreSQL the rows are sent with COPY, as lines of its text format (`copy_text`), with
ids taken from the table's own sequence when the file's are not kept; elsewhere (SQLite)
many rows go in one statement, and the database returns the ids."""

from __future__ import annotations

import datetime
import uuid
from collections import defaultdict

from django.core.management.color import no_style
from django.db import connection
from django.db.models import NOT_PROVIDED

from scoring.backup import copy_text
from scoring.backup.compiled import line_writer
from scoring.backup.format import BackupError
from tournaments import held_markers

CONVERTED = frozenset({"JSONField", "UUIDField", "DateTimeField", "DateField"})


def _converter(field):
    """Return what turns a typed value into the database's, or None: it goes as it is.

    The values are typed already (`fields`: aware datetimes, dates, UUIDs, JSON values),
    so each kind goes straight to the database's own adapter, the last step of the
    field's `get_db_prep_save`; any other value takes the field's whole way.
    """
    kind = field.get_internal_type()
    if kind not in CONVERTED:
        return None
    ops, exact = connection.ops, _EXACT[kind]

    def whole_way(value):
        return field.get_db_prep_save(value, connection)

    if kind == "JSONField":

        def direct(value):
            return ops.adapt_json_value(value, field.encoder)

    elif kind == "DateTimeField":

        def direct(value):  # a naive one takes the field's way (made aware, with a warning)
            if value.utcoffset() is None:
                return whole_way(value)
            return ops.adapt_datetimefield_value(value)

    elif kind == "DateField":
        direct = ops.adapt_datefield_value
    elif connection.features.has_native_uuid_field:

        def direct(value):
            return value

    else:

        def direct(value):
            return value.hex

    def convert(value):
        if value is None:
            return None
        if exact is None or type(value) in exact:
            return direct(value)
        return whole_way(value)

    return convert


# The types each kind takes straight to the adapter (None: a JSON value of any type).
_EXACT = {
    "JSONField": None,
    "DateTimeField": (datetime.datetime,),
    "DateField": (datetime.date,),
    "UUIDField": (uuid.UUID,),
}


def _default(field):
    if field.has_default():
        return field.get_default()
    if field.db_default is not NOT_PROVIDED:
        return field.db_default.value if hasattr(field.db_default, "value") else field.db_default
    return None


class Rows:
    """INSERT rows of one model: `insert(rows)` returns their ids, in the order given."""

    def __init__(self, model, *, with_ids: bool, sender=None):
        self.with_ids, self.sender = with_ids, sender
        self.many = connection.vendor == "postgresql"
        self.fields = [
            field
            for field in model._meta.concrete_fields
            if with_ids or self.many or not field.primary_key
        ]
        quote = connection.ops.quote_name
        self.table_and_key = [model._meta.db_table, model._meta.pk.column]
        self.sequence = None  # the key's sequence, looked up by the first batch
        names = ", ".join(quote(field.column) for field in self.fields)
        self.start = f"INSERT INTO {quote(model._meta.db_table)} ({names}) VALUES "
        self.copy = f"COPY {quote(model._meta.db_table)} ({names}) FROM STDIN"
        self.one = "(" + ", ".join(["%s"] * len(self.fields)) + ")"
        self.returning = "" if with_ids else f" RETURNING {quote(model._meta.pk.column)}"
        self.plan = [(field.attname, _converter(field), _default(field)) for field in self.fields]
        self.as_text = self.many and all(copy_text.writes(field) for field in self.fields)
        if self.as_text:  # PostgreSQL only
            writers = [copy_text.writer(field) for field in self.fields]
            self.line = line_writer(
                [(f.attname, w, _default(f)) for f, w in zip(self.fields, writers, strict=True)],
                [copy_text.kind_of(field) for field in self.fields],
            )
        limit = connection.features.max_query_params or 65535
        self.per_statement = max(1, min(500, limit // len(self.fields)))

    def _params(self, row: dict) -> list:
        return [
            convert(row.get(name, default)) if convert else row.get(name, default)
            for name, convert, default in self.plan
        ]

    def insert(self, rows: list[dict]) -> list[int]:
        if self.many:
            return self._insert_many(rows)
        ids: list[int] = []
        with connection.cursor() as cursor:
            for start in range(0, len(rows), self.per_statement):
                chunk = rows[start : start + self.per_statement]
                params = [value for row in chunk for value in self._params(row)]
                sql = self.start + ", ".join([self.one] * len(chunk)) + self.returning
                cursor.execute(sql, params)
                if self.with_ids:
                    ids.extend(row["id"] for row in chunk)
                else:
                    ids.extend(found for (found,) in cursor.fetchall())
        return ids

    def _insert_many(self, rows: list[dict]) -> list[int]:  # PostgreSQL only
        with connection.cursor() as cursor:
            if not self.with_ids:
                if self.sequence is None:  # once: per row it was 5 times nextval's own cost
                    cursor.execute("SELECT pg_get_serial_sequence(%s, %s)", self.table_and_key)
                    (self.sequence,) = cursor.fetchone()
                cursor.execute(
                    "SELECT nextval(%s::regclass) FROM generate_series(1, %s)",
                    [self.sequence, len(rows)],
                )
                for row, (found,) in zip(rows, cursor.fetchall(), strict=True):
                    row["id"] = found
            if self.as_text and self.sender is not None:
                self.sender.send(self.copy, self._text(rows))
                return [row["id"] for row in rows]
            # psycopg's own COPY, its errors turned into Django's as for any statement.
            with connection.wrap_database_errors, cursor.cursor.copy(self.copy) as copy:
                if self.as_text:
                    copy.write(self._text(rows))
                else:
                    for row in rows:
                        copy.write_row(self._params(row))
            held_markers.told_on_commit()  # COPY goes around the cursor's watch
        return [row["id"] for row in rows]

    def _text(self, rows: list[dict]) -> bytes:  # PostgreSQL only
        """Return the rows as COPY's text format, one line each, encoded as UTF-8."""
        line = self.line
        text = "".join([line(row) for row in rows])
        return text.encode()  # a lone surrogate: UnicodeEncodeError (`restore_backup`)


def fresh_keys(rows: list[dict], field: str, model) -> None:
    """Give a new key to every row whose form key this database already holds (a restore
    keeping the file's ids: a hand's form sent again after it gets back its hand)."""
    keys = [row[field] for row in rows if row[field] is not None]
    if not keys:
        return
    if connection.vendor == "postgresql":  # PostgreSQL only: one array parameter
        table, column = model._meta.db_table, model._meta.get_field(field).column
        quote = connection.ops.quote_name
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {quote(column)} FROM {quote(table)} WHERE {quote(column)} = ANY(%s)",
                [keys],
            )
            taken = {found for (found,) in cursor.fetchall()}
    else:
        taken = set(model.objects.filter(**{f"{field}__in": keys}).values_list(field, flat=True))
    for row in rows:
        if row[field] in taken:
            row[field] = uuid.uuid4()


def new_keys(rows: list[dict], field: str) -> None:
    """Give every row a new form key (a copy, with new ids: a form sent before the backup
    names the original's games, never the copy's, so the file's keys are of no use to it,
    and asking the database which of them it holds took 1.5 s of 100,000 hands)."""
    for row in rows:
        if row[field] is not None:
            row[field] = uuid.uuid4()


def reset_sequences(models) -> None:
    """After rows were written with their own ids, let the database number new rows after
    them."""
    statements = connection.ops.sequence_reset_sql(no_style(), models)
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)


def write_deferred(deferred: list[tuple], new_ids: dict) -> None:
    """Write the references to later records (a singles team to the game that made it):
    `deferred` holds (section, the row's file id, attname, section referred to, file id)."""
    by_field: dict[tuple, list] = defaultdict(list)
    for section, row, attname, ref, value in deferred:
        if value not in new_ids[ref]:
            name = attname.removesuffix("_id")
            raise BackupError(
                f"A record of the {section.name.replace('_', ' ')}: its “{name}” points at "
                "nothing in the file. Nothing was restored."
            )
        obj = section.model(pk=new_ids[section.name][row])
        setattr(obj, attname, new_ids[ref][value])
        by_field[(section.model, attname)].append(obj)
    for (model, attname), objs in by_field.items():
        model.objects.bulk_update(objs, [attname], batch_size=500)
