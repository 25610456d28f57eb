"""A game's public live score is built once per change and served from the cache."""

import pytest
from django.urls import reverse

from tests.scoring.builders import enter, played

pytestmark = pytest.mark.django_db


def url(game):
    return reverse("scoring_public:game", args=[game.event.tournament.slug, game.pk])


@pytest.mark.parametrize("hands", [1, 6])
def test_the_score_from_the_cache_and_its_304_cost_one_query_at_any_size(
    client, game, official, hands, django_assert_num_queries
):
    for _ in range(hands):
        enter(game, official, played(15, 0))
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        etag = client.get(url(game), **headers)["ETag"]
        with django_assert_num_queries(1):
            again = client.get(url(game), **headers)
        assert again.status_code == 200 and again.templates == []
        with django_assert_num_queries(1):
            assert client.get(url(game), HTTP_IF_NONE_MATCH=etag, **headers).status_code == 304


def test_the_next_request_after_a_hand_shows_it(client, game, official):
    enter(game, official, played(15, 0))
    assert 'id="hand-2"' not in client.get(url(game), HTTP_HX_REQUEST="true").content.decode()
    enter(game, official, played(0, 40))
    assert 'id="hand-2"' in client.get(url(game), HTTP_HX_REQUEST="true").content.decode()
