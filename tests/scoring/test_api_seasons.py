"""The seasons' read-only API: in the OpenAPI description, public, as the pages say."""

import pytest

from scoring.seasons.board import season_board
from tests.seasons_world import finished_tournament
from tournaments import services

pytestmark = pytest.mark.django_db
API = "/api"


@pytest.fixture
def season(official):
    season = services.create_season(by=official, name="State flag", year=2026)
    spring = finished_tournament("spring", official=official)
    services.add_season_tournament(season=season, by=official, tournament=spring)
    season.refresh_from_db()
    return season


def test_the_season_endpoints_are_in_the_openapi_description(client):
    paths = client.get(f"{API}/openapi.json").json()["paths"]
    for path in [
        "/api/seasons",
        "/api/seasons/{season_id}",
        "/api/seasons/{season_id}/leaderboard",
        "/api/seasons/{season_id}/chapters",
        "/api/seasons/{season_id}/ratings",
        "/api/seasons/{season_id}/players/{person}",
    ]:
        assert path in paths and set(paths[path]) == {"get"}


def test_a_season_its_leaderboard_chapters_ratings_and_a_player(client, season):
    base = f"{API}/seasons/{season.pk}"
    assert client.get(f"{API}/seasons").json()["items"][0]["name"] == "State flag"
    detail = client.get(base).json()
    assert detail["points"]["bracket"] == [10, 7, 5, 3]
    assert detail["tournaments"][0]["slug"] == "spring"
    board = client.get(f"{base}/leaderboard").json()["items"]
    assert (board[0]["player"], board[0]["points"]) == ("Ann Lee", 22)
    assert client.get(f"{base}/chapters").json()[0] == {
        "place": 1,
        "shared": False,
        "chapter": "Alamo",
        "points": 41,
    }
    ratings = client.get(f"{base}/ratings").json()["items"]
    assert ratings and "give or take" in ratings[0]["in_words"]
    ann = season_board(season).people[0]
    person = client.get(f"{base}/players/{ann.slug}").json()
    assert sum(p["points"] for p in person["placings"]) == person["points"] == 22


def test_unknown_seasons_and_players_are_404_and_bad_ids_422(client, season):
    assert client.get(f"{API}/seasons/999999").status_code == 404
    unknown = client.get(f"{API}/seasons/{season.pk}/players/0123456789ab")
    assert unknown.status_code == 404
    assert unknown.json() == {"detail": "No such player in this season."}
    assert client.get(f"{API}/seasons/{season.pk}/players/Ann").status_code == 422
    assert client.get(f"{API}/seasons/0").status_code == 422


def test_the_ratings_say_when_a_change_is_being_rated(client, season, monkeypatch):
    from tournaments import background
    from tournaments.models import Side

    url = f"{API}/seasons/{season.pk}/ratings"
    assert not any(r["being_updated"] for r in client.get(url).json()["items"])  # eager
    monkeypatch.setattr(background, "enqueue", lambda task, *args: True)  # a worker, later
    Side.objects.filter(game__event__tournament__slug="spring", seat=0).update(total=7)
    services.mark_changed(tournament=season.tournaments.get())
    items = client.get(url).json()["items"]
    assert items and all(r["being_updated"] for r in items)  # the last ones meanwhile
