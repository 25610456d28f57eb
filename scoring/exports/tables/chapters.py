"""The chapter report and the players by chapter."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from scoring.exports.tables.placings import placings_of
from scoring.exports.tables.snapshot import WITH_RESULT, Snapshot
from tournaments import naming
from tournaments.models import Chapter, Entry, Player, TeamMember

CHAPTERS_HEADER = (
    "chapter",
    "player",
    "event",
    "side",
    "place",
    "shared",
    "reached",
    "played",
    "won",
    "points",
)
PLAYERS_HEADER = ("chapter", "name", "checked_in", "withdrawn", "events")


def _records(snapshot: Snapshot) -> dict[int, list[int]]:
    """Return each team's [games played, games won, points] over its games with a result."""
    records: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    for game in snapshot.games.values():
        if game.status not in WITH_RESULT or not snapshot.shown(game):
            continue
        for side, result in zip(game.sides, game.results, strict=True):
            if side.team_id is None:
                continue
            record = records[side.team_id]
            record[0] += 1
            record[1] += result == "won"
            record[2] += side.total
    return records


def chapter_rows(snapshot: Snapshot, chapter: Chapter | None = None) -> Iterator[list]:
    """One row per member per event entered: side, place, games played and won, points.

    A member in no event has one row with the event left empty.
    """
    players = Player.objects.filter(tournament=snapshot.tournament).select_related("chapter")
    if chapter is not None:
        players = players.filter(chapter=chapter)
    players = list(players.order_by("chapter__name", "name", "pk"))
    ids = [player.pk for player in players]
    entered = defaultdict(list)
    for player_id, event_id in (
        Entry.objects.filter(player_id__in=ids).order_by().values_list("player_id", "event_id")
    ):
        entered[player_id].append(event_id)
    team_of = {}
    for player_id, event_id, team_id in (
        TeamMember.objects.filter(player_id__in=ids)
        .order_by()
        .values_list("player_id", "event_id", "team_id")
    ):
        team_of[(player_id, event_id)] = team_id
        if event_id not in entered[player_id]:
            entered[player_id].append(event_id)
    records = _records(snapshot)
    for player in players:
        events = [e for e in snapshot.events if e.pk in entered[player.pk]]
        if not events:
            yield [player.chapter_name, player.name, None, None, None, None, None, 0, 0, 0]
            continue
        for event in events:
            team_id = team_of.get((player.pk, event.pk))
            team = snapshot.teams.get(team_id)
            placing = placings_of(snapshot, event).get(team_id) if team else None
            played, won, points = records.get(team_id, (0, 0, 0)) if team else (0, 0, 0)
            yield [
                player.chapter_name,
                player.name,
                event.name,
                team.side if team else None,
                placing.place if placing else None,
                placing.shared if placing and placing.place is not None else None,
                (placing.reached or None) if placing else None,
                played,
                won,
                points,
            ]


# The chapter report as a page for people ----------------------------------------------


@dataclass
class MemberEvent:
    """One event of a member, in words: "Team 3", "=2", "lost in the semi-final"."""

    event: str
    side: str
    place: str
    reached: str
    played: int
    won: int
    points: int


@dataclass
class Member:
    name: str
    events: list[MemberEvent] = field(default_factory=list)


def chapter_members(snapshot: Snapshot, rows: Iterable[list]) -> list[Member]:
    """Group the chapter report's rows by member, each event said as the pages say it."""
    team_size = {event.name: event.team_size for event in snapshot.events}
    members: dict[str, Member] = {}
    for _chapter, player, event, side, place, shared, reached, played, won, points in rows:
        member = members.setdefault(player, Member(player))
        if event is None:
            continue
        number = int(side[1:]) if side else None
        member.events.append(
            MemberEvent(
                event=event,
                side=naming.team_number_label(number, team_size[event]) if number else "",
                place="" if place is None else f"{'=' if shared else ''}{place}",
                reached=reached or "",
                played=played,
                won=won,
                points=points,
            )
        )
    return list(members.values())


# Players by chapter ----------------------------------------------------------------------


def players_rows(snapshot: Snapshot) -> Iterator[list]:
    """The tournament's players by chapter, with their events."""
    players = (
        Player.objects.filter(tournament=snapshot.tournament)
        .select_related("chapter")
        .prefetch_related("entries__event")
        .order_by("chapter__name", "name", "pk")
    )
    for player in players:
        yield [
            player.chapter.name if player.chapter else None,
            player.name,
            player.checked_in,
            player.withdrawn,
            "; ".join(entry.event.name for entry in player.entries.all()) or None,
        ]
