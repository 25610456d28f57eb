"""Reads for the lists of players: the registration desk and bulk entry."""

from django.db.models import Exists, OuterRef, Prefetch

from ..models import Entry, Event
from ..names import name_key


def players_with_entries(tournament, *, search: str = ""):
    """Return the tournament's players with chapter and event entries loaded."""
    players = tournament.players.select_related("chapter").prefetch_related(
        Prefetch("entries__event", queryset=Event.objects.only("pk", "name"))
    )
    if search:
        players = players.filter(name__icontains=search.strip())
    return players.order_by("name", "pk")


NO_CHAPTER = "none"


def players_for_entry(tournament, event, *, chapter=None):
    """Return the tournament's players for the bulk-entry page, each with `entered`.

    `chapter` narrows the list: a Chapter, NO_CHAPTER for players without one, or None
    for everyone. One query, whatever the number of players.
    """
    players = tournament.players.select_related("chapter").annotate(
        entered=Exists(Entry.objects.filter(event=event, player=OuterRef("pk")))
    )
    if chapter == NO_CHAPTER:
        players = players.filter(chapter__isnull=True)
    elif chapter is not None:
        players = players.filter(chapter=chapter)
    return players.order_by("name", "pk")


def checked_in_to_enter(tournament, event, *, chapter=None):
    """Return the checked-in players (of `chapter`, as above) not yet entered in the event."""
    return players_for_entry(tournament, event, chapter=chapter).filter(
        checked_in=True, withdrawn=False, entered=False
    )


def roster_chapter_notes(tournament, rows) -> list[str]:
    """Say which chapters of a checked roster are taken as a chapter spelled otherwise:
    an existing one ("victoria" as the existing "Victoria"), or the file's first spelling.

    `rows` are the upload's [line, name, chapter]; the import files a player under the
    chapter of the same `name_key`, so the official is told before importing.
    """
    existing = {chapter.name_key: chapter.name for chapter in tournament.chapters.all()}
    first: dict[str, str] = {}
    told: set[str] = set()
    notes = []
    for line, _name, chapter in rows:
        if not chapter:
            continue
        key = name_key(chapter)
        taken = existing.get(key) or first.setdefault(key, chapter)
        if chapter == taken or chapter in told:
            continue
        told.add(chapter)
        how = "the existing" if key in existing else "the file's first spelling,"
        notes.append(f"Line {line}: chapter “{chapter}” taken as {how} “{taken}”.")
    return notes


def not_checked_in(tournament, *, chapter):
    """Return the players of `chapter` (or NO_CHAPTER) not checked in, withdrawn ones too
    (so a check-in of the chapter can name them)."""
    players = tournament.players.filter(checked_in=False)
    if chapter == NO_CHAPTER:
        return players.filter(chapter__isnull=True).order_by("name", "pk")
    return players.filter(chapter=chapter).order_by("name", "pk")
