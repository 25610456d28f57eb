"""Tests for the official event pages: event page, draw, bracket, results and print sheet."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from tests.factories import (
    ChapterFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    drawn_doubles,
    game_at,
)
from tournaments import selectors, services
from tournaments.models import Event, Game, Team, TeamMember

pytestmark = pytest.mark.django_db


def doubles_with(tournament, chapter_sizes, *, name="Doubles"):
    event = EventFactory(tournament=tournament, name=name)
    for size in chapter_sizes:
        chapter = ChapterFactory(tournament=tournament)
        for _ in range(size):
            EntryFactory(event=event, player=PlayerFactory(tournament=tournament, chapter=chapter))
    return event


def big_doubles(tournament, official, teams, *, name="Big"):
    return drawn_doubles(tournament, official, teams, name=name, chapters=8)


@pytest.fixture
def event(tournament):
    return doubles_with(tournament, [2, 2, 2, 2])


@pytest.fixture
def drawn(event, official):
    services.draw_partners_for_event(event=event, by=official, seed=1)
    services.draw_bracket(event=event, by=official, seed=1)
    event.refresh_from_db()
    return event


def url(name, tournament, pk):
    return reverse(f"desk:{name}", args=[tournament.slug, pk])


# Who may come in ------------------------------------------------------------------------

EVENT_PAGES = ["event_detail", "event_draw", "bracket", "bracket_print"]
EVENT_ACTIONS = ["partners_draw", "partners_swap", "bracket_draw", "singles_open", "singles_add"]
GAME_ACTIONS = ["game_result", "game_reopen"]


@pytest.mark.parametrize("name", EVENT_PAGES + EVENT_ACTIONS)
def test_anonymous_users_are_sent_to_log_in(client, tournament, event, name):
    method = client.get if name in EVENT_PAGES else client.post
    response = method(url(name, tournament, event.pk))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize("name", EVENT_PAGES + EVENT_ACTIONS)
def test_officials_of_another_tournament_are_refused(other_client, tournament, event, name):
    method = other_client.get if name in EVENT_PAGES else other_client.post
    assert method(url(name, tournament, event.pk)).status_code == 403


@pytest.mark.parametrize("name", GAME_ACTIONS)
def test_game_actions_refuse_anonymous_users_and_other_officials(
    client, other_official, tournament, drawn, name
):
    game = game_at(drawn, 1, 0)
    response = client.post(url(name, tournament, game.pk), {"winner_seat": 0})
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
    client.force_login(other_official)
    assert client.post(url(name, tournament, game.pk), {"winner_seat": 0}).status_code == 403
    assert Game.objects.get(pk=game.pk).status == Game.Status.READY


def test_an_event_of_another_tournament_is_not_found(official_client, tournament, official):
    from tests.factories import TournamentFactory

    theirs = TournamentFactory()
    stranger = EventFactory(tournament=theirs)
    assert official_client.get(url("event_detail", tournament, stranger.pk)).status_code == 404


def test_a_game_of_another_tournament_is_not_found(official_client, tournament, official):
    from tests.factories import TournamentFactory

    theirs = TournamentFactory()
    theirs.officials.add(official)
    event = doubles_with(theirs, [2, 2])
    services.draw_partners_for_event(event=event, by=official, seed=1)
    services.draw_bracket(event=event, by=official, seed=1)
    game = Game.objects.filter(event=event).first()
    response = official_client.post(url("game_result", tournament, game.pk), {"winner_seat": 0})
    assert response.status_code == 404


# The event page -------------------------------------------------------------------------


def test_the_event_page_points_to_the_partner_draw_first(official_client, tournament, event):
    response = official_client.get(url("event_detail", tournament, event.pk))
    assert response.status_code == 200
    assert "Draw partners" in response.content.decode()


def test_the_event_page_shows_winner_and_second_place(official_client, tournament, official):
    event = doubles_with(tournament, [2, 2])  # 2 teams: one game, the final
    services.draw_partners_for_event(event=event, by=official, seed=1)
    services.draw_bracket(event=event, by=official, seed=1)
    final = Game.objects.get(event=event)
    services.record_result(game=final, winner_seat=1, by=official)
    winner, second = selectors.event_placings(event)
    html = official_client.get(url("event_detail", tournament, event.pk)).content.decode()
    assert "Final placings" in html
    assert html.index(escape(winner.label)) < html.index(escape(second.label))


def test_the_event_page_says_singles_games_end_at_250_too(official_client, tournament, drawn):
    singles = EventFactory(tournament=tournament, name="Singles", team_size=1, fed_by=drawn)
    html = official_client.get(url("event_detail", tournament, singles.pk)).content.decode()
    assert "first side to reach 250" in html
    assert "starts with the first-game losers of Doubles" in html


def test_the_event_page_runs_a_fixed_number_of_queries(
    official_client, tournament, official, django_assert_max_num_queries
):
    event = big_doubles(tournament, official, 64)
    with django_assert_max_num_queries(12):
        assert official_client.get(url("event_detail", tournament, event.pk)).status_code == 200


# The draw page --------------------------------------------------------------------------


def test_the_draw_page_shows_teams_chapters_and_the_seed(
    official_client, tournament, event, official
):
    services.draw_partners_for_event(event=event, by=official, seed=246810)
    html = official_client.get(url("event_draw", tournament, event.pk)).content.decode()
    assert "246810" in html
    for team in Team.objects.filter(event=event):
        for member in team.memberships.select_related("player__chapter"):
            assert member.player.name in html
            assert member.player.chapter.name in html


def test_the_draw_page_flags_same_chapter_teams_and_the_odd_player(
    official_client, tournament, official
):
    event = doubles_with(tournament, [5, 1, 1])  # 7 players, one chapter holds 5
    services.draw_partners_for_event(event=event, by=official, seed=2)
    html = official_client.get(url("event_draw", tournament, event.pk)).content.decode()
    assert "same chapter" in html
    assert "Without a partner" in html
    assert "draw again" in html


def test_drawing_partners_from_the_page(official_client, tournament, event):
    response = official_client.post(url("partners_draw", tournament, event.pk), {"seed": ""})
    assert response.status_code == 302
    assert Team.objects.filter(event=event).count() == 4
    page = official_client.get(response.url).content.decode()
    event.refresh_from_db()
    assert f"Draw number {event.partner_seed}" in page


def test_a_draw_number_that_is_not_a_number_is_refused(official_client, tournament, event):
    response = official_client.post(url("partners_draw", tournament, event.pk), {"seed": "abc"})
    assert response.status_code == 422
    assert "Enter a whole number" in response.content.decode()
    assert not Team.objects.filter(event=event).exists()


def test_a_draw_with_too_few_players_says_why(official_client, tournament):
    event = doubles_with(tournament, [1, 1])
    response = official_client.post(url("partners_draw", tournament, event.pk), {})
    assert response.status_code == 422
    assert "at least 4 checked-in players" in response.content.decode()
    assert not Team.objects.filter(event=event).exists()


def test_swapping_players_from_the_page_warns_of_a_same_chapter_team(
    official_client, tournament, official
):
    event = doubles_with(tournament, [2, 2])
    services.draw_partners_for_event(event=event, by=official, seed=2)
    teams = list(Team.objects.filter(event=event).prefetch_related("memberships__player"))
    a, partner = (m.player for m in teams[0].members)
    mate = next(m.player for m in teams[1].members if m.player.chapter_id == a.chapter_id)
    response = official_client.post(
        url("partners_swap", tournament, event.pk),
        {"player_a": partner.pk, "player_b": mate.pk},
        follow=True,
    )
    html = response.content.decode()
    assert f"Swapped {partner.name} and {mate.name}" in html
    assert "are both from" in html


def test_a_refused_swap_changes_nothing(official_client, tournament, official):
    event = doubles_with(tournament, [2, 2])
    services.draw_partners_for_event(event=event, by=official, seed=2)
    team = Team.objects.filter(event=event).first()
    a, b = (m.player for m in team.members)
    before = list(TeamMember.objects.filter(event=event).values_list("team_id", "player_id"))
    response = official_client.post(
        url("partners_swap", tournament, event.pk), {"player_a": a.pk, "player_b": b.pk}
    )
    assert response.status_code == 422
    assert "already partners" in response.content.decode()
    after = list(TeamMember.objects.filter(event=event).values_list("team_id", "player_id"))
    assert after == before


def test_drawing_the_bracket_from_the_page(official_client, tournament, event, official):
    services.draw_partners_for_event(event=event, by=official, seed=2)
    response = official_client.post(url("bracket_draw", tournament, event.pk), {"seed": "55"})
    assert response.status_code == 302
    assert response.url == url("bracket", tournament, event.pk)
    assert Game.objects.filter(event=event).count() == 3


def test_choosing_byes_from_the_page(official_client, tournament, official):
    event = doubles_with(tournament, [3, 3])  # 3 teams: 1 bye
    services.draw_partners_for_event(event=event, by=official, seed=2)
    chosen = Team.objects.filter(event=event).order_by("number").last()
    page = official_client.get(url("event_draw", tournament, event.pk)).content.decode()
    assert "Byes: 1 team will go straight to round 2" in page
    response = official_client.post(
        url("bracket_draw", tournament, event.pk), {"byes": [chosen.pk]}
    )
    assert response.status_code == 302
    bye = Game.objects.get(event=event, status=Game.Status.BYE)
    assert bye.sides_by_seat[bye.winner_seat].team == chosen


def test_choosing_too_many_byes_is_refused_and_draws_nothing(official_client, tournament, official):
    event = doubles_with(tournament, [3, 3])
    services.draw_partners_for_event(event=event, by=official, seed=2)
    teams = [t.pk for t in Team.objects.filter(event=event)]
    response = official_client.post(url("bracket_draw", tournament, event.pk), {"byes": teams})
    assert response.status_code == 422
    assert "Choose exactly 1 team for a bye; 3 chosen" in response.content.decode()
    assert not Game.objects.filter(event=event).exists()


def test_each_draw_number_label_names_its_own_field(official_client, tournament, event, official):
    services.draw_partners_for_event(event=event, by=official, seed=2)
    html = official_client.get(url("event_draw", tournament, event.pk)).content.decode()
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), "two elements share an id"
    for field_id in re.findall(r'<label for="([^"]+)"', html):
        assert f'id="{field_id}"' in html


def test_the_draw_page_runs_a_fixed_number_of_queries(
    official_client, tournament, official, django_assert_max_num_queries
):
    event = big_doubles(tournament, official, 32)
    with django_assert_max_num_queries(14):
        assert official_client.get(url("event_draw", tournament, event.pk)).status_code == 200


# The bracket page and results -----------------------------------------------------------


def test_the_bracket_page_shows_each_game_and_its_state(official_client, tournament, drawn):
    html = official_client.get(url("bracket", tournament, drawn.pk)).content.decode()
    assert "Semi-final" in html
    assert "Final" in html
    assert "Ready" in html
    assert "Waiting for players" in html
    assert "won</button>" in html


def test_the_bracket_page_runs_a_fixed_number_of_queries(
    official_client, tournament, official, django_assert_max_num_queries
):
    event = big_doubles(tournament, official, 64)
    with django_assert_max_num_queries(12):
        assert official_client.get(url("bracket", tournament, event.pk)).status_code == 200


def test_recording_a_winner_from_the_bracket_page(official_client, tournament, drawn):
    game = game_at(drawn, 1, 0)
    response = official_client.post(
        url("game_result", tournament, game.pk),
        {"winner_seat": 1, "version": game.version, "sure": "1"},
    )
    assert response.status_code == 302
    assert response.url.endswith(f"#game-{game.pk}")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.winner_seat == 1


def test_recording_a_walkover_from_the_bracket_page(official_client, tournament, drawn):
    game = game_at(drawn, 1, 1)
    official_client.post(
        url("game_result", tournament, game.pk),
        {"winner_seat": 0, "walkover": "1", "reason": "Did not come", "sure": "1"},
    )
    game.refresh_from_db()
    assert game.status == Game.Status.WALKOVER
    html = official_client.get(url("bracket", tournament, drawn.pk)).content.decode()
    assert "W/O" in html


def test_a_result_without_a_winner_is_refused(official_client, tournament, drawn):
    game = game_at(drawn, 1, 0)
    response = official_client.post(url("game_result", tournament, game.pk), {"winner_seat": 5})
    assert response.status_code == 422
    assert "Choose which side won" in response.content.decode()
    assert Game.objects.get(pk=game.pk).status == Game.Status.READY


def test_a_result_for_a_game_waiting_for_a_side_is_refused(official_client, tournament, drawn):
    final = game_at(drawn, 2, 0)
    response = official_client.post(url("game_result", tournament, final.pk), {"winner_seat": 0})
    assert response.status_code == 422
    assert "still waiting for a side" in response.content.decode()


def test_a_result_from_a_stale_page_is_refused(official_client, tournament, drawn, official):
    game = game_at(drawn, 1, 0)
    services.set_game_progress(game=game, totals=(30, 20), hand_count=2)
    response = official_client.post(
        url("game_result", tournament, game.pk), {"winner_seat": 0, "version": 0}
    )
    assert response.status_code == 409
    assert "changed while you were looking" in response.content.decode()
    assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING


def test_a_correction_that_voids_later_games_asks_first(
    official_client, tournament, drawn, official
):
    first = game_at(drawn, 1, 0)
    services.record_result(game=first, winner_seat=0, by=official)
    services.record_result(game=game_at(drawn, 1, 1), winner_seat=0, by=official)
    final = game_at(drawn, 2, 0)
    services.set_game_progress(game=final, totals=(100, 95), hand_count=6)
    first.refresh_from_db()
    response = official_client.post(
        url("game_result", tournament, first.pk), {"winner_seat": 1, "version": first.version}
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert "Game 3 (Final): 6 hands entered" in html  # was "round 2 game 1" (issue 12)
    assert 'name="confirm" value="1"' in html
    assert Game.objects.get(pk=final.pk).hand_count == 6
    response = official_client.post(
        url("game_result", tournament, first.pk),
        {"winner_seat": 1, "confirm": "1", "version": first.version},
    )
    assert response.status_code == 302
    final.refresh_from_db()
    assert final.hand_count == 0
    assert final.sides.get(seat=0).team == first.sides.get(seat=1).team


def test_taking_a_result_back(official_client, tournament, drawn, official):
    game = game_at(drawn, 1, 0)
    services.record_result(game=game, winner_seat=0, by=official)
    response = official_client.post(url("game_reopen", tournament, game.pk), {"sure": "1"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.READY


def test_taking_back_a_game_with_no_result_is_refused(official_client, tournament, drawn):
    game = game_at(drawn, 1, 0)
    response = official_client.post(url("game_reopen", tournament, game.pk), {})
    assert response.status_code == 422
    assert "has no result to take back" in response.content.decode()


def test_playing_a_bracket_to_the_end_shows_the_champion(official_client, tournament, drawn):
    for position in (0, 1):
        official_client.post(
            url("game_result", tournament, game_at(drawn, 1, position).pk),
            {"winner_seat": 0, "sure": "1"},
        )
    final = game_at(drawn, 2, 0)
    official_client.post(url("game_result", tournament, final.pk), {"winner_seat": 1, "sure": "1"})
    drawn.refresh_from_db()
    assert drawn.status == Event.Status.FINISHED
    champion = final.sides.get(seat=1).team
    html = official_client.get(url("bracket", tournament, drawn.pk)).content.decode()
    assert "Final placings" in html
    assert escape(champion.label) in html


# Singles --------------------------------------------------------------------------------


@pytest.fixture
def singles(tournament, drawn):
    return EventFactory(tournament=tournament, name="Singles", team_size=1, fed_by=drawn)


def test_the_singles_draw_page_lists_partners_games(
    official_client, tournament, drawn, singles, official
):
    services.record_result(game=game_at(drawn, 1, 0), winner_seat=0, by=official)
    html = official_client.get(url("event_draw", tournament, singles.pk)).content.decode()
    assert "partners' games" in html.lower()
    assert "1 Doubles game that decide who plays singles is still to finish" in html


def test_adding_a_singles_player_from_the_page(official_client, tournament, singles):
    player = PlayerFactory(tournament=tournament)
    response = official_client.post(
        url("singles_add", tournament, singles.pk), {"player": player.pk}
    )
    assert response.status_code == 302
    assert TeamMember.objects.filter(event=singles, player=player).exists()
    again = official_client.post(url("singles_add", tournament, singles.pk), {"player": player.pk})
    assert again.status_code == 422
    assert TeamMember.objects.filter(event=singles, player=player).count() == 1


def test_opening_singles_from_the_page(official_client, tournament, drawn, official):
    services.record_result(game=game_at(drawn, 1, 0), winner_seat=0, by=official)
    singles = EventFactory(tournament=tournament, name="Late singles", team_size=1, fed_by=drawn)
    response = official_client.post(url("singles_open", tournament, singles.pk))
    assert response.status_code == 302
    assert Game.objects.filter(event=singles, stage=0).count() == 1


# Printing -------------------------------------------------------------------------------


def test_a_bracket_of_32_teams_prints_on_one_page(official_client, tournament, official):
    event = big_doubles(tournament, official, 32)
    html = official_client.get(url("bracket_print", tournament, event.pk)).content.decode()
    assert html.count('class="bracket-page"') == 1
    assert "page 1 of" not in html


def test_the_print_sheet_runs_a_fixed_number_of_queries(
    official_client, tournament, official, django_assert_max_num_queries
):
    event = big_doubles(tournament, official, 128)
    with django_assert_max_num_queries(10):
        assert official_client.get(url("bracket_print", tournament, event.pk)).status_code == 200


def test_a_bigger_bracket_prints_in_blocks_of_32_teams(official_client, tournament, official):
    event = big_doubles(tournament, official, 64)
    html = official_client.get(url("bracket_print", tournament, event.pk)).content.decode()
    # Rounds 1-5 in two blocks of 16 first-round games, then the final on its own page.
    assert html.count('class="bracket-page"') == 3
    assert "page 3 of 3" in html
    assert "games 17 to 32" in html


def test_print_sections_hold_every_game_once(tournament, official):
    event = big_doubles(tournament, official, 200)
    bracket = selectors.bracket_for_event(event)
    printed = [
        game.pk
        for section in selectors.print_sections(bracket)
        for rnd in section.rounds
        for game in rnd.games
    ]
    assert sorted(printed) == sorted(game.pk for game in bracket.games)


def test_the_event_page_shows_the_house_rules_in_plain_words(official_client, tournament):
    event = EventFactory(tournament=tournament, options={"blocked_scoring": "difference"})
    response = official_client.get(reverse("desk:event_detail", args=[tournament.slug, event.pk]))
    assert "House rules" in response.text
    for rule in event.game.house_rules(event.options):
        assert escape(rule) in response.text


def test_the_public_bracket_shows_the_house_rules(client, tournament):
    event = EventFactory(tournament=tournament)
    response = client.get(reverse("public:bracket", args=[tournament.slug, event.pk]))
    assert escape(event.game.house_rules(event.options)[0]) in response.text


def test_the_result_message_names_the_winning_players(official_client, tournament, drawn):
    game = game_at(drawn, 1, 0)
    winner = game.sides.get(seat=1).team
    response = official_client.post(
        url("game_result", tournament, game.pk),
        {"winner_seat": 1, "version": game.version, "sure": "1"},
        follow=True,
    )
    assert escape(f"{winner.label} (team {winner.number}) won.") in response.text


def test_the_walkover_message_says_so(official_client, tournament, drawn):
    game = game_at(drawn, 1, 1)
    response = official_client.post(
        url("game_result", tournament, game.pk),
        {"winner_seat": 0, "walkover": "1", "reason": "Did not come", "sure": "1"},
        follow=True,
    )
    assert "won by walkover (W/O)." in response.text
