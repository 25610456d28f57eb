"""Write services for players: register, edit, check in and withdraw them."""

from django.db import transaction

from ..changes import log_activity, mark_changed
from ..errors import DeskError
from ..models import Event, Player
from ..names import name_key
from .chapters import find_or_make_chapter
from .entries import add_entry, lock_events, set_entries
from .names import check_name


def duplicate_names(tournament, name: str, *, exclude_pk=None) -> list[Player]:
    """Return players of the tournament whose name matches `name` (compared by `name_key`)."""
    key = name_key(name)
    candidates = tournament.players.all()
    if exclude_pk:
        candidates = candidates.exclude(pk=exclude_pk)
    same = [pk for pk, other in candidates.values_list("pk", "name") if name_key(other) == key]
    return list(tournament.players.filter(pk__in=same).select_related("chapter")) if same else []


@transaction.atomic
def add_player(*, tournament, by, name, chapter_name="", events=()) -> Player:
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
def update_player(*, player, by, name, chapter_name="", events=None) -> Player:
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
def set_withdrawn(*, player, by, withdrawn: bool) -> Player:
    player.withdrawn = withdrawn
    if withdrawn:
        player.checked_in = False
    player.save(update_fields=["withdrawn", "checked_in"])
    mark_changed(tournament=player.tournament)
    verb = "Withdrew" if withdrawn else "Reinstated"
    log_activity(tournament=player.tournament, by=by, text=f"{verb} {player.name}")
    return player


@transaction.atomic
def set_checked_in(*, player, by, checked_in: bool) -> Player:
    if checked_in and player.withdrawn:
        raise DeskError(f"{player.name} is withdrawn: reinstate them before checking in.")
    player.checked_in = checked_in
    player.save(update_fields=["checked_in"])
    mark_changed(tournament=player.tournament)
    verb = "Checked in" if checked_in else "Undid check-in of"
    log_activity(tournament=player.tournament, by=by, text=f"{verb} {player.name}")
    return player
