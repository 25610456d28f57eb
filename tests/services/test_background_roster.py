"""Roster files checked by a real Celery worker through Redis, and by none at all."""

import datetime
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments.models import RosterUpload

pytestmark = [pytest.mark.services]
ROOT = Path(__file__).resolve().parents[2]
QUIET = ["--loglevel", "INFO", "--without-gossip", "--without-mingle", "--without-heartbeat"]


@pytest.fixture
def worker(postgres, redis_broker, transactional_db, tmp_path):
    """Start `celery worker` on the test database; stop it after the test."""
    from config.celery import app

    db = connection.settings_dict
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "CELERY_BROKER_URL": redis_broker,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATA_DIR": str(tmp_path),
    }
    app.control.purge()
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo", *QUIET],
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


def upload(client, tournament):
    started = time.monotonic()
    response = client.post(
        reverse("desk:roster_import", args=[tournament.slug]),
        {"file": SimpleUploadedFile("r.csv", b"name,chapter\nAda Pruitt,Lone Star\n")},
    )
    assert response.status_code == 302
    assert time.monotonic() - started < 3
    return response["Location"]


def test_a_worker_checks_the_file_while_the_page_polls(worker, official, tournament):
    client = Client()
    client.force_login(official)
    url = upload(client, tournament)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        page = client.get(url, headers={"HX-Request": "true"}).content.decode()
        if "Check before importing" in page:
            break
        assert "Checking" in page
        assert worker.poll() is None, worker.stdout.read()
        time.sleep(0.2)
    assert "Check before importing: 1 players" in page
    assert RosterUpload.objects.get().data == b""


def test_without_a_worker_the_page_answers_and_the_job_fails_in_time(
    redis_broker, postgres, transactional_db, official, tournament
):
    from config.celery import app

    app.conf.task_always_eager = False
    try:
        client = Client()
        client.force_login(official)
        url = upload(client, tournament)
        assert "Checking" in client.get(url).content.decode()
        RosterUpload.objects.update(queued_at=timezone.now() - datetime.timedelta(minutes=6))
        page = client.get(url).content.decode()
    finally:
        app.conf.task_always_eager = True
        app.control.purge()
    assert "did not finish this in time" in page and "Try again" in page
    assert RosterUpload.objects.get().status == "failed"
