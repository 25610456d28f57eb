"""Who is asking: the desk's sessions and its sign-in backend, each read compiled once
(`tournaments.compiled`).

The sessions are Django's database sessions (the same table, rows and cookie). Every
official page reads its session first, then its user: built by the ORM on each request
the two reads took 0.19 and 0.22 ms of CPU on PostgreSQL, compiled 0.05 and 0.06, of a
desk POST's 5.5 (`bench/hands.py`, ``read_cpu_ms_compiled_and_orm``: ``session`` and
``signed_in_user``; 2026-11-28, the 2-core machine). A session past its expiry date is
no session, as in Django's own store. SESSION_ENGINE names this module.

Then it reads the signed-in user: Django's `ModelBackend` builds `User.objects.get(pk=…)`
on every request, `DeskBackend` runs that read compiled, and is otherwise the same
backend (AUTHENTICATION_BACKENDS names it). A session records the dotted path of the
backend that signed its user in, and Django signs out a session whose backend is no
longer listed: a session begun under `ModelBackend` is read here as begun under
`DeskBackend`, so nobody signed in before the change is signed out by it.

An official's page then reads its tournament (the desk's hand form, its game too). The
user's row is read in that round trip (`signed_in_with`): one round trip fewer on every
official page (bench/hands.py counts a desk POST's round trips, ``post_queries``).
"""

from collections.abc import Callable, Sequence
from contextvars import ContextVar

from django.contrib.auth import BACKEND_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.functional import empty

from .compiled import compiled, together

DESK_BACKEND = "tournaments.sessions.DeskBackend"
_DJANGO_BACKEND = "django.contrib.auth.backends.ModelBackend"


@compiled(key="\0session")
def _sessions(*, key: str):
    return Session.objects.filter(session_key=key)


class SessionStore(db.SessionStore):
    """Django's database session store, its read compiled once."""

    def _get_session_from_db(self):
        found = _sessions(key=self.session_key) if self.session_key else []
        if found and found[0].expire_date > timezone.now():
            return found[0]
        self._session_key = None
        return None

    def load(self) -> dict:
        data = super().load()
        if data.get(BACKEND_SESSION_KEY) == _DJANGO_BACKEND:
            # Signed in before DeskBackend: the same backend, its read compiled.
            data[BACKEND_SESSION_KEY] = DESK_BACKEND
        return data


@compiled(pk=-770_901)
def _users(*, pk: int):
    return get_user_model()._default_manager.filter(pk=pk)


# The signed-in user's row, read by `signed_in_with` with the page's own reads: (the
# user's id, the read's result), for `DeskBackend.get_user` while Django checks it.
_READ_AHEAD: ContextVar[tuple[int, list] | None] = ContextVar("desk_user_read", default=None)


class DeskBackend(ModelBackend):
    """Django's `ModelBackend`, its read of the signed-in user compiled once: every page
    an official opens reads it (see the module for what it saves), or read already with
    the page's own reads (`signed_in_with`)."""

    def get_user(self, user_id):
        user_id = int(user_id)
        ahead = _READ_AHEAD.get()
        found = ahead[1] if ahead is not None and ahead[0] == user_id else _users(pk=user_id)
        if not found or not self.user_can_authenticate(found[0]):
            return None
        return found[0]


def signed_in_with(request, reads: Callable[[int], Sequence[tuple]]) -> tuple[object, list]:
    """Return the signed-in user and what ``reads(user_id)`` (compiled reads, as
    `together` takes them) read, in one round trip with the user's own row; or
    (None, []) when nobody is signed in, and nothing is read.

    An official's page reads its session, then its user, then its tournament (and the
    desk's game): the last two are one round trip here. The user is still Django's
    `request.user`, checked by Django as always (the backend, the password's session
    hash, an inactive account): only its row was read ahead, by the id the session
    holds. What was read with it is returned only for the user the check let in.
    """
    lazy = request.user
    user_id = _session_user(request) if getattr(lazy, "_wrapped", None) is empty else None
    if user_id is None:  # read already, nobody signed in, or another backend's: as Django
        user = lazy if lazy.is_authenticated else None
        return user, together(*reads(user.pk)) if user is not None else []
    users, *found = together((_users, {"pk": user_id}), *reads(user_id))
    token = _READ_AHEAD.set((user_id, users))
    try:
        signed_in = lazy.is_authenticated  # Django's own check, of the row read ahead
    finally:
        _READ_AHEAD.reset(token)
    if not signed_in or lazy.pk != user_id:
        return None, []
    return lazy, found


def _session_user(request) -> int | None:
    """Return the id of the user the session holds, signed in by this backend, or None."""
    session = request.session
    if session.get(BACKEND_SESSION_KEY) != DESK_BACKEND:
        return None
    try:
        return int(get_user_model()._meta.pk.to_python(session[SESSION_KEY]))
    except (KeyError, ValueError, ValidationError):
        return None
