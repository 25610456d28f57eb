"""The history of a game's hands: who changed what, when, before and after."""

import pytest
from django.urls import reverse

from tests.scoring.builders import delete, edit, enter, out, played

pytestmark = pytest.mark.django_db


def url(game):
    return reverse("scoring:history", args=[game.event.tournament.slug, game.pk])


def test_anonymous_users_are_sent_to_log_in(client, game):
    assert client.get(url(game))["Location"].startswith("/login/")


def test_officials_of_another_tournament_are_refused(other_client, game):
    assert other_client.get(url(game)).status_code == 403


def test_every_change_is_listed_with_who_and_before_and_after(official_client, game, official):
    hand = enter(game, official, out(0, 13, play=(10, 0))).hand
    edit(hand, official, played(20, 0))
    delete(hand, official)
    html = official_client.get(url(game)).content.decode()
    assert html.count('<td data-label="Who">olive</td>') == 3
    assert "Added" in html and "Edited" in html and "Deleted" in html
    assert "Side 1 25, Side 2 0 (Side 1 played 10; Side 1 went out, 13 pips → 15)" in html
    assert "Side 1 20, Side 2 0 (Side 1 played 20; not finished)" in html


def test_with_htmx_only_the_history_comes_back(official_client, game, official):
    enter(game, official, played(5, 0))
    response = official_client.get(url(game), HTTP_HX_REQUEST="true")
    assert response.content.decode().lstrip().startswith('<section id="history"')


def test_the_history_reads_in_few_queries(
    official_client, game, official, django_assert_max_num_queries
):
    for _ in range(10):
        hand = enter(game, official, played(5, 0)).hand
        edit(hand, official, played(10, 0))
    page = url(game)
    with django_assert_max_num_queries(10):
        response = official_client.get(page)
    assert response.status_code == 200
