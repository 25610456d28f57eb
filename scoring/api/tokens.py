"""Tokens for the read-only API: an official makes one for a tournament, and can revoke it.

Only the token's SHA-256 is stored; the token is shown once, when it is made.
"""

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone

from tournaments.services import log_activity

from ..models import ApiToken

PREFIX = "dd_"


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@transaction.atomic
def create_api_token(*, tournament, by, name: str) -> tuple[ApiToken, str]:
    """Make a token for `by` on this tournament; return it and its secret (shown once)."""
    key = PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        tournament=tournament,
        user=by,
        name=name.strip()[:80] or "API token",
        key_hash=_hash(key),
        prefix=key[: len(PREFIX) + 4],
    )
    log_activity(tournament=tournament, by=by, text=f"Made an API token “{token.name}”")
    return token, key


@transaction.atomic
def revoke_api_token(*, token: ApiToken, by) -> None:
    """Stop a token from working (revoked and logged once, however many press at once)."""
    live = ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True)
    if live.update(revoked_at=timezone.now()):
        log_activity(
            tournament=token.tournament, by=by, text=f"Revoked the API token “{token.name}”"
        )


def user_for_token(key: str, tournament) -> object | None:
    """Return the official a live token of this tournament stands for, or None."""
    if not key or not key.startswith(PREFIX) or len(key) > 100:
        return None
    token = (
        ApiToken.objects.select_related("user")
        .filter(key_hash=_hash(key), tournament=tournament, revoked_at__isnull=True)
        .first()
    )
    if token is None or not token.user.is_active or not tournament.is_official(token.user):
        return None
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    return token.user
