"""Public pages served from the cache show every change at once: on PostgreSQL (its
one-statement results) and with Redis as the cache shared by every web process."""

import pytest
from django.core.cache import caches
from django.urls import reverse

from tests.conftest import missing_service
from tests.factories import drawn_doubles, game_at
from tournaments import page_cache, services

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def bracket_url(event):
    return reverse("public:bracket", args=[event.tournament.slug, event.pk])


def _shows_each_result(client, event, official):
    """Each result is on the very next page, which is then served without a template."""
    for position in range(2):
        client.get(bracket_url(event))
        assert client.get(bracket_url(event)).templates == []
        kept = client.get(bracket_url(event))
        before = kept.content
        services.record_result(game=game_at(event, 1, position), winner_seat=0, by=official)
        after = client.get(bracket_url(event))
        assert after["ETag"] != kept["ETag"] and after.content != before
        winner = game_at(event, 1, position).sides.get(seat=0).team
        final = game_at(event, 2, 0)
        assert final.sides.filter(team=winner).exists()


def test_on_postgresql_a_result_shows_on_the_next_request(postgres, client, tournament, official):
    event = drawn_doubles(tournament, official, 4)
    _shows_each_result(client, event, official)


@pytest.fixture
def redis_pages(settings):
    url = settings.REDIS_URL
    if not url.startswith("redis"):
        missing_service("needs Redis: set REDIS_URL=redis://...")
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        missing_service(f"Redis at {url} does not answer: {exc}")
    settings.CACHES = {
        **settings.CACHES,
        "pages": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "test-pages",
        },
    }
    page_cache.clear()
    yield caches["pages"]
    page_cache.clear()


def test_with_redis_as_the_cache_a_result_shows_on_the_next_request(
    redis_pages, client, tournament, official
):
    assert "Redis" in type(redis_pages).__name__
    event = drawn_doubles(tournament, official, 4)
    _shows_each_result(client, event, official)
