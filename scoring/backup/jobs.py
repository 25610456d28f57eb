"""Restores in the background: the uploaded file waits in the data folder for the worker.

`request_restore` keeps the upload (`DATA_DIR/restores/<id>.json`, 0600) and makes the
job's row; the view sends it to Celery (`background.start` with the task
`scoring.tasks.restore_backup`, removing the file when the broker does not take it:
`remove_file`); the task calls
`run_restore`, which restores in one transaction, reports its progress, and removes the
file whatever happens. A worker killed mid-restore leaves nothing written (the
transaction never commits); `fail_stuck_restores` marks its job failed after
`BACKGROUND_STUCK_AFTER` and removes the file it left.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from tournaments import background

from ..models import Restore
from .format import BackupError
from .head import read_head
from .restore import restore_backup

log = logging.getLogger(__name__)

RESTORE_FAILED = "The restore stopped on a fault of the desk (it is logged); nothing was restored."


def restores_folder() -> Path:
    folder = Path(settings.DATA_DIR) / "restores"
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def _file(restore: Restore) -> Path | None:
    return restores_folder() / restore.path if restore.path else None


def request_restore(*, tournament, by, upload, slug: str = "") -> Restore:
    """Keep an uploaded backup for the worker and make its job; refuse at once a file
    that is no backup, of another version, or whose address is taken."""
    head = read_head(upload)
    from tournaments.models import Tournament
    from tournaments.services.tournaments import check_slug

    wanted = check_slug(slug or str(head["tournament"].get("slug") or ""))
    if Tournament.objects.filter(slug=wanted).exists():
        raise BackupError(
            f"A tournament at the address “{wanted}” exists already; choose a new address "
            "for the restored copy."
        )
    with transaction.atomic():
        restore = Restore.objects.create(
            tournament=tournament,
            requested_by=by,
            filename=(getattr(upload, "name", "") or "backup.json")[-160:],
            slug=slug,
        )
        target = restores_folder() / f"{restore.pk}.json"
        descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as stream:
            upload.seek(0)
            for chunk in iter(lambda: upload.read(1 << 20), b""):
                stream.write(chunk)
        restore.path = target.name
        restore.save(update_fields=["path"])
    return restore


def remove_file(restore: Restore) -> None:
    path = _file(restore)
    if path is not None:
        path.unlink(missing_ok=True)
        Restore.objects.filter(pk=restore.pk).update(path="")


def fail_stuck_restores(tournament) -> int:
    """Mark failed the restores nobody finished in time, and remove the files they left."""
    mine = Restore.objects.filter(tournament=tournament)
    count = background.fail_stuck(mine)
    for restore in mine.filter(status=Restore.Status.FAILED).exclude(path=""):
        remove_file(restore)
    return count


def _progress_key(pk: int) -> str:
    return f"restore-progress:{pk}"


def _set_progress(pk: int, percent: int) -> None:
    """Tell the page how far the restore is. The restore's own transaction holds its row
    until the end, so the figure goes through the cache, which every process shares."""
    try:
        cache.set(_progress_key(pk), percent, timeout=background.stuck_after().total_seconds())
    except Exception:  # the bar is only a courtesy: the restore goes on without it
        log.warning("Could not store the progress of restore %s", pk, exc_info=True)


def progress_of(restore: Restore) -> int:
    """Return how far a restore is, in percent (what its worker last said while pending)."""
    if not restore.is_pending:
        return restore.progress
    try:
        return int(cache.get(_progress_key(restore.pk)) or restore.progress)
    except Exception:  # no figure: the bar shows where the row left it
        log.warning("Could not read the progress of restore %s", restore.pk, exc_info=True)
        return restore.progress


def run_restore(*, restore_id: int) -> Restore | None:
    """Restore the job's file; the Celery task's work. None when the job is gone."""
    restore = Restore.objects.select_related("requested_by").filter(pk=restore_id).first()
    if restore is None or not restore.is_pending:
        return restore
    path = _file(restore)

    def report(fraction: float) -> None:
        _set_progress(restore.pk, min(99, int(fraction * 100)))

    try:
        if path is None or not path.is_file():
            raise BackupError("The uploaded file is no longer kept; upload it again.")
        tournament = restore_backup(
            path, by=restore.requested_by, slug=restore.slug, progress=report
        )
    except BackupError as exc:
        background.fail(restore.pk, Restore, str(exc))
        Restore.objects.filter(pk=restore.pk).update(refusal=str(exc))
    else:
        background.finish(restore.pk, Restore, restored=tournament, progress=100)
    finally:
        remove_file(restore)
    restore.refresh_from_db()
    return restore
