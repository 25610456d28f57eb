"""Celery tasks: thin wrappers that load by id and call a service."""

import logging

from celery import shared_task

from tournaments import background
from tournaments.models import SeasonExport

from . import exports
from .models import Export, Restore
from .seasons import exports as season_exports

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


@shared_task
def restore_backup(restore_id: int) -> str:
    """Restore an uploaded backup; a fault is recorded on the job (and logged), not lost."""
    from .backup import jobs

    try:
        restore = jobs.run_restore(restore_id=restore_id)
    except Exception:
        log.exception("Restoring backup %s failed", restore_id)
        background.fail(restore_id, Restore, jobs.RESTORE_FAILED)
        raise
    return restore.status if restore else "gone"


@shared_task
def build_season_export(export_id: int) -> str:
    """Build a season's file (issue 24); a fault is recorded on the export, not lost."""
    try:
        export = season_exports.build_season_export(export_id=export_id)
    except exports.ExportFolderError as exc:
        log.error("Season export %s not built: %s", export_id, exc)
        background.fail(export_id, SeasonExport, str(exc))
        return "failed"
    except Exception:
        log.exception("Building season export %s failed", export_id)
        background.fail(export_id, SeasonExport, exports.BUILD_FAILED)
        raise
    return export.status if export else "gone"


@shared_task
def rate_season(season_id: int) -> str:
    """Compute a season's ratings from scratch and store them (issue 24)."""
    from .seasons.ratings import rate_season as rate

    return rate(season_id=season_id)
