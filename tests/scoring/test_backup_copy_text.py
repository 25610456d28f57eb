"""The restore's COPY text lines (`copy_text`, `compiled.line_writer`), on every database.

PostgreSQL reads these lines; writing them is text formatting, so it is checked here
without a server: each column's usual value takes the line's fast path, every other value
the column's writer, and both give what COPY's text format says (tabs between fields,
``\\N`` for NULL, backslash, tab, newline and carriage return escaped).
"""

import datetime
import enum
import uuid
from decimal import Decimal

import pytest
from django.db import models

from scoring.backup import copy_text
from scoring.backup.compiled import line_writer
from scoring.models import Hand
from tournaments.models import Game, Player

KEY = uuid.UUID("12345678-1234-5678-1234-567812345678")
AT = datetime.datetime(2026, 11, 26, 15, 30, tzinfo=datetime.UTC)


def line_of(model, row: dict) -> list[str]:
    """The row as `rows.Rows` writes it for COPY, split into its fields."""
    fields = list(model._meta.concrete_fields)
    plan = [(f.attname, copy_text.writer(f), None) for f in fields]
    line = line_writer(plan, [copy_text.kind_of(f) for f in fields])(row)
    assert line.endswith("\n")
    return dict(zip([f.attname for f in fields], line[:-1].split("\t"), strict=True))


def test_a_hand_is_one_line_of_its_columns_in_order():
    written = line_of(
        Hand,
        {
            "id": 7,
            "game_id": 3,
            "number": 2,
            "match_game": 1,
            "points": [25, -5],
            "detail": {"note": 'tab\there "quoted" back\\slash'},
            "entry_key": KEY,
            "entered_by_id": None,
            "entered_by_name": "Dale\nEarl",
            "entered_at": AT,
            "edited_at": None,
            "source": "table",
        },
    )
    assert written["id"] == "7" and written["game_id"] == "3" and written["number"] == "2"
    assert written["points"] == "[25,-5]"
    # JSON's own escapes keep their backslash doubled for COPY; no raw tab reaches the line.
    assert written["detail"] == '{"note":"tab\\\\there \\\\"quoted\\\\" back\\\\\\\\slash"}'
    assert written["entry_key"] == str(KEY)
    assert written["entered_by_id"] == "\\N" and written["edited_at"] == "\\N"
    assert written["entered_by_name"] == "Dale\\nEarl"
    assert written["entered_at"] == "2026-11-26T15:30:00+00:00"
    assert written["source"] == "table"


def test_booleans_and_a_missing_column_take_its_default():
    fields = [Player._meta.get_field(name) for name in ("checked_in", "withdrawn", "name")]
    plan = [
        (f.attname, copy_text.writer(f), default)
        for f, default in zip(fields, [False, True, "x"], strict=True)
    ]
    line = line_writer(plan, [copy_text.kind_of(f) for f in fields])
    assert line({"checked_in": True, "name": "Ann"}) == "t\tt\tAnn\n"
    assert line({"checked_in": False, "withdrawn": None, "name": None}) == "f\t\\N\t\\N\n"


@pytest.mark.django_db
def test_values_of_another_type_take_the_fields_whole_way():
    number = copy_text.writer(Hand._meta.get_field("number"))
    assert number(None) == "\\N"
    assert number(True) == "1"  # a bool is no int here: the field's own way makes it one
    text = copy_text.writer(Hand._meta.get_field("source"))
    assert text("a\\b\r") == "a\\\\b\\r"
    assert text(None) == "\\N"
    key = copy_text.writer(Hand._meta.get_field("entry_key"))
    assert key(None) == "\\N"
    assert key(KEY) == str(KEY)
    when = copy_text.writer(Hand._meta.get_field("entered_at"))
    assert when(AT) == AT.isoformat()
    assert when(None) == "\\N"
    walkover = copy_text.writer(Game._meta.get_field("walkover"))
    assert walkover(None) == "\\N"
    assert walkover(False) in ("f", "0", "False")  # as the database's own save gives it
    points = copy_text.writer(Hand._meta.get_field("points"))
    assert points(None) == "\\N"
    assert points({"a": [1, 2]}) == '{"a":[1,2]}'


class Colour(enum.Enum):
    RED = "red\tdark"


def test_plain_values_by_their_type():
    by_type = copy_text.by_type
    assert by_type(None) == "\\N"
    assert (by_type(True), by_type(False)) == ("t", "f")
    assert by_type(Colour.RED) == "red\\tdark"
    assert by_type("plain") == "plain"
    assert (by_type(12), by_type(Decimal("1.50"))) == ("12", "1.50")
    assert by_type(datetime.date(2026, 1, 2)) == "2026-01-02"
    assert by_type(datetime.time(9, 5)) == "09:05:00"
    assert by_type(KEY) == str(KEY)
    with pytest.raises(TypeError, match="no COPY text for a value of type list"):
        by_type([1])


def test_which_fields_are_written_as_text():
    assert copy_text.kind_of(Hand._meta.get_field("game")) in copy_text.INTEGERS  # its key's
    assert copy_text.writes(Hand._meta.get_field("detail"))
    assert not copy_text.writes(models.FloatField())
    assert copy_text.escape("no specials") == "no specials"
    assert copy_text.escape("a\tb\nc\\d\re") == "a\\tb\\nc\\\\d\\re"
