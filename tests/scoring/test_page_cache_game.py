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


def test_a_hand_at_another_table_leaves_this_page_as_built(client, bracket, official):
    event, games = bracket
    mine, other = games[(1, 0)], games[(1, 1)]
    enter(mine, official, played(15, 0))
    etag = client.get(url(mine), HTTP_HX_REQUEST="true")["ETag"]
    board = reverse("public:bracket", args=[event.tournament.slug, event.pk])
    board_etag = client.get(board, HTTP_HX_REQUEST="true")["ETag"]
    enter(other, official, played(0, 25))
    again = client.get(url(mine), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    # The event's own pages show every table's score: they are built again.
    moved = client.get(board, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=board_etag)
    assert moved.status_code == 200 and moved["ETag"] != board_etag
    # This game's own hand is a new page at once.
    enter(mine, official, played(0, 40))
    shown = client.get(url(mine), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert shown.status_code == 200 and 'id="hand-2"' in shown.content.decode()


def test_a_change_beyond_one_game_rebuilds_every_game_page(client, bracket, official):
    from tournaments.changes import mark_changed

    event, games = bracket
    game = games[(1, 0)]
    etag = client.get(url(game), HTTP_HX_REQUEST="true")["ETag"]
    mark_changed(event=event)  # a player renamed, a winner moved on
    assert client.get(url(game), HTTP_IF_NONE_MATCH=etag, HTTP_HX_REQUEST="true").status_code == 200
