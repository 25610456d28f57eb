"""Background work with a broken broker: the page answers in under 3 s; no job stays pending."""

import datetime
import socket
import threading
import time

import pytest
from celery import Celery
from django.utils import timezone

from tournaments import background
from tournaments.models import RosterUpload

pytestmark = pytest.mark.django_db


def unanswering_broker():
    """Return the URL of a Redis that accepts connections and never answers."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held = []
    stop = threading.Event()

    def accept():
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    threading.Thread(target=accept, daemon=True).start()
    port = server.getsockname()[1]

    def close():
        stop.set()
        for conn in held:
            conn.close()
        server.close()

    return f"redis://127.0.0.1:{port}/0", close


def closed_port_broker():
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return f"redis://127.0.0.1:{port}/0", lambda: None


@pytest.fixture(autouse=True)
def _own_broker(monkeypatch):
    """Celery prefers CELERY_BROKER_URL from the environment to an app's own broker."""
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)


def task_on(broker_url):
    app = Celery("test-broker", broker=broker_url, set_as_current=False)
    app.conf.task_ignore_result = True
    app.conf.broker_connection_timeout = 2
    app.conf.broker_transport_options = {"socket_connect_timeout": 2}

    @app.task(name="tests.nothing")
    def nothing(job_id):  # pragma: no cover - never delivered
        return job_id

    return nothing


@pytest.mark.parametrize("broker", [closed_port_broker, unanswering_broker])
def test_a_dead_broker_is_given_up_in_under_three_seconds(broker, settings):
    settings.BACKGROUND_SEND_TIMEOUT = 2
    url, close = broker()
    try:
        task = task_on(url)
        started = time.monotonic()
        assert background.enqueue(task, 1) is False
        assert time.monotonic() - started < 3
    finally:
        close()


def upload_row(tournament, **fields):
    return RosterUpload.objects.create(tournament=tournament, filename="r.csv", **fields)


def test_start_marks_the_job_failed_with_a_message_when_not_sent(tournament, settings):
    url, close = unanswering_broker()
    try:
        job = upload_row(tournament, data=b"name\nAda\n")
        started = time.monotonic()
        assert background.start(job, task_on(url)) is False
        assert time.monotonic() - started < 3
    finally:
        close()
    assert job.status == "failed" and job.error == background.SEND_FAILED


def test_a_job_pending_too_long_is_marked_failed(tournament):
    old = upload_row(tournament, queued_at=timezone.now() - datetime.timedelta(minutes=6))
    fresh = upload_row(tournament)
    done = upload_row(tournament, status="ready")
    assert background.fail_stuck(RosterUpload.objects.all()) == 1
    old.refresh_from_db(), fresh.refresh_from_db(), done.refresh_from_db()
    assert (old.status, old.error) == ("failed", background.STUCK)
    assert (fresh.status, done.status) == ("pending", "ready")


def test_a_result_is_saved_only_on_a_job_still_pending(tournament):
    job = upload_row(tournament)
    assert background.finish(job.pk, RosterUpload, rows=[[2, "Ada", ""]])
    assert not background.finish(job.pk, RosterUpload, rows=[])
    job.refresh_from_db()
    assert job.status == "ready" and job.rows == [[2, "Ada", ""]]


def test_an_eager_task_that_raises_counts_as_not_sent(tournament):
    app = Celery("eager", set_as_current=False)
    app.conf.task_always_eager = True

    @app.task(name="tests.broken")
    def broken(job_id):
        raise RuntimeError("no")

    job = upload_row(tournament)
    assert background.start(job, broken) is False
    assert job.status == "failed"


@pytest.mark.parametrize("broker", [closed_port_broker, unanswering_broker])
def test_the_desks_own_settings_give_a_dead_broker_up_in_time(broker, tmp_path):
    """The desk as configured (CELERY_BROKER_URL set, the real task), in a process of its own."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    url, close = broker()
    code = (
        "import os, time, django\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings')\n"
        "django.setup()\n"
        "from tournaments import background\n"
        "from tournaments.tasks import check_roster_upload\n"
        "started = time.monotonic()\n"
        "sent = background.enqueue(check_roster_upload, 1)\n"
        "print(sent, round(time.monotonic() - started, 2), flush=True)\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "REDIS_URL"))}
    env.update(CELERY_BROKER_URL=url, DATA_DIR=str(tmp_path))
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            cwd=Path(__file__).resolve().parents[2],
            env=env,
            capture_output=True,
            text=True,
            timeout=15,
        )
    finally:
        close()
    # The process ends at once too: a send still waiting for the broker never holds it.
    sent, seconds = done.stdout.split()
    assert sent == "False", done.stderr
    assert float(seconds) < 3
