"""Withdrawing a player in a drawn bracket: their games go to the other side, in one step."""

import pytest
from django.urls import reverse

from tests.factories import ChapterFactory, EntryFactory, EventFactory, PlayerFactory
from tournaments import services
from tournaments.errors import DeskError
from tournaments.models import Activity, Game, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def doubles(tournament, official):
    event = EventFactory(tournament=tournament, name="Doubles")
    chapters = [ChapterFactory(tournament=tournament) for _ in range(4)]
    for n in range(8):
        player = PlayerFactory(tournament=tournament, chapter=chapters[n % 4], checked_in=True)
        EntryFactory(event=event, player=player)
    services.draw_partners_for_event(event=event, by=official, seed=5)
    services.draw_bracket(event=event, by=official, seed=5)
    return event


@pytest.fixture
def singles(tournament, doubles):
    return EventFactory(tournament=tournament, name="Singles", team_size=1, fed_by=doubles)


def first_game(event):
    return Game.objects.get(event=event, stage=1, round_number=1, position=0)


def player_at(game, seat, position=0):
    return game.sides.get(seat=seat).team.memberships.get(position=position).player


def url(tournament, player):
    return reverse("desk:player_withdraw", args=[tournament.slug, player.pk])


def test_withdrawing_gives_the_next_game_and_the_partners_game_by_walkover(
    doubles, singles, official
):
    game = first_game(doubles)
    leaving, partner = player_at(game, 0, 0), player_at(game, 0, 1)
    done = services.withdraw_player(player=leaving, by=official)
    game.refresh_from_db()
    assert (game.status, game.winner_seat) == (Game.Status.WALKOVER, 1)
    assert game.walkover_reason == f"{leaving.name} withdrew"
    (partners,) = Game.objects.filter(event=singles, stage=0)
    assert partners.status == Game.Status.WALKOVER
    winner = partners.sides.get(seat=partners.winner_seat).team
    assert [m.player for m in winner.memberships.all()] == [partner]
    assert len(done.lines) == 2
    leaving.refresh_from_db()
    assert leaving.withdrawn and not leaving.checked_in


def test_a_game_with_hands_is_given_as_a_forfeit(doubles, official):
    game = first_game(doubles)
    services.set_game_progress(game=game, totals=(30, 60), hand_count=2)
    done = services.withdraw_player(player=player_at(game, 1), by=official)
    game.refresh_from_db()
    assert (game.status, game.winner_seat, game.hand_count) == (Game.Status.WALKOVER, 0, 2)
    assert "forfeit" in done.lines[0]


def test_a_game_waiting_for_its_other_side_is_named_not_given(doubles, official):
    game = first_game(doubles)
    services.record_result(game=game, winner_seat=0, by=official)
    done = services.withdraw_player(player=player_at(game, 0), by=official)
    assert done.games == []
    assert "still waits for its other side" in done.waiting[0]


def test_the_preview_changes_nothing(doubles, official):
    game = first_game(doubles)
    leaving = player_at(game, 0)
    logged = Activity.objects.count()
    shown = services.preview_withdrawal(player=leaving, by=official)
    assert shown.gives_games
    game.refresh_from_db()
    assert game.status == Game.Status.READY
    assert not Player.objects.get(pk=leaving.pk).withdrawn
    assert Activity.objects.count() == logged


def test_withdrawing_twice_is_refused(doubles, official):
    leaving = player_at(first_game(doubles), 0)
    services.withdraw_player(player=leaving, by=official)
    with pytest.raises(DeskError, match="already withdrawn"):
        services.withdraw_player(player=leaving, by=official)


# The page -----------------------------------------------------------------------------------


def test_the_withdraw_button_shows_what_will_happen_first(official_client, tournament, doubles):
    game = first_game(doubles)
    leaving = player_at(game, 0)
    response = official_client.post(url(tournament, leaving), {"withdrawn": "1"})
    assert response.status_code == 302
    assert response.url == url(tournament, leaving)
    assert Game.objects.get(pk=game.pk).status == Game.Status.READY
    page = official_client.get(url(tournament, leaving))
    assert "win by walkover (W/O)" in page.text
    assert f"Yes, withdraw {leaving.name}" in page.text


def test_with_htmx_the_button_sends_the_browser_to_the_confirm_page(
    official_client, tournament, doubles
):
    leaving = player_at(first_game(doubles), 0)
    response = official_client.post(
        url(tournament, leaving), {"withdrawn": "1"}, headers={"HX-Request": "true"}
    )
    assert response["HX-Redirect"] == url(tournament, leaving)


def test_confirming_does_it_all_in_one_step(official_client, tournament, doubles):
    game = first_game(doubles)
    leaving = player_at(game, 0)
    response = official_client.post(
        url(tournament, leaving), {"withdrawn": "1", "sure": "1"}, follow=True
    )
    assert f"{leaving.name} is withdrawn." in response.text
    assert Game.objects.get(pk=game.pk).status == Game.Status.WALKOVER


def test_a_player_with_no_games_is_withdrawn_at_once(official_client, tournament, doubles):
    loner = PlayerFactory(tournament=tournament)
    response = official_client.post(url(tournament, loner), {"withdrawn": "1"})
    assert response.status_code == 302
    assert response.url == reverse("desk:players", args=[tournament.slug])
    assert Player.objects.get(pk=loner.pk).withdrawn


def test_the_confirm_page_of_a_withdrawn_player_goes_back_to_the_list(official_client, tournament):
    gone = PlayerFactory(tournament=tournament, withdrawn=True)
    response = official_client.get(url(tournament, gone))
    assert response.url == reverse("desk:players", args=[tournament.slug])


def test_the_players_page_asks_once_on_the_server_not_in_a_browser_dialog(
    official_client, tournament, doubles
):
    """One confirmation: a player with games gets the confirm page, which says what
    happens; the Withdraw button itself asks nothing (issue 12)."""
    leaving = player_at(first_game(doubles), 0)
    page = official_client.get(reverse("desk:players", args=[tournament.slug])).text
    assert "hx-confirm" not in page
    assert f'aria-label="Withdraw {leaving.name}"' in page


def test_a_player_with_no_games_is_withdrawn_in_one_click_and_reinstated_there(
    official_client, tournament
):
    player = PlayerFactory(tournament=tournament, checked_in=True)
    response = official_client.post(
        url(tournament, player), {"withdrawn": "1"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert "HX-Redirect" not in response
    assert f'aria-label="Reinstate {player.name}"' in response.text
    assert Player.objects.get(pk=player.pk).withdrawn
    response = official_client.post(
        url(tournament, player), {"withdrawn": "0"}, headers={"HX-Request": "true"}
    )
    assert f'aria-label="Withdraw {player.name}"' in response.text
    assert not Player.objects.get(pk=player.pk).withdrawn
