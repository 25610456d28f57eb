"""Table links: the short code (and QR code) that opens one game's entry at its table.

Codes are drawn from `secrets`; a game has one active link, which the official can revoke
(the code then refuses with a plain sentence) or renew. `refusal` says, in one sentence,
why a link cannot take a hand now: the one rule the table's pages and services ask.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from scoring.models import TableLink
from scoring.services.game_rows import lock_game
from tournaments import services as desk
from tournaments.acting import User
from tournaments.errors import DeskError
from tournaments.models import OPEN, Event, Game


class TableRefused(DeskError):
    """The table's link cannot take this now: the message says why, in plain words."""


def _user(by: User | None):
    return by if by is not None and getattr(by, "pk", None) else None


# Table codes: eight characters from 31 (no 0, O, 1, I or L, which read alike), shown
# as two groups of four. 31**8 is about 8.5 * 10**11 codes (README: the odds of a guess).
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(typed: str) -> str:
    """Return a typed table code as stored: capitals, no spaces or dashes ("7kq4-m2xd")."""
    return "".join(ch for ch in str(typed).upper() if ch.isalnum())[: CODE_LENGTH * 2]


def show_code(code: str) -> str:
    """Return a code as printed: "7KQ4-M2XD"."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}" if len(code) == CODE_LENGTH else code


# --- Links -------------------------------------------------------------------------


def _create_link(game_id: int, by: User | None) -> TableLink:
    for _ in range(5):
        try:
            with transaction.atomic():
                return TableLink.objects.create(
                    game_id=game_id, code=new_code(), created_by=_user(by)
                )
        except IntegrityError:
            found = TableLink.objects.filter(game_id=game_id, revoked_at__isnull=True).first()
            if found is not None:
                return found  # made meanwhile by another official's page
    raise DeskError("Could not make a table code: try again.")  # pragma: no cover


def links_for(games: Iterable[Game | int], *, by: User | None = None) -> dict[int, TableLink]:
    """Return each game's active table link by game id, making the missing ones."""
    ids = [getattr(game, "pk", game) for game in games]
    found = {
        link.game_id: link
        for link in TableLink.objects.filter(game_id__in=ids, revoked_at__isnull=True)
    }
    for game_id in ids:
        if game_id not in found:
            found[game_id] = _create_link(game_id, by)
    return found


@transaction.atomic
def revoke_links(*, games: Iterable[Game | int], by: User, renew: bool) -> int:
    """Revoke the games' table links (their codes then refuse); with `renew`, make new ones.

    Return how many games had a link revoked or renewed.
    """
    ids = [getattr(game, "pk", game) for game in games]
    now = timezone.now()
    revoked = TableLink.objects.filter(game_id__in=ids, revoked_at__isnull=True).update(
        revoked_at=now
    )
    if renew:
        for game_id in ids:
            _create_link(game_id, by)
    if ids:
        game = Game.objects.select_related("event__tournament").get(pk=ids[0])
        word = "Renewed" if renew else "Revoked"
        what = game.name if len(ids) == 1 else f"{len(ids)} tables' links"
        desk.log_activity(
            tournament=game.event.tournament, by=by, text=f"{word} the table link of {what}"
        )
    return max(revoked, len(ids) if renew else revoked)


@transaction.atomic
def set_desk_only(*, game: Game, by: User, desk_only: bool) -> Game:
    """Lock a table to desk-only entry (its link then refuses), or unlock it."""
    game = lock_game(game.pk)
    Game.objects.filter(pk=game.pk).update(
        desk_only=desk_only, version=F("version") + 1, updated_at=timezone.now()
    )
    desk.mark_changed(event=game.event_id)
    word = "Locked" if desk_only else "Unlocked"
    desk.log_activity(
        tournament=game.event.tournament, by=by, text=f"{word} {game.name} to desk-only entry"
    )
    game.refresh_from_db()
    return game


def refusal(link: TableLink, game: Game, event: Event) -> str:
    """Return why this link cannot take hands now, in one plain sentence, or ""."""
    if not link.active:
        return (
            "This table link was withdrawn by the official. Ask the desk for the table's new card."
        )
    if event.status == Event.Status.FINISHED:
        return f"{event.name} is finished: no more hands can be entered."
    if game.desk_only:
        return "The official has taken this table's scoring to the desk: ask the desk."
    if game.status not in OPEN:
        return NOT_TAKING_HANDS[game.status]
    return ""


# Why a game's table link takes no hand, by the game's status.
NOT_TAKING_HANDS = {
    Game.Status.WAITING: (
        "This game is waiting for a side: hands can be entered once both sides are known."
    ),
    Game.Status.FINISHED: (
        "This game is finished: no more hands can be entered here. The official corrects "
        "it at the desk if needed."
    ),
    Game.Status.CLOSED: (
        "This game was closed at time: no more hands can be entered here. The official "
        "corrects it at the desk if needed."
    ),
    Game.Status.WALKOVER: "This game was given as a walkover (W/O): it has no hands.",
    Game.Status.BYE: "This game is a bye: no hands are played.",
    Game.Status.VOID: "This game was voided by a correction earlier in the bracket.",
}
