"""Write services for chapters: add, find or make, rename and merge them."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from ..acting import User
from ..changes import log_activity, mark_changed
from ..errors import DeskError
from ..models import Chapter, Player
from ..names import clean_name, name_key
from ..roster import KEY_MAX, NAME_MAX
from .names import check_name


def _check_chapter_key(name: str) -> None:
    """Refuse a chapter name whose comparison key would not fit `Chapter.name_key`."""
    if len(name_key(name)) > KEY_MAX:
        raise DeskError(
            "The chapter name holds characters that stand for several letters each, so it "
            "is too long to compare with other chapters; type it in plain letters."
        )


def find_or_make_chapter(tournament, chapter_name: str) -> Chapter | None:
    """Return the tournament's chapter of that name, creating it when it is new.

    Two officials typing the same new chapter at once both get the one chapter: the
    unique key makes the second insert fail, and get_or_create then finds the first.
    """
    chapter_name = clean_name(chapter_name or "")
    if not chapter_name:
        return None
    if len(chapter_name) > NAME_MAX:
        raise DeskError(f"The chapter name is too long: at most {NAME_MAX} characters.")
    _check_chapter_key(chapter_name)
    chapter, _ = Chapter.objects.get_or_create(
        tournament=tournament, name_key=name_key(chapter_name), defaults={"name": chapter_name}
    )
    return chapter


@transaction.atomic
def add_chapter(*, tournament, by: User, name, code="") -> Chapter:
    name = check_name(name, what="chapter name")
    _check_chapter_key(name)
    chapter, created = Chapter.objects.get_or_create(
        tournament=tournament,
        name_key=name_key(name),
        defaults={"name": name, "code": clean_name(code)[:12]},
    )
    if not created:
        raise DeskError(f"There is already a chapter called {chapter.name}.")
    mark_changed(tournament=tournament)
    log_activity(tournament=tournament, by=by, text=f"Added the chapter {name}")
    return chapter


@transaction.atomic
def rename_chapter(*, chapter, by: User, name, code=None) -> Chapter:
    old = chapter.name
    name = check_name(name, what="chapter name")
    _check_chapter_key(name)
    taken = DeskError(f"There is already a chapter called {name}: merge the two instead.")
    clash = chapter.tournament.chapters.filter(name_key=name_key(name)).exclude(pk=chapter.pk)
    if clash.exists():
        raise taken
    chapter.name = name
    if code is not None:
        chapter.code = clean_name(code)[:12]
    try:
        # Two chapters renamed to one name at once: the unique key refuses the second.
        with transaction.atomic():
            chapter.save()
    except IntegrityError:
        raise taken from None
    mark_changed(tournament=chapter.tournament)
    log_activity(tournament=chapter.tournament, by=by, text=f"Renamed chapter {old} to {name}")
    return chapter


def _lock_both(source, target) -> None:
    """Lock both chapters (by id, one order); refuse when one is gone meanwhile (merged
    into another by someone else at the same moment)."""
    pks = sorted([source.pk, target.pk])
    found = Chapter.objects.select_for_update().filter(pk__in=pks).order_by("pk")
    if len(found.values_list("pk")) < 2:
        raise DeskError(
            "One of the two chapters is no longer there: it was merged or removed meanwhile. "
            "Reload the page and check the chapters."
        )


@transaction.atomic
def merge_chapters(*, source, target, by: User) -> Chapter:
    """Move every player of `source` into `target` and delete `source`."""
    if source.pk == target.pk:
        raise DeskError("Choose two different chapters to merge.")
    if source.tournament_id != target.tournament_id:
        raise DeskError("Both chapters must belong to this tournament.")
    _lock_both(source, target)
    moved = Player.objects.filter(chapter=source).update(chapter=target)
    name = source.name
    source.delete()
    mark_changed(tournament=target.tournament)
    log_activity(
        tournament=target.tournament,
        by=by,
        text=f"Merged chapter {name} into {target.name} ({moved} players moved)",
    )
    return target
