"""Hand history in plain words: what a hand was before and after a change.

A snapshot is {"number", "points", "detail"} (`services.hand_snapshot`); the game's
rules word it (`GameSpec.describe_hand`). A snapshot the rules no longer read is
described by its points alone. The game's history is read here too (`game_history`).
"""

import uuid
from dataclasses import dataclass

from games.engine import Table
from games.registry import GameSpec
from games.rules import RulesError
from tournaments.models import Game

from .models import HandChange, TableEntry

# What a stored snapshot can hold that the rules refuse to read.
_UNREADABLE = (RulesError, KeyError, TypeError, ValueError, AttributeError)


@dataclass(frozen=True)
class HandWords:
    """What describing one game's hands needs: its game, table, house rules, side names."""

    spec: GameSpec
    table: Table | None
    options: dict
    names: tuple[str, ...] = ()

    def name(self, seat: int) -> str:
        if seat < len(self.names):
            return self.names[seat]
        return self.table.side_name(seat) if self.table is not None else f"Side {seat + 1}"

    @classmethod
    def of_sheet(cls, sheet) -> "HandWords":
        """Return the words of a score sheet's game (`selectors.Sheet`)."""
        return cls(
            spec=sheet.spec,
            table=sheet.table,
            options=sheet.options,
            names=tuple(side.name for side in sheet.sides),
        )


def describe_hand(data: dict | None, words: HandWords) -> str:
    """Return a hand's snapshot as one line: "Player 1 0, Player 2 14 (Player 2: ...)".

    The game words it (`GameSpec.describe_hand`); a snapshot its rules no longer read
    is described by its points alone.
    """
    if not data:
        return ""
    points = list(data.get("points") or ())
    if words.table is None:
        return _points_only(points, words)
    try:
        return words.spec.describe_hand(
            data.get("detail") or {}, points, words.table, words.options
        )
    except _UNREADABLE:
        return _points_only(points, words)


def _points_only(points, words: HandWords) -> str:
    return ", ".join(f"{words.name(seat)} {value}" for seat, value in enumerate(points))


@dataclass
class ChangeView:
    change: HandChange
    before: str
    after: str


def describe_change(change: HandChange, words: HandWords) -> ChangeView:
    """Return a history row with its before and after in plain words."""
    return ChangeView(
        change=change,
        before=describe_hand(change.before, words),
        after=describe_hand(change.after, words),
    )


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


def table_entries(game: Game):
    """Return the hands entered at the game's table, newest first, and what became of each."""
    return (
        TableEntry.objects.filter(game=game)
        .select_related("decided_by")
        .order_by("-entered_at", "-pk")
    )
