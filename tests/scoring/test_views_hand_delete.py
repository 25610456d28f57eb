"""Deleting a hand: asked first, later hands move up, the history keeps it."""

import pytest
from django.urls import reverse

from scoring.models import Hand, HandChange
from tests.scoring.builders import delete, enter, played
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def url(hand):
    game = hand.game
    return reverse("scoring:hand_delete", args=[game.event.tournament.slug, game.pk, hand.pk])


def post_data(version, **extra):
    return {"key": "6f1c1b1e-8d7e-4c1b-9a4e-0f2a3b4c5d6e", "version": str(version), **extra}


@pytest.fixture
def hands(game, official):
    return [enter(game, official, played(5 * n, 0)).hand for n in (1, 2, 3)]


def test_anonymous_users_are_sent_to_log_in(client, hands):
    assert client.get(url(hands[0]))["Location"].startswith("/login/")
    assert client.post(url(hands[0]), post_data(3)).status_code == 302
    assert Hand.objects.count() == 3


def test_officials_of_another_tournament_are_refused(other_client, hands):
    assert other_client.get(url(hands[0])).status_code == 403
    assert other_client.post(url(hands[0]), post_data(3)).status_code == 403
    assert Hand.objects.count() == 3


def test_the_page_asks_before_deleting(official_client, hands):
    response = official_client.get(url(hands[1]))
    html = response.content.decode()
    assert "Delete hand 2?" in html
    assert "Side 1 10, Side 2 0 (Side 1 played 10; not finished)" in html
    assert Hand.objects.count() == 3


def test_deleting_moves_the_later_hands_up(official_client, game, hands):
    response = official_client.post(url(hands[1]), post_data(3))
    assert response.status_code == 302
    assert [(hand.number, hand.points[0]) for hand in game.hands.all()] == [(1, 5), (2, 15)]
    assert HandChange.objects.filter(action="deleted", hand_number=2).exists()
    page = official_client.get(response["Location"]).content.decode()
    assert "Hand 2 deleted." in page


def test_a_stale_delete_is_refused(official_client, hands):
    response = official_client.post(url(hands[1]), post_data(2))
    assert response.status_code == 409
    assert "Another official changed this game" in response.content.decode()
    assert Hand.objects.count() == 3


def test_a_delete_sent_twice_deletes_once(official_client, game, hands):
    official_client.post(url(hands[0]), post_data(3))
    response = official_client.post(url(hands[0]), post_data(3), follow=True)
    # The second tap lands back on the sheet with a plain word, not a "not found" page.
    assert response.redirect_chain[-1][0] == reverse("scoring:sheet", args=["rally", game.pk])
    assert "That was already saved; it has not been done twice." in response.content.decode()
    assert game.hands.count() == 2


def test_a_hand_someone_else_deleted_sends_the_official_back_to_the_sheet(
    official_client, game, hands, official
):
    delete(hands[0], official)
    for response in (
        official_client.get(url(hands[0]), follow=True),
        official_client.post(url(hands[0]), post_data(4, key="not a key"), follow=True),
    ):
        assert response.status_code == 200
        assert "That hand is no longer on this sheet" in response.content.decode()
    assert game.hands.count() == 2


def test_a_hand_of_another_game_is_not_found(official_client, bracket, hands):
    other = bracket[1][(1, 1)]
    wrong = reverse("scoring:hand_delete", args=["rally", other.pk, hands[0].pk])
    assert official_client.get(wrong).status_code == 404
    assert official_client.post(wrong, post_data(3)).status_code == 404


def test_deleting_a_hand_that_would_void_a_later_game_asks_first(
    official_client, bracket, official
):
    _event, games = bracket
    semi, other_semi, final = games[(1, 0)], games[(1, 1)], games[(2, 0)]
    winning = enter(semi, official, played(250, 0)).hand
    enter(other_semi, official, played(0, 250))
    enter(final, official, played(20, 0))
    response = official_client.post(url(winning), post_data(2))
    html = response.content.decode()
    assert "Yes, void them and delete hand 1" in html
    assert semi.hands.count() == 1
    response = official_client.post(url(winning), post_data(2, confirm="True"))
    assert response.status_code == 302
    semi.refresh_from_db()
    assert semi.status == Game.Status.READY
    assert not final.hands.exists()
