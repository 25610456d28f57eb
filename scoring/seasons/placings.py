"""Each tournament's placings as a season reads them: stored rows, one query per season.

A season never copies results into itself: a tournament's placings are read from the
tournament as it stands, with the exports' own readers (`scoring.exports.tables.placings.
placings_of` over a `Snapshot`: the bracket's places and the rounds standings), and
stored as rows per tournament (`scoring.models.TournamentPlacing`) under the tournament's
marker (the newest change of its events and their number). A season reads the markers
with its tournaments (one query) and every row in one more; a tournament whose events
changed since its rows were stored (a finish, a reopening, a correction) is read again
and its rows written before they are counted (`scoring.services.season_placings`), so a
season is never stale and its cost does not grow with the snapshots of its tournaments.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Max, OuterRef, Subquery

from scoring.exports.tables.placings import placings_of
from scoring.exports.tables.snapshot import read_snapshot
from scoring.models import KeptPlacings
from tournaments.models import Event, Tournament
from tournaments.names import name_key

NO_CHAPTER = "No chapter"  # what a Snapshot's team says of a player without one


@dataclass(frozen=True)
class Placed:
    """One side's placing in a finished event of a tournament."""

    event_id: int
    event_order: int  # the event's place among the tournament's events, from 1
    event_name: str
    kind: str  # "bracket" or "rounds"
    game_key: str
    # (player's name, chapter's name or "", and their `name_key`s)
    members: tuple[tuple[str, str, str, str], ...]
    place: int | None
    shared: bool
    reached: str


@dataclass(frozen=True)
class SeasonEntry:
    """A tournament, the marker of its events now, and the marker its rows were kept at."""

    tournament: object
    marker: str
    kept: str | None = None

    @property
    def stale(self) -> bool:
        return self.kept != self.marker


def tournament_entries(tournaments) -> list[SeasonEntry]:
    """Return the tournaments (a queryset) in date order with their markers (one query)."""
    kept = KeptPlacings.objects.filter(tournament=OuterRef("pk")).values("marker")[:1]
    rows = tournaments.annotate(
        at=Max("events__changed_at"), events_count=Count("events"), kept=Subquery(kept)
    ).order_by("starts_on", "slug")
    return [SeasonEntry(row, f"{row.at}|{row.events_count}", row.kept) for row in rows]


def season_entries(season) -> list[SeasonEntry]:
    """Return the season's tournaments in date order, each with its markers (one query)."""
    return tournament_entries(Tournament.objects.filter(season_entries__season=season))


def read_placings(tournament, ranked: dict | None = None) -> list[Placed]:
    """Read the placings of every finished event of the tournament (no cache).

    A bracket's placings are the exports' (`placings_of` over the `Snapshot`); a rounds
    event's are its standings, ranked with every other tournament read at the same time
    when ``ranked`` gives them (`selectors.ranked_events`), else by `placings_of` too.
    """
    snapshot = read_snapshot(tournament)
    found = []
    for order, event in enumerate(snapshot.events, start=1):
        if event.status != Event.Status.FINISHED:
            continue
        rounds = event.game.plays_rounds
        if rounds and ranked is not None and event.pk in ranked:
            placings = {row.side: (row.place, row.shared, "") for row in ranked[event.pk]}
        else:
            placings = {
                team_id: (p.place, bool(p.shared), p.reached)
                for team_id, p in placings_of(snapshot, event).items()
            }
        kind = "rounds" if rounds else "bracket"
        for team_id, (place, shared, reached) in placings.items():
            team = snapshot.teams[team_id]
            members = tuple(
                (name, chapter, name_key(name), name_key(chapter))
                for name, chapter in (
                    (name, "" if chapter == NO_CHAPTER else chapter)
                    for name, chapter in zip(team.names, team.chapters, strict=True)
                )
            )
            if members:
                found.append(
                    Placed(
                        event.pk,
                        order,
                        event.name,
                        kind,
                        event.game_key,
                        members,
                        place,
                        shared,
                        reached,
                    )
                )
    return found
