"""The bracket's "Close all at time" page: who may, what it lists, closing, refusals; and
its buttons on the bracket page and on the table monitor."""

import pytest
from django.urls import reverse

from tests.scoring.builders import enter, played
from tournaments import services
from tournaments.models import Game

from .rounds_setup import rounds_event
from .test_clocks import set_minutes, state
from .test_corrections_replay import Desk

pytestmark = pytest.mark.django_db


def url(event, stage=1, number=1):
    return reverse("desk:bracket_close_all", args=[event.tournament.slug, event.pk, stage, number])


def listed(event, stage=1, number=1):
    games = Game.objects.filter(
        event=event, stage=stage, round_number=number, status__in=["ready", "playing"]
    ).order_by("position")
    return ",".join(f"{game.pk}:{game.version}" for game in games)


@pytest.fixture
def desk(official, tournament):
    """A timed doubles bracket: game 1 led 100-50, game 2 level, games 3 and 4 unplayed.
    Our tournament's official runs it too (the `official_client`)."""
    found = Desk(official, "timed")
    found.tournament.officials.add(official)
    set_minutes(found.doubles, minutes_per_game=30)
    services.set_bracket_clock(
        event=found.doubles, stage=1, round_number=1, action="start", by=official
    )
    enter(found.game(1, 0), official, played(100, 50))
    enter(found.game(1, 1), official, played(50, 50))
    return found


def test_outsiders_and_officials_of_another_tournament_are_refused(client, other_client, desk):
    event = desk.doubles
    before = state(event)
    for method in ("get", "post"):
        response = getattr(other_client, method)(url(event), {"tables": listed(event)})
        assert response.status_code == 403
    other_client.logout()
    for method in ("get", "post"):
        response = getattr(client, method)(url(event), {"tables": listed(event), "confirm": "1"})
        assert response.status_code == 302 and response.url.startswith("/login/")
    assert state(event) == before


def test_the_confirmation_lists_the_games_and_what_closing_does(official_client, desk):
    Game.objects.filter(pk=desk.game(1, 0).pk).update(table_hand="waiting")
    response = official_client.get(url(desk.doubles))
    text = response.content.decode()
    assert response.status_code == 200
    assert "Close all at time: <bdi>Doubles</bdi>, the quarter-final" in text
    assert "4 games still playing" in text
    assert "would win with 100" in text
    assert "Level on 50: play on until a hand separates them" in text
    assert text.count("No hands yet: play it or give a walkover") == 2
    assert "Game 1 (Quarter-final), hand 2: waiting for a player of another side" in text
    assert "Yes, close 1 game at time" in text
    assert f'name="tables" value="{listed(desk.doubles)}"' in text
    assert "The round's clock has not run out yet" in text


def test_closing_all_closes_the_games_with_a_leader_and_says_so(official_client, desk):
    response = official_client.post(
        url(desk.doubles), {"tables": listed(desk.doubles), "confirm": "1"}, follow=True
    )
    text = response.content.decode()
    assert "Closed 1 game of the quarter-final at time" in text
    assert "3 games play on." in text
    assert [desk.game(1, n).status for n in range(4)] == [
        Game.Status.CLOSED,
        Game.Status.PLAYING,
        Game.Status.READY,
        Game.Status.READY,
    ]


def test_a_game_changed_meanwhile_refuses_and_shows_the_new_list(official_client, desk, official):
    shown = listed(desk.doubles)
    enter(desk.game(1, 1), official, played(5, 0))
    before = state(desk.doubles)
    response = official_client.post(url(desk.doubles), {"tables": shown, "confirm": "1"})
    text = response.content.decode()
    assert response.status_code == 409
    assert "Game 2 (Quarter-final) changed since the list was shown" in text
    assert f'value="{listed(desk.doubles)}"' in text
    assert "Yes, close 2 games at time" in text
    assert state(desk.doubles) == before


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"tables": "LISTED"}, "Tick the box to say the round&#x27;s games may be closed."),
        ({"tables": "1:x,2", "confirm": "1"}, "That form was not filled in properly"),
        ({"confirm": "1"}, "That form was not filled in properly"),
    ],
)
def test_bad_input_changes_nothing(official_client, desk, data, message):
    data = {k: (listed(desk.doubles) if v == "LISTED" else v) for k, v in data.items()}
    before = state(desk.doubles)
    response = official_client.post(url(desk.doubles), data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert state(desk.doubles) == before


def test_no_such_round_or_a_rounds_event_is_404(official_client, desk, tournament):
    assert official_client.get(url(desk.doubles, number=9)).status_code == 404
    assert official_client.get(url(desk.doubles, stage=3)).status_code == 404
    rounds = rounds_event(desk.tournament, players=4)
    assert official_client.get(url(rounds)).status_code == 404


def test_nothing_to_close_is_said_and_no_button_shown(official_client, desk, official):
    enter(desk.game(1, 0), official, played(0, 50))  # 100 - 100: level
    text = official_client.get(url(desk.doubles)).content.decode()
    assert "No game of the quarter-final can be closed at time now" in text
    assert "Yes, close" not in text
    for position in range(4):
        desk.win(1, position, 0, confirm=True)
    text = official_client.get(url(desk.doubles)).content.decode()
    assert "Every game of the quarter-final has a result: there is nothing to close." in text


def test_the_bracket_page_and_the_monitor_offer_close_all(official_client, desk):
    slug, pk = desk.tournament.slug, desk.doubles.pk
    page = official_client.get(reverse("desk:bracket", args=[slug, pk])).content.decode()
    assert f'href="{url(desk.doubles)}"' in page and "Close all at time…" in page
    monitor = official_client.get(reverse("scoring:bracket_monitor", args=[slug, pk, 1, 1]))
    assert f'href="{url(desk.doubles)}"' in monitor.content.decode()
    semis = official_client.get(reverse("scoring:bracket_monitor", args=[slug, pk, 1, 2]))
    assert semis.status_code == 200  # the semi-finals wait: nothing to close there
    assert "Close all at time…" not in semis.content.decode()


def test_a_closed_game_can_be_taken_back_on_the_bracket_page_and_undone(official_client, desk):
    official_client.post(url(desk.doubles), {"tables": listed(desk.doubles), "confirm": "1"})
    slug, game = desk.tournament.slug, desk.game(1, 0)
    page = official_client.get(reverse("desk:bracket", args=[slug, desk.doubles.pk]))
    assert "Closed at time on the totals so far" in page.content.decode()
    response = official_client.post(
        reverse("desk:game_reopen", args=[slug, game.pk]),
        {"version": game.version, "sure": "1"},
        follow=True,
    )
    assert "Result taken back: the game is open again." in response.content.decode()
    reopened = desk.game(1, 0)
    assert (reopened.status, reopened.winner_seat) == (Game.Status.PLAYING, None)
    official_client.post(
        reverse("desk:game_undo", args=[slug, game.pk]), {"version": reopened.version}
    )
    undone = desk.game(1, 0)
    assert (undone.status, undone.winner_seat) == (Game.Status.CLOSED, 0)
    assert desk.game(2, 0).sides_by_seat[0].team_id == undone.sides_by_seat[0].team_id


def test_the_partners_games_monitor_offers_close_all_for_stage_0(official_client, desk):
    desk.win(1, 0, 0)
    slug, singles = desk.tournament.slug, desk.singles
    monitor = official_client.get(reverse("scoring:bracket_monitor", args=[slug, singles.pk, 0, 1]))
    assert f'href="{url(singles, stage=0, number=1)}"' in monitor.content.decode()
    page = official_client.get(url(singles, stage=0, number=1)).content.decode()
    assert "Close all at time: <bdi>Singles</bdi>, the partners&#x27; games" in page
    assert "No hands yet: play it or give a walkover" in page


# One game: "Close this game at time" on its card --------------------------------------


def close_one(client, game, version=None):
    address = reverse("desk:game_close", args=[game.event.tournament.slug, game.pk])
    return client.post(address, {"version": game.version if version is None else version})


def test_a_game_with_hands_on_a_timed_bracket_has_its_own_close_button(official_client, desk):
    page = official_client.get(
        reverse("desk:bracket", args=[desk.tournament.slug, desk.doubles.pk])
    )
    text = page.content.decode()
    for game in (desk.game(1, 0), desk.game(1, 1)):  # with hands: a button each
        assert reverse("desk:game_close", args=[desk.tournament.slug, game.pk]) in text
    unplayed = reverse("desk:game_close", args=[desk.tournament.slug, desk.game(1, 2).pk])
    assert unplayed not in text  # no hands: its winner buttons, not closing


def test_closing_one_game_moves_its_leader_on_and_undo_opens_it_again(official_client, desk):
    game = desk.game(1, 0)
    response = close_one(official_client, game)
    assert response.status_code == 302
    closed = desk.game(1, 0)
    assert (closed.status, closed.winner_seat) == (Game.Status.CLOSED, 0)
    assert desk.game(2, 0).sides_by_seat[0].team_id == closed.sides_by_seat[0].team_id
    assert desk.game(1, 1).status == Game.Status.PLAYING  # the others play on
    page = official_client.get(response.url).content.decode()
    assert "Closed at time:" in page and "won, 100 · 50." in page
    official_client.post(
        reverse("desk:game_undo", args=[desk.tournament.slug, game.pk]), {"version": closed.version}
    )
    reopened = desk.game(1, 0)
    assert (reopened.status, reopened.winner_seat) == (Game.Status.PLAYING, None)
    assert desk.game(2, 0).sides_by_seat[0].team_id is None


@pytest.mark.parametrize(
    ("which", "version", "status", "message"),
    [
        (1, None, 422, "is level: the sides play on until a hand separates them."),
        (2, None, 422, "has no hands yet: play it, or give it as a walkover."),
        (0, 999, 409, "changed while you were looking at it"),
        (0, "x", 422, "That form was not filled in properly"),
    ],
    ids=["level", "no hands", "stale", "bad form"],
)
def test_a_game_that_cannot_be_closed_is_refused_with_its_reason(
    official_client, desk, which, version, status, message
):
    before = state(desk.doubles)
    response = close_one(official_client, desk.game(1, which), version)
    assert response.status_code == status
    assert message in response.content.decode().replace("&#x27;", "'")
    assert state(desk.doubles) == before


def test_closing_one_game_is_refused_to_outsiders(client, other_client, desk):
    before = state(desk.doubles)
    assert close_one(other_client, desk.game(1, 0)).status_code == 403
    other_client.logout()
    response = close_one(client, desk.game(1, 0))
    assert response.status_code == 302 and response.url.startswith("/login/")
    assert state(desk.doubles) == before
