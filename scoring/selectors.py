"""Reads for the score sheet pages: each returns what one page shows, in few queries."""

import uuid
from dataclasses import dataclass, field

from django.db.models import F

from games.rules.texas_good_sams import TARGET
from tournaments.models import Game, Player, Team, TeamMember

from .models import Hand, HandChange, HandPenalty


@dataclass
class SideView:
    """One side of a game as the sheet shows it: its players, their chapters, its total."""

    seat: int
    team: Team | None
    players: list[Player]
    total: int = 0

    @property
    def name(self) -> str:
        return f"Side {self.seat + 1}"

    @property
    def label(self) -> str:
        """Return the players' names, or a plain note while the side is not known."""
        if self.players:
            return " & ".join(p.name for p in self.players)
        return "not decided yet"

    @property
    def short_label(self) -> str:
        if self.players:
            return " & ".join(p.name.split()[0] for p in self.players)
        return self.name

    @property
    def chapters(self) -> str:
        names = []
        for player in self.players:
            name = player.chapter_name
            if name not in names:
                names.append(name)
        return ", ".join(names)


@dataclass
class SheetRow:
    hand: Hand
    totals: tuple[int, int]
    reached_first_note: str = ""
    penalties: list[HandPenalty] = field(default_factory=list)


@dataclass
class Sheet:
    """A game's score sheet: sides, every hand with the running totals, the result."""

    game: Game
    sides: list[SideView]
    rows: list[SheetRow] = field(default_factory=list)

    @property
    def totals(self) -> tuple[int, int]:
        return self.rows[-1].totals if self.rows else (0, 0)

    @property
    def winner(self) -> SideView | None:
        if self.game.winner_seat is None:
            return None
        return self.sides[self.game.winner_seat]

    @property
    def any_edited(self) -> bool:
        return any(row.hand.edited for row in self.rows)

    @property
    def can_add(self) -> bool:
        return self.game.status in {Game.Status.READY, Game.Status.PLAYING}

    @property
    def next_heading(self) -> str:
        return f"Hand {len(self.rows) + 1}"

    @property
    def next_heading_lower(self) -> str:
        return f"hand {len(self.rows) + 1}"

    @property
    def target(self) -> int:
        return TARGET


def game_sides(game: Game) -> list[SideView]:
    """Return the game's two sides in seat order, with their players and chapters (one query)."""
    members = (
        TeamMember.objects.filter(team__sides__game=game)
        .select_related("player__chapter", "team")
        .annotate(seat=F("team__sides__seat"))
        .order_by("position", "pk")
    )
    views = [SideView(seat=seat, team=None, players=[]) for seat in (0, 1)]
    for member in members:
        view = views[member.seat]
        view.team = member.team
        view.players.append(member.player)
    return views


def game_sheet(game: Game, *, sides: list[SideView] | None = None) -> Sheet:
    """Return the game's sheet: its sides and its hands with penalties and running totals.

    Pass `sides` already read for this game to save reading them again.
    """
    sheet = Sheet(game=game, sides=sides if sides is not None else game_sides(game))
    hands = list(Hand.objects.filter(game=game).order_by("number"))
    # Penalties are rare: read them only when a hand has penalty points.
    penalties = {}
    with_penalties = [hand.pk for hand in hands if hand.penalty_0 or hand.penalty_1]
    if with_penalties:
        found = HandPenalty.objects.filter(hand__in=with_penalties).select_related("offender")
        for penalty in found.order_by("pk"):
            penalties.setdefault(penalty.hand_id, []).append(penalty)
    first = second = 0
    for hand in hands:
        first += hand.points_0
        second += hand.points_1
        note = ""
        if first >= TARGET and second >= TARGET and hand.reached_first is not None:
            note = f"{sheet.sides[hand.reached_first].name} reached {TARGET} first"
        sheet.rows.append(
            SheetRow(
                hand=hand,
                totals=(first, second),
                reached_first_note=note,
                penalties=penalties.get(hand.pk, []),
            )
        )
    for side in sheet.sides:
        side.total = sheet.totals[side.seat]
    return sheet


def game_history(game: Game):
    """Return the game's hand changes, newest first, with who made them."""
    return HandChange.objects.filter(game=game).select_related("by").order_by("-at", "-pk")


def change_made(game: Game, key) -> bool:
    """Say whether the form with this key already changed the game's hands."""
    try:
        key = uuid.UUID(str(key))
    except ValueError:
        return False
    return HandChange.objects.filter(game=game, request_key=key).exists()
