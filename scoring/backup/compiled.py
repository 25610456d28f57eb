"""Functions compiled once per section from the format's columns, for a large restore.

A restore types every value of every record (`fields.reader`) and writes every value of
every row (`copy_text.writer`): a Python call per value, most of a large restore's time.
Here one function per section does a whole record, the usual case of each column written
out inline, with the same test as `fields.reader`'s (a value of the column's own type
within its limits); any other value goes to that column's reader, which reads it or says
what is wrong, so a record is typed, or refused, exactly as the column readers do. The
same for a row's line of COPY text (`copy_text`). The code is made from the format's own
column list (names and kinds known here, never text from a file).
"""

from __future__ import annotations

import datetime
import uuid
from functools import cache

from scoring.backup.copy_text import INTEGERS, NULL, TEXTS
from scoring.backup.fields import USERNAME_MAX, limits, reader
from scoring.backup.fields import _check_json as check_json
from scoring.backup.format import (
    AS_IS,
    BOOL,
    INT,
    JSON,
    LATER,
    REF,
    SECTIONS,
    STR,
    TIME,
    USER,
    UUID,
    Section,
)

_PLAIN = '"\\\\" not in v and "\\t" not in v and "\\n" not in v and "\\r" not in v'


def _compile(source: str, name: str, names: dict):
    """Return the function `name` defined by `source` (made here from column lists)."""
    namespace = dict(names)
    exec(compile(source, f"<backup {name}>", "exec"), namespace)
    return namespace[name]


def record_reader(section: Section):
    """Return read(record, where, walk) -> the record's typed values by column name."""
    names: dict = {
        "fromisoformat": datetime.datetime.fromisoformat,
        "UUID": uuid.UUID,
        "check_json": check_json,
    }
    lines = ["def read(record, where, walk):", "    get = record.get"]
    for number, column in enumerate(section.columns):
        general = f"R{number}"
        names[general] = reader(section.model, column)
        names[f"C{number}"] = column
        lines += [f"    v{number} = get({column.name!r})"]
        lines += [f"    {line}" for line in _typing(section, column, number, names)]
    typed = ", ".join(f"{c.name!r}: v{n}" for n, c in enumerate(section.columns))
    lines.append(f"    return {{{typed}}}")
    return _compile("\n".join(lines), "read", names)


def _typing(section: Section, column, number: int, names: dict) -> list[str]:
    """Return the lines that type `v<number>` (its usual case inline, else its reader)."""
    v, general = f"v{number}", f"{f'v{number}'} = R{number}({f'v{number}'}, where, walk)"
    kind, found = column.kind, limits(section.model, column.attname)
    if column.ref:
        return [f"if type({v}) is not int:", f"    {general}"]
    if kind == INT:
        test = [f"type({v}) is int"]
        if found.low is not None:
            test.append(f"{v} >= {found.low}")
        if found.high is not None:
            test.append(f"{v} <= {found.high}")
        return [f"if not ({' and '.join(test)}):", f"    {general}"]
    if kind in (STR, USER):
        longest = USERNAME_MAX if kind == USER else found.max_length
        choices = None if kind == USER else found.choices
        test = [f"type({v}) is str", f'"\\x00" not in {v}']
        if longest is not None:
            test.append(f"len({v}) <= {longest}")
        if choices is not None:
            names[f"K{number}"] = frozenset(choices)
            test.append(f"{v} in K{number}")
        return [f"if not ({' and '.join(test)}):", f"    {general}"]
    if kind == BOOL:
        return [f"if type({v}) is not bool:", f"    {general}"]
    if kind == TIME:  # as `fields._typed_reader`: fromisoformat, and aware
        return [
            f"if type({v}) is str:",
            "    try:",
            f"        found = fromisoformat({v})",
            "    except ValueError:",
            "        found = None",
            "    if found is not None and found.utcoffset() is not None:",
            f"        {v} = found",
            "    else:",
            f"        {general}",
            "else:",
            f"    {general}",
        ]
    if kind == UUID:
        return [
            "try:",
            f"    {v} = UUID({v}) if type({v}) is str else R{number}({v}, where, walk)",
            "except ValueError:",
            f"    {general}",
        ]
    if kind == JSON:
        return [
            f"if type({v}) is dict or type({v}) is list:",
            "    if walk:",
            f"        check_json({v}, where, C{number})",
            "else:",
            f"    {general}",
        ]
    return [general]


def line_writer(fields_plan: list[tuple], kinds: list[str]):
    """Return line(row) -> the row as one line of COPY text, with its newline.

    `fields_plan` is (attname, writer, default) per column, as `rows.Rows` writes them;
    `kinds` each field's internal type (a foreign key's: its target's)."""
    names: dict = {"datetime": datetime.datetime, "UUID": uuid.UUID, "NULL": NULL}
    parts = []
    columns = zip(fields_plan, kinds, strict=True)
    for number, ((attname, write, default), kind) in enumerate(columns):
        names[f"W{number}"], names[f"D{number}"] = write, default
        value = f"(v := get({attname!r}, D{number}))"
        other = f"NULL if v is None else W{number}(v)"  # NULL written here, not by a call
        if kind in INTEGERS:
            parts.append(f"(str(v) if type{value} is int else {other})")
        elif kind in TEXTS:
            parts.append(f"(v if type{value} is str and {_PLAIN} else {other})")
        elif kind == "UUIDField":
            parts.append(f"(str(v) if type{value} is UUID else {other})")
        elif kind == "BooleanField":
            parts.append(f"('t' if {value} is True else 'f' if v is False else {other})")
        elif kind == "DateTimeField":
            parts.append(
                f"(v.isoformat() if type{value} is datetime and v.utcoffset() is not None "
                f"else {other})"
            )
        else:
            parts.append(f"(NULL if {value} is None else W{number}(v))")
    source = (
        "def line(row):\n    get = row.get\n    return '\\t'.join((\n        "
        + ",\n        ".join(parts)
        + ",\n    )) + '\\n'"
    )
    return _compile(source, "line", names)


def _section(name: str) -> Section:
    return next(section for section in SECTIONS if section.name == name)


@cache
def record_reader_of(name: str):
    """Return what types a record of the section (`compiled.record_reader`), made once."""
    return record_reader(_section(name))


@cache
def row_plan(name: str) -> tuple:
    """Return how the section's columns go to a row: (as is, references, users, later)."""
    plan = _section(name).plan
    return (
        tuple((name, attname) for name, attname, _, how in plan if how is AS_IS),
        tuple((name, attname, ref) for name, attname, ref, how in plan if how is REF),
        tuple((name, attname) for name, attname, _, how in plan if how is USER),
        tuple((name, attname, ref) for name, attname, ref, how in plan if how is LATER),
    )
