"""Each tournament's placings as a season reads them, kept once per change of its events.

A season never copies results: a tournament's placings are read from the tournament as
it stands, with the exports' own readers (`scoring.exports.tables.placings.placings_of`
over a `Snapshot`: the bracket's places and the rounds standings), and kept in the cache
under the tournament's marker (the newest change of its events and their number). Any
correction bumps an event's marker, so the next read takes the new placings: never stale.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, Max

from scoring.exports.tables.placings import placings_of
from scoring.exports.tables.snapshot import read_snapshot
from tournaments.models import Event, SeasonTournament
from tournaments.names import name_key
from tournaments.selectors import ranked_events

NO_CHAPTER = "No chapter"  # what a Snapshot's team says of a player without one
KEEP_SECONDS = 7 * 24 * 3600  # only frees memory: a new marker is a new key


@dataclass(frozen=True)
class Placed:
    """One side's placing in a finished event of a tournament."""

    event_id: int
    event_order: int  # the event's place among the tournament's events, from 1
    event_name: str
    kind: str  # "bracket" or "rounds"
    game_key: str
    # (player's name, chapter's name or "", and their `name_key`s), read once and kept
    members: tuple[tuple[str, str, str, str], ...]
    place: int | None
    shared: bool
    reached: str


@dataclass(frozen=True)
class SeasonEntry:
    """A tournament of the season and the marker its placings are kept under."""

    tournament: object
    marker: tuple


def season_entries(season) -> list[SeasonEntry]:
    """Return the season's tournaments in date order, each with its marker (one query)."""
    rows = (
        SeasonTournament.objects.filter(season=season)
        .select_related("tournament")
        .annotate(at=Max("tournament__events__changed_at"), events=Count("tournament__events"))
        .order_by("tournament__starts_on", "tournament__slug")
    )
    return [SeasonEntry(row.tournament, (str(row.at), row.events)) for row in rows]


def _key(entry: SeasonEntry) -> str:
    marker = hashlib.sha256(repr(entry.marker).encode()).hexdigest()[:32]
    return f"season-placings:{entry.tournament.pk}:{marker}"


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


def placings_for(entries: list[SeasonEntry]) -> dict[int, list[Placed]]:
    """Return each tournament's placings by its id: from the cache, else read and kept."""
    keys = {_key(entry): entry for entry in entries}
    kept = cache.get_many(list(keys))
    missing = [entry.tournament for key, entry in keys.items() if key not in kept]
    # The rounds events of every tournament to read, ranked in two queries together.
    finished = Event.objects.filter(tournament__in=missing, status=Event.Status.FINISHED)
    ranked = ranked_events(e for e in finished if e.game.plays_rounds) if missing else {}
    found = {}
    for key, entry in keys.items():
        placed = kept.get(key)
        if placed is None:
            placed = read_placings(entry.tournament, ranked)
            cache.set(key, placed, timeout=KEEP_SECONDS)
        found[entry.tournament.pk] = placed
    return found
