"""The official score sheet page: see the game, enter the next hand with or without htmx."""

import re
import uuid

import pytest
from django.urls import reverse

from scoring.models import Hand
from tests.factories import EventFactory
from tests.scoring.builders import enter, form_data, make_ready_game, penalty, played
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def url(game):
    return reverse("scoring:sheet", args=[game.event.tournament.slug, game.pk])


def test_anonymous_users_are_sent_to_log_in(client, game):
    response = client.get(url(game))
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")
    response = client.post(url(game), form_data(play_0=5))
    assert response.status_code == 302
    assert not Hand.objects.exists()


def test_officials_of_another_tournament_are_refused(other_client, game):
    assert other_client.get(url(game)).status_code == 403
    assert other_client.post(url(game), form_data(play_0=5)).status_code == 403
    assert not Hand.objects.exists()


def test_a_game_of_another_tournament_is_not_found(official_client, tournament):
    from tests.factories import TournamentFactory

    elsewhere = TournamentFactory(slug="faraway")
    game = make_ready_game(elsewhere)
    wrong = reverse("scoring:sheet", args=[tournament.slug, game.pk])
    assert official_client.get(wrong).status_code == 404


def test_a_superuser_who_is_no_official_of_it_sees_the_sheet(client, django_user_model, game):
    client.force_login(django_user_model.objects.create_superuser("root", password="x"))
    assert client.get(url(game)).status_code == 200


def test_an_unknown_tournament_or_game_is_not_found(official_client, tournament, game):
    unknown = reverse("scoring:sheet", args=["nowhere", game.pk])
    assert official_client.get(unknown).status_code == 404
    missing = reverse("scoring:sheet", args=[tournament.slug, game.pk + 1000])
    assert official_client.get(missing).status_code == 404


def test_the_sheet_shows_both_sides_every_hand_and_the_running_totals(
    official_client, game, official
):
    enter(game, official, played(10, 0))
    enter(game, official, played(0, 25))
    html = official_client.get(url(game)).content.decode()
    for side in game.sides.all():
        for member in side.team.members:
            assert member.player.name in html
            assert member.player.chapter.name in html
    assert 'id="hand-2"' in html
    assert "10 \N{MIDDLE DOT} 25" in html
    assert "Save hand 3" in html
    assert 'name="version" value="2"' in html


def test_the_sheet_reads_in_few_queries(
    official_client, game, official, django_assert_max_num_queries
):
    offender = game.sides.get(seat=0).team.members[0].player
    for n in range(12):
        penalties = [penalty(0, "talking", offender)] if n in (3, 7) else []
        enter(game, official, played(5, 5, penalties=penalties))
    page = url(game)
    # The session, the user, the game with its tournament and the official's right, its
    # sides with their players, its hands (and the clock's).
    with django_assert_max_num_queries(6):
        response = official_client.get(page)
    assert response.status_code == 200


def test_the_game_and_its_sides_are_read_in_one_round_trip(official_client, game):
    """On PostgreSQL the game's read (with the official's right) carries its sides' read:
    one statement to whoever counts them (`compiled.together`); elsewhere two."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as seen:
        assert official_client.get(url(game)).status_code == 200
    sides = [q["sql"] for q in seen.captured_queries if 'FROM "tournaments_side"' in q["sql"]]
    assert len(sides) == 1
    together = '"tournaments_tournament_officials"' in sides[0]
    assert together == (connection.vendor == "postgresql")


def test_a_valid_hand_is_saved_and_the_page_comes_back(official_client, game):
    response = official_client.post(url(game), form_data(play_0=10, end="out_0", pips_1=13))
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert tuple(hand.points) == (25, 0)
    page = official_client.get(response["Location"]).content.decode()
    assert "Hand 1 saved." in page


def test_with_htmx_the_sheet_comes_back_with_a_fresh_form(official_client, game):
    data = form_data(play_0=10, end="out_0", pips_1=13)
    response = official_client.post(url(game), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="sheet"')
    assert "Hand 1 saved." in html
    assert "Save hand 2" in html
    assert data["key"] not in html
    assert 'name="version" value="1"' in html


def test_a_rules_refusal_is_shown_at_the_field_and_nothing_is_saved(official_client, game):
    response = official_client.post(url(game), form_data(play_0=12), HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    html = response.content.decode()
    cell = re.search(r'<td class="has-error">.*?name="play_0".*?</td>', html, re.S).group(0)
    assert "12 is not a multiple of 5" in cell
    assert not Hand.objects.exists()


def test_a_blocked_hand_without_both_pips_is_refused_at_the_missing_pips(official_client, game):
    response = official_client.post(url(game), form_data(end="blocked", pips_0=10))
    assert response.status_code == 422
    html = response.content.decode()
    cell = re.search(r'<td class="has-error">.*?name="pips_1".*?</td>', html, re.S).group(0)
    assert "A blocked hand needs both sides&#x27; pips" in cell
    assert not Hand.objects.exists()


def test_text_where_a_number_belongs_is_refused(official_client, game):
    response = official_client.post(url(game), form_data(play_0="ten"))
    assert response.status_code == 422
    assert "Type a whole number, like 15." in response.content.decode()
    assert not Hand.objects.exists()


def test_a_hand_must_say_how_it_ended(official_client, game):
    data = form_data(play_0=5)
    del data["end"]
    response = official_client.post(url(game), data)
    assert response.status_code == 422
    assert "Say how the hand ended." in response.content.decode()
    assert not Hand.objects.exists()


def test_a_penalty_row_needs_both_who_and_why(official_client, game):
    player = game.sides.get(seat=0).team.members[0].player
    data = form_data(penalties=[(f"0-{player.pk}", "")])
    response = official_client.post(url(game), data)
    assert response.status_code == 422
    assert "Choose the reason for the penalty." in response.content.decode()
    data = form_data(penalties=[("", "talking")])
    response = official_client.post(url(game), data)
    assert "Choose the player who committed the penalty." in response.content.decode()
    assert not Hand.objects.exists()


def test_a_penalty_is_entered_with_its_offender_and_reason(official_client, game):
    player = game.sides.get(seat=1).team.members[1].player
    data = form_data(play_0=5, penalties=[(f"1-{player.pk}", "out_of_turn")])
    assert official_client.post(url(game), data).status_code == 302
    hand = Hand.objects.get()
    assert tuple(hand.points) == (55, 0)
    (entered,) = hand.detail["penalties"]
    assert (entered["offender"], entered["reason"], entered["side"]) == (
        player.pk,
        "out_of_turn",
        1,
    )
    html = official_client.get(url(game)).content.decode()
    assert f"penalty: {player.name} (playing out of turn)" in html


def test_an_offender_who_is_not_in_the_game_is_refused(official_client, tournament, game):
    other = make_ready_game(tournament, event=game.event, position=3)
    stranger = other.sides.get(seat=0).team.members[0].player
    data = form_data(penalties=[(f"0-{stranger.pk}", "talking")])
    response = official_client.post(url(game), data)
    assert response.status_code == 422
    assert "Select a valid choice" in response.content.decode()
    assert not Hand.objects.exists()


def test_a_form_sent_twice_records_one_hand(official_client, game):
    data = form_data(play_0=5)
    official_client.post(url(game), data, HTTP_HX_REQUEST="true")
    response = official_client.post(url(game), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "already saved" in response.content.decode()
    assert Hand.objects.count() == 1


def test_a_stale_sheet_is_refused_with_409_and_the_fresh_sheet(
    official_client, game, other_official
):
    game.event.tournament.officials.add(other_official)
    enter(game, other_official, played(0, 40))
    response = official_client.post(url(game), form_data(play_0=5), HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    html = response.content.decode()
    assert "Another official changed this game while you were typing" in html
    assert 'id="hand-1"' in html
    assert "0 \N{MIDDLE DOT} 40" in html
    assert 'name="version" value="1"' in html
    assert 'id="id_play_0" value="5"' in html
    assert Hand.objects.count() == 1


def test_when_both_sides_pass_250_the_form_asks_which_was_first(official_client, game, official):
    enter(game, official, played(240, 240))
    data = form_data(version=1, play_0=10, play_1=10)
    response = official_client.post(url(game), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    html = response.content.decode()
    assert "Both sides passed 250: which side got there first?" in html
    assert "Hand 2 took both sides to 250: say which side got there first." in html
    assert Hand.objects.count() == 1
    data["reached_first"] = "1"
    response = official_client.post(url(game), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    game.refresh_from_db()
    assert (game.status, game.winner_seat) == (Game.Status.FINISHED, 1)


def test_the_winning_hand_ends_the_game_and_the_form_goes(official_client, game, official):
    enter(game, official, played(245, 0))
    response = official_client.post(
        url(game), form_data(version=1, play_0=5), HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert "Game over: Side 1" in html
    assert 'id="hand-form"' not in html
    assert "They go on to" in html


def test_a_finished_game_refuses_a_new_hand(official_client, game, official):
    enter(game, official, played(250, 0))
    response = official_client.post(url(game), form_data(version=2, play_0=5))
    assert response.status_code == 422
    assert "This game is finished" in response.content.decode()
    assert Hand.objects.count() == 1


def test_a_game_waiting_for_a_side_has_no_form(official_client, bracket):
    final = bracket[1][(2, 0)]
    html = official_client.get(url(final)).content.decode()
    assert "Waiting for a side" in html
    assert 'id="hand-form"' not in html


def test_the_form_key_is_new_on_every_page(official_client, game):
    keys = set()
    for _ in range(2):
        html = official_client.get(url(game)).content.decode()
        keys.add(re.search(r'name="key" value="([^"]+)"', html).group(1))
    assert len(keys) == 2
    assert all(uuid.UUID(key) for key in keys)


def test_the_penalty_rows_open_from_a_plainly_named_add_a_penalty_control(official_client, game):
    html = official_client.get(url(game)).content.decode()
    summary = re.search(r"<summary>(.*?)</summary>", html, re.S).group(1)
    assert summary.startswith("Add a penalty")
    assert '<details class="penalties">' in html


def test_a_singles_partners_game_is_named_as_on_the_bracket(official_client, tournament):
    from tests.scoring.builders import make_game, make_team

    event = EventFactory(tournament=tournament, name="Singles", team_size=1, status="playing")
    game = make_game(event, (make_team(event, 1), make_team(event, 2)), stage=0, position=2)
    html = official_client.get(url(game)).content.decode()
    assert "<h1>Singles: Partners&#x27; game 3</h1>" in html
    assert "Game 3 (" not in html


def test_a_game_its_rules_cannot_seat_says_why_and_takes_no_hand(official_client, tournament):
    from tests.scoring.builders import make_game, make_team

    event = EventFactory(tournament=tournament, name="Three sides", status="playing")
    game = make_game(event, tuple(make_team(event, n) for n in (1, 2, 3)))
    html = official_client.get(url(game)).content.decode()
    assert "This game cannot be scored: A table here seats 2 partnerships, not 3." in html
    assert 'id="hand-form"' not in html
    response = official_client.post(url(game), form_data(play_0=5), HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert response.content.decode().lstrip().startswith('<div id="sheet"')
    preview = reverse("scoring:preview", args=[tournament.slug, game.pk])
    assert "This game cannot be scored" in official_client.post(preview, form_data()).text
    assert not Hand.objects.exists()


def test_a_win_by_the_second_side_gives_the_winners_total_first(official_client, game, official):
    enter(game, official, played(40, 0))
    enter(game, official, played(0, 250))
    html = official_client.get(url(game)).content.decode()
    # Was "won 40 – 250" (seat order) before issue 12.
    assert re.search(r"Game over: Side 2 \([^)]*\) won 250 \N{MIDDLE DOT} 40\.", html)
    print_url = reverse("scoring:sheet_print", args=[game.event.tournament.slug, game.pk])
    printed = official_client.get(print_url).content.decode()
    assert re.search(r"Winner: Side 2 \([^)]*\), 250 \N{MIDDLE DOT} 40", printed)


def test_save_without_saying_who_reached_250_first_asks_at_that_field(
    official_client, game, official
):
    enter(game, official, played(240, 240))
    response = official_client.post(url(game), form_data(version=1, play_0=10, play_1=10))
    assert response.status_code == 422
    html = response.content.decode()
    question = html[html.index('id="hand-preview"') :]
    assert "Hand 2 took both sides to 250: say which side got there first." in question
    assert 'name="reached_first" value="0"' in question
    assert game.hands.count() == 1


def test_save_with_the_answer_records_the_hand_in_one_step(official_client, game, official):
    enter(game, official, played(240, 240))
    data = form_data(version=1, play_0=10, play_1=10, reached_first=1)
    response = official_client.post(url(game), data, follow=True)
    assert "Hand 2 saved. Game over: Side 2" in response.content.decode()
    game.refresh_from_db()
    assert game.winner_seat == 1
