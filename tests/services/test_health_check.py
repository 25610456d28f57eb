"""A kept PostgreSQL connection is checked from its socket, not by a SELECT 1 round trip
(config/postgresql/base.py): a healthy idle one is taken as it is, one the database
dropped (its socket has the last error and the close to read) is checked as Django
checks it and replaced, and so is one that is not idle."""

import pytest
from django.db import close_old_connections, connection, connections

from tests.services.test_faults_database import kill_own_connection

pytestmark = [pytest.mark.services]


def wrapper_class() -> type:
    """The class of this thread's connection now (``connection`` is a proxy to it; a test
    that changed DATABASES may have made a new one)."""
    return type(connections["default"])


@pytest.fixture
def checks(postgres, transactional_db, monkeypatch) -> list:
    """The SELECT 1 checks Django's own health check sent (`is_usable`)."""
    sent = []
    usable = wrapper_class().is_usable

    def counted(db):
        sent.append(db.connection.info.backend_pid if db.connection else None)
        return usable(db)

    monkeypatch.setattr(wrapper_class(), "is_usable", counted)
    connection.ensure_connection()
    assert connection.health_check_enabled  # CONN_HEALTH_CHECKS, config/settings.py
    return sent


def next_request() -> None:
    """What Django does when a request starts: a kept connection is checked again."""
    close_old_connections()
    assert not connection.health_check_done


def test_the_backend_is_django_s_postgresql_backend_with_its_own_check(postgres):
    from django.db.backends.postgresql.base import DatabaseWrapper

    assert issubclass(wrapper_class(), DatabaseWrapper) and connection.vendor == "postgresql"
    assert wrapper_class().__module__ == "config.postgresql.base"


def test_a_healthy_kept_connection_is_used_without_a_select_1(checks):
    pid = connection.connection.info.backend_pid
    for _ in range(3):
        next_request()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 2")
            assert cursor.fetchone() == (2,)
        assert connection.health_check_done
    assert checks == []
    assert connection.connection.info.backend_pid == pid


def test_a_connection_the_database_dropped_is_checked_and_replaced(checks):
    pid = connection.connection.info.backend_pid
    next_request()
    kill_own_connection()
    with connection.cursor() as cursor:  # no "server closed the connection" here
        cursor.execute("SELECT 2")
        assert cursor.fetchone() == (2,)
    assert checks == [pid]  # the socket told: Django's check ran, failed, and replaced it
    assert connection.connection.info.backend_pid != pid


def test_a_connection_not_idle_is_checked_as_django_checks_it(checks):
    connection.connection.execute("BEGIN")  # outside Django's knowledge: not idle
    next_request()
    connection.close_if_health_check_failed()
    assert len(checks) == 1 and connection.health_check_done
    connection.connection.execute("ROLLBACK")
