"""hands.csv and the penalties: the hands, streamed from the database in chunks."""

from __future__ import annotations

from collections.abc import Iterator

from scoring.exports.tables.snapshot import HAND_CHUNK, Snapshot
from scoring.models import Hand
from scoring.services.checks import penalty_fields
from tournaments.models import Event, Player

HANDS_HEADER = ("event", "game", "hand", "side", "points")
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


def hands_rows(snapshot: Snapshot) -> Iterator[list]:
    """One row per side per hand: its points, penalties included (negative where allowed)."""
    names = {event.pk: event.name for event in snapshot.events}
    for game_id, number, points in _hands(snapshot, "points"):
        game = snapshot.games[game_id]
        for seat, value in enumerate(points):
            team = snapshot.side_of(game, seat)
            yield [names[game.event_id], game.label, number, team.side if team else None, value]


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
