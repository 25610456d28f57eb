"""The real Redis goes away and comes back while the public pages are served from it.

The page cache reaches Redis through a small TCP relay opened by the test: closing the
relay (and the connections through it) is Redis going down, opening it again on the
same port is Redis coming back, as the cache's own client sees it.
"""

import importlib
from urllib.parse import urlsplit

import pytest
from django.core.cache import caches
from django.urls import reverse

from config import settings as desk_settings
from tests.conftest import missing_service
from tests.factories import drawn_doubles, game_at
from tests.services.relay import Relay
from tournaments import cache as forgiving
from tournaments import page_cache, services

pytestmark = [pytest.mark.services, pytest.mark.django_db]


@pytest.fixture
def redis_through_relay(settings, monkeypatch, tmp_path):
    """The page cache the settings make from REDIS_URL, reaching the real Redis by a relay."""
    url = settings.REDIS_URL
    if not url.startswith("redis"):
        missing_service("needs Redis: set REDIS_URL=redis://...")
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        missing_service(f"Redis at {url} does not answer: {exc}")
    where = urlsplit(url)
    relay = Relay((where.hostname, where.port or 6379))
    relay.start()
    monkeypatch.setenv("DATA_DIR", str(tmp_path))
    monkeypatch.setenv("REDIS_URL", f"redis://127.0.0.1:{relay.port}{where.path}")
    settings.CACHES = importlib.reload(desk_settings).CACHES
    # Each call tries Redis again at once, so the test sees Redis back on its next request.
    monkeypatch.setattr(forgiving, "RETRY_SECONDS", 0.0)
    page_cache.clear()
    yield relay
    if relay.running:
        relay.stop()
    page_cache.clear()
    monkeypatch.undo()
    importlib.reload(desk_settings)


def test_a_page_kept_from_before_an_outage_is_not_served_after_a_change_made_during_it(
    client, tournament, official, redis_through_relay
):
    relay = redis_through_relay
    event = drawn_doubles(tournament, official, 4)
    url = reverse("public:bracket", args=[tournament.slug, event.pk])
    before = client.get(url)
    assert client.get(url).templates == [], "the page was not served from Redis"

    relay.stop()
    services.record_result(game=game_at(event, 1, 0), winner_seat=0, by=official)
    during = client.get(url)
    assert during.status_code == 200 and during.content != before.content

    relay.start()
    after = client.get(url)
    assert after.status_code == 200 and after.content == during.content
    # Redis is in use again: the new page was kept there, the old one never comes back.
    again = client.get(url)
    assert again.templates == [] and again.content == during.content
    assert caches[page_cache.CACHE_ALIAS].outage.down_since is None


def test_redis_coming_back_is_logged_once_and_the_cache_is_used_again(
    client, tournament, official, redis_through_relay, caplog
):
    relay = redis_through_relay
    event = drawn_doubles(tournament, official, 4)
    url = reverse("public:bracket", args=[tournament.slug, event.pk])
    relay.stop()
    with caplog.at_level("WARNING", logger="tournaments.cache"):
        for _ in range(5):
            assert client.get(url).status_code == 200
        relay.start()
        for _ in range(3):
            assert client.get(url).status_code == 200
    messages = [record.getMessage() for record in caplog.records]
    assert len(messages) == 2, messages
    assert "does not answer" in messages[0] and "answers again" in messages[1]
    assert client.get(url).templates == []
