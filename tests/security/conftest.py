"""Fixtures of the security suite: a filled tournament and clients for each kind of visitor."""

import pytest
from django.test import Client

from .world import build_world


@pytest.fixture
def world(tournament, official):
    return build_world(tournament, official)


@pytest.fixture
def raw_official(official):
    """The official's client, answering a 500 instead of raising, as a browser sees it."""
    client = Client(raise_request_exception=False)
    client.force_login(official)
    return client


@pytest.fixture
def raw_anonymous():
    return Client(raise_request_exception=False)
