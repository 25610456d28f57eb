"""What is played: games and their sides, rounds of a rounds event, rounds sat out."""

from django.db import models
from django.db.models import Q
from django.utils import timezone

from .. import naming
from .events import Event, Team


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
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="games", db_index=False, db_constraint=False
    )
    # The part of its format a game is in (`STAGES`): 0 a singles partners' game, 1 a
    # single elimination bracket (and every rounds game), 2 to 4 a double elimination's
    # winners', losers' and finals' brackets.
    stage = models.PositiveSmallIntegerField(
        default=1, help_text="1 for the main draw; singles use 0 for partner-against-partner games"
    )
    round_number = models.PositiveSmallIntegerField()
    position = models.PositiveIntegerField(help_text="Bracket order within the round, or table")
    next_game = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="feeders",
        db_constraint=False,
    )
    next_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    # `next_game` / `next_slot` are where the winner goes (the format's winner_to);
    # `loser_game` / `loser_slot` where the loser goes (loser_to; None: out). Indexed
    # only where set, as almost no single elimination game has one.
    loser_game = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="loser_feeders",
        db_index=False,
        db_constraint=False,
    )
    loser_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    # A game played only when the team in ``only_if_slot`` of ``only_if_game`` wins it
    # (double elimination's grand final reset); otherwise it is not needed (void).
    only_if_game = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
        db_constraint=False,
    )
    only_if_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    # The game's number where its format cannot work it out from the round and position
    # (double elimination drops the games nobody can reach); None: derived (`naming`).
    number = models.PositiveIntegerField(null=True, blank=True)
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
        db_constraint=False,
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
        db_constraint=False,
    )
    # The one side that won; None with a result means the sides level on the best total tied.
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    walkover = models.BooleanField(default=False)
    # Why a walkover (W/O) or forfeit was given, as the official typed it.
    walkover_reason = models.CharField(max_length=200, blank=True, default="", db_default="")
    # Kept up to date by scoring, so the bracket knows whether a game has begun.
    hand_count = models.PositiveIntegerField(default=0)
    # Hands only from the desk: the official locked the table's own entry (issue 18).
    desk_only = models.BooleanField(default=False, db_default=False)
    # A hand entered at the table and not counted yet: "waiting" for a player of another
    # side, or "disputed" for the official; "" for none. Kept by scoring's table services
    # with the entry itself (scoring.TableEntry), so public pages say so without asking it.
    table_hand = models.CharField(max_length=8, blank=True, default="", db_default="")
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
            models.CheckConstraint(
                condition=Q(loser_slot__isnull=True) | Q(loser_slot__in=[0, 1]),
                name="game_loser_slot_0_or_1",
            ),
            models.CheckConstraint(
                condition=Q(only_if_slot__isnull=True) | Q(only_if_slot__in=[0, 1]),
                name="game_only_if_slot_0_or_1",
            ),
        ]
        indexes = [
            models.Index(
                fields=["fed_from"], name="game_fed_from_set", condition=Q(fed_from__isnull=False)
            ),
            models.Index(fields=["round"], name="game_round_set", condition=Q(round__isnull=False)),
            models.Index(
                fields=["loser_game"],
                name="game_loser_game_set",
                condition=Q(loser_game__isnull=False),
            ),
            models.Index(
                fields=["only_if_game"],
                name="game_only_if_game_set",
                condition=Q(only_if_game__isnull=False),
            ),
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
            number=self.number,
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
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="sides", db_index=False, db_constraint=False
    )
    seat = models.PositiveSmallIntegerField()
    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="sides", null=True, db_constraint=False
    )
    total = models.IntegerField(default=0)
    # Games won in a match of several games (`games.matches`): kept with the totals of
    # the game in play after every hand; 0 while every match of the event is one game.
    games_won = models.PositiveSmallIntegerField(default=0, db_default=0)

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
    # When the round started, on the server's clock: its clock runs from here when the
    # event sets minutes per round (`selectors.clocks`). None: not started, or
    # started before clocks were kept.
    started_at = models.DateTimeField(null=True, blank=True)
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


# What the public sees (issue 20), the one rule for every public page (the lookup, the
# round pages, the standings, the API): a round and its tables, results and sit-outs
# once the round has started; a seated round may still change at the desk.
PUBLIC_ROUND_STATUSES = frozenset({Round.Status.PLAYING, Round.Status.FINISHED})


def round_is_public(status: str | None) -> bool:
    """Say whether a round of this status is shown to the public (None: no round)."""
    return status is None or status in PUBLIC_ROUND_STATUSES


def public_rounds(prefix: str = "") -> Q:
    """Filter rounds (`prefix` "round__" from a row that has one) to those shown publicly."""
    return Q(**{f"{prefix}status__in": PUBLIC_ROUND_STATUSES})


def public_games(prefix: str = "") -> Q:
    """Filter games (`prefix` "game__" from a side) to those shown publicly: every bracket
    game, and a round's tables once the round has started."""
    return Q(**{f"{prefix}round__isnull": True}) | public_rounds(f"{prefix}round__")


class BracketClock(models.Model):
    """The clock of one round of a bracket, started by the official (the event sets the
    minutes per game); one per round of a stage: the partners' games are stage 0."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="clocks", db_index=False
    )
    stage = models.PositiveSmallIntegerField()
    round_number = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField()

    class Meta:
        ordering = ["event", "stage", "round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "stage", "round_number"], name="bracket_clock_once_per_round"
            ),
        ]

    def __str__(self):
        return f"{self.event}: clock of stage {self.stage}, round {self.round_number}"


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
