"""Celery tasks: thin wrappers that load by id and call a service."""

from celery import shared_task

from . import exports


@shared_task
def build_export(export_id: int) -> str:
    """Build the export's file and return its status."""
    return exports.build_export(export_id=export_id).status
