"""hands.csv and the penalties: the hands, streamed from the database in chunks."""

from __future__ import annotations

from collections.abc import Iterator

from django.utils import timezone

from scoring.exports.tables.snapshot import HAND_CHUNK, Snapshot
from scoring.models import Hand
from scoring.services.checks import penalty_fields
from tournaments.models import Event, Player

HANDS_HEADER = (
    "event",
    "game",
    "hand",
    "side",
    "points",
    "source",
    "entered_by",
    "confirmed_by",
    "entered_time",
    "confirmed_time",
    "match_game",
)
PENALTIES_HEADER = ("event", "game", "hand", "side", "player", "reason")


def _hands(snapshot: Snapshot, *fields: str):
    """Stream the tournament's hands in the files' order, in chunks."""
    return (
        Hand.objects.filter(game__event__tournament=snapshot.tournament)
        .order_by(
            "game__event__created_at",
            "game__event_id",
            "game__stage",
            "game__round_number",
            "game__position",
            "number",
        )
        .values_list("game_id", "number", *fields)
        .iterator(chunk_size=HAND_CHUNK)
    )


WHO_FIELDS = (
    "source",
    "entered_by__username",
    "entered_by_name",
    "confirmed_by_name",
    "entered_at",
    "confirmed_at",
)


def hands_rows(snapshot: Snapshot) -> Iterator[list]:
    """One row per side per hand: its points, penalties included (negative where allowed),
    where it was entered (desk or table), who entered it and who confirmed it, and when."""
    names = {event.pk: event.name for event in snapshot.events}
    for game_id, number, points, match_game, *who in _hands(
        snapshot, "points", "match_game", *WHO_FIELDS
    ):
        game = snapshot.games[game_id]
        source, official, entered_name, confirmed_name, entered_at, confirmed_at = who
        history = [
            source,
            official or entered_name,
            confirmed_name,
            _time(entered_at),
            _time(confirmed_at),
        ]
        for seat, value in enumerate(points):
            team = snapshot.side_of(game, seat)
            side = team.side if team else None
            row = [names[game.event_id], game.label, number, side, value, *history, match_game]
            yield row


def _time(at) -> str:
    """A time as the files write it: local time, to the second ("2026-05-02 14:03:09")."""
    return timezone.localtime(at).strftime("%Y-%m-%d %H:%M:%S") if at else ""


def hands_size(snapshot: Snapshot) -> int:
    return 2 * Hand.objects.filter(game__event__tournament=snapshot.tournament).count()


# penalties -----------------------------------------------------------------------------


def _penalty_fields(event: Event, sides: int, cache: dict) -> list:
    """Return the hand fields that hold penalties at a table of `sides` sides of the event."""
    key = (event.pk, sides)
    if key not in cache:
        cache[key] = penalty_fields(
            event.game, event.options, sides=sides, team_size=event.team_size
        )
    return cache[key]


def penalties_rows(snapshot: Snapshot) -> Iterator[list]:
    """One row per penalty: the hand, the offending side, the player and the reason."""
    events = {event.pk: event for event in snapshot.events}
    players = dict(Player.objects.filter(tournament=snapshot.tournament).values_list("pk", "name"))
    cache: dict = {}
    for game_id, number, detail in _hands(snapshot, "detail"):
        game = snapshot.games[game_id]
        event = events[game.event_id]
        for penalty_field in _penalty_fields(event, len(game.sides), cache):
            reasons = dict(penalty_field.choices)
            for penalty in (detail or {}).get(penalty_field.name) or ():
                side = penalty.get("side")
                team = snapshot.side_of(game, side) if isinstance(side, int) else None
                reason = penalty.get("reason")
                yield [
                    event.name,
                    game.label,
                    number,
                    team.side if team else None,
                    players.get(penalty.get("offender")),
                    reasons.get(reason, reason),
                ]
