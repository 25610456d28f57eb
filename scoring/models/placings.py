"""Each finished tournament's placings, stored as rows for the seasons that count them.

A season reads placings of many tournaments at once: reading each tournament's events,
games and teams (a `Snapshot`) costs a handful of queries per tournament, so the
placings are stored once per version of the tournament, one row per player of each
placed side, and a season is one query over those rows whatever its size.

`KeptPlacings.marker` says which version of the tournament the rows are: the newest
change of its events and their number (`tournaments.changes.mark_changed` bumps it on
every finish, reopening and correction). Rows under an older marker are written again
before they are read (`scoring.services.season_placings.keep_placings`), so a season
never counts a result that was corrected since.
"""

from django.db import models
from django.utils import timezone

from tournaments.models import Event, Tournament
from tournaments.models.tournament import NAME_MAX


class KeptPlacings(models.Model):
    """Which version of a tournament its stored placings rows are."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, primary_key=True, related_name="kept_placings"
    )
    marker = models.CharField(max_length=80)
    kept_at = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"Placings of {self.tournament_id} at {self.marker}"


class TournamentPlacing(models.Model):
    """One player of one placed side in a finished event, as a season counts it."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    # The side's order among the tournament's placings, and the player's in the side.
    number = models.PositiveIntegerField()
    position = models.PositiveSmallIntegerField()
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    event_order = models.PositiveSmallIntegerField()  # among the tournament's events, from 1
    event_name = models.CharField(max_length=NAME_MAX)
    kind = models.CharField(max_length=8)  # games.seasons.BRACKET or ROUNDS
    game_key = models.CharField(max_length=40)
    place = models.PositiveIntegerField(null=True, blank=True)
    shared = models.BooleanField(default=False)
    reached = models.CharField(max_length=160, blank=True)
    name = models.CharField(max_length=NAME_MAX)
    chapter = models.CharField(max_length=NAME_MAX, blank=True)
    name_key = models.CharField(max_length=4 * NAME_MAX)
    chapter_key = models.CharField(max_length=4 * NAME_MAX, blank=True)

    class Meta:
        ordering = ["tournament", "number", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number", "position"], name="tournament_placing_once"
            ),
        ]

    def __str__(self):
        return f"{self.name}: {self.place} in {self.event_name}"
