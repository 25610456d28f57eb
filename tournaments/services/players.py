"""Write services for players: register, edit, check in (one or many) and withdraw them."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from ..acting import User
from ..changes import log_activity, mark_changed
from ..errors import DeskError
from ..models import Event, Player
from ..names import name_key
from .chapters import find_or_make_chapter
from .entries import add_entry, lock_events, set_entries
from .names import check_name

WHY_WITHDRAWN = "is withdrawn: reinstate them before checking in."


def duplicate_names(tournament, name: str, *, exclude_pk=None) -> list[Player]:
    """Return players of the tournament whose name matches `name` (compared by `name_key`)."""
    key = name_key(name)
    candidates = tournament.players.all()
    if exclude_pk:
        candidates = candidates.exclude(pk=exclude_pk)
    same = [pk for pk, other in candidates.values_list("pk", "name") if name_key(other) == key]
    return list(tournament.players.filter(pk__in=same).select_related("chapter")) if same else []


@transaction.atomic
def add_player(*, tournament, by: User, name, chapter_name="", events=()) -> Player:
    """Register a player, creating the chapter when it is new, and enter them in events."""
    name = check_name(name, what="player's name")
    chapter = find_or_make_chapter(tournament, chapter_name)
    player = Player.objects.create(tournament=tournament, name=name, chapter=chapter)
    for event in lock_events(events):
        add_entry(event=event, player=player)
    log_activity(tournament=tournament, by=by, text=f"Registered {name}")
    mark_changed(tournament=tournament)
    return player


@transaction.atomic
def update_player(*, player, by: User, name, chapter_name="", events=None) -> Player:
    """Change a player's name and chapter and, when `events` is given, their open entries.

    Entries in events already drawn stay as they are; all of it is saved, or none.
    """
    player.name = check_name(name, what="player's name")
    player.chapter = find_or_make_chapter(player.tournament, chapter_name)
    player.save(update_fields=["name", "chapter"])
    if events is not None:
        drawn = player.entries.exclude(event__status=Event.Status.REGISTRATION)
        set_entries(
            player=player,
            by=by,
            events=[*events, *(entry.event for entry in drawn.select_related("event"))],
        )
    mark_changed(tournament=player.tournament)
    log_activity(tournament=player.tournament, by=by, text=f"Edited player {player.name}")
    return player


@transaction.atomic
def set_withdrawn(*, player, by: User, withdrawn: bool) -> Player:
    player.withdrawn = withdrawn
    if withdrawn:
        player.checked_in = False
    player.save(update_fields=["withdrawn", "checked_in"])
    mark_changed(tournament=player.tournament)
    verb = "Withdrew" if withdrawn else "Reinstated"
    log_activity(tournament=player.tournament, by=by, text=f"{verb} {player.name}")
    return player


@transaction.atomic
def set_checked_in(*, player, by: User, checked_in: bool) -> Player:
    if checked_in and player.withdrawn:
        raise DeskError(f"{player.name} {WHY_WITHDRAWN}")
    player.checked_in = checked_in
    player.save(update_fields=["checked_in"])
    mark_changed(tournament=player.tournament)
    verb = "Checked in" if checked_in else "Undid check-in of"
    log_activity(tournament=player.tournament, by=by, text=f"{verb} {player.name}")
    return player


@dataclass
class CheckedIn:
    """What a check-in of many did: who was checked in, who was already, who was refused
    (name, why)."""

    checked_in: list[Player] = field(default_factory=list)
    already: list[Player] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)


@transaction.atomic
def check_in_players(*, tournament, by: User, players, of: str = "") -> CheckedIn:
    """Check in many players in one go; return who was checked in, already, refused.

    Ruling: a withdrawn player (or one of another tournament) is not checked in and is
    named with why; the others are. A player checked in already stays as they are (a
    second press checks nobody in twice). The rows are locked, so a withdrawal made
    meanwhile is seen. One activity line (`of` says whose, "Lone Star"), one change mark.
    """
    wanted = {player.pk: player for player in players}
    locked = {
        player.pk: player
        for player in Player.objects.select_for_update()
        .filter(tournament=tournament, pk__in=list(wanted))
        .order_by("pk")
    }
    result = CheckedIn()
    for pk, player in sorted(wanted.items(), key=lambda item: (item[1].name, item[0])):
        current = locked.get(pk)
        if current is None:
            result.refused.append((player.name, "is not registered in this tournament."))
        elif current.withdrawn:
            result.refused.append((current.name, WHY_WITHDRAWN))
        elif current.checked_in:
            result.already.append(current)
        else:
            result.checked_in.append(current)
    if result.checked_in:
        Player.objects.filter(pk__in=[p.pk for p in result.checked_in]).update(checked_in=True)
        for player in result.checked_in:
            player.checked_in = True
        count = len(result.checked_in)
        names = ", ".join(p.name for p in result.checked_in[:10])
        more = f" and {count - 10} more" if count > 10 else ""
        whose = f" of {of}" if of else ""
        log_activity(
            tournament=tournament,
            by=by,
            text=f"Checked in {count} player{'s' if count != 1 else ''}{whose}: {names}{more}",
        )
        mark_changed(tournament=tournament)
    return result
