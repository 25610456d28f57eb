"""Write services for a tournament's officials: add, remove, leave, invitation links.

Rulings (the issue is silent on these):
- The tournament's owner (who created it; the site admin too) adds and removes
  officials and makes and revokes invitation links. A tournament without an owner
  (restored from a backup) lets every official do so (`Tournament.is_owner`).
- The owner cannot be removed and cannot leave: someone must be able to add officials.
  Nobody removes themself with "remove": they leave, which says what it means.
- An invitation link is used once, expires after `INVITATION_DAYS` days and can be
  revoked while open. Opening it signed in as someone who is already an official
  changes nothing and leaves the link open for the person it was meant for.

Each function runs in one transaction, locks the tournament's row (or the invitation's)
so two officials acting at once cannot, say, both use one link, and logs who did it.
"""

from __future__ import annotations

import datetime
import secrets

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from ..acting import User
from ..changes import log_activity
from ..errors import DeskError
from ..models import OfficialInvitation, Tournament
from ..names import clean_name

INVITATION_DAYS = 7
# Open links kept per tournament: enough for a day's volunteers, never an endless list.
OPEN_INVITATIONS_MAX = 20


class InvitationRefused(DeskError):
    """The invitation link cannot be used: unknown, used, revoked or expired."""


def _lock(tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _check_owner(tournament, by: User) -> None:
    if not tournament.is_owner(by):
        owner = tournament.owner.username if tournament.owner_id else "the site admin"
        raise DeskError(
            f"Only the tournament's owner ({owner}) adds and removes officials and makes "
            "invitation links."
        )


def _name(user) -> str:
    return user.get_username()


@transaction.atomic
def add_official(*, tournament, by: User, username: str):
    """Make the user with this login name an official of the tournament; return the user."""
    tournament = _lock(tournament)
    _check_owner(tournament, by)
    typed = (username or "").strip()
    if not typed:
        raise DeskError("Type the login name of the person to add.")
    users = get_user_model().objects.filter(is_active=True)
    user = users.filter(username=typed).first()
    if user is None:
        # Login names are case-sensitive; a unique match in another case is meant.
        alike = list(users.filter(username__iexact=typed)[:2])
        user = alike[0] if len(alike) == 1 else None
    if user is None:
        shown = clean_name(typed)[:60]
        raise DeskError(
            f"Nobody signs in as “{shown}”. Check the spelling, or send them an invitation "
            "link instead (they make their own account first)."
        )
    if tournament.officials.filter(pk=user.pk).exists():
        raise DeskError(f"{_name(user)} is already an official of this tournament.")
    tournament.officials.add(user)
    log_activity(tournament=tournament, by=by, text=f"Added {_name(user)} as an official")
    return user


@transaction.atomic
def remove_official(*, tournament, by: User, user) -> None:
    """Remove another official from the tournament (the owner only; never the owner)."""
    tournament = _lock(tournament)
    _check_owner(tournament, by)
    if user.pk == by.pk:
        raise DeskError("To stop being an official yourself, use “Leave this tournament”.")
    if tournament.owner_id == user.pk:
        raise DeskError(f"{_name(user)} owns this tournament and cannot be removed.")
    if not tournament.officials.filter(pk=user.pk).exists():
        raise DeskError(f"{_name(user)} is not an official of this tournament.")
    tournament.officials.remove(user)
    log_activity(tournament=tournament, by=by, text=f"Removed {_name(user)} as an official")


@transaction.atomic
def leave_tournament(*, tournament, by: User) -> None:
    """Stop being an official of the tournament; the owner cannot leave."""
    tournament = _lock(tournament)
    if tournament.owner_id == by.pk:
        raise DeskError(
            "You own this tournament, so you cannot leave it: the owner is the one who adds "
            "and removes officials. Ask the site admin to make another official the owner "
            "first."
        )
    if not tournament.officials.filter(pk=by.pk).exists():
        raise DeskError("You are not an official of this tournament.")
    tournament.officials.remove(by)
    log_activity(tournament=tournament, by=by, text=f"{_name(by)} left the officials")


@transaction.atomic
def invite_official(*, tournament, by: User, now=None) -> OfficialInvitation:
    """Make a single-use invitation link, open for `INVITATION_DAYS` days."""
    tournament = _lock(tournament)
    _check_owner(tournament, by)
    now = now or timezone.now()
    open_links = tournament.invitations.filter(
        used_at__isnull=True, revoked_at__isnull=True, expires_at__gt=now
    )
    if open_links.count() >= OPEN_INVITATIONS_MAX:
        raise DeskError(
            f"{OPEN_INVITATIONS_MAX} invitation links are open already: revoke the ones "
            "nobody will use before making another."
        )
    invitation = OfficialInvitation.objects.create(
        tournament=tournament,
        token=secrets.token_urlsafe(24),
        made_by=by,
        expires_at=now + datetime.timedelta(days=INVITATION_DAYS),
    )
    log_activity(tournament=tournament, by=by, text="Made an invitation link for an official")
    return invitation


@transaction.atomic
def revoke_invitation(*, invitation, by: User) -> None:
    """Stop an open invitation link at once."""
    tournament = _lock(invitation.tournament)
    _check_owner(tournament, by)
    invitation = OfficialInvitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.used_at is not None:
        raise DeskError("That link has been used already; remove the official instead.")
    if invitation.revoked_at is not None:
        raise DeskError("That link was revoked already.")
    invitation.revoked_at = timezone.now()
    invitation.save(update_fields=["revoked_at"])
    log_activity(tournament=tournament, by=by, text="Revoked an invitation link")


REFUSALS = {
    "unknown": "This invitation link is not one the desk made: check that it was copied whole.",
    "used": "This invitation link has been used already: each link makes one official. Ask "
    "the tournament's owner for a new one.",
    "revoked": "This invitation link was revoked by the tournament's owner. Ask them for a "
    "new one.",
    "expired": f"This invitation link has expired (links last {INVITATION_DAYS} days). Ask "
    "the tournament's owner for a new one.",
}


def _open_invitation(invitations, *, tournament, token) -> OfficialInvitation:
    """Return the tournament's open invitation for `token`, or refuse saying why."""
    token = str(token or "")
    invitation = (
        invitations.filter(tournament=tournament, token=token).first()
        if tournament is not None and 0 < len(token) <= 64
        else None
    )
    if invitation is None:
        raise InvitationRefused(REFUSALS["unknown"])
    if not invitation.is_open:
        raise InvitationRefused(REFUSALS[invitation.state])
    return invitation


def check_invitation(*, tournament, token: str) -> OfficialInvitation:
    """Return the open invitation a link names (nothing is written), or refuse saying why.

    Opening a link only shows what it offers; joining takes a press of the button (a
    link previewer or a prefetching browser must never use someone's invitation).
    """
    return _open_invitation(OfficialInvitation.objects.all(), tournament=tournament, token=token)


@transaction.atomic
def accept_invitation(*, tournament, token: str, by: User) -> bool:
    """Make `by` an official through an invitation link; return False if they were already.

    Refuse (InvitationRefused, saying why) a link that is not this tournament's, used,
    revoked or expired. The invitation's row stays locked until it is marked used (one
    transaction), so a link opened by several people at once makes one official.
    """
    invitation = _open_invitation(
        OfficialInvitation.objects.select_for_update(), tournament=tournament, token=token
    )
    if tournament.officials.filter(pk=by.pk).exists():
        return False
    invitation.used_at = timezone.now()
    invitation.used_by = by
    invitation.save(update_fields=["used_at", "used_by"])
    tournament.officials.add(by)
    log_activity(
        tournament=tournament, by=by, text=f"{_name(by)} joined the officials by invitation"
    )
    return True
