"""A season: tournaments counted together for points, chapter points and ratings.

The season holds only what the official decides: its name, year and organiser, its
house rules for points (`games.seasons.PointsRule`, stored as data), its tournaments,
and each answered proposal that two players are the same. Everything else (placings,
points, ratings) is read from the tournaments as they stand, never copied.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from ..background import Job
from .tournament import NAME_MAX, Tournament


class Season(models.Model):
    name = models.CharField(max_length=120)
    year = models.PositiveSmallIntegerField()
    organiser = models.CharField(
        max_length=120, blank=True, help_text="Who runs it, e.g. Texas Good Sam chapters"
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seasons"
    )
    # `games.seasons.PointsRule.to_data()`: points per place, for playing, chapter rule.
    points = models.JSONField(default=dict, blank=True)
    tournaments = models.ManyToManyField(
        Tournament, through="SeasonTournament", related_name="seasons", blank=True
    )
    # Bumped by every season service: with its tournaments' events' markers, says
    # which version of the season's pages and ratings is current.
    changed_at = models.DateTimeField(default=timezone.now)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-year", "name", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(year__gte=1900) & Q(year__lte=2999), name="season_year_sensible"
            ),
        ]

    def __str__(self):
        return f"{self.name} {self.year}"

    def get_absolute_url(self):
        return reverse("scoring_public:season", args=[self.pk])

    def is_official(self, user) -> bool:
        """Return whether this user runs the season (its owner, or the site admin)."""
        return user.is_authenticated and (user.is_superuser or user.pk == self.owner_id)


class SeasonTournament(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="season_entries"
    )
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament__starts_on", "tournament__slug"]
        constraints = [
            models.UniqueConstraint(fields=["season", "tournament"], name="season_tournament_once")
        ]

    def __str__(self):
        return f"{self.tournament} in {self.season}"


class SeasonMatch(models.Model):
    """The official's answer to "are these the same player?": one name, two chapters."""

    class Decision(models.TextChoices):
        SAME = "same", "The same player"
        APART = "apart", "Different players"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="matches")
    name_key = models.CharField(max_length=4 * NAME_MAX)
    chapter_key = models.CharField(max_length=4 * NAME_MAX, blank=True)
    other_chapter_key = models.CharField(max_length=4 * NAME_MAX, blank=True)
    decision = models.CharField(max_length=8, choices=Decision.choices)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    decided_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name_key", "chapter_key", "other_chapter_key"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "name_key", "chapter_key", "other_chapter_key"],
                name="season_match_once",
            ),
            models.CheckConstraint(
                condition=Q(chapter_key__lt=models.F("other_chapter_key")),
                name="season_match_chapters_in_order",
            ),
        ]

    def __str__(self):
        return f"{self.name_key}: {self.chapter_key} / {self.other_chapter_key}"


class SeasonExport(Job):
    """A season's file built in the background: a ZIP of CSV files (with the workbook),
    or the workbook alone (`scoring.seasons.exports`). Status, error and times: `Job`."""

    class Format(models.TextChoices):
        ZIP = "zip", "CSV files (a ZIP, the workbook in it)"
        XLSX = "xlsx", "Excel workbook (XLSX)"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="exports")
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.ZIP)
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

    def __str__(self):
        return f"{self.season} ({self.format}, {self.status})"


class SeasonRatings(models.Model):
    """A season's ratings as last computed in the background, and what they were computed
    from: `marker` names the season's version (its own change and its tournaments' events'
    markers); `wanted` the version a worker was last sent to compute, and when."""

    season = models.OneToOneField(
        Season, on_delete=models.CASCADE, primary_key=True, related_name="kept_ratings"
    )
    marker = models.CharField(max_length=64, blank=True)
    # [{"game_key", "game_name", "lines": [[place, name, chapter, slug, mu, sigma, games]]}]
    families = models.JSONField(default=list, blank=True)
    computed_at = models.DateTimeField(null=True, blank=True)
    wanted = models.CharField(max_length=64, blank=True)
    queued_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"Ratings of {self.season_id}"
