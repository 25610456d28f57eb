"""With the broker down, asking for an export answers in under 3 s with a message and a
retry, and leaves no row "being built"; once the broker is back, the retry builds it.

The broker here is Redis at a closed port (connection refused at once) or a port that
takes the connection and never answers (the worse case). No real service is needed.
"""

import socket
import time

import pytest
from django.urls import reverse

from scoring.models import Export
from tournaments.background import SEND_FAILED

pytestmark = pytest.mark.django_db


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def silent_port():
    """A port that accepts connections and never says a word."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    yield server.getsockname()[1]
    server.close()


@pytest.fixture
def dead_broker(settings, tmp_path, monkeypatch):
    """Point Celery at a broker URL for the test, with eager mode off; restore after."""
    from config.celery import app

    settings.DATA_DIR = tmp_path
    saved = app.conf.broker_url, app.conf.broker_transport_options

    def point_at(port: int) -> None:
        app.conf.task_always_eager = False
        url = f"redis://127.0.0.1:{port}/0"
        # Celery reads CELERY_BROKER_URL from the environment before its own settings.
        monkeypatch.setenv("CELERY_BROKER_URL", url)
        app.conf.broker_url = url
        app.conf.broker_transport_options = {
            **saved[1],
            "socket_connect_timeout": 1,
            "socket_timeout": 1,
        }
        app._pool = None  # connections are pooled: forget the old broker's
        app.amqp._producer_pool = None

    yield point_at
    app.conf.broker_url, app.conf.broker_transport_options = saved
    app.conf.task_always_eager = True
    app._pool = None
    app.amqp._producer_pool = None


@pytest.mark.parametrize("broker", ["closed port", "silent port"])
def test_a_dead_broker_gives_the_official_a_message_and_a_retry(
    official_client, tournament, dead_broker, silent_port, broker
):
    # The official has the exports page open (and the process has served a page).
    page = official_client.get(reverse("scoring:exports", args=[tournament.slug]))
    assert page.status_code == 200
    dead_broker(closed_port() if broker == "closed port" else silent_port)
    started = time.monotonic()
    answer = official_client.post(
        reverse("scoring:export_create", args=[tournament.slug]),
        {"kind": "workbook", "format": "xlsx"},
    )
    # The request that waits on the broker answers in time (BACKGROUND_SEND_TIMEOUT, 2 s,
    # plus the request); the page it sends the official to is an ordinary page.
    seconds = time.monotonic() - started
    assert seconds < 3, f"the request took {seconds:.1f} s"
    if broker == "closed port":  # refused at once, not retried (max_retries in settings)
        assert seconds < 1, f"a refused connection took {seconds:.1f} s"
    assert answer.status_code == 302
    response = official_client.get(answer.url)
    assert response.status_code == 200
    assert SEND_FAILED in response.text
    export = Export.objects.get()
    assert export.status == Export.Status.FAILED and export.error == SEND_FAILED
    retry = reverse("scoring:export_retry", args=[tournament.slug, export.pk])
    assert f'action="{retry}"' in response.text and "Try again" in response.text

    # The broker is back (the embedded default: tasks run in-process): the retry builds it.
    from config.celery import app

    app.conf.task_always_eager = True
    response = official_client.post(retry, follow=True)
    export.refresh_from_db()
    assert export.status == Export.Status.READY
    assert f"Download {export.filename}" in response.text
