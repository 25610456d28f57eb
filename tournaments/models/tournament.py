"""A tournament, its officials and their invitations, and its activity log."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

NAME_MAX = 80


def game_choices():
    """Return the games of the registry, read when a form or check needs them."""
    from games.registry import GAME_CHOICES

    return GAME_CHOICES


class Tournament(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(
        max_length=40, unique=True, help_text="Short public address, e.g. rally26"
    )
    starts_on = models.DateField()
    ends_on = models.DateField()
    venue = models.CharField(max_length=160, blank=True)
    officials = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="officiated_tournaments", blank=True
    )
    # Who made the tournament: the official who adds and removes the others. None for a
    # tournament restored from a backup or whose owner's account was deleted: then every
    # official may (see `is_owner`), until the site admin names an owner.
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="owned_tournaments",
        help_text="Adds and removes the tournament's officials; cannot leave it.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__gte=models.F("starts_on")),
                name="tournament_ends_after_it_starts",
            ),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("public:tournament", args=[self.slug])

    def is_official(self, user) -> bool:
        """Return whether this user may change anything in the tournament."""
        if not user.is_authenticated:
            return False
        if user.is_superuser:
            return True
        return self.officials.filter(pk=user.pk).exists()

    def is_owner(self, user) -> bool:
        """Return whether this user may add and remove the tournament's officials.

        The owner and the site admin may; when the tournament has no owner (restored
        from a backup, or the owner's account deleted), every official may.
        """
        if not user.is_authenticated:
            return False
        if user.is_superuser or (self.owner_id is not None and self.owner_id == user.pk):
            return True
        return self.owner_id is None and self.is_official(user)


class OfficialInvitation(models.Model):
    """A link that makes whoever opens it, signed in, an official of the tournament.

    Used once, and only until it expires or the owner revokes it. The token is kept as
    typed in the link (like a chapter's read-only link) so the owner can copy it again
    while it is open; the link itself grants nothing without a signed-in account.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=64, unique=True)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"Invitation to {self.tournament} ({self.state})"

    @property
    def state(self) -> str:
        """Return where the link stands: open, used, revoked or expired."""
        if self.used_at is not None:
            return "used"
        if self.revoked_at is not None:
            return "revoked"
        if self.expires_at <= timezone.now():
            return "expired"
        return "open"

    @property
    def is_open(self) -> bool:
        return self.state == "open"


class Activity(models.Model):
    """What an official did, and when: the tournament's log.

    Its keys have no constraint in the database (tournaments 0020): every result writes a
    line, and checking its two keys at the commit locked the tournament's and the
    official's rows each time. `selectors.references` says what keeps them whole.
    """

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="activity", db_constraint=False
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        db_constraint=False,
    )
    # Who did it, by name, when that is no account here (a restored backup's history).
    user_name = models.CharField(max_length=150, blank=True, default="", db_default="")
    at = models.DateTimeField(auto_now_add=True)
    text = models.CharField(max_length=255)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name_plural = "activity"

    def __str__(self):
        return self.text
