"""A real Celery worker, fed through Redis, builds an export in the test database: the
whole-tournament workbook, opened afterwards with openpyxl."""

import os
import subprocess
import sys
import time
from pathlib import Path

import openpyxl
import pytest
from django.db import connection

from scoring.exports import export_file, request_export
from scoring.models import Export
from scoring.tasks import build_export
from tests.scoring.builders import enter, make_bracket, played
from tournaments import background

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data_dir(settings, tmp_path):
    """One data folder for this process and the worker: the file is written there."""
    settings.DATA_DIR = tmp_path
    return tmp_path


@pytest.fixture
def worker(postgres, redis_broker, transactional_db, data_dir):
    """Start `celery worker` on the test database; stop it after the test."""
    from config.celery import app

    db = connection.settings_dict
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "CELERY_BROKER_URL": redis_broker,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATA_DIR": str(data_dir),
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


def test_a_worker_builds_the_tournament_workbook_requested_by_the_web(worker, official, tournament):
    _, games = make_bracket(tournament)
    enter(games[(1, 0)], official, played(250, 5))
    export = request_export(tournament=tournament, by=official, kind="workbook", format="xlsx")
    assert background.start(export, build_export), export.error
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        export.refresh_from_db()
        if export.status != Export.Status.PENDING:
            break
        assert worker.poll() is None, worker.stdout.read()
        time.sleep(0.2)
    assert export.status == Export.Status.READY, f"export still {export.status}: {export.error}"
    book = openpyxl.load_workbook(export_file(export))
    assert "Doubles" in book.sheetnames
    rows = [[cell.value for cell in row] for row in book["Doubles"].iter_rows()]
    assert rows[-4][:7] == ["Doubles", "texas_good_sams", 1, None, "E1-R1-G1", "finished", "T1"]
