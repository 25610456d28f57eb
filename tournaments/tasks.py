"""Celery tasks: thin wrappers that load by id and call a service."""

import logging

from celery import shared_task

from . import background
from .models import RosterUpload
from .services import roster_files

log = logging.getLogger(__name__)

CHECK_FAILED = "The file could not be checked because of a fault on the desk; it has been logged."


@shared_task
def check_roster_upload(upload_id: int) -> str:
    """Read and check an uploaded roster file; a fault is recorded on the upload, not lost."""
    try:
        upload = roster_files.check_roster_upload(upload_id=upload_id)
    except Exception:
        log.exception("Checking roster upload %s failed", upload_id)
        background.fail(upload_id, RosterUpload, CHECK_FAILED)
        raise
    return upload.status if upload else "gone"
