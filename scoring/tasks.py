"""Celery tasks: thin wrappers that load by id and call a service."""

import logging

from celery import shared_task

from tournaments import background

from . import exports
from .models import Export

log = logging.getLogger(__name__)


@shared_task
def build_export(export_id: int) -> str:
    """Build the export's file; a fault is recorded on the export (and logged), not lost."""
    try:
        export = exports.build_export(export_id=export_id)
    except exports.ExportFolderError as exc:
        # Not a fault of the code: the official sees why, and whoever runs the desk too.
        log.error("Export %s not built: %s", export_id, exc)
        background.fail(export_id, Export, str(exc))
        return "failed"
    except Exception:
        log.exception("Building export %s failed", export_id)
        background.fail(export_id, Export, exports.BUILD_FAILED)
        raise
    return export.status if export else "gone"
