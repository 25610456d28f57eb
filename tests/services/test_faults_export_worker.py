"""A real Celery worker, fed through Redis, meets faults in the middle of an export.

- Killed (SIGKILL) while building: after BACKGROUND_STUCK_AFTER the export is failed,
  the page says so and offers a retry, and the retry builds it.
- The broker goes away while the worker builds: the export is still built.
- The broker goes away before any worker took the export: after BACKGROUND_STUCK_AFTER
  the export is failed with a retry; a retry while the broker is still away says so at
  once; once it is back, the retry is sent.

The worker is tests/services/paused_export_worker.py: the real worker, holding each
export once its file is written, so the fault lands at a known point of the build.
The broker is reached through a relay (tests/services/relay.py) to take it away.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.db import connection
from django.urls import reverse
from django.utils.html import escape

from scoring.exports import request_export
from scoring.models import Export
from scoring.tasks import build_export
from tests.scoring.builders import enter, make_bracket, played
from tests.services.relay import Relay
from tournaments import background
from tournaments.background import SEND_FAILED, STUCK

pytestmark = pytest.mark.services

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def broker(redis_broker, monkeypatch):
    """The test's Celery app sending through a relay to the real broker; eager off."""
    from config.celery import app

    where = urlsplit(redis_broker)
    relay = Relay((where.hostname, where.port or 6379))
    relay.start()
    url = f"redis://127.0.0.1:{relay.port}{where.path}"
    saved = app.conf.broker_url
    # Celery reads CELERY_BROKER_URL from the environment before its own settings.
    monkeypatch.setenv("CELERY_BROKER_URL", url)
    app.conf.broker_url = url
    app._pool = None
    app.amqp._producer_pool = None
    app.control.purge()
    app.conf.task_always_eager = False
    relay.url = url
    yield relay
    if not relay.running:
        relay.start()
    app.control.purge()
    relay.stop()
    monkeypatch.undo()
    app.conf.broker_url = saved
    app.conf.task_always_eager = True
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    return tmp_path


@pytest.fixture
def start_worker(postgres, transactional_db, data_dir, broker):
    """Start the paused worker on the test database and the relayed broker."""
    started = []

    def start(pause: float) -> subprocess.Popen:
        db = connection.settings_dict
        env = {
            **os.environ,
            "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
            "CELERY_BROKER_URL": broker.url,
            "DATA_DIR": str(data_dir),
            "EXPORT_PAUSE_SECONDS": str(pause),
        }
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "tests" / "services" / "paused_export_worker.py")],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=20)


@pytest.fixture
def played_tournament(tournament, official):
    _, games = make_bracket(tournament)
    enter(games[(1, 0)], official, played(250, 5))
    return tournament


def wait_for(condition, worker=None, seconds: float = 60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        if worker is not None and worker.poll() is not None:
            pytest.fail(f"the worker stopped:\n{worker.stdout.read()}")
        time.sleep(0.1)
    pytest.fail("waited in vain")


def progress_of(export) -> int:
    export.refresh_from_db()
    return export.progress


def test_a_worker_killed_mid_export_leaves_a_failed_export_with_a_retry(
    start_worker, official_client, official, played_tournament, settings, broker
):
    worker = start_worker(pause=300)
    export = request_export(tournament=played_tournament, by=official, kind="games", format="csv")
    assert background.start(export, build_export), export.error
    wait_for(lambda: progress_of(export) == 50, worker)
    assert list((Path(settings.DATA_DIR) / "exports" / str(export.pk)).glob("*.partial"))

    os.kill(worker.pid, signal.SIGKILL)
    worker.wait(timeout=20)
    settings.BACKGROUND_STUCK_AFTER = 1
    time.sleep(1.2)
    url = reverse("scoring:exports", args=[played_tournament.slug])
    page = official_client.get(url)
    assert page.status_code == 200
    export.refresh_from_db()
    assert export.status == Export.Status.FAILED and export.error == STUCK
    assert escape(STUCK) in page.text
    retry = reverse("scoring:export_retry", args=[played_tournament.slug, export.pk])
    assert f'action="{retry}"' in page.text

    # The retry (the desk's own process building it) replaces the half-written file.
    from config.celery import app

    app.conf.task_always_eager = True
    official_client.post(retry)
    export.refresh_from_db()
    assert export.status == Export.Status.READY, export.error
    folder = Path(settings.DATA_DIR) / "exports" / str(export.pk)
    assert [path.name for path in folder.iterdir()] == [export.filename]


def test_a_broker_gone_while_a_worker_builds_loses_nothing(
    start_worker, official, played_tournament, broker
):
    worker = start_worker(pause=3)
    export = request_export(tournament=played_tournament, by=official, kind="games", format="csv")
    assert background.start(export, build_export), export.error
    wait_for(lambda: progress_of(export) == 50, worker)
    broker.stop()
    wait_for(lambda: progress_of(export) == 100, worker, seconds=30)
    assert export.status == Export.Status.READY


def test_a_broker_gone_before_a_worker_took_the_export_ends_in_a_retry_not_a_wait(
    official_client, official, played_tournament, settings, broker, postgres, transactional_db
):
    slug = played_tournament.slug
    export = request_export(tournament=played_tournament, by=official, kind="games", format="csv")
    assert background.start(export, build_export), export.error
    broker.stop()
    settings.BACKGROUND_STUCK_AFTER = 1
    time.sleep(1.2)
    page = official_client.get(reverse("scoring:exports", args=[slug]))
    export.refresh_from_db()
    assert export.status == Export.Status.FAILED and escape(STUCK) in page.text

    retry = reverse("scoring:export_retry", args=[slug, export.pk])
    started = time.monotonic()
    page = official_client.post(retry, {}, follow=True)
    assert time.monotonic() - started < 3.5
    export.refresh_from_db()
    assert export.status == Export.Status.FAILED and export.error == SEND_FAILED
    assert escape(SEND_FAILED) in page.text and f'action="{retry}"' in page.text

    broker.start()
    official_client.post(retry)
    export.refresh_from_db()
    assert export.status == Export.Status.PENDING
