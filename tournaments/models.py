"""People and structure of a tournament: chapters, players, events, teams and games.

Models hold fields, constraints and small properties; every write goes through
`tournaments.services`.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property

from . import naming
from .background import Job
from .names import clean_name, name_key

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


class ChapterQuerySet(models.QuerySet):
    def bulk_create(self, objs, *args, **kwargs):
        """Fill each chapter's name key first: bulk inserts skip `save()`."""
        objs = list(objs)
        for chapter in objs:
            chapter.name_key = name_key(chapter.name)
        return super().bulk_create(objs, *args, **kwargs)


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


class Chapter(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="chapters")
    name = models.CharField(max_length=NAME_MAX)
    # `tournaments.names.name_key(name)`: two chapters are the same chapter when their keys
    # match, on SQLite and PostgreSQL alike (the database never compares names itself).
    name_key = models.CharField(max_length=4 * NAME_MAX, editable=False)
    code = models.CharField(max_length=12, blank=True)

    objects = ChapterQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "name_key"], name="chapter_name_key_unique"
            ),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.name_key = name_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    def clean(self):
        self.name = clean_name(self.name)
        self.name_key = name_key(self.name)
        if not self.name_key:
            raise ValidationError({"name": "Type the chapter's name."})
        clash = Chapter.objects.filter(tournament_id=self.tournament_id, name_key=self.name_key)
        if self.tournament_id and clash.exclude(pk=self.pk).exists():
            raise ValidationError({"name": "This tournament already has a chapter of that name."})


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=NAME_MAX)
    chapter = models.ForeignKey(
        Chapter, on_delete=models.PROTECT, related_name="players", null=True, blank=True
    )
    checked_in = models.BooleanField(default=False)
    withdrawn = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        indexes = [models.Index(fields=["tournament", "name"])]

    def __str__(self):
        return self.name

    @property
    def chapter_name(self) -> str:
        return self.chapter.name if self.chapter_id else "No chapter"


class RosterUpload(Job):
    """A roster file being checked in the background, then imported once.

    READY means checked: `rows` hold what would be imported and `problems` what stops
    it. `imported_at` is set, once only, by the import.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="uploads")
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    filename = models.CharField(max_length=255)
    # The file itself, until it has been checked (a worker may run on another machine).
    data = models.BinaryField(blank=True)
    events = models.JSONField(default=list, blank=True)
    rows = models.JSONField(default=list, blank=True)
    problems = models.JSONField(default=list, blank=True)
    imported_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.filename} ({self.get_status_display()})"

    @property
    def problem_rows(self):
        """Return the problems found, as `tournaments.roster.Problem` (older uploads too)."""
        from .roster import Problem

        return [Problem(*problem) for problem in self.problems]

    @property
    def can_import(self) -> bool:
        return (
            self.status == Job.Status.READY
            and self.imported_at is None
            and bool(self.rows)
            and not self.problems
        )


class Event(models.Model):
    class Format(models.TextChoices):
        SINGLE_ELIMINATION = "single_elimination", "Single elimination"
        ROUNDS = "rounds", "Rounds at tables"

    class Status(models.TextChoices):
        REGISTRATION = "registration", "Registration"
        DRAWN = "drawn", "Partners drawn"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=NAME_MAX)
    game_key = models.CharField(max_length=40, choices=game_choices)
    format = models.CharField(max_length=20, choices=Format.choices)
    team_size = models.PositiveSmallIntegerField(
        default=1, help_text="1 for singles, 2 for doubles (partnerships)"
    )
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.REGISTRATION)
    fed_by = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="feeds",
        help_text="The doubles event whose first-round losers open this singles event",
    )
    partner_seed = models.BigIntegerField(null=True, blank=True)
    bracket_seed = models.BigIntegerField(null=True, blank=True)
    # Bumped on every change a public page shows, so polling pages can answer 304.
    changed_at = models.DateTimeField(default=timezone.now)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(team_size__in=[1, 2]), name="event_team_size_1_or_2"
            ),
            models.UniqueConstraint(fields=["tournament", "name"], name="event_name_unique"),
        ]

    def __str__(self):
        return self.name

    @property
    def game(self):
        from games.registry import get_game

        return get_game(self.game_key)

    @property
    def house_rules(self) -> list[str]:
        """Return the rules this event plays by, in plain sentences, from its options."""
        return self.game.house_rules(self.options, self.team_size)

    @property
    def is_doubles(self) -> bool:
        return self.team_size == 2

    @property
    def side_word(self) -> str:
        """Return what one side is called here: "player" (singles) or "team" (partners)."""
        return naming.side_word(self.team_size)

    @cached_property
    def bracket_rounds(self) -> int:
        """Return how many rounds the event's bracket has (0 before it is drawn; one query)."""
        games = self.games.filter(stage=1, round__isnull=True)
        return games.aggregate(n=models.Max("round_number"))["n"] or 0


class Entry(models.Model):
    """A player entered in an event."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="entries")
    # A singles entry made by a doubles result: the doubles game whose losers' partners'
    # game brought the player in. A correction of that result takes the entry back.
    fed_from = models.ForeignKey(
        "Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="entry_once_per_event"),
        ]

    def __str__(self):
        return f"{self.player} in {self.event}"


class Team(models.Model):
    """An event's side of one or two players."""

    # No index of its own: team_number_unique (event, number) leads with it; the same
    # for the other foreign keys below with db_index=False (fewer indexes to write for
    # a 4,096-team draw: bench/bracket.py).
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams", db_index=False)
    number = models.PositiveIntegerField(help_text="Team number in the draw, from 1")
    same_chapter = models.BooleanField(default=False)
    players = models.ManyToManyField(Player, through="TeamMember", related_name="teams")
    # A singles team made by a doubles result (see `Entry.fed_from`). Indexed only where
    # set (team_fed_from_set): almost every team has none.
    fed_from = models.ForeignKey(
        "Game",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
    )

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="team_number_unique"),
        ]
        indexes = [
            models.Index(
                fields=["fed_from"], name="team_fed_from_set", condition=Q(fed_from__isnull=False)
            )
        ]

    def __str__(self):
        return self.label

    @property
    def members(self) -> list["TeamMember"]:
        """Return the members in seat order (uses prefetched members when present)."""
        return sorted(self.memberships.all(), key=lambda m: m.position)

    @property
    def label(self) -> str:
        """Return the players' names, "Ann Lee & Bo Fox" (`naming.team_label`)."""
        names = [m.player.name for m in self.members]
        size = len(names) or self.event.team_size  # the event is read for an empty team only
        return naming.team_label(names, self.number, size)

    @property
    def number_label(self) -> str:
        """Return the draw number in words: "Team 9", or "Player 9" in singles."""
        return naming.team_number_label(self.number, self.event.team_size)


class TeamMember(models.Model):
    # Indexed by team_position_unique (team, position) and one_team_per_player (event, ...).
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="memberships", db_index=False
    )
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+", db_index=False)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="memberships")
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["team", "position"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_team_per_player"),
            models.UniqueConstraint(fields=["team", "position"], name="team_position_unique"),
        ]

    def __str__(self):
        return str(self.player)


class Game(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for players"
        READY = "ready", "Ready"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"
        CLOSED = "closed", "Closed at time"
        WALKOVER = "walkover", "W/O"
        BYE = "bye", "Bye"
        VOID = "void", "Void"

    # Indexed by game_slot_unique (event, stage, round_number, position).
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="games", db_index=False)
    stage = models.PositiveSmallIntegerField(
        default=1, help_text="1 for the main draw; singles use 0 for partner-against-partner games"
    )
    round_number = models.PositiveSmallIntegerField()
    position = models.PositiveIntegerField(help_text="Bracket order within the round, or table")
    next_game = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="feeders"
    )
    next_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    # A singles partners' game (stage 0): the doubles game its two players lost together.
    # Indexed only where set (game_fed_from_set), as `round` (game_round_set): a bracket's
    # games have neither.
    fed_from = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="partner_games",
        db_index=False,
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.WAITING)
    # A rounds game: the round it is played in (its table is `position`).
    round = models.ForeignKey(
        "Round",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="games",
        db_index=False,
    )
    # The one side that won; None with a result means the sides level on the best total tied.
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    walkover = models.BooleanField(default=False)
    # Why a walkover (W/O) or forfeit was given, as the official typed it.
    walkover_reason = models.CharField(max_length=200, blank=True, default="", db_default="")
    # Kept up to date by scoring, so the bracket knows whether a game has begun.
    hand_count = models.PositiveIntegerField(default=0)
    # Optimistic version: bumped by every change to the game or its hands.
    version = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["event", "stage", "round_number", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "stage", "round_number", "position"], name="game_slot_unique"
            ),
            models.CheckConstraint(
                condition=Q(next_slot__isnull=True) | Q(next_slot__in=[0, 1]),
                name="game_next_slot_0_or_1",
            ),
        ]
        indexes = [
            models.Index(
                fields=["fed_from"], name="game_fed_from_set", condition=Q(fed_from__isnull=False)
            ),
            models.Index(fields=["round"], name="game_round_set", condition=Q(round__isnull=False)),
        ]

    def __str__(self):
        return f"{self.event}: {self.name}"

    @property
    def at_a_table(self) -> bool:
        """Say whether this is a rounds game, at a table of a round (not in a bracket)."""
        return self.round_id is not None

    @property
    def name(self) -> str:
        """Return the game's name: "Game 13 (Quarter-final)", "Round 3, table 2" (naming)."""
        return naming.game_name(
            stage=self.stage,
            round_number=self.round_number,
            position=self.position,
            rounds_total=self._bracket_rounds() if self.stage and not self.at_a_table else 0,
            at_a_table=self.at_a_table,
        )

    @property
    def is_decided(self) -> bool:
        return self.status in DECIDED

    @property
    def has_result(self) -> bool:
        """Whether the game's hands have given a result (finished, or closed at time)."""
        return self.status in SCORED

    def _bracket_rounds(self) -> int:
        """Return the bracket's rounds: annotated by the page's query, else read once."""
        annotated = getattr(self, "bracket_rounds", None)  # selectors.with_bracket_rounds
        return self.event.bracket_rounds if annotated is None else annotated

    @property
    def is_open(self) -> bool:
        """Ready or playing: hands and a result can be given."""
        return self.status in OPEN

    @property
    def table_number(self) -> int:
        """Return the table's number in its round (a rounds game), from 1."""
        return self.position + 1

    @property
    def sides_by_seat(self) -> list["Side"]:
        return sorted(self.sides.all(), key=lambda s: s.seat)


class Side(models.Model):
    """The team at one seat of a game, with its running total."""

    # Indexed by side_seat_unique (game, seat).
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sides", db_index=False)
    seat = models.PositiveSmallIntegerField()
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="sides", null=True)
    total = models.IntegerField(default=0)

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="side_seat_unique"),
        ]

    def __str__(self):
        return f"{self.game}, seat {self.seat + 1}"


# The game status sets, in one place: every module asks these.
# Open: hands and a result can be given. Scored: a result from the game's hands.
# With a result: scored, or won by walkover. Decided: with a result, or a bye.
OPEN = frozenset({Game.Status.READY, Game.Status.PLAYING})
SCORED = frozenset({Game.Status.FINISHED, Game.Status.CLOSED})
WITH_RESULT = SCORED | {Game.Status.WALKOVER}
DECIDED = WITH_RESULT | {Game.Status.BYE}


class Round(models.Model):
    """One round of a rounds event: its seating (from a recorded seed) and its tables."""

    class Status(models.TextChoices):
        SEATING = "seating", "Seating shown, not started"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField(help_text="The seating's random seed: the same seed seats alike")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SEATING)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_from_1"),
        ]

    def __str__(self):
        return f"{self.event}: {self.name}"

    @property
    def name(self) -> str:
        return naming.seating_round_name(self.number)


class SitOut(models.Model):
    """An entrant (a player, or a partnership) sitting out one round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="sit_outs")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="sit_outs")

    class Meta:
        ordering = ["round", "team__number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="sit_out_once_per_round"),
        ]

    def __str__(self):
        return f"{self.team} sits out {self.round}"


class Activity(models.Model):
    """What an official did, and when: the tournament's log."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="activity")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    text = models.CharField(max_length=255)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name_plural = "activity"

    def __str__(self):
        return self.text
