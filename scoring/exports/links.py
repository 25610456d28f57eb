"""Read-only links to a chapter's report, for its secretary: made and revoked by officials."""

import secrets

from django.db import transaction
from django.utils import timezone

from tournaments.models import Chapter
from tournaments.services import log_activity

from ..models import ChapterLink


@transaction.atomic
def create_chapter_link(*, tournament, chapter, by) -> ChapterLink:
    """Make a new secret link to the chapter's report; the chapter's older link stops working.

    The chapter's row is locked first, so two links made at once leave one working.
    """
    list(Chapter.objects.select_for_update().filter(pk=chapter.pk).values_list("pk"))
    now = timezone.now()
    ChapterLink.objects.filter(chapter=chapter, revoked_at__isnull=True).update(revoked_at=now)
    link = ChapterLink.objects.create(
        tournament=tournament,
        chapter=chapter,
        token=secrets.token_urlsafe(32),
        created_by=by if by and by.pk else None,
    )
    log_activity(tournament=tournament, by=by, text=f"Made a report link for {chapter.name}")
    return link


@transaction.atomic
def revoke_chapter_link(*, link: ChapterLink, by) -> None:
    """Stop a chapter link from working (it then answers "not found").

    Revoked and logged once, however many press "Revoke" at once (the update's row lock).
    """
    live = ChapterLink.objects.filter(pk=link.pk, revoked_at__isnull=True)
    if live.update(revoked_at=timezone.now()):
        log_activity(
            tournament=link.tournament,
            by=by,
            text=f"Revoked the report link of {link.chapter.name}",
        )


def chapter_for_link(slug: str, token: str) -> ChapterLink | None:
    """Return the live link with this token in this tournament, or None."""
    if not token or len(token) > 64:
        return None
    link = (
        ChapterLink.objects.select_related("chapter", "tournament")
        .filter(tournament__slug=slug, token=token, revoked_at__isnull=True)
        .first()
    )
    if link is None or not secrets.compare_digest(link.token, token):
        return None
    return link
