"""Every official registration page refuses anonymous users and officials of other tournaments."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import ChapterFactory, PlayerFactory
from tournaments.models import Player

pytestmark = pytest.mark.django_db

PAGES = [
    ("desk:dashboard", "get", {}),
    ("desk:event_create", "get", {}),
    ("desk:event_create", "post", {"name": "Doubles"}),
    ("desk:chapters", "get", {}),
    ("desk:chapters", "post", {"name": "Lone Star"}),
    ("desk:chapter_merge", "post", {}),
    ("desk:players", "get", {}),
    ("desk:players", "post", {"name": "Intruder"}),
    ("desk:roster_import", "get", {}),
    ("desk:roster_confirm", "post", {"token": "x"}),
    ("scoring:exports", "get", {}),
    ("scoring:export_create", "post", {"kind": "players"}),
]
OBJECT_PAGES = [
    ("desk:chapter_rename", "chapter", "post", {"name": "Renamed"}),
    ("desk:player_edit", "player", "get", {}),
    ("desk:player_edit", "player", "post", {"name": "Renamed"}),
    ("desk:player_check_in", "player", "post", {"checked_in": "1"}),
    ("desk:player_withdraw", "player", "post", {"withdrawn": "1"}),
]


@pytest.fixture
def objects(tournament):
    chapter = ChapterFactory(tournament=tournament, name="Lone Star")
    player = PlayerFactory(tournament=tournament, chapter=chapter, name="Ada", checked_in=False)
    return {"chapter": chapter, "player": player}


def _request(client, method, url, data):
    return getattr(client, method)(url, data)


@pytest.mark.parametrize(("name", "method", "data"), PAGES)
def test_anonymous_users_are_sent_to_log_in(client, tournament, name, method, data):
    response = _request(client, method, reverse(name, args=[tournament.slug]), data)
    assert response.status_code == 302
    assert response.url.startswith("/login/")


@pytest.mark.parametrize(("name", "method", "data"), PAGES)
def test_officials_of_another_tournament_are_refused(other_client, tournament, name, method, data):
    response = _request(other_client, method, reverse(name, args=[tournament.slug]), data)
    assert response.status_code == 403
    assert not Player.objects.filter(name="Intruder").exists()
    assert not tournament.chapters.exists() or method == "get"


@pytest.mark.parametrize(("name", "kind", "method", "data"), OBJECT_PAGES)
def test_object_pages_refuse_others_and_change_nothing(
    other_client, tournament, objects, name, kind, method, data
):
    url = reverse(name, args=[tournament.slug, objects[kind].pk])
    assert _request(Client(), method, url, data).status_code == 302
    assert _request(other_client, method, url, data).status_code == 403
    objects["chapter"].refresh_from_db()
    objects["player"].refresh_from_db()
    assert objects["chapter"].name == "Lone Star"
    assert objects["player"].name == "Ada"
    assert not objects["player"].checked_in and not objects["player"].withdrawn


def test_an_official_cannot_reach_another_tournaments_player_through_their_own(
    official_client, tournament
):
    stranger = PlayerFactory(name="Stranger")
    url = reverse("desk:player_edit", args=[tournament.slug, stranger.pk])
    assert official_client.post(url, {"name": "Hijacked"}).status_code == 404
    stranger.refresh_from_db()
    assert stranger.name == "Stranger"


def test_a_superuser_may_run_any_tournament(client, django_user_model, tournament):
    admin = django_user_model.objects.create_superuser("root", password="x")
    client.force_login(admin)
    assert client.get(reverse("desk:dashboard", args=[tournament.slug])).status_code == 200


def test_the_tournament_list_needs_a_login(client):
    response = client.get(reverse("desk:home"))
    assert response.status_code == 302 and response.url.startswith("/login/")


def test_creating_a_tournament_needs_a_login(client):
    response = client.post(reverse("desk:tournament_create"), {"name": "X"})
    assert response.status_code == 302 and response.url.startswith("/login/")
