"""Write services for entries: who plays in which event, one by one or in bulk."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from ..acting import User
from ..changes import log_activity, mark_changed
from ..errors import DeskError
from ..models import Entry, Event, Player


def entries_closed_reason(event) -> str:
    """Return why no player can be entered in the event now, or "" when entries are open.

    A rounds event takes late arrivals (seated from the next round) until it is finished;
    a bracket event takes entries until its partners or bracket are drawn.
    """
    if event.status == Event.Status.REGISTRATION:
        return ""
    if event.game.plays_rounds and event.status != Event.Status.FINISHED:
        return ""
    if event.status == Event.Status.FINISHED:
        return f"{event.name} is finished; entries are closed."
    if event.status == Event.Status.DRAWN:
        return (
            f"{event.name} has been drawn (its partners are drawn); entries are closed, "
            "since a new player would have no partner and no place in the bracket."
        )
    return (
        f"{event.name} has been drawn (its bracket is drawn); entries are closed, "
        "since a new player would have no place in the bracket."
    )


def lock_events(events) -> list[Event]:
    """Lock events' rows (events or their ids) in one order, by id, and return them.

    Entries are checked against the event's status under its lock: a draw locks the
    event too, so nobody enters or leaves an event while its draw is being made. One
    order, so two officials changing several events never wait on each other.
    """
    pks = sorted({getattr(event, "pk", event) for event in events})
    events = Event.objects.select_for_update(of=("self",)).select_related("tournament")
    return list(events.filter(pk__in=pks).order_by("pk"))


def add_entry(*, event, player) -> Entry:
    """Enter one player in an event (entered already: nothing changes).

    Refuse a player of another tournament, or an event whose entries are closed (read
    under the event's lock).
    """
    event = next(iter(lock_events([event])), event)
    if event.tournament_id != player.tournament_id:
        raise DeskError("That event belongs to another tournament.")
    closed = entries_closed_reason(event)
    if closed:
        raise DeskError(closed)
    entry, _ = Entry.objects.get_or_create(event=event, player=player)
    return entry


@dataclass
class Entered:
    """What a bulk entry did: the players entered, and those who were entered already."""

    entered: list[Player] = field(default_factory=list)
    already: list[Player] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.entered)


class EntriesRefused(DeskError):
    """A bulk entry refused whole; `refusals` says, player by player, what and why."""

    def __init__(self, message: str, refusals: list[tuple[str, str]] = ()):
        super().__init__(message)
        self.refusals = list(refusals)


@transaction.atomic
def enter_players(*, event, by: User, players) -> Entered:
    """Enter players into an event in one go; those already entered stay as they are.

    Ruling: a player entered already is not an error (a second press, or two officials
    at once, enters nobody twice) and is reported back. Anything else refused (entries
    closed, a withdrawn player, a player of another tournament) refuses the whole
    entry with a reason for each player, and nothing is written. The event's row is
    locked, so a draw made meanwhile cannot leave a player entered after it.
    """
    players = list(players)
    event = (
        Event.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=event.pk)
    )
    closed = entries_closed_reason(event)
    if closed:
        raise EntriesRefused(closed)
    refusals = []
    for player in players:
        if player.tournament_id != event.tournament_id:
            refusals.append((player.name, "is not registered in this tournament."))
        elif player.withdrawn:
            refusals.append(
                (player.name, "has withdrawn: reinstate them on the Players page first.")
            )
    if refusals:
        name, reason = refusals[0]
        others = len(refusals) - 1
        more = f" (and {others} other{'s' if others != 1 else ''}: see the list)" if others else ""
        raise EntriesRefused(f"Nobody was entered: {name} {reason}{more}", refusals)
    entered = set(Entry.objects.filter(event=event).values_list("player_id", flat=True))
    result = Entered()
    seen = set()
    for player in players:
        if player.pk in seen:
            continue
        seen.add(player.pk)
        (result.already if player.pk in entered else result.entered).append(player)
    Entry.objects.bulk_create([Entry(event=event, player=p) for p in result.entered])
    if result.entered:
        count = len(result.entered)
        mark_changed(event=event)
        log_activity(
            tournament=event.tournament,
            by=by,
            text=f"Entered {count} player{'s' if count != 1 else ''} in {event.name}",
        )
    return result


@transaction.atomic
def set_entries(*, player, by: User, events) -> None:
    """Make the player's entries exactly `events` (only events still open change)."""
    wanted = {e.pk for e in events}
    current = set(player.entries.values_list("event_id", flat=True))
    for event in lock_events(wanted | current):
        if event.pk in wanted and event.pk not in current:
            add_entry(event=event, player=player)
    leaving = current - wanted
    if leaving:
        closed = Event.objects.filter(pk__in=leaving).exclude(status=Event.Status.REGISTRATION)
        if closed.exists():
            raise DeskError(
                f"{closed.first().name} has been drawn; {player.name} cannot leave it now."
            )
        Entry.objects.filter(player=player, event_id__in=leaving).delete()
    mark_changed(tournament=player.tournament)
    log_activity(tournament=player.tournament, by=by, text=f"Changed entries of {player.name}")
