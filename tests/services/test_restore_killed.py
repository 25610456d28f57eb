"""A real Celery worker killed (SIGKILL) in the middle of a restore leaves nothing written:
its transaction never commits. The job is marked failed once BACKGROUND_STUCK_AFTER has
passed, as exports are, and the uploaded file it left is removed then."""

import io
import os
import random
import signal
import sys
import time

import pytest

from scoring.backup import jobs, write_backup
from scoring.models import Restore
from scoring.tasks import restore_backup
from tests.services.test_celery_worker import ROOT, data_dir, worker  # noqa: F401
from tournaments import background
from tournaments.background import STUCK
from tournaments.models import Player, Tournament


def _big_backup(tournament, official) -> bytes:
    """A backup of 8,000 hands: long enough to read for the worker to be caught at it."""
    sys.path.insert(0, str(ROOT / "bench"))
    from standings import build_event

    build_event(tournament, official, 400, "Double Draw", random.Random(7))
    stream = io.BytesIO()
    write_backup(tournament, stream)
    return stream.getvalue()


def test_a_worker_killed_mid_restore_leaves_nothing_and_the_job_fails(
    worker,  # noqa: F811
    data_dir,  # noqa: F811
    official,
    tournament,
    settings,
):
    if not settings.REDIS_URL:
        pytest.fail("The restore's progress goes through the shared cache: set REDIS_URL.")
    upload = io.BytesIO(_big_backup(tournament, official))
    upload.name = "big.json"
    players = Player.objects.count()
    restore = jobs.request_restore(tournament=tournament, by=official, upload=upload, slug="copy")
    kept = data_dir / "restores" / restore.path
    assert background.start(restore, restore_backup)
    deadline = time.monotonic() + 90
    while jobs.progress_of(restore) == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert jobs.progress_of(restore) > 0, "the worker never started reading"
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait(timeout=20)

    restore.refresh_from_db()
    assert restore.is_pending and kept.exists()
    assert not Tournament.objects.filter(slug="copy").exists()
    assert Player.objects.count() == players

    settings.BACKGROUND_STUCK_AFTER = 0
    assert jobs.fail_stuck_restores(tournament) == 1
    restore.refresh_from_db()
    assert restore.status == Restore.Status.FAILED and restore.error == STUCK
    assert not kept.exists()
