"""Season pages: the official's (make, add, take out, points rule, proposals) and the
public ones (leaderboard, a player's season, ratings), polled with ETag/304."""

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.seasons_world import PEOPLE, finished_tournament
from tournaments import services
from tournaments.models import Season, SeasonMatch, SeasonTournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(official):
    return services.create_season(by=official, name="State flag", year=2026)


@pytest.fixture
def spring(official):
    return finished_tournament("spring", official=official)


@pytest.fixture
def full(season, official, spring):
    moved = [("Ann Lee", "Bexar"), *PEOPLE[1:]]
    fall = finished_tournament(
        "fall", official=official, people=moved, starts_on=datetime.date(2026, 9, 5)
    )
    for tournament in (spring, fall):
        services.add_season_tournament(season=season, by=official, tournament=tournament)
    season.refresh_from_db()
    return season


def test_an_official_makes_a_season_and_lands_on_its_page(official_client):
    response = official_client.post(
        reverse("seasons:list"), {"name": "State flag", "year": "2026", "organiser": "TX"}
    )
    season = Season.objects.get()
    assert response.status_code == 302 and response.url == reverse(
        "seasons:season", args=[season.pk]
    )
    page = official_client.get(response.url)
    assert page.status_code == 200
    assert "Each shared third" not in page.text and "each shared third 5" in page.text


def test_a_bad_season_is_refused_with_a_message_and_nothing_made(official_client):
    response = official_client.post(reverse("seasons:list"), {"name": "", "year": "soon"})
    assert response.status_code == 422
    assert not Season.objects.exists()
    response = official_client.post(reverse("seasons:list"), {"name": "A", "year": "1066"})
    assert response.status_code == 422 and "year" in response.text
    assert not Season.objects.exists()


def test_the_list_shows_only_my_seasons(official_client, season, other_official):
    services.create_season(by=other_official, name="Their season", year=2026)
    page = official_client.get(reverse("seasons:list"))
    assert "State flag" in page.text and "Their season" not in page.text


def test_a_tournament_is_added_and_taken_out(official_client, season, spring):
    url = reverse("seasons:add_tournament", args=[season.pk])
    assert official_client.post(url, {"tournament": spring.pk}).status_code == 302
    assert SeasonTournament.objects.filter(season=season, tournament=spring).exists()
    again = official_client.post(url, {"tournament": spring.pk})
    assert again.status_code == 422  # no longer offered
    remove = reverse("seasons:remove_tournament", args=[season.pk, spring.pk])
    assert official_client.post(remove).status_code == 302
    assert not SeasonTournament.objects.exists()
    assert official_client.post(remove).status_code == 422
    gone = reverse("seasons:remove_tournament", args=[season.pk, 999_999])
    assert official_client.post(gone).status_code == 422


def test_another_officials_tournament_is_not_offered(official_client, season, other_official):
    theirs = finished_tournament("theirs", official=other_official)
    url = reverse("seasons:add_tournament", args=[season.pk])
    assert official_client.post(url, {"tournament": theirs.pk}).status_code == 422
    assert not SeasonTournament.objects.exists()


def test_the_points_rule_is_saved_or_refused_whole(official_client, season):
    url = reverse("seasons:points", args=[season.pk])
    good = {"bracket": "12, 8", "rounds": "6", "playing": "0", "chapters": "best", "best": "2"}
    assert official_client.post(url, good).status_code == 302
    season.refresh_from_db()
    assert season.points["bracket"] == [12, 8]
    response = official_client.post(url, {**good, "bracket": "3, 9"})
    assert response.status_code == 422 and "never earns fewer" in response.text
    response = official_client.post(url, {**good, "playing": "-2"})
    assert response.status_code == 422
    season.refresh_from_db()
    assert season.points["bracket"] == [12, 8]


def test_the_season_is_edited_or_refused(official_client, season):
    url = reverse("seasons:edit", args=[season.pk])
    assert official_client.post(url, {"name": "Flag", "year": "2027"}).status_code == 302
    assert official_client.post(url, {"name": "Flag", "year": "3030"}).status_code == 422
    season.refresh_from_db()
    assert (season.name, season.year) == ("Flag", 2027)


def test_a_proposal_is_shown_confirmed_and_undone(official_client, full):
    page = official_client.get(reverse("seasons:season", args=[full.pk]))
    assert "Waiting for you" in page.text and "Ann Lee" in page.text
    url = reverse("seasons:decide", args=[full.pk])
    answer = {"name": "ann lee", "chapter": "alamo", "other_chapter": "bexar"}
    assert official_client.post(url, {**answer, "decision": "same"}).status_code == 302
    assert SeasonMatch.objects.get().decision == "same"
    public = Client().get(reverse("scoring_public:season", args=[full.pk]))
    assert public.text.count(">Ann Lee<") == 1
    assert official_client.post(url, {**answer, "decision": "undecided"}).status_code == 302
    assert not SeasonMatch.objects.exists()
    bad = official_client.post(url, {**answer, "other_chapter": "alamo", "decision": "same"})
    assert bad.status_code == 422 and not SeasonMatch.objects.exists()


def test_the_public_page_lists_players_chapters_and_tournaments(full):
    page = Client().get(reverse("scoring_public:season", args=[full.pk]))
    assert page.status_code == 200
    for text in ("Bo Fox", "Alamo", "Rally spring", "Rally fall", "each shared third 5"):
        assert text in page.text
    assert Client().get(reverse("scoring_public:season", args=[999_999])).status_code == 404


def test_the_public_page_answers_304_until_something_changes(full, spring):
    url = reverse("scoring_public:season", args=[full.pk])
    first = Client().get(url)
    tag = first["ETag"]
    assert Client().get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    services.mark_changed(tournament=spring)  # a correction in one tournament
    assert Client().get(url, HTTP_IF_NONE_MATCH=tag).status_code == 200


def test_a_players_season_page_lists_events_points_and_ratings(full):
    board_page = Client().get(reverse("scoring_public:season", args=[full.pk]))
    from scoring.seasons.board import season_board

    bo = next(p for p in season_board(full).people if p.name == "Bo Fox")
    page = Client().get(reverse("scoring_public:season_player", args=[full.pk, bo.slug]))
    assert bo.slug in board_page.text
    assert page.status_code == 200
    assert "Rally fall" in page.text and "with <bdi>Ann Lee</bdi>" in page.text
    assert "give or take" in page.text
    missing = reverse("scoring_public:season_player", args=[full.pk, "nobody"])
    assert Client().get(missing).status_code == 404


def test_the_ratings_page_says_each_rating_in_words_and_how_it_is_computed(full):
    page = Client().get(reverse("scoring_public:season_ratings", args=[full.pk]))
    assert page.status_code == 200
    assert "give or take" in page.text and "How ratings are computed" in page.text


def test_the_public_page_reads_the_same_number_of_queries_at_two_sizes(season, official):
    url = reverse("scoring_public:season", args=[season.pk])

    def queries():
        Client().get(url)  # every placings row stored, the ratings computed (eager)
        from django.core.cache import caches

        caches["pages"].clear()
        with CaptureQueriesContext(connection) as counted:
            assert Client().get(url).status_code == 200
        return len(counted)

    services.add_season_tournament(
        season=season, by=official, tournament=finished_tournament("t1", official=official)
    )
    small = queries()
    for n in range(2, 7):
        services.add_season_tournament(
            season=season, by=official, tournament=finished_tournament(f"t{n}", official=official)
        )
    assert queries() == small <= 6  # marker, season, tournaments, placings, answers, ratings


def test_the_public_pages_poll_as_a_partial_and_the_models_say_what_they_are(full, official):
    from tournaments.models import SeasonExport

    response = Client().get(
        reverse("scoring_public:season", args=[full.pk]), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200 and "<html" not in response.text
    assert 'id="live"' in response.text
    match = SeasonMatch.objects.create(
        season=full,
        name_key="ann lee",
        chapter_key="alamo",
        other_chapter_key="bexar",
        decision="same",
    )
    export = SeasonExport.objects.create(season=full, requested_by=official)
    assert str(full) == "State flag 2026"
    assert str(full.entries.first()) == "Rally spring in State flag 2026"
    assert str(match) == "ann lee: alamo / bexar"
    assert str(export) == "State flag 2026 (zip, pending)"
    assert full.get_absolute_url() == reverse("scoring_public:season", args=[full.pk])


def test_a_change_in_a_tournament_is_rated_in_the_background_and_shown_meanwhile(
    full, spring, monkeypatch
):
    from scoring.seasons.ratings import rate_season
    from tournaments import background
    from tournaments.models import Side

    client = Client()
    ratings_url = reverse("scoring_public:season_ratings", args=[full.pk])
    assert "being updated" not in client.get(ratings_url).content.decode()  # eager: at once
    sent = []
    monkeypatch.setattr(background, "enqueue", lambda task, *args: sent.append(args) or True)
    Side.objects.filter(game__event__tournament=spring, game__event__name="Double draw").filter(
        seat=2
    ).update(total=99)
    services.mark_changed(tournament=spring)
    assert client.get(reverse("scoring_public:season", args=[full.pk])).status_code == 200
    assert sent == [(full.pk,)]  # the leaderboard's page sent the work
    page = client.get(ratings_url).content.decode()
    assert "being updated" in page and "Ann Lee" in page  # the last ratings meanwhile
    assert 'hx-trigger="every 5s"' in page  # and it shows the new ones by itself
    assert sent == [(full.pk,)]  # once per version of the season
    rate_season(season_id=full.pk)  # the worker
    page = client.get(ratings_url).content.decode()
    assert "being updated" not in page
    assert 'hx-trigger="every 5s"' not in page  # nothing more to wait for
