"""A restore runs in the background, like an export: the page answers at once, shows a bar
while the worker reads the file, says so when the broker is down, and keeps the uploaded
file only until the restore is done or has failed."""

import io

import pytest
from django.urls import reverse

from scoring import tasks
from scoring.backup import jobs
from scoring.backup import restore as restore_module
from scoring.models import Restore
from tests.scoring.test_backup import backup_bytes
from tests.services.test_exports_broker import closed_port, dead_broker  # noqa: F401
from tournaments.background import SEND_FAILED, STUCK
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    return tmp_path


def _upload(raw: bytes, name: str = "rally.json"):
    upload = io.BytesIO(raw)
    upload.name = name
    return upload


def _kept(data_dir) -> list:
    folder = data_dir / "restores"
    return list(folder.iterdir()) if folder.exists() else []


def test_with_the_broker_down_the_page_says_so_and_keeps_no_file(
    official_client,
    played_tournament,
    data_dir,
    dead_broker,  # noqa: F811
):
    dead_broker(closed_port())
    url = reverse("scoring:backup", args=["rally"])
    response = official_client.post(
        url, {"file": _upload(backup_bytes(played_tournament)), "slug": "copy"}, follow=True
    )
    assert SEND_FAILED in response.text
    restore = Restore.objects.get()
    assert restore.is_failed and restore.error == SEND_FAILED
    assert not _kept(data_dir)
    assert not Tournament.objects.filter(slug="copy").exists()


def test_the_worker_reports_how_far_it_has_read(played_tournament, official, data_dir, monkeypatch):
    monkeypatch.setattr(restore_module, "PROGRESS_EVERY", 1)
    seen = []
    real = jobs._set_progress
    monkeypatch.setattr(jobs, "_set_progress", lambda pk, p: seen.append(p) or real(pk, p))
    restore = jobs.request_restore(
        tournament=played_tournament,
        by=official,
        upload=_upload(backup_bytes(played_tournament)),
        slug="copy",
    )
    assert _kept(data_dir)
    assert jobs.progress_of(restore) == 0
    jobs.run_restore(restore_id=restore.pk)
    restore.refresh_from_db()
    assert restore.status == Restore.Status.READY and restore.progress == 100
    assert restore.restored.slug == "copy" and restore.restored.owner == official
    assert seen == sorted(seen) and 0 < seen[-1] <= 99
    assert jobs.progress_of(restore) == 100
    assert not _kept(data_dir)


def test_a_restore_nobody_finished_is_failed_and_its_file_removed(
    official_client, played_tournament, official, data_dir, settings
):
    restore = jobs.request_restore(
        tournament=played_tournament,
        by=official,
        upload=_upload(backup_bytes(played_tournament)),
        slug="copy",
    )
    assert _kept(data_dir) and restore.is_pending
    settings.BACKGROUND_STUCK_AFTER = 0
    response = official_client.get(reverse("scoring:backup", args=["rally"]))
    restore.refresh_from_db()
    assert restore.is_failed and restore.error == STUCK
    assert "Refused: " + STUCK.split(" (")[0] in response.text
    assert not _kept(data_dir)


def test_a_fault_of_the_desk_fails_the_job_and_removes_the_file(
    played_tournament, official, data_dir, monkeypatch
):
    restore = jobs.request_restore(
        tournament=played_tournament,
        by=official,
        upload=_upload(backup_bytes(played_tournament)),
        slug="copy",
    )

    def broken(*args, **kwargs):
        raise RuntimeError("a fault")

    monkeypatch.setattr(jobs, "restore_backup", broken)
    with pytest.raises(RuntimeError):
        tasks.restore_backup(restore.pk)
    restore.refresh_from_db()
    assert restore.is_failed and restore.error == jobs.RESTORE_FAILED
    assert not _kept(data_dir)
    assert not Tournament.objects.filter(slug="copy").exists()


def test_a_file_that_is_no_backup_is_refused_at_once(official_client, played_tournament, data_dir):
    url = reverse("scoring:backup", args=["rally"])
    response = official_client.post(url, {"file": _upload(b'{"hello": 1}'), "slug": "x"})
    assert response.status_code == 422
    assert "This is not a domino desk tournament backup" in response.text
    assert not Restore.objects.exists() and not _kept(data_dir)


def test_the_bar_polls_while_a_restore_is_pending(
    official_client, played_tournament, official, data_dir
):
    jobs.request_restore(
        tournament=played_tournament,
        by=official,
        upload=_upload(backup_bytes(played_tournament)),
        slug="copy",
    )
    url = reverse("scoring:backup", args=["rally"])
    response = official_client.get(url + "?part=restores", HTTP_HX_REQUEST="true")
    assert "Being restored" in response.text and 'hx-trigger="every 1s"' in response.text
