"""The desk's sessions (tournaments/sessions.py): Django's database sessions, read by a
compiled statement; an expired or unknown session is no session."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments.sessions import SessionStore

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
