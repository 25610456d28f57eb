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
"""

from django.contrib.auth import BACKEND_SESSION_KEY, get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.utils import timezone

from .compiled import compiled

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


class DeskBackend(ModelBackend):
    """Django's `ModelBackend`, its read of the signed-in user compiled once: every page
    an official opens reads it (see the module for what it saves)."""

    def get_user(self, user_id):
        found = _users(pk=int(user_id))
        if not found or not self.user_can_authenticate(found[0]):
            return None
        return found[0]
