"""The bare view bench/pages.py measures against exists only when DESK_BENCH_BARE asks."""

import importlib

import pytest
from django.urls import clear_url_caches

import config.urls

pytestmark = pytest.mark.django_db


def _reload():
    importlib.reload(config.urls)
    clear_url_caches()


def test_the_bare_view_is_served_only_when_asked(settings, client):
    assert client.get("/bench/bare/").status_code == 404
    settings.DESK_BENCH_BARE = True
    try:
        _reload()
        assert client.get("/bench/bare/").content == b"ok"
    finally:
        settings.DESK_BENCH_BARE = False
        _reload()
    assert client.get("/bench/bare/").status_code == 404
