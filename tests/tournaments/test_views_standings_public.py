"""Tests for the public standings and round results: content, fixed queries, ETag/304, polling."""

import pytest
from django.db import connection
from django.urls import reverse
from django.utils.html import escape

from games.standings import describe_tiebreaks
from tests.factories import TournamentFactory, drawn_doubles
from tournaments import selectors, services
from tournaments.models import Side

from .rounds_setup import finish_round, rounds_event, seat_and_start, settle, tables_of

pytestmark = pytest.mark.django_db

PUBLIC_QUERIES = 4  # event with tournament, tables with sides, sit-outs, sides and players


def public_queries() -> int:
    """The page's own queries: on PostgreSQL the event, tables and sit-outs in one execute."""
    return PUBLIC_QUERIES - 2 * (connection.vendor == "postgresql")


def standings_url(event):
    return reverse("public:standings", args=[event.tournament.slug, event.pk])


def round_url(event, number):
    return reverse("public:round_results", args=[event.tournament.slug, event.pk, number])


@pytest.fixture
def event(tournament, official):
    event = rounds_event(tournament, players=7, game_key="domino_pinochle", name="Pinochle")
    finish_round(seat_and_start(event, official, seed=1), official)
    return event


def test_the_standings_show_places_players_chapters_and_figures(client, event):
    response = client.get(standings_url(event))
    assert response.status_code == 200
    html = response.content.decode()
    for side in Side.objects.filter(game__event=event).select_related("team"):
        for member in side.team.memberships.select_related("player__chapter"):
            assert escape(member.player.name) in html
            assert member.player.chapter.name in html
    assert '<td class="place">=1</td>' in html  # two tables won alike
    assert '<td class="stat" data-label="Against">' in html
    assert "Sat out" in html
    assert ">250<" not in html  # totals of 61 won each table here
    assert "61" in html


def test_the_standings_say_how_they_are_ranked(client, event):
    html = client.get(standings_url(event)).content.decode()
    for rule in describe_tiebreaks(2):
        assert escape(rule) in html
    assert "Last updated" in html


def test_anyone_can_see_them_without_logging_in_and_no_official_links(client, event):
    html = client.get(standings_url(event)).content.decode()
    assert "/desk/" not in html.split("<main>")[1]


def test_a_round_shown_but_not_started_stays_off_the_public_pages(client, event, official):
    services.seat_round(event=event, by=official, seed=2)
    html = client.get(standings_url(event)).content.decode()
    assert round_url(event, 1) in html
    assert round_url(event, 2) not in html
    assert client.get(round_url(event, 2)).status_code == 404
    assert client.get(round_url(event, 3)).status_code == 404


def test_an_event_under_another_address_or_a_bracket_is_not_found(client, event, tournament):
    other = TournamentFactory(slug="other-rally")
    assert client.get(reverse("public:standings", args=[other.slug, event.pk])).status_code == 404
    bracket = drawn_doubles(tournament, tournament.officials.first(), 4)
    assert client.get(standings_url(bracket)).status_code == 404


def test_before_any_game_ends_the_page_says_so(client, tournament):
    event = rounds_event(tournament, players=6, name="Fresh")
    html = client.get(standings_url(event)).content.decode()
    assert "No game has ended yet" in html
    assert "No round has started yet" in html


@pytest.mark.parametrize("players", [9, 90])
def test_the_page_runs_a_fixed_number_of_queries(
    client, tournament, official, players, django_assert_num_queries
):
    event = rounds_event(tournament, players=players, game_key="domino_pinochle", name="P")
    for seed in (1, 2):
        finish_round(seat_and_start(event, official, seed=seed), official)
    seat_and_start(event, official, seed=3)
    with django_assert_num_queries(1 + public_queries()):
        response = client.get(standings_url(event))
    assert response.status_code == 200
    assert response.content.decode().count('<td class="place">') == players


def test_an_unchanged_page_answers_304_with_one_query(client, event, django_assert_num_queries):
    etag = client.get(standings_url(event))["ETag"]
    with django_assert_num_queries(1):
        again = client.get(standings_url(event), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""


def test_a_result_changes_the_etag(client, event, official):
    etag = client.get(standings_url(event))["ETag"]
    round_ = seat_and_start(event, official, seed=2)
    after_start = client.get(standings_url(event), HTTP_IF_NONE_MATCH=etag)
    assert after_start.status_code == 200
    etag = after_start["ETag"]
    settle(tables_of(round_)[0], official, (250, 10, 10))
    assert client.get(standings_url(event), HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_polling_gets_only_the_live_part_with_its_own_etag(client, event):
    page = client.get(standings_url(event))
    assert 'hx-trigger="every 15s"' in page.content.decode()
    live = client.get(standings_url(event), HTTP_HX_REQUEST="true")
    assert live.status_code == 200
    html = live.content.decode()
    assert "<html" not in html
    assert 'id="live"' in html
    assert live["ETag"] != page["ETag"]
    assert "HX-Request" in live["Vary"]
    assert "no-cache" in live["Cache-Control"]
    unchanged = client.get(
        standings_url(event), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=live["ETag"]
    )
    assert unchanged.status_code == 304


def test_the_page_fits_a_phone(client, event):
    html = client.get(standings_url(event)).content.decode()
    assert 'name="viewport" content="width=device-width' in html
    assert 'class="standings"' in html
    assert 'data-label="Played"' in html  # each figure labelled when the table folds up


# One round's results ----------------------------------------------------------------------------


def test_a_round_shows_each_table_its_scores_and_result(client, tournament, official):
    event = rounds_event(tournament, players=7, game_key="domino_pinochle", name="Pinochle")
    round_ = seat_and_start(event, official, seed=1)
    first, second = tables_of(round_)
    settle(first, official, (250, 120, 90))
    settle(second, official, (100, 100, 30), finished=False)
    services.close_at_time(game=second, by=official)
    response = client.get(round_url(event, 1))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Table 1" in html
    assert "Table 2" in html
    assert ">250<" in html
    assert " won</p>" in html
    assert "Tie: " in html
    assert "(closed at time)" in html
    assert "Sitting out" in html
    out = round_.sit_outs.get().team
    assert escape(out.label) in html
    assert reverse("scoring_public:game", args=[event.tournament.slug, first.pk]) in html
    assert 'hx-trigger="every 15s"' not in html  # a finished round no longer changes


def test_a_round_being_played_polls_and_answers_304(client, tournament, official):
    event = rounds_event(tournament, players=6, game_key="domino_pinochle", name="Pinochle")
    seat_and_start(event, official, seed=1)
    response = client.get(round_url(event, 1))
    assert 'hx-trigger="every 15s"' in response.content.decode()
    live = client.get(round_url(event, 1), HTTP_HX_REQUEST="true")
    assert "<html" not in live.content.decode()
    again = client.get(round_url(event, 1), HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304


def test_the_page_s_one_read_of_the_tables_gives_the_results_and_rounds_of_two(
    client, tournament, official, django_assert_num_queries
):
    event = rounds_event(tournament, players=7, game_key="domino_pinochle", name="Pinochle")
    finish_round(seat_and_start(event, official, seed=1), official)
    tables = tables_of(seat_and_start(event, official, seed=2))
    sides = [table.sides.count() for table in tables]
    settle(tables[0], official, (40, *[10] * (sides[0] - 1)))
    settle(tables[-1], official, [25] * sides[-1])  # a tie: every side level
    with django_assert_num_queries(2):
        inputs, rounds = selectors.standings_inputs(event)
    assert inputs == selectors.ranked_from(event)
    assert rounds == selectors.started_rounds(event)
    assert [(r.tables, r.results_in) for r in rounds] == [
        (len(tables), len(tables)),
        (len(tables), 2),
    ]
