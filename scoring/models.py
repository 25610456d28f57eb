"""Hands and their history, and the export files built for clubs."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from tournaments.models import Game, Player, Tournament


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


class Hand(models.Model):
    """One hand of a game, of any of the five games: each side's points, and what was typed.

    points holds one whole number per side in seat order (negative where the game's
    rules allow). detail holds the hand's entry as the game's module reads it back
    (`GameSpec.entry_to_data`): checked by the rules on the way in and never free text,
    so the hand can be scored again, shown in its form, and described in its history.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(help_text="1 for the game's first hand")
    points = models.JSONField(help_text="Each side's points in this hand, in seat order")
    detail = models.JSONField(default=dict, help_text="The hand as entered, checked by the rules")
    # The key of the form that entered the hand: a form sent twice records one hand.
    entry_key = models.UUIDField(unique=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    entered_at = models.DateTimeField(default=timezone.now)
    edited_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_from_1"),
        ]

    def __str__(self):
        return f"Hand {self.number} of {self.game}"

    @property
    def edited(self) -> bool:
        return self.edited_at is not None


class HandChange(models.Model):
    """History: one hand added, edited or deleted, by whom, when, before and after."""

    class Action(models.TextChoices):
        ADDED = "added", "Added"
        EDITED = "edited", "Edited"
        DELETED = "deleted", "Deleted"
        VOIDED = "voided", "Deleted with its voided game"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hand_changes")
    hand = models.ForeignKey(
        Hand, on_delete=models.SET_NULL, null=True, blank=True, related_name="changes"
    )
    hand_number = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=10, choices=Action.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # The key of the form behind the change: the same form sent twice changes once.
    request_key = models.UUIDField(unique=True, null=True, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["game", "-at"], name="hand_change_game_at")]
        constraints = [
            models.CheckConstraint(
                condition=Q(before__isnull=False) | Q(after__isnull=False),
                name="hand_change_has_a_state",
            ),
        ]

    def __str__(self):
        return f"Hand {self.hand_number} {self.get_action_display().lower()}"
