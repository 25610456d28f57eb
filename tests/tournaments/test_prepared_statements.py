"""The prepared statements' direct path (`tournaments/prepared.py`), on PostgreSQL.

With nothing but the marker watch wrapping the connection, a result's statement goes to
psycopg on a kept cursor, past Django's cursor wrapper. These tests hold it to what the
wrapper gave: the page markers told at the commit, Django's errors, a broken transaction
refused, a new cursor after a reconnection, and every other wrapper still seeing it.
"""

import pytest
from django.db import DatabaseError, OperationalError, connection, transaction
from django.db.transaction import TransactionManagementError

from tests.conftest import needs_database
from tests.tournaments.test_services_results import game_at, make_doubles, team_at, win
from tournaments import held_markers, prepared
from tournaments.models import Activity, Game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def doubles(tournament, official):
    needs_database("postgresql")  # the prepared statements run on PostgreSQL only
    return make_doubles(tournament, official)


@pytest.fixture
def told(monkeypatch):
    """Each time the page markers are told (as `held_markers.tell` is called)."""
    calls = []
    monkeypatch.setattr(held_markers, "tell", lambda: calls.append(1))
    return calls


def test_a_result_takes_the_direct_path_and_writes_what_it_did(doubles, official):
    game = game_at(doubles, 1, 0)
    lines = Activity.objects.count()
    assert held_markers.only_watched(connection) and not connection.queries_logged
    win(game, 1, official)
    game.refresh_from_db()
    assert (game.status, game.winner_seat, game.version) == (Game.Status.FINISHED, 1, 1)
    assert team_at(game_at(doubles, 2, 0), 0) == team_at(game, 1)
    assert connection._desk_statement_cursor.connection is connection.connection
    assert Activity.objects.count() == lines + 1


def test_it_tells_the_page_markers_after_the_commit_not_before(doubles, official, told):
    with transaction.atomic():
        win(game_at(doubles, 1, 0), 0, official)
        assert told == []
    assert told == [1]


def test_outside_a_transaction_it_tells_at_once(doubles, official, told):
    win(game_at(doubles, 1, 1), 0, official)
    assert told == [1]


def test_a_rolled_back_result_tells_nothing_and_leaves_nothing(doubles, official, told):
    game = game_at(doubles, 1, 0)
    with transaction.atomic():
        win(game, 0, official)
        transaction.set_rollback(True)
    assert told == []
    game.refresh_from_db()
    assert (game.status, game.version) == (Game.Status.READY, 0)


def test_a_transaction_broken_by_an_earlier_error_is_refused_as_django_refuses_it(
    doubles, official
):
    game = game_at(doubles, 1, 0)
    with pytest.raises(TransactionManagementError), transaction.atomic():
        with (
            pytest.raises(DatabaseError),
            transaction.atomic(savepoint=False),
            connection.cursor() as cursor,
        ):
            cursor.execute("SELECT 1 / 0")
        prepared.run("SELECT %(n)s::integer", {"n": 1})
    game.refresh_from_db()
    assert game.status == Game.Status.READY


def test_a_database_error_is_djangos(doubles):
    with pytest.raises(DatabaseError) as raised:
        prepared.run("SELECT 1 / %(n)s::integer", {"n": 0})
    assert type(raised.value).__module__.startswith("django.db")


def test_a_lost_connection_is_djangos_and_the_next_connection_gets_its_own_cursor(
    doubles, official
):
    prepared.run("SELECT %(n)s::integer", {"n": 1})
    first = connection._desk_statement_cursor
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    with _other_connection() as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    with pytest.raises(OperationalError):
        prepared.run("SELECT %(n)s::integer", {"n": 1})
    connection.close()
    game = game_at(doubles, 1, 0)
    win(game, 1, official)
    assert connection._desk_statement_cursor is not first
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


def test_any_other_wrapper_sees_the_statement_through_djangos_cursor(doubles, official, told):
    seen = []

    def spy(execute, sql, params, many, context):
        seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        assert not held_markers.only_watched(connection)
        win(game_at(doubles, 1, 0), 0, official)
    assert any(sql.startswith("WITH g AS MATERIALIZED") for sql in seen)
    assert told == [1]  # told by the watch, as for any statement


def _other_connection():
    """A second psycopg connection to the same database."""
    import psycopg

    settings = connection.settings_dict
    return psycopg.connect(
        dbname=settings["NAME"],
        user=settings["USER"] or None,
        password=settings["PASSWORD"] or None,
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
        autocommit=True,
    )
