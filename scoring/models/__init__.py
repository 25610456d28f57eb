"""Hands and their history, and the export files built for clubs."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from tournaments.background import Job
from tournaments.models import Chapter, Game, Tournament


class Export(Job):
    """A file built by a Celery task for download: results, reports, a workbook, a backup.

    The file lives under the data folder (`scoring.exports.files`), not in the database;
    `path` is relative to the exports folder. `progress` (0-100) is what the page's bar
    shows while the task works. Status, error and times come from `Job`.
    """

    class Kind(models.TextChoices):
        PLACINGS = "placings", "Event placings"
        GAMES = "games", "Games with their results"
        HANDS = "hands", "Hands: each side's points"
        PENALTIES = "penalties", "Penalties"
        STANDINGS = "standings", "Standings of the rounds events"
        CHAPTERS = "chapters", "Chapter report"
        PLAYERS = "players", "Players by chapter"
        WORKBOOK = "workbook", "Whole tournament (a sheet per event)"
        RESULTS = "results", "Every file (the CSV files and the workbook in one ZIP)"
        BACKUP = "backup", "Backup of the whole tournament"

    class Format(models.TextChoices):
        CSV = "csv", "CSV"
        XLSX = "xlsx", "Excel workbook (XLSX)"
        ZIP = "zip", "ZIP of CSV files"
        JSON = "json", "Backup file (JSON)"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="exports")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.CSV)
    # A chapter report for one chapter only (None: every chapter).
    chapter = models.ForeignKey(
        Chapter, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    filename = models.CharField(max_length=160, blank=True)
    path = models.CharField(max_length=255, blank=True)
    size = models.PositiveBigIntegerField(default=0)
    progress = models.PositiveSmallIntegerField(default=0)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(progress__lte=100), name="export_progress_at_most_100"
            ),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} ({self.get_status_display()})"

    @property
    def is_ready(self) -> bool:
        return self.status == Job.Status.READY


class Restore(Job):
    """A backup file being restored as a new tournament by a Celery task.

    The uploaded file waits under the data folder (`path`, relative to the restores
    folder) only until the task has read it or the job failed; `progress` (0-100) is
    what the page's bar shows. `restored` is the new tournament once it is written.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="restores")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    filename = models.CharField(max_length=160, blank=True)
    path = models.CharField(max_length=255, blank=True)
    slug = models.CharField(max_length=40, blank=True)
    progress = models.PositiveSmallIntegerField(default=0)
    # Why the file was refused, whole (`error` keeps its first 255 characters).
    refusal = models.TextField(blank=True)
    restored = models.ForeignKey(
        Tournament, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(progress__lte=100), name="restore_progress_at_most_100"
            ),
        ]

    def __str__(self):
        return f"Restore of {self.filename} ({self.get_status_display()})"


class ChapterLink(models.Model):
    """A read-only link to one chapter's report, for its secretary: a secret in the URL.

    Anyone holding the link can read the chapter's report, nothing else; the official
    can revoke it (the link then answers 404) and make a new one.
    """

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="chapter_links"
    )
    chapter = models.ForeignKey(Chapter, on_delete=models.CASCADE, related_name="links")
    token = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["chapter__name", "-created_at"]

    def __str__(self):
        return f"Link to {self.chapter}'s report"

    @property
    def active(self) -> bool:
        return self.revoked_at is None


class ApiToken(models.Model):
    """A token an official made for the read-only API of one tournament.

    Only a hash of the token is kept; the token itself is shown once, when made.
    It reads what its official may read, while they are an official of the tournament.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="api_tokens")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    name = models.CharField(max_length=80)
    key_hash = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.name} ({self.prefix}…)"

    @property
    def active(self) -> bool:
        return self.revoked_at is None


class Source(models.TextChoices):
    """Where a hand was entered."""

    DESK = "desk", "Desk"
    TABLE = "table", "Table"


class Hand(models.Model):
    """One hand of a game, of any of the five games: each side's points, and what was typed.

    points holds one whole number per side in seat order (negative where the game's
    rules allow). detail holds the hand's entry as the game's module reads it back
    (`GameSpec.entry_to_data`): checked by the rules on the way in and never free text,
    so the hand can be scored again, shown in its form, and described in its history.
    """

    # Indexed by hand_number_unique (game, number): an index of its own would be one
    # more entry to write for every hand, serving nothing that one does not.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands", db_index=False)
    number = models.PositiveSmallIntegerField(help_text="1 for the game's first hand")
    # The game of its match the hand is in (`games.matches`): 1 unless the bracket plays
    # matches of several games; the hands' numbers run on through the match.
    match_game = models.PositiveSmallIntegerField(default=1, db_default=1)
    points = models.JSONField(help_text="Each side's points in this hand, in seat order")
    detail = models.JSONField(default=dict, help_text="The hand as entered, checked by the rules")
    # The key of the form that entered the hand: a form sent twice records one hand.
    entry_key = models.UUIDField(unique=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # Who entered it, by name, when that is no account here (a restored backup's history).
    entered_by_name = models.CharField(max_length=150, blank=True, default="", db_default="")
    entered_at = models.DateTimeField(default=timezone.now)
    edited_at = models.DateTimeField(null=True, blank=True)
    # Where it was entered: on the desk (it counted at once), or at the table by a player
    # (entered_by_name) and counted once a player of another side confirmed it.
    source = models.CharField(
        max_length=5, choices=Source.choices, default=Source.DESK, db_default=Source.DESK
    )
    confirmed_by_name = models.CharField(max_length=150, blank=True, default="", db_default="")
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_from_1"),
            models.CheckConstraint(condition=Q(match_game__gte=1), name="hand_match_game_from_1"),
            models.CheckConstraint(
                condition=Q(source__in=["desk", "table"]), name="hand_source_desk_or_table"
            ),
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

    # Indexed by hand_change_game_at (game, -at), as Hand.game by hand_number_unique.
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="hand_changes", db_index=False
    )
    hand = models.ForeignKey(
        Hand, on_delete=models.SET_NULL, null=True, blank=True, related_name="changes"
    )
    hand_number = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=10, choices=Action.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # Who made it, by name, when that is no account here (a restored backup's history).
    by_name = models.CharField(max_length=150, blank=True, default="", db_default="")
    at = models.DateTimeField(default=timezone.now)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # Where the change was made: the desk, or a table confirming its own hand.
    source = models.CharField(
        max_length=5, choices=Source.choices, default=Source.DESK, db_default=Source.DESK
    )
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


from .placings import KeptPlacings, TournamentPlacing  # noqa: E402
from .table import TableEntry, TableLink  # noqa: E402  (they point at the models above)

__all__ = [
    "ApiToken",
    "ChapterLink",
    "Export",
    "Hand",
    "HandChange",
    "KeptPlacings",
    "Restore",
    "Source",
    "TableEntry",
    "TableLink",
    "TournamentPlacing",
]
