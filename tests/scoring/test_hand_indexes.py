"""A hand and its history line are indexed by game once: by the composite index that
starts with the game (hand_number_unique, hand_change_game_at), which serves every
lookup by game and the game's foreign key. An index of the game alone would be one more
entry written for every hand (scoring 0013 dropped it)."""

import pytest
from django.db import connection

from scoring.models import Hand, HandChange

pytestmark = pytest.mark.django_db


def indexes(model) -> dict[str, list[str]]:
    """The table's indexes (unique ones too) by name: their columns, in order."""
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, model._meta.db_table)
    return {
        name: each["columns"]
        for name, each in found.items()
        if each["index"] or (each["unique"] and not each["primary_key"])
    }


@pytest.mark.parametrize(
    ("model", "composite"),
    [(Hand, "hand_number_unique"), (HandChange, "hand_change_game_at")],
)
def test_the_game_is_indexed_once_at_the_head_of_a_composite_index(model, composite):
    found = indexes(model)
    assert found[composite][0] == "game_id"
    assert [name for name, columns in found.items() if columns[0] == "game_id"] == [composite]
