"""Export services: request a file, and build it (in a Celery task)."""

import csv
import io

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from tournaments.models import Player

from .models import Export


def request_export(*, tournament, by, kind: str) -> Export:
    """Record an export request and queue the task that builds it once the request is saved."""
    from .tasks import build_export

    export = Export.objects.create(tournament=tournament, kind=kind, requested_by=by)
    transaction.on_commit(lambda: build_export.delay(export.pk))
    return export


def build_export(*, export_id: int) -> Export:
    """Build an export's file content; a failure is recorded on the export, not lost."""
    export = Export.objects.select_related("tournament").get(pk=export_id)
    try:
        builder = BUILDERS[export.kind]
        export.content = builder(export.tournament)
        export.filename = f"{slugify(export.tournament.slug)}-{export.kind}.csv"
        export.status = Export.Status.READY
    except Exception as exc:
        export.status = Export.Status.FAILED
        export.error = str(exc)[:255]
        raise
    finally:
        export.finished_at = timezone.now()
        export.save()
    return export


def players_csv(tournament) -> str:
    """Return the tournament's players by chapter, with their events, as CSV text."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["chapter", "name", "checked_in", "withdrawn", "events"])
    players = (
        Player.objects.filter(tournament=tournament)
        .select_related("chapter")
        .prefetch_related("entries__event")
        .order_by("chapter__name", "name")
    )
    for player in players:
        writer.writerow(
            [
                player.chapter.name if player.chapter else "",
                player.name,
                "yes" if player.checked_in else "no",
                "yes" if player.withdrawn else "no",
                "; ".join(entry.event.name for entry in player.entries.all()),
            ]
        )
    return out.getvalue()


BUILDERS = {Export.Kind.PLAYERS: players_csv}
