"""PostgreSQL drops the request's connection mid-request: "not saved, try again", with
what was typed, nothing half-written, and the next request works.

The request's own backend is killed from another connection (pg_terminate_backend, as a
restart or an administrator would) at a point inside the request: before the hand
service's first statement, or after it has written the hand row and before it commits.
"""

import re

import psycopg
import pytest
from django.db import close_old_connections, connection
from django.urls import reverse
from django.utils.html import escape

from scoring.models import Export, Hand, HandChange
from scoring.services import hands as hand_service
from tests.scoring.builders import enter, form_data, make_bracket, played
from tournaments import services as desk
from tournaments.faults import NOT_ANSWERING, NOT_SAVED

pytestmark = pytest.mark.services


def kill_own_connection() -> None:
    """Terminate this thread's PostgreSQL backend from another connection; wait till it is gone."""
    pid = connection.connection.info.backend_pid
    db = connection.settings_dict
    with psycopg.connect(
        host=db["HOST"],
        port=db["PORT"],
        user=db["USER"],
        password=db["PASSWORD"],
        dbname="postgres",
    ) as other:
        (killed,) = other.execute("SELECT pg_terminate_backend(%s, 5000)", [pid]).fetchone()
    assert killed


def killing_first(monkeypatch, owner, name):
    """Make `owner.name` kill the connection it is about to use, then go on as before."""
    real = getattr(owner, name)

    def first_kill(*args, **kwargs):
        kill_own_connection()
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, first_kill)


def killing_after(monkeypatch, owner, name):
    """Make `owner.name` run as before, then kill the connection it used."""
    real = getattr(owner, name)

    def then_kill(*args, **kwargs):
        result = real(*args, **kwargs)
        kill_own_connection()
        return result

    monkeypatch.setattr(owner, name, then_kill)


@pytest.fixture
def game(postgres, transactional_db, tournament, official):
    _, games = make_bracket(tournament)
    game = games[(1, 0)]
    enter(game, official, played(10, 0))
    return game


def sheet_url(game):
    return reverse("scoring:sheet", args=[game.event.tournament.slug, game.pk])


def typed_value(html: str, name: str) -> str | None:
    tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', html)
    value = tag and re.search(r'value="([^"]*)"', tag.group(0))
    return value.group(1) if value else None


# A hand that decides nothing is written with its history and the game's running score
# in one statement (`desk.settle_after`): killed after it, before the commit.
@pytest.mark.parametrize(
    "killed_at",
    [
        (killing_first, hand_service, "lock_game_with_hands"),
        (killing_after, desk, "settle_after"),
    ],
    ids=["before the first statement", "after the hand row is written"],
)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_hand_whose_connection_is_lost_is_not_saved_and_comes_back_as_typed(
    official_client, game, monkeypatch, killed_at, htmx
):
    hands, changes = Hand.objects.count(), HandChange.objects.count()
    typed = form_data(version=1, play_0=15, end="out_0", pips_1=7)
    kill, owner, name = killed_at
    kill(monkeypatch, owner, name)
    headers = {"HX-Request": "true"} if htmx else {}
    response = official_client.post(sheet_url(game), typed, headers=headers)
    monkeypatch.undo()

    assert response.status_code == 422
    html = response.text
    assert escape(NOT_SAVED) in html
    for name in ("play_0", "pips_1", "key", "version"):
        assert typed_value(html, name) == typed[name], name
    assert (Hand.objects.count(), HandChange.objects.count()) == (hands, changes)
    game.refresh_from_db()
    assert game.version == 1

    # The next request works, and sending the same entry again saves it once.
    assert official_client.get(sheet_url(game)).status_code == 200
    saved = official_client.post(sheet_url(game), typed)
    assert saved.status_code == 302
    assert Hand.objects.filter(game=game).count() == 2
    assert official_client.post(sheet_url(game), typed).status_code == 302
    assert Hand.objects.filter(game=game).count() == 2


def test_a_correction_whose_connection_is_lost_is_not_saved(official_client, game, monkeypatch):
    hand = game.hands.get()
    url = reverse("scoring:hand_edit", args=[game.event.tournament.slug, game.pk, hand.pk])
    killing_first(monkeypatch, hand_service, "lock_game")
    response = official_client.post(url, form_data(version=1, play_0=20))
    monkeypatch.undo()
    assert response.status_code == 422 and escape(NOT_SAVED) in response.text
    assert typed_value(response.text, "play_0") == "20"
    hand.refresh_from_db()
    assert list(hand.points) == [10, 0]


def test_another_form_whose_connection_is_lost_offers_to_send_the_same_entry_again(
    official_client, game, monkeypatch
):
    from scoring.views import exports

    url = reverse("scoring:export_create", args=[game.event.tournament.slug])
    killing_first(monkeypatch, exports, "request_export")
    response = official_client.post(url, {"kind": "games", "format": "csv"})
    monkeypatch.undo()
    assert response.status_code == 503
    assert escape(NOT_SAVED) in response.text
    assert f'action="{url}"' in response.text
    assert typed_value(response.text, "kind") == "games"
    assert not Export.objects.exists()
    # Sent again, it goes through.
    assert official_client.post(url, {"kind": "games", "format": "csv"}).status_code == 302
    assert Export.objects.count() == 1


def test_a_page_whose_connection_is_lost_says_try_again_and_the_next_one_works(
    official_client, game, monkeypatch
):
    from scoring import history

    killing_first(monkeypatch, history, "game_history")
    url = reverse("scoring:history", args=[game.event.tournament.slug, game.pk])
    response = official_client.get(url)
    monkeypatch.undo()
    assert response.status_code == 503 and escape(NOT_ANSWERING) in response.text
    assert response.headers["Retry-After"]
    assert official_client.get(url).status_code == 200


def test_a_kept_connection_killed_between_requests_is_replaced_by_the_next_request(
    official_client, game
):
    assert official_client.get(sheet_url(game)).status_code == 200
    kill_own_connection()
    # What Django does when a request starts (the test client leaves it out).
    close_old_connections()
    assert official_client.get(sheet_url(game)).status_code == 200


def test_a_poll_whose_kept_connection_was_lost_is_answered_on_a_new_one(
    client, game, monkeypatch, settings
):
    from tournaments import kept_pages

    settings.PAGE_MARKER_HOLD_MS = 0  # the marker asked of the database (not held)
    url = reverse("scoring_public:game", args=[game.event.tournament.slug, game.pk])
    tag = client.get(url).headers["ETag"]
    killing_first(monkeypatch, kept_pages, "resolve")
    poll = client.get(url, headers={"if-none-match": tag})
    monkeypatch.undo()
    assert poll.status_code == 304
    assert client.get(url, headers={"if-none-match": tag}).status_code == 304


def test_a_poll_of_a_held_marker_is_answered_without_the_lost_connection(
    client, game, monkeypatch, django_assert_num_queries, settings
):
    from tournaments import kept_pages

    # Held for a minute: on a busy machine the poll may come more than the second a
    # marker is held by default after the page was read.
    settings.PAGE_MARKER_HOLD_MS = 60_000
    url = reverse("scoring_public:game", args=[game.event.tournament.slug, game.pk])
    tag = client.get(url).headers["ETag"]
    killing_first(monkeypatch, kept_pages, "resolve")
    with django_assert_num_queries(0):
        poll = client.get(url, headers={"if-none-match": tag})
    monkeypatch.undo()
    assert poll.status_code == 304
    # The next request that needs the database finds the connection gone and takes a new
    # one (the tests above); here the killed one is put away for the test's own clean-up.
    connection.close()
