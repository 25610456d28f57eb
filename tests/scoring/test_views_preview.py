"""The live preview under the hand form: what the typed hand scores, by the rules."""

import pytest
from django.urls import reverse

from tests.scoring.builders import enter, form_data, played

pytestmark = pytest.mark.django_db


def url(game):
    return reverse("scoring:preview", args=[game.event.tournament.slug, game.pk])


def test_anonymous_users_are_sent_to_log_in(client, game):
    assert client.post(url(game), form_data())["Location"].startswith("/login/")


def test_officials_of_another_tournament_are_refused(other_client, game):
    assert other_client.post(url(game), form_data()).status_code == 403


def test_it_shows_the_rounded_pips_and_the_totals_after_the_hand(official_client, game, official):
    enter(game, official, played(20, 0))
    response = official_client.post(url(game), form_data(play_0=10, end="out_0", pips_1=13))
    html = response.content.decode()
    assert "This hand: Side 1 25, Side 2 0." in html
    # The rules' own words for each side's points: Side 2's raw pips, rounded.
    assert "Side 2: 13 pips → 15" in html
    assert "Totals after it: 45 \N{MIDDLE DOT} 0." in html


def test_it_shows_the_rules_message_for_a_wrong_figure(official_client, game):
    response = official_client.post(url(game), form_data(play_0=7))
    assert "7 is not a multiple of 5" in response.content.decode()


def test_on_a_correction_the_hand_is_replaced_not_added(official_client, game, official):
    hand = enter(game, official, played(20, 0)).hand
    response = official_client.post(f"{url(game)}?hand={hand.pk}", form_data(play_0=30))
    assert "Totals after it: 30 \N{MIDDLE DOT} 0." in response.content.decode()


def test_it_saves_nothing(official_client, game):
    official_client.post(url(game), form_data(play_0=10))
    assert not game.hands.exists()


def test_it_says_what_is_missing_before_the_end_is_chosen(official_client, game):
    data = form_data(play_0=10)
    del data["end"]
    response = official_client.post(url(game), data)
    assert "Choose how the hand ended to see its points." in response.content.decode()
    data["play_0"] = "ten"
    response = official_client.post(url(game), data)
    assert "Type a whole number, like 15." in response.content.decode()
