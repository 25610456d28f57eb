"""With REDIS_URL set and Redis out of reach, the desk works without its page cache.

The cache is the one the settings make from REDIS_URL (reloaded under that variable),
pointed at a port with nothing listening, or at one that takes connections and never
answers. No real Redis is needed: tests/services/test_faults_redis.py has the outage
that ends.
"""

import importlib
import logging
import socket
import socketserver
import threading
import time

import pytest
from django.core.cache import caches
from django.urls import reverse

from config import settings as desk_settings
from tests.factories import drawn_doubles, game_at
from tournaments import cache as forgiving
from tournaments import page_cache, services

pytestmark = pytest.mark.django_db


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def silent_port():
    """A port that takes connections and never says a word."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    yield server.getsockname()[1]
    server.close()


@pytest.fixture
def redis_at(settings, monkeypatch, tmp_path):
    """Use the caches the settings make from REDIS_URL=redis://127.0.0.1:<port>/0."""

    def point_at(port: int):
        monkeypatch.setenv("DATA_DIR", str(tmp_path))
        monkeypatch.setenv("REDIS_URL", f"redis://127.0.0.1:{port}/0")
        settings.CACHES = importlib.reload(desk_settings).CACHES
        return caches[page_cache.CACHE_ALIAS]

    yield point_at
    monkeypatch.undo()
    importlib.reload(desk_settings)


@pytest.fixture
def event(tournament, official):
    return drawn_doubles(tournament, official, 4)


def public_urls(event):
    slug = event.tournament.slug
    return [
        reverse("public:tournament", args=[slug]),
        reverse("public:bracket", args=[slug, event.pk]),
        reverse("scoring_public:game", args=[slug, game_at(event, 1, 0).pk]),
    ]


def test_with_redis_out_of_reach_every_public_page_is_built_without_it(client, event, redis_at):
    redis_at(closed_port())
    for url in public_urls(event):
        first = client.get(url)
        assert first.status_code == 200, url
        assert event.name in first.text
        # Built again each time by its view (nothing was stored; `public_page` tells the
        # view whether the page is shared), and a poll of it still gets its 304.
        again = client.get(url)
        assert again.status_code == 200 and hasattr(again.wsgi_request, "page_shared")
        poll = client.get(url, headers={"if-none-match": first.headers["ETag"]})
        assert poll.status_code == 304


def test_with_redis_out_of_reach_a_result_is_saved_and_shown_at_once(
    client, event, official, redis_at
):
    redis_at(closed_port())
    url = reverse("public:bracket", args=[event.tournament.slug, event.pk])
    before = client.get(url).content
    services.record_result(game=game_at(event, 1, 0), winner_seat=0, by=official)
    assert game_at(event, 1, 0).winner_seat == 0
    after = client.get(url)
    assert after.status_code == 200 and after.content != before


def test_with_redis_out_of_reach_an_official_signs_in_and_sees_the_desk(
    client, tournament, official, password, redis_at
):
    redis_at(closed_port())
    response = client.post(
        reverse("login"), {"username": official.username, "password": password}, follow=True
    )
    assert response.status_code == 200
    assert response.wsgi_request.user == official
    assert client.get(reverse("desk:dashboard", args=[tournament.slug])).status_code == 200


def test_redis_out_of_reach_is_logged_once_a_minute_not_per_request(
    client, event, redis_at, caplog, monkeypatch
):
    pages = redis_at(closed_port())
    # Every request tries Redis again here, so every one meets the fault.
    monkeypatch.setattr(forgiving, "RETRY_SECONDS", 0.0)
    # The home: two calls a request (its page read, then kept); a bracket also reads and
    # keeps its parts (`fragments`).
    url = reverse("public:tournament", args=[event.tournament.slug])
    with caplog.at_level(logging.WARNING, logger="tournaments.cache"):
        for _ in range(20):
            assert client.get(url).status_code == 200
        assert len(caplog.records) == 1
        assert "does not answer: pages are built without it" in caplog.records[0].getMessage()
        # A minute on, the next fault is logged again, with the calls missed since.
        pages.outage.logged_at -= forgiving.LOG_EVERY_SECONDS
        assert client.get(url).status_code == 200
    assert len(caplog.records) == 2
    assert "still does not answer (" in caplog.records[1].getMessage()
    assert "40 calls without it" in caplog.records[1].getMessage()


def test_a_redis_that_never_answers_costs_one_request_its_timeout_not_every_request(
    client, event, redis_at, silent_port
):
    redis_at(silent_port)
    url = reverse("public:bracket", args=[event.tournament.slug, event.pk])
    started = time.monotonic()
    assert client.get(url).status_code == 200
    first = time.monotonic() - started
    assert first < 2, f"the first page waited {first:.1f} s for Redis"
    started = time.monotonic()
    for _ in range(10):
        assert client.get(url).status_code == 200
    rest = time.monotonic() - started
    assert rest < 1, f"ten more pages took {rest:.1f} s"


def test_while_redis_is_out_of_reach_the_cache_answers_as_an_empty_cache(redis_at):
    pages = redis_at(closed_port())
    assert pages.get("page:x") is None
    assert pages.get("page:x", "gone") == "gone"
    assert pages.get_many(["a", "b"]) == {}
    assert pages.has_key("a") is False
    assert pages.add("a", 1) is False
    assert pages.set("a", 1) is None
    assert pages.delete("a") is False
    assert pages.get_or_set("a", 2) == 2
    page_cache.clear()


class _Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


class TinyRedis:
    """A local socket speaking just enough of Redis's protocol (RESP3) for the page cache:
    it keeps what SET and MSET store and answers GET and MGET (a page's parts,
    `fragments`, are read and kept together: MSET and EXPIREs in a MULTI ... EXEC); every
    other command gets "+OK". Opened and closed on the same port, it is a Redis that goes
    away and comes back."""

    def __init__(self, port: int):
        self.port = port
        self.stored: dict[bytes, bytes] = {}
        self.server = None
        self.queued: list[bytes] | None = None

    def open(self) -> None:
        self.server = _Server(("127.0.0.1", self.port), self._handler())
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        for connection in list(self.connections):
            connection.shutdown(socket.SHUT_RDWR)

    def _handler(self):
        tiny = self
        tiny.connections = set()

        class Handler(socketserver.StreamRequestHandler):
            def handle(self):
                tiny.connections.add(self.connection)
                try:
                    while command := self._command():
                        self.wfile.write(tiny.answer(command))
                except (OSError, ValueError):
                    pass  # the test closed the connection: Redis went away
                tiny.connections.discard(self.connection)

            def _command(self) -> list[bytes]:
                head = self.rfile.readline()
                if not head.startswith(b"*"):
                    return []
                parts = []
                for _ in range(int(head[1:])):
                    size = int(self.rfile.readline()[1:])
                    parts.append(self.rfile.read(size + 2)[:-2])
                return parts

        return Handler

    def answer(self, command: list[bytes]) -> bytes:
        name = command[0].upper()
        if name == b"MULTI":
            self.queued = []
            return b"+OK\r\n"
        if name == b"EXEC":
            done, self.queued = self.queued or [], None
            return b"*%d\r\n" % len(done) + b"".join(done)
        if self.queued is not None:
            self.queued.append(self._run(name, command))
            return b"+QUEUED\r\n"
        return self._run(name, command)

    def _run(self, name: bytes, command: list[bytes]) -> bytes:
        if name == b"HELLO":  # redis-py asks for the protocol's third version
            return b"%1\r\n+proto\r\n:3\r\n"
        if name == b"GET":
            value = self.stored.get(command[1])
            return b"_\r\n" if value is None else b"$%d\r\n%s\r\n" % (len(value), value)
        if name == b"SET":
            self.stored[command[1]] = command[2]
        if name == b"MGET":  # a page's parts (`fragments`) are read together
            values = [self.stored.get(key) for key in command[1:]]
            return b"*%d\r\n" % len(values) + b"".join(
                b"_\r\n" if v is None else b"$%d\r\n%s\r\n" % (len(v), v) for v in values
            )
        if name == b"MSET":
            self.stored.update(zip(command[1::2], command[2::2], strict=True))
        if name == b"EXPIRE":
            return b":1\r\n"
        return b"+OK\r\n"


def test_a_redis_that_goes_away_and_comes_back_is_used_again_and_never_serves_an_old_page(
    client, event, official, redis_at, caplog, monkeypatch
):
    port = closed_port()
    redis = TinyRedis(port)
    redis.open()
    pages = redis_at(port)
    monkeypatch.setattr(forgiving, "RETRY_SECONDS", 0.0)
    url = reverse("public:bracket", args=[event.tournament.slug, event.pk])
    before = client.get(url)
    assert client.get(url).templates == [], "the page was not kept in Redis"
    with caplog.at_level(logging.WARNING, logger="tournaments.cache"):
        redis.close()
        services.record_result(game=game_at(event, 1, 0), winner_seat=0, by=official)
        during = client.get(url)
        assert during.status_code == 200 and during.content != before.content
        redis.open()
        after = client.get(url)
    assert after.content == during.content
    assert client.get(url).templates == [], "Redis is not used again"
    assert pages.outage.down_since is None
    messages = [record.getMessage() for record in caplog.records]
    assert len(messages) == 2 and "answers again" in messages[1]
    redis.close()
