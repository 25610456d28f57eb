"""Tests for the public live bracket: content, fixed queries, ETag/304 and htmx polling."""

import pytest
from django.db import connection
from django.urls import reverse
from django.utils.html import escape

from tests.factories import EventFactory, TournamentFactory, drawn_doubles, game_at
from tournaments import services
from tournaments.models import Chapter, Entry, Event, Game, Player
from tournaments.selectors import bracket_kept

pytestmark = pytest.mark.django_db

PUBLIC_QUERIES = 4  # event with tournament, teams, members, games with their sides


def public_queries() -> int:
    """The page's own queries: on PostgreSQL the event and its games go in one execute."""
    return PUBLIC_QUERIES - (connection.vendor == "postgresql")


def doubles(tournament, official, teams, *, name="Doubles"):
    return drawn_doubles(tournament, official, teams, name=name, chapters=6)


def bracket_url(event):
    return reverse("public:bracket", args=[event.tournament.slug, event.pk])


@pytest.fixture
def event(tournament, official):
    return doubles(tournament, official, 4)


def test_the_bracket_shows_teams_chapters_and_current_scores(client, event):
    game = game_at(event, 1, 0)
    services.set_game_progress(game=game, totals=(135, 90), hand_count=5)
    html = client.get(bracket_url(event)).content.decode()
    for side in game.sides.select_related("team"):
        team = side.team
        assert escape(team.label) in html
        for member in team.memberships.select_related("player__chapter"):
            assert member.player.chapter.name in html
    assert ">135<" in html
    assert ">90<" in html
    assert "Semi-final" in html
    assert "Final" in html


def test_a_winner_given_without_hands_shows_no_score_of_nought(client, event, official):
    services.record_result(game=game_at(event, 1, 0), winner_seat=0, by=official)
    html = client.get(bracket_url(event)).content.decode()
    assert 'aria-label="score"' not in html


def test_anyone_can_see_it_without_logging_in(client, event):
    response = client.get(bracket_url(event))
    assert response.status_code == 200
    assert "won</button>" not in response.content.decode()


def test_an_event_under_another_tournament_address_is_not_found(client, event):
    other = TournamentFactory(slug="other-rally")
    wrong = reverse("public:bracket", args=[other.slug, event.pk])
    assert client.get(wrong).status_code == 404


@pytest.mark.parametrize("teams", [8, 256])
def test_the_page_runs_a_fixed_number_of_queries(
    client, tournament, official, teams, django_assert_num_queries
):
    event = doubles(tournament, official, teams)
    services.record_result(game=game_at(event, 1, 0), winner_seat=0, by=official)
    address = bracket_url(event)
    # One for the ETag, then the page itself.
    with django_assert_num_queries(1 + public_queries()):
        response = client.get(address)
    assert response.status_code == 200
    assert response.content.decode().count('class="game game-') == teams - 1


@pytest.mark.parametrize("teams", [16, 64])
def test_a_page_after_a_hand_reads_no_team_and_a_big_bracket_that_game_alone(
    client, tournament, official, teams, django_assert_num_queries
):
    """The teams are kept. A bracket of `selectors.bracket_kept.VERSIONS_FROM` games or
    more reads its games' versions with the event, then the moved game's rows; a smaller
    one reads its games whole with the event (the second round trip costs it more)."""
    event = doubles(tournament, official, teams)
    address = bracket_url(event)
    client.get(address)
    game = game_at(event, 1, 5)
    services.set_game_progress(game=game, totals=(115, 40), hand_count=3)
    big = teams - 1 >= bracket_kept.VERSIONS_FROM
    with django_assert_num_queries(1 + public_queries() - 2 + big):
        response = client.get(address)
    card = response.content.decode().split(f'id="game-{game.pk}"')[1].split("</article>")[0]
    assert ">115<" in card and ">40<" in card


def test_an_unchanged_bracket_answers_304_with_one_query(client, event, django_assert_num_queries):
    address = bracket_url(event)
    etag = client.get(address)["ETag"]
    with django_assert_num_queries(1):
        again = client.get(address, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""


def test_a_result_changes_the_etag(client, event, official):
    etag = client.get(bracket_url(event))["ETag"]
    services.record_result(game=game_at(event, 1, 0), winner_seat=1, by=official)
    response = client.get(bracket_url(event), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response["ETag"] != etag


def test_a_score_change_changes_the_etag(client, event):
    etag = client.get(bracket_url(event))["ETag"]
    services.set_game_progress(game=game_at(event, 1, 0), totals=(5, 0), hand_count=1)
    assert client.get(bracket_url(event), HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_polling_gets_only_the_live_part_with_its_own_etag(client, event):
    page = client.get(bracket_url(event))
    live = client.get(bracket_url(event), HTTP_HX_REQUEST="true")
    assert live.status_code == 200
    html = live.content.decode()
    assert "<html" not in html
    assert 'id="live"' in html
    assert live["ETag"] != page["ETag"]
    assert "HX-Request" in live["Vary"]
    assert "no-cache" in live["Cache-Control"]
    unchanged = client.get(
        bracket_url(event), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=live["ETag"]
    )
    assert unchanged.status_code == 304


def test_the_page_polls_while_the_event_is_playing(client, event):
    html = client.get(bracket_url(event)).content.decode()
    assert 'hx-trigger="every 15s"' in html


def test_a_finished_event_shows_its_placings_and_stops_polling(client, tournament, official):
    event = doubles(tournament, official, 2, name="Pairs")
    final = Game.objects.get(event=event)
    services.record_result(game=final, winner_seat=0, by=official)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    html = client.get(bracket_url(event)).content.decode()
    assert "Final placings" in html
    winner = final.sides.get(seat=0).team
    second = final.sides.get(seat=1).team
    assert html.index(escape(winner.label)) < html.index(escape(second.label))
    assert "hx-trigger" not in html


def test_walkovers_and_byes_are_shown_in_plain_words(client, tournament, official):
    event = doubles(tournament, official, 3, name="Three")
    bye = Game.objects.get(event=event, status=Game.Status.BYE)
    played = Game.objects.get(event=event, round_number=1, status=Game.Status.READY)
    services.record_result(game=played, winner_seat=0, by=official, walkover=True)
    html = client.get(bracket_url(event)).content.decode()
    assert "W/O" in html
    assert "Bye" in html
    assert f'id="game-{bye.pk}"' in html


def test_the_public_home_page_links_each_bracket(client, event):
    html = client.get(reverse("public:tournament", args=[event.tournament.slug])).content.decode()
    assert bracket_url(event) in html


def test_before_the_bracket_is_drawn_players_see_their_partners(client, tournament, official):
    event = EventFactory(tournament=tournament, name="Early")
    chapters = Chapter.objects.bulk_create(
        [Chapter(tournament=tournament, name=f"Early club {n}") for n in range(2)]
    )
    players = Player.objects.bulk_create(
        [
            Player(
                tournament=tournament, name=f"Early {n}", chapter=chapters[n % 2], checked_in=True
            )
            for n in range(4)
        ]
    )
    Entry.objects.bulk_create([Entry(event=event, player=p) for p in players])
    services.draw_partners_for_event(event=event, by=official, seed=1)
    html = client.get(bracket_url(event)).content.decode()
    assert "The bracket has not been drawn yet" in html
    assert "Partners" in html
    for player in players:
        assert player.name in html
