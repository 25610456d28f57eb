"""Write a restore's rows in batches of plain INSERT statements (the ORM's per-object work
is most of a large restore's time). Every concrete field of the model is written: the
file's value, or the field's default; values go through the field's own conversion."""

from __future__ import annotations

from django.db import connection
from django.db.models import NOT_PROVIDED

CONVERTED = frozenset({"JSONField", "UUIDField", "DateTimeField", "DateField"})


def _converter(field):
    if field.get_internal_type() not in CONVERTED:
        return None
    return lambda value: None if value is None else field.get_db_prep_save(value, connection)


def _default(field):
    if field.has_default():
        return field.get_default()
    if field.db_default is not NOT_PROVIDED:
        return field.db_default.value if hasattr(field.db_default, "value") else field.db_default
    return None


class Rows:
    """INSERT rows of one model: `insert(rows)` returns their ids, in the order given."""

    def __init__(self, model, *, with_ids: bool):
        self.with_ids = with_ids
        self.fields = [
            field for field in model._meta.concrete_fields if with_ids or not field.primary_key
        ]
        quote = connection.ops.quote_name
        names = ", ".join(quote(field.column) for field in self.fields)
        self.start = f"INSERT INTO {quote(model._meta.db_table)} ({names}) VALUES "
        self.one = "(" + ", ".join(["%s"] * len(self.fields)) + ")"
        self.returning = "" if with_ids else f" RETURNING {quote(model._meta.pk.column)}"
        self.plan = [(field.attname, _converter(field), _default(field)) for field in self.fields]
        limit = connection.features.max_query_params or 65535
        self.per_statement = max(1, min(500, limit // len(self.fields)))

    def insert(self, rows: list[dict]) -> list[int]:
        ids: list[int] = []
        with connection.cursor() as cursor:
            for start in range(0, len(rows), self.per_statement):
                chunk = rows[start : start + self.per_statement]
                params = []
                for row in chunk:
                    for name, convert, default in self.plan:
                        value = row.get(name, default)
                        params.append(convert(value) if convert else value)
                sql = self.start + ", ".join([self.one] * len(chunk)) + self.returning
                cursor.execute(sql, params)
                if self.with_ids:
                    ids.extend(row["id"] for row in chunk)
                else:
                    ids.extend(found for (found,) in cursor.fetchall())
        return ids
