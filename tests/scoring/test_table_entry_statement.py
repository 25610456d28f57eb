"""A table's new entry is written in one statement on PostgreSQL (the entry, the game's
version and waiting flag, the event's marker: `scoring.services.table_statements`), and
so is a confirmed entry's answer; each leaves the same rows as the general path (the
ORM's INSERT, then `_touch`; the ORM's two UPDATEs)."""

import pytest
from django.db import connection
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext

from scoring.models import TableEntry
from tests.scoring.builders import make_bracket, played
from tests.scoring.test_table_services import confirm, enter_at_table, players
from tournaments.models import Event, Game

pytestmark = pytest.mark.django_db

# Apart from the ids, keys and times, the players' names differ from game to game.
_KEPT_APART = {
    "id",
    "game",
    "link",
    "hand",
    "entry_key",
    "entered_at",
    "entered_by_name",
    "answered_by_name",
    "answered_at",
}


def _rows(game) -> list:
    game.refresh_from_db()
    entries = [
        {k: v for k, v in model_to_dict(e).items() if k not in _KEPT_APART}
        for e in TableEntry.objects.filter(game=game).order_by("pk")
    ]
    return [entries, game.version, game.table_hand, game.hand_count, game.status]


def _enter(game) -> tuple[list, list[str]]:
    """Enter a hand at the table; return the rows and the statements of the entry."""
    before = Event.objects.get(pk=game.event_id)
    with CaptureQueriesContext(connection) as seen:
        result = enter_at_table(game, played(10, 5))
    after = Event.objects.get(pk=game.event_id)
    assert result.game.version == Game.objects.get(pk=game.pk).version
    assert result.entry.pk == TableEntry.objects.get(game=game, status="waiting").pk
    assert not result.entry._state.adding
    assert result.entry.entered_by_name == players(game)[0].name
    assert TableEntry.objects.get(pk=result.entry.pk).entered_by_name == players(game)[0].name
    # The event's marker moved; the other games' pages stand (one game changed).
    assert after.changed_at > before.changed_at
    assert after.shared_changed_at == before.shared_changed_at
    return _rows(game), [q["sql"] for q in seen.captured_queries]


def test_an_entry_leaves_the_same_rows_in_one_statement_and_through_the_general_path(
    tournament, results_path
):
    _, games = make_bracket(tournament)
    first, second = games[(1, 0)], games[(1, 1)]
    results_path(True)
    fast, statements = _enter(first)
    one = [sql for sql in statements if sql.startswith("WITH e AS (INSERT")]
    assert len(one) == (1 if connection.vendor == "postgresql" else 0)
    results_path(False)
    general, statements = _enter(second)
    assert not [sql for sql in statements if sql.startswith("WITH e AS (INSERT")]
    assert fast == general
    assert fast[2] == TableEntry.Status.WAITING


def test_an_entry_written_in_one_statement_is_confirmed_and_counts(tournament, results_path):
    _, games = make_bracket(tournament)
    game = games[(1, 0)]
    results_path(True)
    entry = enter_at_table(game, played(10, 5)).entry
    confirm(game, entry)
    entry.refresh_from_db()
    game.refresh_from_db()
    assert entry.status == TableEntry.Status.CONFIRMED and entry.hand is not None
    assert game.hand_count == 1 and game.table_hand == ""
    assert list(game.sides.order_by("seat").values_list("total", flat=True)) == [10, 5]


def _confirm(game) -> tuple[list, list[str]]:
    entry = enter_at_table(game, played(10, 5)).entry
    with CaptureQueriesContext(connection) as seen:
        result = confirm(game, entry)
    assert result.game.table_hand == "" and result.entry.status == TableEntry.Status.CONFIRMED
    stored = TableEntry.objects.get(pk=entry.pk)
    assert stored.hand_id == result.hand.hand.pk and stored.answered_by_name
    assert stored.answered_by_name == players(game)[1].name
    return _rows(game), [q["sql"] for q in seen.captured_queries]


def test_a_confirmation_leaves_the_same_rows_in_one_statement_and_through_the_general_path(
    tournament, results_path
):
    """The entry's new status, hand and answer and the game's cleared flag: one statement
    after the hand's own on PostgreSQL; the ORM's two UPDATEs elsewhere."""
    _, games = make_bracket(tournament)
    first, second = games[(1, 0)], games[(1, 1)]
    results_path(True)
    fast, statements = _confirm(first)
    counted = [
        sql for sql in statements if sql.startswith('WITH e AS (UPDATE "scoring_tableentry"')
    ]
    assert len(counted) == (1 if connection.vendor == "postgresql" else 0)
    results_path(False)
    general, statements = _confirm(second)
    assert not [sql for sql in statements if sql.startswith("WITH e AS (UPDATE")]
    assert fast == general
    assert fast[2] == "" and fast[0][0]["status"] == TableEntry.Status.CONFIRMED
