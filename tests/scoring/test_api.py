"""The read-only JSON API: public data without login, officials' data with their session
or token, pages, and its served OpenAPI description checked by schemathesis."""

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error, response_schema_conformance

from scoring.api.tokens import create_api_token, revoke_api_token
from scoring.models import Hand
from tests.factories import PlayerFactory
from tests.scoring.builders import enter, make_bracket, make_rounds_game, played
from tournaments.models import Chapter, Game, Tournament

pytestmark = pytest.mark.django_db

API = "/api"


@pytest.fixture
def data(official, tournament):
    """A bracket with a game won, a rounds table with a hand, and a token for the official."""
    event, games = make_bracket(tournament)
    enter(games[(1, 0)], official, played(250, 5))
    for chapter in Chapter.objects.filter(tournament=tournament):
        chapter.name = f"Bracket {chapter.name}"
        chapter.save()
    table = make_rounds_game(tournament, game_key="double_draw", sides=3)
    enter(table, official, data={"pips_0": 0, "pips_1": 10, "pips_2": 12})
    _, key = create_api_token(tournament=tournament, by=official, name="state site")
    return {"bracket": event, "semi": games[(1, 0)], "table": table, "token": key}


def bearer(key):
    return {"Authorization": f"Bearer {key}"}


def test_the_openapi_description_is_served(client):
    response = client.get(f"{API}/openapi.json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["info"]["title"] == "Domino desk"
    assert "/api/tournaments/{slug}/events/{event_id}/standings" in schema["paths"]


def test_public_data_needs_no_login(client, data):
    tournaments = client.get(f"{API}/tournaments").json()
    assert {"rally", "elsewhere"} <= {t["slug"] for t in tournaments["items"]}
    detail = client.get(f"{API}/tournaments/rally").json()
    assert [e["name"] for e in detail["events"]] == ["Doubles", "Double Draw"]
    assert [e["number"] for e in detail["events"]] == [1, 2]


def test_a_game_comes_with_its_hands(client, data):
    semi = data["semi"]
    found = client.get(f"{API}/tournaments/rally/games/{semi.pk}").json()
    assert found["game"] == "E1-R1-G1" and found["status"] == "finished"
    assert [side["result"] for side in found["sides"]] == ["won", "lost"]
    assert found["hands"] == [
        {"number": h.number, "points": h.points, "match_game": 1}
        for h in Hand.objects.filter(game=semi)
    ]
    assert found["best_of"] is None and found["sides"][0]["games_won"] is None
    other = client.get(f"{API}/tournaments/elsewhere/games/{semi.pk}")
    assert other.status_code == 404


def test_brackets_and_standings(client, data):
    bracket = client.get(f"{API}/tournaments/rally/events/{data['bracket'].pk}/bracket").json()
    assert [r["name"] for r in bracket] == ["Semi-final"]
    assert len(bracket[0]["games"]) == 2
    event = data["table"].event
    standings = client.get(f"{API}/tournaments/rally/events/{event.pk}/standings").json()
    assert standings["count"] == 0, "the table's game has not ended"
    wrong = client.get(f"{API}/tournaments/rally/events/{event.pk}/bracket")
    assert wrong.status_code == 404
    games = client.get(f"{API}/tournaments/rally/events/{event.pk}/games").json()
    assert games["items"][0]["game"] == "E2-R1-T1" and games["items"][0]["table"] == 1
    placings = client.get(f"{API}/tournaments/rally/events/{data['bracket'].pk}/placings").json()
    assert placings["count"] == 4


def test_a_standings_row_gives_every_figure_of_the_standings(client, data, official):
    """Each row is `games.standings.Row` as JSON: the side as T<number>, with its players."""
    table = data["table"]
    for _ in range(2):  # three hands of 22 reach 61: side 1 wins the table
        enter(table, official, data={"pips_0": 0, "pips_1": 10, "pips_2": 12})
    event = table.event
    rows = client.get(f"{API}/tournaments/rally/events/{event.pk}/standings").json()["items"]
    assert list(rows[0]) == [
        "place",
        "shared",
        "side",
        "players",
        "played",
        "won",
        "tied",
        "lost",
        "sat_out",
        "match_points",
        "points_for",
        "points_against",
    ]
    first = rows[0]
    assert first["place"] == 1 and first["won"] == 1 and first["points_for"] == 66
    assert first["side"].startswith("T") and len(first["players"]) == 1
    assert [row["lost"] for row in rows[1:]] == [1, 1]
    assert all(isinstance(row["points_against"], float) for row in rows)


def test_lists_come_in_pages(client, data, tournament):
    for number in range(7):
        PlayerFactory(tournament=tournament, name=f"Extra {number}")
    first = client.get(
        f"{API}/tournaments/rally/players?page_size=5", headers=bearer(data["token"])
    ).json()
    total = tournament.players.count()
    assert first["count"] == total and len(first["items"]) == 5
    last = client.get(
        f"{API}/tournaments/rally/players?page_size=5&page={-(-total // 5)}",
        headers=bearer(data["token"]),
    ).json()
    assert len(last["items"]) == total - 5 * (-(-total // 5) - 1)
    too_far = client.get(f"{API}/tournaments?page=10001")
    assert too_far.status_code == 422


OFFICIAL_PATHS = [
    "/tournaments/rally/players",
    "/tournaments/rally/chapters",
    "/tournaments/rally/activity",
]


@pytest.mark.parametrize("path", OFFICIAL_PATHS)
def test_officials_data_refuses_anonymous_users(client, data, path):
    assert client.get(API + path).status_code == 401


@pytest.mark.parametrize("path", OFFICIAL_PATHS)
def test_officials_data_refuses_another_tournaments_official(other_client, data, path):
    assert other_client.get(API + path).status_code == 403


def test_officials_data_refuses_a_token_of_another_tournament(client, data, other_official):
    theirs = Tournament.objects.get(slug="elsewhere")
    _, key = create_api_token(tournament=theirs, by=other_official, name="theirs")
    assert client.get(f"{API}/tournaments/rally/players", headers=bearer(key)).status_code == 403
    ok = client.get(f"{API}/tournaments/elsewhere/players", headers=bearer(key))
    assert ok.status_code == 200


def test_officials_read_with_their_session_or_token(official_client, client, data, official):
    assert official_client.get(f"{API}/tournaments/rally/players").status_code == 200
    response = client.get(f"{API}/tournaments/rally/players", headers=bearer(data["token"]))
    assert response.status_code == 200
    assert {"name", "chapter", "checked_in", "withdrawn"} <= set(response.json()["items"][0])


def test_a_revoked_token_or_a_former_official_reads_nothing(client, data, official, tournament):
    url = f"{API}/tournaments/rally/activity"
    assert client.get(url, headers=bearer(data["token"])).status_code == 200
    tournament.officials.remove(official)
    assert client.get(url, headers=bearer(data["token"])).status_code == 403
    tournament.officials.add(official)
    from scoring.models import ApiToken

    revoke_api_token(token=ApiToken.objects.get(), by=official)
    assert client.get(url, headers=bearer(data["token"])).status_code == 403
    assert client.get(url, headers=bearer("dd_guess")).status_code == 403
    assert client.get(url, headers=bearer("not-ours")).status_code == 401


def test_a_chapter_report_and_a_games_history_for_officials(client, data, tournament):
    chapter = Chapter.objects.filter(tournament=tournament).order_by("name").first()
    report = client.get(
        f"{API}/tournaments/rally/chapters/{chapter.pk}/report", headers=bearer(data["token"])
    ).json()
    assert report["count"] >= 1 and report["items"][0]["chapter"] == chapter.name
    history = client.get(
        f"{API}/tournaments/rally/games/{data['semi'].pk}/history", headers=bearer(data["token"])
    ).json()
    assert [row["action"] for row in history["items"]] == ["added"]
    assert history["items"][0]["by"] == "olive"
    anonymous = client.get(f"{API}/tournaments/rally/games/{data['semi'].pk}/history")
    assert anonymous.status_code == 401


# schemathesis, against the schema the app serves ---------------------------------------------

schema = schemathesis.openapi.from_wsgi(f"{API}/openapi.json", get_wsgi_application())


@pytest.fixture
def real_ids(data, tournament):
    """Ids of the tournament's objects, so generated requests reach real data too."""
    return {
        "event_id": [data["bracket"].pk, data["table"].event_id],
        "game_id": list(
            Game.objects.filter(event__tournament=tournament).values_list("pk", flat=True)
        ),
        "chapter_id": list(
            Chapter.objects.filter(tournament=tournament).values_list("pk", flat=True)
        ),
    }


@pytest.fixture
def connection_kept():
    """Keep the test's database connection across requests, as Django's test client does:
    schemathesis calls the WSGI application, which would close it after each request."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.mark.parametrize("real", [True, False], ids=["real data", "generated ids"])
@schema.parametrize()
@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_the_api_never_fails_and_keeps_to_its_schema(case, data, real_ids, real, connection_kept):
    """No server error and no response that breaks the served schema, for generated requests
    (with the official's token, so the officials' endpoints answer too)."""
    if real and case.path_parameters:
        if "slug" in case.path_parameters:
            case.path_parameters["slug"] = "rally"
        for name, ids in real_ids.items():
            value = case.path_parameters.get(name)
            if isinstance(value, int):
                case.path_parameters[name] = ids[value % len(ids)]
    case.call_and_validate(
        # The WSGI test client does not unzip what GZipMiddleware zips; browsers do.
        headers={**bearer(data["token"]), "Accept-Encoding": "identity"},
        checks=[not_a_server_error, response_schema_conformance],
    )
