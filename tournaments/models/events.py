"""An event and who is in it: entries, teams and their members."""

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.functional import cached_property

from .. import naming
from .registration import Player
from .tournament import NAME_MAX, Tournament, game_choices


class Event(models.Model):
    class Format(models.TextChoices):
        SINGLE_ELIMINATION = "single_elimination", "Single elimination"
        DOUBLE_ELIMINATION = "double_elimination", "Double elimination"
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
    # The format's house rules (`games.formats`: double elimination's grand final reset),
    # apart from the game's: each is checked by its own registry.
    format_options = models.JSONField(default=dict, blank=True)
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
    # Bumped with changed_at, except when only one game's own running score or waiting
    # table hand changed (that game's version says so): a game's public page is keyed on
    # its version and this, so a hand at another table does not rebuild it.
    shared_changed_at = models.DateTimeField(default=timezone.now)
    # Bumped with shared_changed_at, except by a result (a game decided: its sides and the
    # games ahead change, no team, player or chapter does): a visitor's pages keep the
    # event's team lines under it, so a result does not read them again (`fragments`).
    names_changed_at = models.DateTimeField(default=timezone.now)
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
    def has_bracket(self) -> bool:
        """Say whether the event's format lays out a bracket (single or double elimination)."""
        from games.formats import get_format

        return get_format(self.format).bracket

    @property
    def format_rules(self) -> list[str]:
        """Return the format's rules in plain sentences (double elimination's reset)."""
        from games.formats import get_format

        return get_format(self.format).house_rules(self.format_options)

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
        games = self.games.filter(stage__in=naming.FIRST_STAGES, round__isnull=True)
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
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="teams", db_index=False, db_constraint=False
    )
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
        db_constraint=False,
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
        Team,
        on_delete=models.CASCADE,
        related_name="memberships",
        db_index=False,
        db_constraint=False,
    )
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="+", db_index=False, db_constraint=False
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="memberships", db_constraint=False
    )
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["team", "position"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_team_per_player"),
            models.UniqueConstraint(fields=["team", "position"], name="team_position_unique"),
        ]

    def __str__(self):
        return str(self.player)
