"""The compiled reads as prepared statements (`tournaments/prepared.py`: `rows`,
`rows_together`), on PostgreSQL: the same rows as the ORM gives, planned once a
connection, reads sent together in one pipeline that still run one after the other, and
Django's errors and broken transactions as on Django's own cursors."""

import threading

import pytest
from django.db import DatabaseError, connection, connections, transaction
from django.db.transaction import TransactionManagementError

from tests.conftest import needs_database
from tests.factories import drawn_doubles
from tests.tournaments.test_prepared_statements import _other_connection
from tournaments import held_markers, prepared, selectors
from tournaments.compiled import together
from tournaments.models import Event, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event(tournament, official):
    needs_database("postgresql")  # prepared statements and the pipeline: PostgreSQL only
    return drawn_doubles(tournament, official, 8)


def _prepared_count() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements")
        return cursor.fetchone()[0]


def test_a_compiled_read_gives_the_orms_rows_and_is_planned_once_a_connection(event):
    assert held_markers.only_watched(connection) and not connection.queries_logged
    orm = list(selectors.bracket_rows.queryset(event=event.pk))
    assert selectors.bracket_rows(event=event.pk) == orm
    count = _prepared_count()
    for _ in range(6):
        assert selectors.bracket_rows(event=event.pk) == orm
    assert _prepared_count() == count  # prepared at its first run, not again
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT generic_plans + custom_plans FROM pg_prepared_statements "
            "WHERE statement LIKE %s",
            ["%tournaments_side%"],
        )
        assert cursor.fetchone()[0] >= 7


def test_reads_together_in_the_pipeline_give_what_each_gives_alone(event, official):
    other = drawn_doubles(event.tournament, official, 4, name="Other")
    alone = [selectors.bracket_rows(event=event.pk), selectors.bracket_rows(event=other.pk)]
    assert held_markers.only_watched(connection) and not connection.queries_logged
    found = together(
        (selectors.bracket_rows, {"event": event.pk}),
        (selectors.bracket_rows, {"event": other.pk}),
    )
    assert found == alone and len(alone[0]) > len(alone[1]) > 0
    # Outside a transaction each runs alone: none is left open behind them.
    assert not connection.in_atomic_block
    assert connection.connection.info.transaction_status.name == "IDLE"


def test_a_read_after_a_lock_sees_what_was_committed_while_it_waited(event):
    """As the hands are read after the game's lock: the second statement of the pipeline
    takes its snapshot after the first was granted its lock."""
    tournament = event.tournament
    sql_lock = "SELECT id FROM tournaments_event WHERE id = %s FOR UPDATE"
    sql_name = "SELECT name FROM tournaments_tournament WHERE id = %s"
    found, started = {}, threading.Event()

    def reader():
        try:
            with transaction.atomic():
                started.set()
                found["rows"] = prepared.rows_together(
                    [(sql_lock, [event.pk]), (sql_name, [tournament.pk])]
                )
        finally:
            connections.close_all()

    with _other_connection() as other:
        other.autocommit = False
        other.execute("SELECT id FROM tournaments_event WHERE id = %s FOR UPDATE", [event.pk])
        other.execute(
            "UPDATE tournaments_tournament SET name = 'Renamed' WHERE id = %s", [tournament.pk]
        )
        thread = threading.Thread(target=reader)
        thread.start()
        started.wait(5)
        thread.join(0.3)
        assert thread.is_alive()  # waiting for the lock
        other.commit()
    thread.join(10)
    assert found["rows"] == [[(event.pk,)], [("Renamed",)]]


def test_an_error_in_the_pipeline_is_djangos_and_breaks_the_transaction(event):
    statements = [("SELECT %s::integer", [1]), ("SELECT 1 / %s::integer", [0])]
    with pytest.raises(TransactionManagementError), transaction.atomic():
        with pytest.raises(DatabaseError) as raised, transaction.atomic(savepoint=False):
            prepared.rows_together(statements)
        assert type(raised.value).__module__.startswith("django.db")
        prepared.rows("SELECT %s::integer", [1])
    # Rolled back, the connection reads again, in the pipeline and alone.
    assert prepared.rows_together(statements[:1] * 2) == [[(1,)], [(1,)]]
    assert prepared.rows("SELECT %s::integer", [2]) == [(2,)]
    assert Event.objects.filter(pk=event.pk).exists()


def test_any_other_wrapper_sees_reads_together_as_one_execute(event):
    seen = []

    def spy(execute, sql, params, many, context):
        seen.append(sql)
        return execute(sql, params, many, context)

    alone = selectors.bracket_rows(event=event.pk)
    alone_sql = selectors.bracket_rows.statement(event=event.pk)[0]
    with connection.execute_wrapper(spy):
        found = together(
            (selectors.bracket_rows, {"event": event.pk}),
            (selectors.bracket_rows, {"event": event.pk}),
        )
    assert found == [alone, alone]
    assert len(seen) == 1 and seen[0].count("SELECT") == 2 * alone_sql.count("SELECT")


def test_behind_a_pooler_that_keeps_no_prepared_statements_none_is_prepared(event, monkeypatch):
    """The database's OPTIONS set ``prepare_threshold`` to None: the reads still run."""
    connection.close()
    options = {**connection.settings_dict["OPTIONS"], "prepare_threshold": None}
    monkeypatch.setitem(connection.settings_dict, "OPTIONS", options)
    connection.ensure_connection()
    assert connection.connection.prepare_threshold is None
    orm = list(selectors.bracket_rows.queryset(event=event.pk))
    assert selectors.bracket_rows(event=event.pk) == orm
    assert together(
        (selectors.bracket_rows, {"event": event.pk}),
    ) == [orm]
    name = Tournament.objects.values_list("name", flat=True).get(pk=event.tournament_id)
    sql = "SELECT name FROM tournaments_tournament WHERE id = %s"
    assert prepared.rows_together([(sql, [event.tournament_id])] * 2) == [[(name,)]] * 2
    assert _prepared_count() == 0
    connection.close()
