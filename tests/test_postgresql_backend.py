"""The PostgreSQL backend's socket check (config/postgresql/base.py), without PostgreSQL:
a wrapper given a stand-in connection over a real socket pair. An idle socket with
nothing to read is taken as it is; one with bytes waiting, closed by its peer, not idle
or closed gets Django's own check (`is_usable`, counted here). On PostgreSQL,
tests/services/test_health_check.py runs the same against a real backend it terminates."""

import socket
from types import SimpleNamespace

import pytest

from config.postgresql.base import DatabaseWrapper


@pytest.fixture
def wired(monkeypatch):
    """A wrapper with health checks on, its connection one end of a socket pair; the other
    end plays the server. Returns (wrapper, server end, Django's checks sent)."""
    ours, server = socket.socketpair()
    settings = {
        "NAME": "desk",
        "USER": "",
        "PASSWORD": "",
        "HOST": "",
        "PORT": "",
        "OPTIONS": {},
        "CONN_HEALTH_CHECKS": True,
        "CONN_MAX_AGE": 60,
        "AUTOCOMMIT": True,
        "TIME_ZONE": None,
        "ATOMIC_REQUESTS": False,
    }
    db = DatabaseWrapper(settings)
    db.health_check_enabled = True  # as connect() sets it from CONN_HEALTH_CHECKS
    db.connection = SimpleNamespace(
        closed=False,
        info=SimpleNamespace(transaction_status=0),  # idle
        pgconn=SimpleNamespace(socket=ours.fileno()),
    )
    sent = []
    monkeypatch.setattr(DatabaseWrapper, "is_usable", lambda self: sent.append(1) or True)
    yield db, server, sent
    ours.close()
    server.close()


def checked(db) -> bool:
    """Run a request's check; say whether it was taken as it is (no SELECT 1)."""
    db.health_check_done = False
    db.close_if_health_check_failed()
    assert db.health_check_done
    return db._nothing_to_read()


def test_an_idle_socket_with_nothing_to_read_is_taken_as_it_is(wired):
    db, _, sent = wired
    assert checked(db) and checked(db)
    assert sent == []


def test_bytes_waiting_or_a_closed_peer_get_django_s_check(wired):
    db, server, sent = wired
    server.send(b"E")  # what a terminated backend sends before it closes
    assert not checked(db)
    server.close()
    assert not checked(db)
    assert len(sent) == 2


@pytest.mark.parametrize("state", [{"transaction_status": 2}, {"closed": True}])
def test_a_connection_not_idle_or_closed_gets_django_s_check(wired, state):
    db, _, sent = wired
    if "closed" in state:
        db.connection.closed = True
    else:
        db.connection.info.transaction_status = state["transaction_status"]
    assert not checked(db)
    assert sent == [1]


def test_no_connection_or_health_checks_off_is_left_to_django(wired):
    db, _, sent = wired
    db.settings_dict["CONN_HEALTH_CHECKS"] = False
    db.health_check_enabled = False
    db.health_check_done = False
    db.close_if_health_check_failed()
    assert sent == [] and not db.health_check_done  # Django's own early return
    db.connection = SimpleNamespace(closed=False, info=SimpleNamespace(transaction_status=0))
    assert not db._nothing_to_read()  # no socket to read: told "cannot tell"
