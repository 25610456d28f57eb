"""Correcting a hand from the sheet: the form holds the hand, the rules and the bracket decide."""

import pytest
from django.urls import reverse

from scoring.models import HandChange
from tests.scoring.builders import enter, form_data, played
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def url(hand):
    game = hand.game
    return reverse("scoring:hand_edit", args=[game.event.tournament.slug, game.pk, hand.pk])


@pytest.fixture
def hand(game, official):
    return enter(game, official, played(10, 0)).hand


def test_anonymous_users_are_sent_to_log_in(client, hand):
    assert client.get(url(hand))["Location"].startswith("/login/")
    response = client.post(url(hand), form_data(version=1, play_0=20))
    assert response.status_code == 302
    hand.refresh_from_db()
    assert tuple(hand.points) == (10, 0)


def test_officials_of_another_tournament_are_refused(other_client, hand):
    assert other_client.get(url(hand)).status_code == 403
    assert other_client.post(url(hand), form_data(version=1, play_0=20)).status_code == 403
    hand.refresh_from_db()
    assert tuple(hand.points) == (10, 0)


def test_a_hand_of_another_game_is_not_found(official_client, bracket, hand):
    other = bracket[1][(1, 1)]
    wrong = reverse("scoring:hand_edit", args=["rally", other.pk, hand.pk])
    assert official_client.get(wrong).status_code == 404


def test_the_form_holds_the_hands_figures(official_client, game, official):
    player = game.sides.get(seat=0).team.members[0].player
    from games.rules.texas_good_sams.entry import Entry
    from tests.scoring.builders import penalty

    entry = Entry(
        play=(15, 0),
        end="out",
        out_seat=1,
        pips=(22, None),
        penalties=(penalty(0, "talking", player),),
    )
    hand = enter(game, official, entry).hand
    html = official_client.get(url(hand)).content.decode()
    assert 'id="id_play_0" value="15"' in html
    assert 'value="out_1" id="id_end_1" checked' in html
    assert 'id="id_pips_0" value="22"' in html
    assert f'<option value="0-{player.pk}" selected>' in html
    assert '<option value="talking" selected>' in html
    assert '<details class="penalties" open>' in html


def test_a_correction_is_saved_with_history_and_an_edited_mark(official_client, hand):
    response = official_client.post(url(hand), form_data(version=1, play_0=20, play_1=5))
    assert response.status_code == 302
    hand.refresh_from_db()
    assert tuple(hand.points) == (20, 5)
    sheet = official_client.get(response["Location"]).content.decode()
    assert "Hand 1 corrected." in sheet
    assert ">edited</span>" in sheet
    change = HandChange.objects.get(action="edited")
    assert (change.before["points"], change.after["points"]) == ([10, 0], [20, 5])


def test_a_refused_correction_shows_the_message_and_changes_nothing(official_client, hand):
    response = official_client.post(url(hand), form_data(version=1, muggins_1=3))
    assert response.status_code == 422
    assert "Side 2&#x27;s muggins points: 3 is not a multiple of 5" in response.content.decode()
    hand.refresh_from_db()
    assert tuple(hand.points) == (10, 0)


def test_a_stale_correction_is_refused_with_the_fresh_sheet(official_client, hand, official):
    enter(hand.game, official, played(0, 30))
    response = official_client.post(url(hand), form_data(version=1, play_0=20))
    assert response.status_code == 409
    html = response.content.decode()
    assert "Another official changed this game" in html
    assert 'id="hand-2"' in html
    assert 'name="version" value="2"' in html
    hand.refresh_from_db()
    assert tuple(hand.points) == (10, 0)


def test_voiding_a_later_game_needs_a_yes_and_nothing_is_saved_before(
    official_client, bracket, official
):
    _event, games = bracket
    semi, other_semi, final = games[(1, 0)], games[(1, 1)], games[(2, 0)]
    deciding = enter(semi, official, played(250, 0)).hand
    enter(other_semi, official, played(0, 250))
    enter(final, official, played(20, 0))
    data = form_data(version=2, play_1=250)
    response = official_client.post(url(deciding), data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "these later games already have scores or a result" in html
    assert "Game 3 (Final) (1 hand entered)" in html  # was "round 2, game 1" (issue 12)
    assert "Yes, void them and save the correction" in html
    assert 'name="confirm" value="True"' in html
    deciding.refresh_from_db()
    assert tuple(deciding.points) == (250, 0)
    assert final.hands.count() == 1

    data["confirm"] = "True"
    response = official_client.post(url(deciding), data)
    assert response.status_code == 302
    semi.refresh_from_db()
    assert (semi.status, semi.winner_seat) == (Game.Status.FINISHED, 1)
    assert not final.hands.exists()
    page = official_client.get(response["Location"]).content.decode()
    assert "1 later game was voided." in page


def test_a_correction_that_changes_the_winner_names_the_new_winner(official_client, game, official):
    last = enter(game, official, played(250, 0)).hand
    game.refresh_from_db()
    response = official_client.post(
        url(last), form_data(version=game.version, play_1=250), follow=True
    )
    assert "Hand 1 corrected. Game over: Side 2" in response.content.decode()


def test_saving_a_correction_of_a_hand_deleted_meanwhile_says_so(official_client, hand, official):
    from tests.scoring.builders import delete

    delete(hand, official)
    response = official_client.post(url(hand), form_data(version=1, play_0=20), follow=True)
    assert response.status_code == 200
    assert "That hand is no longer on this sheet: someone deleted it." in response.content.decode()
    assert not HandChange.objects.filter(action="edited").exists()


def test_a_correction_that_changes_nothing_stores_nothing(official_client, hand):
    # Saving the hand as it is (a blank box read as 0) is no correction: no history, no
    # new version, no edited mark, on the sheet or on the printed sheet.
    response = official_client.post(url(hand), form_data(version=1, play_0=10, play_1=""))
    assert response.status_code == 302
    sheet = official_client.get(response["Location"]).content.decode()
    assert "Nothing changed: hand 1 is as it was." in sheet
    assert ">edited</span>" not in sheet
    assert not HandChange.objects.filter(action="edited").exists()
    hand.refresh_from_db()
    assert hand.edited_at is None
    hand.game.refresh_from_db()
    assert hand.game.version == 1
    printed = official_client.get(
        reverse("scoring:sheet_print", args=[hand.game.event.tournament.slug, hand.game.pk])
    ).content.decode()
    assert "1*" not in printed
