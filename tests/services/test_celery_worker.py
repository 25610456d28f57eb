"""A real Celery worker, fed through Redis, builds an export in the test database."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from scoring.exports import request_export
from scoring.models import Export
from tests.factories import PlayerFactory

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def worker(postgres, redis_broker, transactional_db):
    """Start `celery worker` on the test database; stop it after the test."""
    from config.celery import app

    db = connection.settings_dict
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "CELERY_BROKER_URL": redis_broker,
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    app.control.purge()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool",
            "solo",
            "--loglevel",
            "INFO",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    app.conf.task_always_eager = False
    yield process
    app.conf.task_always_eager = True
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:  # pragma: no cover - a stuck worker
        process.kill()


def test_a_worker_builds_an_export_requested_by_the_web(worker, official, tournament):
    PlayerFactory(tournament=tournament, name="Ada Pruitt")
    export = request_export(tournament=tournament, by=official, kind="players")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        export.refresh_from_db()
        if export.status != Export.Status.PENDING:
            break
        assert worker.poll() is None, worker.stdout.read()
        time.sleep(0.2)
    assert export.status == Export.Status.READY, f"export still {export.status}"
    assert "Ada Pruitt" in export.content
