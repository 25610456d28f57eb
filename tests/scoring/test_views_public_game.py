"""The public game page: the live score, hand by hand, cheap to poll."""

import pytest
from django.urls import reverse

from tests.scoring.builders import enter, played

pytestmark = pytest.mark.django_db


def url(game):
    return reverse("scoring_public:game", args=[game.event.tournament.slug, game.pk])


def test_anyone_sees_the_score_hand_by_hand(client, game, official):
    enter(game, official, played(15, 0))
    enter(game, official, played(0, 40))
    html = client.get(url(game)).content.decode()
    assert 'id="hand-2"' in html
    assert "15 \N{MIDDLE DOT} 40" in html
    assert game.sides.get(seat=0).team.members[0].player.chapter.name in html
    assert "Edit" not in html
    assert 'hx-trigger="every 5s"' in html


def test_a_game_of_another_tournament_is_not_found(client, game):
    assert (
        client.get(reverse("scoring_public:game", args=["elsewhere", game.pk])).status_code == 404
    )


def test_an_unchanged_game_answers_304(client, game, official):
    enter(game, official, played(15, 0))
    first = client.get(url(game), HTTP_HX_REQUEST="true")
    assert first.status_code == 200
    again = client.get(url(game), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_a_new_hand_changes_the_etag(client, game, official):
    first = client.get(url(game), HTTP_HX_REQUEST="true")
    enter(game, official, played(15, 0))
    again = client.get(url(game), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert "15 \N{MIDDLE DOT} 0" in again.content.decode()


def test_the_polled_part_and_the_page_are_cached_apart(client, game):
    page = client.get(url(game))
    part = client.get(url(game), HTTP_HX_REQUEST="true")
    assert page["ETag"] != part["ETag"]
    assert "HX-Request" in part["Vary"]
    assert part.content.decode().lstrip().startswith('<div id="score"')


def test_a_304_costs_one_query(client, game, django_assert_num_queries):
    first = client.get(url(game), HTTP_HX_REQUEST="true")
    page = url(game)
    with django_assert_num_queries(1):
        client.get(page, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])


def test_the_page_reads_in_few_queries(client, game, official, django_assert_max_num_queries):
    for _ in range(10):
        enter(game, official, played(5, 5))
    page = url(game)
    with django_assert_max_num_queries(6):
        assert client.get(page).status_code == 200


def test_a_finished_game_polls_slowly_and_says_it_is_over(client, game, official):
    enter(game, official, played(250, 0))
    html = client.get(url(game)).content.decode()
    assert "This game is over." in html
    assert 'hx-trigger="every 30s"' in html
    # Nothing on it is meant for officials only.
    assert "Game over: Side 1" in html
    assert "edit or delete a hand" not in html


def test_a_waiting_game_gives_players_no_officials_instructions(client, bracket):
    final = bracket[1][(2, 0)]
    html = client.get(url(final)).content.decode()
    assert "Waiting for a side." in html
    assert "hands can be entered" not in html


def test_a_renamed_player_changes_the_etag(client, game, official):
    from tournaments import services as desk

    first = client.get(url(game), HTTP_HX_REQUEST="true")
    player = game.sides.get(seat=0).team.members[0].player
    desk.update_player(player=player, by=official, name="Ada Pruitt")
    again = client.get(url(game), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert "Ada Pruitt" in again.content.decode()


def test_each_hand_is_named_in_words_for_phones_where_the_columns_stack(client, game, official):
    enter(game, official, played(15, 0))
    html = client.get(url(game)).content.decode()
    assert '<span class="hand-word">Hand </span>1' in html


def test_a_game_the_rules_cannot_seat_gives_players_no_officials_instructions(
    client, official_client, tournament
):
    from tests.factories import EventFactory
    from tests.scoring.builders import make_game, make_team

    event = EventFactory(tournament=tournament, name="Doubles")
    teams = tuple(make_team(event, number) for number in (1, 2, 3))
    game = make_game(event, teams)  # three sides: Texas Good Sams is two
    problem = client.get(url(game)).content.decode()
    desk = official_client.get(reverse("scoring:sheet", args=[tournament.slug, game.pk])).text
    assert "This game has not started yet." in problem
    assert "This game has not started yet." not in desk
