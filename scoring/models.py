"""Hands and their history, and the export files built for clubs."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Mod

from tournaments.models import Tournament


class Export(models.Model):
    """A file built by a Celery task for download (results, rosters)."""

    class Kind(models.TextChoices):
        PLAYERS = "players", "Players by chapter"

    class Status(models.TextChoices):
        PENDING = "pending", "Being built"
        READY = "ready", "Ready"
        FAILED = "failed", "Failed"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="exports")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    filename = models.CharField(max_length=120, blank=True)
    content = models.TextField(blank=True)
    error = models.CharField(max_length=255, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.get_kind_display()} ({self.get_status_display()})"


SEATS = (0, 1)


def _seat_check(field: str, *, nullable: bool) -> Q:
    condition = Q(**{f"{field}__in": SEATS})
    return condition | Q(**{f"{field}__isnull": True}) if nullable else condition


def _multiple_of_five(field: str) -> models.lookups.Exact:
    return models.lookups.Exact(Mod(field, 5), 0)
