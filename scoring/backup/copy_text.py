"""Write a restore's rows as PostgreSQL's COPY text format: one line of text per row.

psycopg's `write_row` adapts every value on its own (a dumper looked up per value, JSON
encoded through its wrapper): most of a large restore's time. The values here are typed
already (`fields`: ints, text, aware datetimes, dates, UUIDs, JSON values), so each
column's value is written as the server reads it in COPY's text format: a field per
column separated by tabs, `\\N` for NULL, backslash, tab, newline and carriage return
escaped. A value of another type than its column's own takes the field's whole way
(`get_db_prep_save`, as `rows` does for SQLite) and is written by its Python type.
"""

from __future__ import annotations

import datetime
import enum
import json
import re
import uuid
from decimal import Decimal

from django.db import connection

NULL = "\\N"


# json.dumps' own C encoder, made once (json.dumps makes one per call): compact, ASCII,
# no check for cycles (a value read from JSON has none).
def _not_json(value):
    raise TypeError(f"a {type(value).__name__} is no JSON value")


_ENCODE = json.encoder.c_make_encoder and json.encoder.c_make_encoder(
    None, _not_json, json.encoder.encode_basestring_ascii, None, ":", ",", False, False, True
)
_SPECIAL = re.compile(r"[\\\t\n\r]").search
INTEGERS = frozenset(
    {
        "AutoField",
        "BigAutoField",
        "SmallAutoField",
        "IntegerField",
        "BigIntegerField",
        "SmallIntegerField",
        "PositiveIntegerField",
        "PositiveBigIntegerField",
        "PositiveSmallIntegerField",
    }
)
TEXTS = frozenset({"CharField", "TextField", "SlugField", "EmailField"})
WRITTEN = INTEGERS | TEXTS | {"BooleanField", "JSONField", "DateTimeField", "DateField"}
WRITTEN |= {"UUIDField", "ForeignKey", "OneToOneField"}


def escape(text: str) -> str:
    """Return text as a field of COPY's text format."""
    if _SPECIAL(text) is None:
        return text
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def by_type(value) -> str:
    """Return any plain value (what `get_db_prep_save` gives) as a field of COPY text."""
    if value is None:
        return NULL
    if value is True or value is False:
        return "t" if value else "f"
    if isinstance(value, enum.Enum):
        value = value.value
    if isinstance(value, str):
        return escape(value)
    if isinstance(value, int | Decimal):
        return str(value)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    raise TypeError(f"no COPY text for a value of type {type(value).__name__}")


def _json(value) -> str:
    return "".join(_ENCODE(value, 0))


def kind_of(field) -> str:
    """Return the field's internal type (a foreign key's: the one of the field it names)."""
    kind = field.get_internal_type()
    if kind in ("ForeignKey", "OneToOneField"):
        kind = field.target_field.get_internal_type()
    return kind


def writes(field) -> bool:
    """Say whether `writer` writes this field's values (else the rows go by `write_row`)."""
    return kind_of(field) in WRITTEN


def writer(field):
    """Return what writes one typed value of the field as a field of COPY text."""
    kind = kind_of(field)

    def whole_way(value):
        return by_type(field.get_db_prep_save(value, connection))

    if kind in INTEGERS:

        def write(value):
            if type(value) is int:
                return str(value)
            return NULL if value is None else whole_way(value)

    elif kind in TEXTS:

        def write(value):
            if type(value) is str:
                return escape(value) if _SPECIAL(value) else value
            return NULL if value is None else whole_way(value)

    elif kind == "JSONField":
        encoder = field.encoder

        def write(value):  # a JSON value; None is SQL's NULL, as Django writes it
            if value is None:
                return NULL
            text = json.dumps(value, cls=encoder) if encoder or not _ENCODE else _json(value)
            return text.replace("\\", "\\\\") if "\\" in text else text

    elif kind == "DateTimeField":

        def write(value):  # a naive one takes the field's way (made aware, with a warning)
            if type(value) is datetime.datetime and value.utcoffset() is not None:
                return value.isoformat()
            return NULL if value is None else whole_way(value)

    elif kind == "UUIDField":

        def write(value):
            if type(value) is uuid.UUID:
                return str(value)
            return NULL if value is None else whole_way(value)

    else:  # booleans and dates

        def write(value):
            return NULL if value is None else whole_way(value)

    return write
