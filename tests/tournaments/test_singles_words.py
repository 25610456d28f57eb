"""Words a singles event (and a rounds event) gets right: player, not team (issue 20)."""

import pytest
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, PlayerFactory
from tests.tournaments.rounds_setup import rounds_event
from tournaments import services
from tournaments.models import Team

pytestmark = pytest.mark.django_db


def desk(name, tournament, pk):
    return reverse(f"desk:{name}", args=[tournament.slug, pk])


@pytest.fixture
def singles(tournament):
    event = EventFactory(tournament=tournament, name="Singles", team_size=1)
    for index in range(3):
        EntryFactory(event=event, player=PlayerFactory(tournament=tournament, name=f"Solo {index}"))
    return event


def test_a_singles_draw_gives_byes_to_players(official_client, tournament, singles):
    Team.objects.bulk_create([Team(event=singles, number=n) for n in (1, 2, 3)])
    html = official_client.get(desk("event_draw", tournament, singles.pk)).text
    assert "Byes: 1 player will go straight to round 2" in html
    assert "1 team will" not in html


def test_a_singles_event_says_the_first_player_to_reach_the_target_wins(
    official_client, tournament, singles
):
    html = official_client.get(desk("event_detail", tournament, singles.pk)).text
    assert "every game is won by the first player to reach 250" in html
    assert "every game is won by the first side" not in html


def test_a_rounds_event_before_seating_says_nobody_is_seated_yet(official_client, tournament):
    event = rounds_event(tournament, players=9, name="Pinochle", game_key="domino_pinochle")
    html = official_client.get(desk("event_detail", tournament, event.pk)).text
    assert "<dt>Entered</dt><dd>9</dd>" in html
    assert "<dt>Players seated</dt><dd>not yet</dd>" in html
    assert "<dt>Players</dt><dd>0</dd>" not in html


def test_the_lookup_gives_no_meaningless_number_for_a_rounds_event(client, tournament, official):
    event = rounds_event(tournament, players=8, name="Pinochle", game_key="domino_pinochle")
    services.seat_round(event=event, by=official, seed=1)
    me = Team.objects.filter(event=event).first().members[0].player
    html = client.get(reverse("public:tournament", args=[tournament.slug]), {"q": me.name}).text
    assert "Pinochle" in html
    assert "number " not in html


def test_the_lookup_gives_a_singles_bracket_players_number_in_the_bracket(
    client, tournament, official, singles
):
    services.draw_bracket(event=singles, by=official, seed=1)
    team = Team.objects.filter(event=singles).first()
    me = team.members[0].player
    html = client.get(reverse("public:tournament", args=[tournament.slug]), {"q": me.name}).text
    assert f"player {team.number} in the bracket" in html


def test_the_bracket_offers_to_stop_marking_the_players_games(
    client, tournament, official, singles
):
    services.draw_bracket(event=singles, by=official, seed=1)
    url = reverse("public:bracket", args=[tournament.slug, singles.pk])
    html = client.get(url, {"team": 1}).text
    assert "Stop marking this player's games" in html
    assert "Show no team" not in html
