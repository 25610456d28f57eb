"""The desk's sessions and sign-in backend (tournaments/sessions.py): Django's database
sessions and ModelBackend, each read by a compiled statement; an expired or unknown
session is no session."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY
from django.contrib.auth.backends import ModelBackend
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tournaments.sessions import DESK_BACKEND, DeskBackend, SessionStore

pytestmark = pytest.mark.django_db


def test_the_settings_use_the_desk_s_store():
    assert settings.SESSION_ENGINE == "tournaments.sessions"


def test_a_saved_session_is_read_back_and_an_expired_or_unknown_one_is_empty():
    store = SessionStore()
    store["seen"] = 3
    store.save()
    assert SessionStore(store.session_key).load() == {"seen": 3}
    Session.objects.filter(pk=store.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    expired = SessionStore(store.session_key)
    assert expired.load() == {} and expired.session_key is None
    unknown = SessionStore("x" * 32)
    assert unknown.load() == {} and unknown.session_key is None


def test_a_signed_in_official_stays_in_until_the_session_expires(tournament, official, password):
    browser = Client()
    assert browser.post(reverse("login"), {"username": official.username, "password": password})
    page = reverse("desk:dashboard", args=[tournament.slug])
    assert browser.get(page).status_code == 200
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    answer = browser.get(page)
    assert answer.status_code == 302 and reverse("login") in answer["Location"]


# --- DeskBackend: Django's ModelBackend, its user read compiled -------------------------


def _session_of(browser: Client) -> SessionStore:
    return SessionStore(browser.cookies[settings.SESSION_COOKIE_NAME].value)


def test_a_sign_in_records_the_desk_backend(tournament, official, password):
    browser = Client()
    browser.post(reverse("login"), {"username": official.username, "password": password})
    assert _session_of(browser).load()[BACKEND_SESSION_KEY] == DESK_BACKEND
    assert browser.get(reverse("desk:dashboard", args=[tournament.slug])).status_code == 200


def test_a_session_begun_under_django_s_backend_stays_signed_in(tournament, official):
    """A session signed in before DeskBackend replaced ModelBackend is not signed out."""
    browser = Client()
    browser.force_login(official, backend="django.contrib.auth.backends.ModelBackend")
    stored = Session.objects.get()
    assert stored.get_decoded()[BACKEND_SESSION_KEY] == "django.contrib.auth.backends.ModelBackend"
    answer = browser.get(reverse("desk:dashboard", args=[tournament.slug]))
    assert answer.status_code == 200 and answer.wsgi_request.user == official


def test_the_user_read_is_one_query_and_refuses_whom_django_refuses(
    official, django_assert_num_queries
):
    backend = DeskBackend()
    with django_assert_num_queries(1):
        assert backend.get_user(official.pk) == official
    assert backend.get_user(official.pk + 1000) is None
    official.is_active = False
    official.save()
    assert backend.get_user(official.pk) is None
    assert ModelBackend().get_user(official.pk) is None  # as Django's own


def test_an_inactive_official_s_session_is_signed_out(tournament, official):
    browser = Client()
    browser.force_login(official)
    type(official).objects.filter(pk=official.pk).update(is_active=False)
    answer = browser.get(reverse("desk:dashboard", args=[tournament.slug]))
    assert answer.status_code == 302 and reverse("login") in answer["Location"]


def test_a_changed_password_signs_out_other_sessions(tournament, official):
    """Django's session check (the password's hash in the session) still applies."""
    browser = Client()
    browser.force_login(official)
    official.set_password("another long passphrase 42")
    official.save()
    answer = browser.get(reverse("desk:dashboard", args=[tournament.slug]))
    assert answer.status_code == 302 and reverse("login") in answer["Location"]


# --- The user's row read with the page's own reads (`signed_in_with`) -------------------


@pytest.fixture
def reads_together(monkeypatch):
    """Record the reads of each `together` call of the sessions' module."""
    from tournaments import sessions

    calls = []
    real_together = sessions.together

    def together(*reads, **kwargs):
        calls.append([read for read, _ in reads])
        return real_together(*reads, **kwargs)

    monkeypatch.setattr(sessions, "together", together)
    return calls


def _user_reads(seen) -> int:
    return sum('FROM "auth_user"' in query["sql"] for query in seen.captured_queries)


def test_an_official_page_reads_the_user_with_its_tournament(tournament, official, reads_together):
    from tournaments.permissions import _tournaments

    calls = reads_together
    browser = Client()
    browser.force_login(official)
    with CaptureQueriesContext(connection) as seen:
        answer = browser.get(reverse("desk:dashboard", args=[tournament.slug]))
    assert answer.status_code == 200 and answer.wsgi_request.user == official
    assert len(calls) == 1 and _tournaments in calls[0] and len(calls[0]) == 2
    assert _user_reads(seen) == 1  # the backend took the row read ahead


def test_the_desk_s_sheet_reads_the_user_with_its_game_and_sides(official, reads_together):
    from scoring.views.game_access import _official_games
    from tests.factories import TournamentFactory
    from tests.scoring.builders import make_ready_game

    rally = TournamentFactory(slug="sheet-rally")
    rally.officials.add(official)
    game = make_ready_game(rally)
    calls = reads_together
    browser = Client()
    browser.force_login(official)
    with CaptureQueriesContext(connection) as seen:
        answer = browser.get(reverse("scoring:sheet", args=[rally.slug, game.pk]))
    assert answer.status_code == 200
    assert len(calls) == 1 and len(calls[0]) == 3 and _official_games in calls[0]
    assert _user_reads(seen) == 1


def test_the_desk_s_sheet_refuses_whom_django_refuses(tournament, official, other_official):
    """The row read ahead is still checked by Django: a changed password, an inactive
    account, a deleted one and another tournament's official are all refused."""
    from tests.scoring.builders import make_ready_game

    game = make_ready_game(tournament)
    sheet = reverse("scoring:sheet", args=[tournament.slug, game.pk])
    login = reverse("login")
    browser = Client()
    browser.force_login(official)
    assert browser.get(sheet).status_code == 200
    official.set_password("another long passphrase 42")
    official.save()
    answer = browser.get(sheet)
    assert answer.status_code == 302 and login in answer["Location"]
    browser.force_login(official)
    type(official).objects.filter(pk=official.pk).update(is_active=False)
    answer = browser.get(sheet)
    assert answer.status_code == 302 and login in answer["Location"]
    browser.force_login(other_official)
    assert browser.get(sheet).status_code == 403
    other_official.delete()
    answer = browser.get(sheet)
    assert answer.status_code == 302 and login in answer["Location"]


def test_a_row_read_ahead_serves_only_its_own_user(official, other_official):
    from tournaments import sessions

    token = sessions._READ_AHEAD.set((official.pk, [official]))
    try:
        assert DeskBackend().get_user(other_official.pk) == other_official
        assert DeskBackend().get_user(str(official.pk)) is official
    finally:
        sessions._READ_AHEAD.reset(token)
    assert DeskBackend().get_user(official.pk) is not official  # read again, afresh
