"""Messages that are true (issue 12): each names who, what and where, in one set of words."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from tests.factories import ChapterFactory, EntryFactory, EventFactory, PlayerFactory, game_at
from tournaments import naming, services
from tournaments.models import Game, Team

pytestmark = pytest.mark.django_db


def url(name, tournament, pk):
    return reverse(f"desk:{name}", args=[tournament.slug, pk])


def doubles(tournament, players, *, name="Doubles"):
    event = EventFactory(tournament=tournament, name=name)
    for index in range(players):
        chapter = ChapterFactory(tournament=tournament, name=f"Chapter {index}")
        player = PlayerFactory(tournament=tournament, chapter=chapter, name=f"Name {index:02}")
        EntryFactory(event=event, player=player)
    return event


def teams_of(event):
    return {
        team.number: [m.player for m in team.members]
        for team in Team.objects.filter(event=event).prefetch_related("memberships__player")
    }


def test_a_swap_of_two_players_in_teams_says_where_each_went_and_the_teams_now(
    official_client, tournament, official
):
    event = doubles(tournament, 4)
    services.draw_partners_for_event(event=event, by=official, seed=3)
    before = teams_of(event)
    a, a_mate = before[1]
    b, _ = before[2]
    response = official_client.post(
        url("partners_swap", tournament, event.pk),
        {"player_a": a.pk, "player_b": b.pk},
        follow=True,
    )
    after = teams_of(event)
    assert {p.pk for p in after[1]} == {b.pk, a_mate.pk}
    expected = (
        f"Swapped {a.name} and {b.name}: {a.name} is now in Team 2, {b.name} in Team 1. "
        f"Now Team 1 is {' & '.join(p.name for p in after[1])}; "
        f"Team 2 is {' & '.join(p.name for p in after[2])}."
    )
    assert escape(expected) in response.text


def test_swapping_in_the_player_without_a_partner_says_who_is_left_out(
    official_client, tournament, official
):
    event = doubles(tournament, 5)
    services.draw_partners_for_event(event=event, by=official, seed=3)
    before = teams_of(event)
    in_teams = {p.pk for players in before.values() for p in players}
    odd = next(e.player for e in event.entries.all() if e.player_id not in in_teams)
    leaving, staying = before[2]
    response = official_client.post(
        url("partners_swap", tournament, event.pk),
        {"player_a": odd.pk, "player_b": leaving.pk},
        follow=True,
    )
    assert {p.pk for p in teams_of(event)[2]} == {odd.pk, staying.pk}
    names = " & ".join(p.name for p in teams_of(event)[2])
    expected = (
        f"{odd.name} took {leaving.name}'s place in Team 2; {leaving.name} has no partner now. "
        f"Now Team 2 is {names}."
    )
    assert escape(expected) in response.text
    assert "Swapped" not in response.text


def test_the_swap_message_works_whichever_player_is_named_first():
    teams = [("Team 3", ["Ann", "Cy"])]
    assert naming.swap_message("Bo", "Ann", teams) == (
        "Ann took Bo's place in Team 3; Bo has no partner now. Now Team 3 is Ann & Cy."
    )


def test_a_same_chapter_warning_names_the_team_by_its_number_and_players(
    official_client, tournament, official
):
    event = EventFactory(tournament=tournament)
    chapters = [ChapterFactory(tournament=tournament, name=n) for n in ("North", "South")]
    for index in range(4):
        player = PlayerFactory(tournament=tournament, chapter=chapters[index % 2])
        EntryFactory(event=event, player=player)
    services.draw_partners_for_event(event=event, by=official, seed=1)
    one, two = teams_of(event)[1], teams_of(event)[2]
    same = next(p for p in two if p.chapter_id == one[0].chapter_id)
    response = official_client.post(
        url("partners_swap", tournament, event.pk),
        {"player_a": one[1].pk, "player_b": same.pk},
        follow=True,
    )
    team = Team.objects.get(event=event, number=1)
    assert escape(f"Team 1 ({team.label}) are both from {one[0].chapter.name}.") in response.text


@pytest.fixture
def singles(tournament, official):
    event = EventFactory(tournament=tournament, name="Singles", team_size=1)
    for index in range(4):
        EntryFactory(event=event, player=PlayerFactory(tournament=tournament, name=f"Solo {index}"))
    services.draw_bracket(event=event, by=official, seed=1)
    return event


def test_a_singles_result_calls_the_winner_a_player_not_a_team(
    official_client, tournament, singles
):
    game = game_at(singles, 1, 0)
    winner = game.sides.get(seat=1).team
    response = official_client.post(
        url("game_result", tournament, game.pk),
        {"winner_seat": 1, "version": game.version, "sure": "1"},
        follow=True,
    )
    assert escape(f"{winner.label} (player {winner.number}) won.") in response.text
    assert "(team " not in response.text


def test_singles_byes_are_offered_by_player_number(official_client, tournament):
    event = EventFactory(tournament=tournament, name="Singles", team_size=1)
    for index in range(3):
        EntryFactory(event=event, player=PlayerFactory(tournament=tournament, name=f"Solo {index}"))
    Team.objects.bulk_create([Team(event=event, number=n) for n in (1, 2, 3)])
    html = official_client.get(url("event_draw", tournament, event.pk)).content.decode()
    assert "Team 1" not in html


def test_bracket_games_are_numbered_through_the_event_on_the_desk_and_the_public_page(
    official_client, client, tournament, official
):
    event = doubles(tournament, 16)
    services.draw_partners_for_event(event=event, by=official, seed=1)
    services.draw_bracket(event=event, by=official, seed=1)
    final = Game.objects.get(event=event, stage=1, round_number=3)
    semi = Game.objects.get(event=event, stage=1, round_number=2, position=1)
    assert final.name == "Game 7 (Final)"
    assert semi.name == "Game 6 (Semi-final)"
    desk = official_client.get(url("bracket", tournament, event.pk)).content.decode()
    public = client.get(reverse("public:bracket", args=[tournament.slug, event.pk])).text
    for html in (desk, public):
        assert "Quarter-final" in html and "Semi-final" in html and "Final" in html
    assert "Game 7" in desk
    sheet = official_client.get(reverse("scoring:sheet", args=[tournament.slug, final.pk])).text
    assert "Doubles: Game 7 (Final)" in sheet
    page = client.get(reverse("scoring_public:game", args=[tournament.slug, semi.pk])).text
    assert "Doubles: Game 6 (Semi-final)" in page
