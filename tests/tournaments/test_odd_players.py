"""A player left without a partner is decided before the doubles bracket is drawn."""

import pytest
from django.urls import reverse

from tests.factories import ChapterFactory, EntryFactory, EventFactory, PlayerFactory
from tournaments import services
from tournaments.errors import DeskError
from tournaments.models import Entry, Game, Team, TeamMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def doubles(tournament, official):
    """Nine checked-in players: four teams and one player without a partner."""
    event = EventFactory(tournament=tournament, name="Doubles")
    chapters = [ChapterFactory(tournament=tournament) for _ in range(3)]
    for n in range(9):
        player = PlayerFactory(tournament=tournament, chapter=chapters[n % 3], checked_in=True)
        EntryFactory(event=event, player=player)
    drawn = services.draw_partners_for_event(event=event, by=official, seed=2)
    event.odd = event.tournament.players.get(pk=drawn.odd_player)
    return event


def url(name, tournament, event):
    return reverse(f"desk:{name}", args=[tournament.slug, event.pk])


def test_the_draw_page_says_so_before_the_bracket_is_drawn(official_client, tournament, doubles):
    html = official_client.get(url("event_draw", tournament, doubles)).text
    assert "Before the bracket is drawn:" in html
    assert f"Take {doubles.odd.name} out of Doubles" in html
    assert "Partner with a late arrival" in html


def test_the_bracket_is_not_drawn_while_a_player_has_no_partner(doubles, official):
    with pytest.raises(DeskError, match="no partner"):
        services.draw_bracket(event=doubles, by=official, seed=1)
    assert not Game.objects.filter(event=doubles).exists()


def test_the_bracket_draw_form_says_why_and_draws_nothing(official_client, tournament, doubles):
    response = official_client.post(url("bracket_draw", tournament, doubles), {})
    assert response.status_code == 422
    assert "has no partner" in response.text
    assert not Game.objects.filter(event=doubles).exists()


def test_a_late_arrival_becomes_their_partner(official_client, tournament, doubles, official):
    late = PlayerFactory(tournament=tournament, checked_in=False)
    response = official_client.post(
        url("odd_partner", tournament, doubles), {"player": doubles.odd.pk, "partner": late.pk}
    )
    assert response.status_code == 302
    team = Team.objects.get(event=doubles, number=5)
    assert {m.player_id for m in team.memberships.all()} == {doubles.odd.pk, late.pk}
    late.refresh_from_db()
    assert late.checked_in
    assert Entry.objects.filter(event=doubles, player=late).exists()
    services.draw_bracket(event=doubles, by=official, seed=1)


def test_a_partner_already_in_a_team_is_refused_and_nothing_changes(
    official_client, tournament, doubles
):
    taken = TeamMember.objects.filter(event=doubles).first().player
    response = official_client.post(
        url("odd_partner", tournament, doubles), {"player": doubles.odd.pk, "partner": taken.pk}
    )
    assert response.status_code == 422
    assert Team.objects.filter(event=doubles).count() == 4


def test_partnering_refuses_the_same_player_a_withdrawn_one_and_a_stranger(doubles, official):
    odd = doubles.odd
    with pytest.raises(DeskError, match="another player"):
        services.partner_odd_player(event=doubles, by=official, player=odd, partner=odd)
    gone = PlayerFactory(tournament=doubles.tournament, withdrawn=True)
    with pytest.raises(DeskError, match="withdrawn"):
        services.partner_odd_player(event=doubles, by=official, player=odd, partner=gone)
    stranger = PlayerFactory()
    with pytest.raises(DeskError, match="another tournament"):
        services.partner_odd_player(event=doubles, by=official, player=odd, partner=stranger)
    teamed = TeamMember.objects.filter(event=doubles).first().player
    with pytest.raises(DeskError, match="already has a partner"):
        services.partner_odd_player(event=doubles, by=official, player=odd, partner=teamed)
    with pytest.raises(DeskError, match="without a partner"):
        services.partner_odd_player(event=doubles, by=official, player=teamed, partner=gone)


def test_taking_them_out_lets_the_bracket_be_drawn(official_client, tournament, doubles, official):
    response = official_client.post(
        url("odd_leave", tournament, doubles), {"player": doubles.odd.pk}
    )
    assert response.status_code == 302
    assert not Entry.objects.filter(event=doubles, player=doubles.odd).exists()
    services.draw_bracket(event=doubles, by=official, seed=1)


def test_sending_them_straight_to_singles(official_client, tournament, doubles):
    singles = EventFactory(tournament=tournament, name="Singles", team_size=1, fed_by=doubles)
    html = official_client.get(url("event_draw", tournament, doubles)).text
    assert f"Send {doubles.odd.name} straight to Singles" in html
    response = official_client.post(
        url("odd_leave", tournament, doubles),
        {"player": doubles.odd.pk, "to_singles": "1"},
        follow=True,
    )
    assert "goes straight into Singles" in response.text
    assert TeamMember.objects.filter(event=singles, player=doubles.odd).exists()


def test_straight_to_singles_needs_a_singles_event(doubles, official):
    with pytest.raises(DeskError, match="No singles event"):
        services.leave_out_odd_player(
            event=doubles, by=official, player=doubles.odd, to_singles=True
        )
    assert Entry.objects.filter(event=doubles, player=doubles.odd).exists()


def test_a_refused_leave_form_changes_nothing(official_client, tournament, doubles):
    response = official_client.post(url("odd_leave", tournament, doubles), {"player": "x"})
    assert response.status_code == 422
    assert "Choose a player who has no partner" in response.text
    assert Entry.objects.filter(event=doubles).count() == 9


def test_only_a_doubles_event_before_its_bracket_has_players_to_decide(
    tournament, doubles, official
):
    singles = EventFactory(tournament=tournament, name="Solo", team_size=1)
    with pytest.raises(DeskError, match="singles event"):
        services.leave_out_odd_player(event=singles, by=official, player=doubles.odd)
    services.leave_out_odd_player(event=doubles, by=official, player=doubles.odd)
    services.draw_bracket(event=doubles, by=official, seed=1)
    late = PlayerFactory(tournament=tournament)
    with pytest.raises(DeskError, match="before the bracket is drawn"):
        services.partner_odd_player(event=doubles, by=official, player=late, partner=late)


def test_a_refused_leave_says_why(official_client, tournament, doubles, official):
    services.leave_out_odd_player(event=doubles, by=official, player=doubles.odd)
    response = official_client.post(
        url("odd_leave", tournament, doubles), {"player": doubles.odd.pk}
    )
    assert response.status_code == 422


def test_the_pages_show_the_services_refusals(official_client, tournament, doubles):
    odd = doubles.odd
    response = official_client.post(
        url("odd_partner", tournament, doubles), {"player": odd.pk, "partner": odd.pk}
    )
    assert response.status_code == 422
    assert "Choose another player as the partner" in response.text
    response = official_client.post(
        url("odd_leave", tournament, doubles), {"player": odd.pk, "to_singles": "1"}
    )
    assert response.status_code == 422
    assert "No singles event starts from Doubles" in response.text
    assert Entry.objects.filter(event=doubles).count() == 9
