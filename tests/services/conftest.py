"""Tests that need the real services: PostgreSQL, Redis and a Celery worker."""

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import missing_service, needs_database


@pytest.fixture
def postgres(db):
    needs_database("postgresql")
    return connection


@pytest.fixture
def redis_broker():
    url = settings.CELERY_BROKER_URL
    if not url.startswith("redis"):
        missing_service("needs Redis: set CELERY_BROKER_URL=redis://...")
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        missing_service(f"Redis at {url} does not answer: {exc}")
    return url
