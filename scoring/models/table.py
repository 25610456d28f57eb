"""Tables entering their own hands: the table's link, and a hand waiting for an opponent.

A `TableLink` is a short unguessable code (and its QR code) that opens one game's entry
on the players' phones. A hand entered there is a `TableEntry` until a player of another
side confirms it: only then does it become a `Hand` and count anywhere. The entry row
stays as the record of what happened to it (confirmed, disputed and decided, set aside).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from tournaments.models import Game


class TableLink(models.Model):
    """The link (a code, printed with its QR code) that lets a table enter its own hands.

    One active link per game; the official revokes it (the code then refuses with a
    plain sentence) or renews it (a new code; the old one is revoked).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="table_links")
    code = models.CharField(max_length=16, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["game"],
                condition=Q(revoked_at__isnull=True),
                name="table_link_one_active_per_game",
            ),
        ]

    def __str__(self):
        return f"Table link {self.code} of {self.game}"

    @property
    def active(self) -> bool:
        return self.revoked_at is None


class TableEntry(models.Model):
    """A hand entered at the table, and what became of it.

    WAITING and DISPUTED are open: the hand counts nowhere (totals, standings, brackets,
    exports), and the table cannot enter the next hand. At most one open entry per game
    (a database constraint: two phones entering the same hand store one).
    """

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for confirmation"
        DISPUTED = "disputed", "Disputed: waiting for the official"
        CONFIRMED = "confirmed", "Confirmed at the table"
        ACCEPTED = "accepted", "Accepted by the official"
        CORRECTED = "corrected", "Corrected by the official"
        DELETED = "deleted", "Deleted by the official"
        SET_ASIDE = "set_aside", "Set aside: the desk changed the game first"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="table_entries")
    link = models.ForeignKey(
        TableLink, on_delete=models.SET_NULL, null=True, blank=True, related_name="entries"
    )
    # The hand's number when it was entered (the game's hands then, plus one).
    number = models.PositiveSmallIntegerField()
    points = models.JSONField(help_text="Each side's points in this hand, as the rules scored it")
    detail = models.JSONField(default=dict, help_text="The hand as entered, checked by the rules")
    # The form's key: a double tap, or a phone sending again after losing the Wi-Fi,
    # stores one entry; the hand it becomes keeps the same key.
    entry_key = models.UUIDField(unique=True)
    # Bumped whenever the entry changes state: a confirmation for what the phone showed.
    revision = models.PositiveIntegerField(default=1)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    entered_by_name = models.CharField(max_length=150)
    entered_seat = models.PositiveSmallIntegerField()
    entered_at = models.DateTimeField(default=timezone.now)
    # The player who confirmed or disputed it, and when.
    answered_by_name = models.CharField(max_length=150, blank=True, default="")
    answered_at = models.DateTimeField(null=True, blank=True)
    # The official's decision on a disputed (or waiting) entry, or the desk setting it aside.
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # Who decided, by name, when that is no account here (a restored backup's history).
    decided_by_name = models.CharField(max_length=150, blank=True, default="", db_default="")
    decided_at = models.DateTimeField(null=True, blank=True)
    hand = models.ForeignKey(
        "scoring.Hand", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["game", "-entered_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["game"],
                condition=Q(status__in=["waiting", "disputed"]),
                name="table_entry_one_open_per_game",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_entry_number_from_1"),
            models.CheckConstraint(
                condition=Q(
                    status__in=[
                        "waiting",
                        "disputed",
                        "confirmed",
                        "accepted",
                        "corrected",
                        "deleted",
                        "set_aside",
                    ]
                ),
                name="table_entry_status_known",
            ),
        ]

    def __str__(self):
        return f"Hand {self.number} of {self.game} entered at the table ({self.status})"

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_ENTRY


OPEN_ENTRY = frozenset({TableEntry.Status.WAITING, TableEntry.Status.DISPUTED})
