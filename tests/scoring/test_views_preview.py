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


def test_when_both_sides_pass_250_it_asks_which_got_there_first(official_client, game, official):
    enter(game, official, played(240, 240))
    response = official_client.post(url(game), form_data(version=1, play_0=10, play_1=10))
    html = response.content.decode()
    assert "Totals after it: 250 \N{MIDDLE DOT} 250." in html
    assert "Hand 2 took both sides to 250: say which side got there first." in html
    # The two sides as choices, in the form (the preview sits inside it), and no "Nobody".
    assert 'name="reached_first" value="0"' in html
    assert 'name="reached_first" value="1"' in html
    assert 'name="reached_first" value=""' not in html


def test_an_answer_given_stays_asked_while_the_hand_is_typed(official_client, game, official):
    enter(game, official, played(240, 240))
    data = form_data(version=1, play_0=10, play_1=10, reached_first=1)
    html = official_client.post(url(game), data).content.decode()
    assert 'value="1" id="id_reached_first_1" checked' in html
    assert "say which side got there first" not in html  # answered
    data["play_0"] = "7"
    html = official_client.post(url(game), data).content.decode()
    assert "7 is not a multiple of 5" in html
    assert 'value="1" id="id_reached_first_1" checked' in html


def test_no_question_when_only_one_side_passes_250(official_client, game, official):
    enter(game, official, played(240, 0))
    html = official_client.post(url(game), form_data(version=1, play_0=10)).content.decode()
    assert "reached_first" not in html


def test_a_hand_after_the_game_was_won_is_refused_beside_its_points(
    official_client, game, official
):
    first = enter(game, official, played(10, 0)).hand
    enter(game, official, played(240, 0))
    html = official_client.post(f"{url(game)}?hand={first.pk}", form_data(play_0=250)).content
    assert b"This hand: Side 1 250, Side 2 0." in html
    assert b"cannot stand" in html
