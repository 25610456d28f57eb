"""The stored placings rows of a season's tournaments, read in one query: the rows of a
tournament changed since they were stored are written again first
(`scoring.services.season_placings`), so what is read is never stale. The placings
themselves are read from each tournament by `placings.read_placings`.
"""

from __future__ import annotations

from scoring.models import TournamentPlacing
from scoring.services.season_placings import keep_placings

from .placings import Placed, SeasonEntry

# What the leaderboard reads of each stored row: who, where, which place.
ROW_FIELDS = (
    "tournament_id",
    "number",
    "kind",
    "place",
    "name",
    "chapter",
    "name_key",
    "chapter_key",
)
# What a player's events add, once per side (`side_details`): read only when shown.
SIDE_FIELDS = (
    "tournament_id",
    "number",
    "event_id",
    "event_order",
    "event_name",
    "game_key",
    "shared",
    "reached",
)


def placing_rows(entries: list[SeasonEntry]) -> dict[int, list[tuple]]:
    """Return each tournament's stored placings rows (`ROW_FIELDS`, in order) by its id:
    one query; the rows of a tournament changed since they were stored written first."""
    stale = [entry for entry in entries if entry.stale]
    if stale:
        keep_placings(entries=stale)
    found: dict[int, list[tuple]] = {entry.tournament.pk: [] for entry in entries}
    rows = (
        TournamentPlacing.objects.filter(tournament_id__in=list(found))
        .order_by("tournament_id", "number", "position")
        .values_list(*ROW_FIELDS)
    )
    for row in rows:
        found[row[0]].append(row)
    return found


class SideDetails:
    """Each placed side's event, shared place and how far it got, by (tournament id,
    number): read in one query the first time a page asks (a player's events)."""

    def __init__(self, tournament_ids):
        self.tournament_ids = list(tournament_ids)
        self._found: dict[tuple[int, int], tuple] | None = None

    def __getitem__(self, side: tuple[int, int]) -> tuple:
        if self._found is None:
            rows = TournamentPlacing.objects.filter(
                tournament_id__in=self.tournament_ids, position=0
            ).values_list(*SIDE_FIELDS)
            self._found = {row[:2]: row[2:] for row in rows}
        return self._found[side]


def placings_for(entries: list[SeasonEntry]) -> dict[int, list[Placed]]:
    """Return each tournament's placings by its id, as `read_placings` gave them."""
    found = {}
    rows_of = placing_rows(entries)
    details = SideDetails(rows_of)
    for tournament_id, rows in rows_of.items():
        placed, side, members = [], None, []
        for row in rows:
            if side is not None and row[1] != side[1]:
                placed.append(placed_of(side, members, details))
                members = []
            side = row
            members.append(row[4:8])
        if side is not None:
            placed.append(placed_of(side, members, details))
        found[tournament_id] = placed
    return found


def placed_of(row, members, details: SideDetails) -> Placed:
    """Return the side's placing a row says, with its members' names and keys."""
    event_id, order, event_name, game_key, shared, reached = details[row[:2]]
    kind, place = row[2], row[3]
    return Placed(
        event_id, order, event_name, kind, game_key, tuple(members), place, shared, reached
    )
