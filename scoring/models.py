"""Hands and their history, and the export files built for clubs."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Mod
from django.utils import timezone

from games.rules.texas_good_sams import END_BLOCKED, END_NONE, END_OUT, PENALTY_REASONS
from games.rules.tiles import round_to_nearest_five
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


SEATS = (0, 1)


def _seat_check(field: str, *, nullable: bool) -> Q:
    condition = Q(**{f"{field}__in": SEATS})
    return condition | Q(**{f"{field}__isnull": True}) if nullable else condition


def _multiple_of_five(field: str) -> models.lookups.Exact:
    return models.lookups.Exact(Mod(field, 5), 0)


class Hand(models.Model):
    """One hand of a Texas Good Sams game: what each side scored, and how.

    Seats are the game's sides, 0 and 1 ("Side 1" and "Side 2" to an official). The
    points are worked out by `games.rules.texas_good_sams.score_hand` and stored, so
    the running totals never need the rules to be run again to be shown.
    """

    class End(models.TextChoices):
        OUT = END_OUT, "Out"
        BLOCKED = END_BLOCKED, "Blocked"
        NONE = END_NONE, "Not finished"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(help_text="1 for the game's first hand")
    play_0 = models.PositiveIntegerField(default=0)
    play_1 = models.PositiveIntegerField(default=0)
    muggins_0 = models.PositiveIntegerField(default=0)
    muggins_1 = models.PositiveIntegerField(default=0)
    end = models.CharField(max_length=10, choices=End.choices, default=End.NONE)
    out_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # The raw pips the official typed for each side; the awards hold them rounded.
    pips_0 = models.PositiveSmallIntegerField(null=True, blank=True)
    pips_1 = models.PositiveSmallIntegerField(null=True, blank=True)
    award_0 = models.PositiveIntegerField(default=0)
    award_1 = models.PositiveIntegerField(default=0)
    penalty_0 = models.PositiveIntegerField(default=0, help_text="Penalty points received")
    penalty_1 = models.PositiveIntegerField(default=0, help_text="Penalty points received")
    points_0 = models.PositiveIntegerField(default=0)
    points_1 = models.PositiveIntegerField(default=0)
    # Set only on a hand that took both sides to 250: the side that got there first.
    reached_first = models.PositiveSmallIntegerField(null=True, blank=True)
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
            models.CheckConstraint(
                condition=_seat_check("out_seat", nullable=True), name="hand_out_seat_0_or_1"
            ),
            models.CheckConstraint(
                condition=_seat_check("reached_first", nullable=True),
                name="hand_reached_first_0_or_1",
            ),
            models.CheckConstraint(
                condition=(Q(end=END_OUT) & Q(out_seat__isnull=False))
                | (~Q(end=END_OUT) & Q(out_seat__isnull=True)),
                name="hand_out_names_a_side",
            ),
            models.CheckConstraint(
                condition=~Q(end=END_BLOCKED) | Q(pips_0__isnull=False, pips_1__isnull=False),
                name="hand_blocked_has_both_pips",
            ),
            models.CheckConstraint(
                condition=~Q(end=END_NONE) | Q(pips_0__isnull=True, pips_1__isnull=True),
                name="hand_unfinished_has_no_pips",
            ),
            *(
                models.CheckConstraint(
                    condition=_multiple_of_five(f"{part}_{seat}"),
                    name=f"hand_{part}_{seat}_multiple_of_5",
                )
                for part in ("play", "muggins", "award", "penalty")
                for seat in SEATS
            ),
            *(
                models.CheckConstraint(
                    condition=Q(
                        **{
                            f"points_{seat}": F(f"play_{seat}")
                            + F(f"muggins_{seat}")
                            + F(f"award_{seat}")
                            + F(f"penalty_{seat}")
                        }
                    ),
                    name=f"hand_points_{seat}_add_up",
                )
                for seat in SEATS
            ),
        ]

    def __str__(self):
        return f"Hand {self.number} of {self.game}"

    @property
    def points(self) -> tuple[int, int]:
        return (self.points_0, self.points_1)

    @property
    def pips(self) -> tuple[int | None, int | None]:
        return (self.pips_0, self.pips_1)

    @property
    def rounded_pips(self) -> tuple[int | None, int | None]:
        return tuple(None if p is None else round_to_nearest_five(p) for p in self.pips)

    @property
    def edited(self) -> bool:
        return self.edited_at is not None

    def seat_lines(self) -> list[dict]:
        """Return each side's figures in seat order, for the score sheet's rows."""
        rounded = self.rounded_pips
        lines = []
        for seat in SEATS:
            line = {
                "seat": seat,
                "play": getattr(self, f"play_{seat}"),
                "muggins": getattr(self, f"muggins_{seat}"),
                "pips": getattr(self, f"pips_{seat}"),
                "rounded_pips": rounded[seat],
                "award": getattr(self, f"award_{seat}"),
                "penalty": getattr(self, f"penalty_{seat}"),
                "points": getattr(self, f"points_{seat}"),
                "went_out": self.end == END_OUT and self.out_seat == seat,
            }
            parts = []
            if line["play"]:
                parts.append(f"play {line['play']}")
            if line["muggins"]:
                parts.append(f"muggins {line['muggins']}")
            if line["went_out"]:
                parts.append("went out")
            if line["pips"] is not None:
                parts.append(f"{line['pips']} pips → {line['rounded_pips']}")
            if line["award"]:
                parts.append(f"+{line['award']} pips")
            if line["penalty"]:
                parts.append(f"+{line['penalty']} penalty")
            line["detail"] = " · ".join(parts)
            lines.append(line)
        return lines


class HandPenalty(models.Model):
    """A 50-point penalty in a hand: the offending side and player, and why."""

    REASONS = list(PENALTY_REASONS.items())

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="penalties")
    seat = models.PositiveSmallIntegerField(help_text="The offending side; the other side scores")
    offender = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="penalties", null=True, blank=True
    )
    reason = models.CharField(max_length=20, choices=REASONS)

    class Meta:
        ordering = ["hand", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=_seat_check("seat", nullable=False), name="penalty_seat_0_or_1"
            ),
            models.CheckConstraint(
                condition=Q(reason__in=list(PENALTY_REASONS)), name="penalty_reason_known"
            ),
        ]

    def __str__(self):
        return f"{self.get_reason_display()} ({self.offender or f'Side {self.seat + 1}'})"


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
