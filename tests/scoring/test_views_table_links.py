"""The official's hold on table links: revoke, renew (one game or a round), desk-only."""

import pytest
from django.urls import reverse

from scoring.models import TableLink
from scoring.services import table_links
from tests.scoring.builders import make_bracket
from tests.scoring.table_desk_setup import playing_round
from tournaments.models import Activity, Game, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def semi(tournament):
    _, games = make_bracket(tournament)
    return games[(1, 0)]


def link_url(game):
    return reverse("scoring:table_link", args=[game.event.tournament.slug, game.pk])


def lock_url(game):
    return reverse("scoring:table_desk_only", args=[game.event.tournament.slug, game.pk])


def active(game):
    return TableLink.objects.filter(game=game, revoked_at__isnull=True).first()


def test_revoke_asks_once_then_revokes(official_client, semi):
    link = table_links.links_for([semi])[semi.pk]
    asked = official_client.post(link_url(semi), {"action": "revoke"})
    page = asked.content.decode()
    assert asked.status_code == 200 and "Revoke the table link of Game 1 (Semi-final)?" in page
    assert "stop working at once" in page and 'name="confirm" value="1"' in page
    assert active(semi) == link  # nothing done yet
    done = official_client.post(link_url(semi), {"action": "revoke", "confirm": "1"})
    assert done.status_code == 302
    assert done.url == reverse("scoring:bracket_monitor", args=["rally", semi.event.pk, 1, 1])
    assert active(semi) is None
    assert Activity.objects.filter(text__startswith="Revoked the table link of Game 1").exists()


def test_renew_makes_a_new_code_and_goes_back_to_the_card(official_client, semi):
    old = table_links.links_for([semi])[semi.pk]
    done = official_client.post(link_url(semi), {"action": "renew", "confirm": "1", "back": "card"})
    assert done.url == reverse("scoring:table_card", args=["rally", semi.pk])
    new = active(semi)
    assert new is not None and new.code != old.code
    old.refresh_from_db()
    assert old.revoked_at is not None


@pytest.mark.parametrize("data", [{}, {"action": "destroy", "confirm": "1"}])
def test_a_bad_action_is_refused_and_changes_nothing(official_client, semi, data):
    link = table_links.links_for([semi])[semi.pk]
    response = official_client.post(link_url(semi), data)
    assert response.status_code == 422
    assert "Say whether to revoke or renew the table link." in response.content.decode()
    assert active(semi) == link and TableLink.objects.count() == 1


@pytest.mark.parametrize("name", ["table_link", "table_desk_only"])
def test_get_is_not_allowed(official_client, semi, name):
    url = reverse(f"scoring:{name}", args=["rally", semi.pk])
    assert official_client.get(url).status_code == 405


def test_a_game_of_another_tournament_is_not_found(official_client, tournament):
    _, games = make_bracket(Tournament.objects.get(slug="elsewhere"))
    theirs = games[(1, 0)]
    link = table_links.links_for([theirs])[theirs.pk]
    url = reverse("scoring:table_link", args=["rally", theirs.pk])
    assert official_client.post(url, {"action": "revoke", "confirm": "1"}).status_code == 404
    url = reverse("scoring:table_desk_only", args=["rally", theirs.pk])
    assert official_client.post(url, {"lock": "lock", "confirm": "1"}).status_code == 404
    assert active(theirs) == link and not Game.objects.get(pk=theirs.pk).desk_only


def test_lock_to_desk_only_asks_once_and_unlock_does_not(official_client, semi):
    asked = official_client.post(lock_url(semi), {"lock": "lock"})
    assert "Lock Game 1 (Semi-final) to desk-only entry?" in asked.content.decode()
    assert not Game.objects.get(pk=semi.pk).desk_only
    official_client.post(lock_url(semi), {"lock": "lock", "confirm": "1"})
    assert Game.objects.get(pk=semi.pk).desk_only
    again = official_client.post(lock_url(semi), {"lock": "lock", "confirm": "1"}, follow=True)
    assert "was already desk-only: nothing changed" in again.content.decode()
    official_client.post(lock_url(semi), {"lock": "unlock"})
    assert not Game.objects.get(pk=semi.pk).desk_only
    assert Activity.objects.filter(text__contains="to desk-only entry").count() == 2


def test_a_bad_lock_is_refused(official_client, semi):
    response = official_client.post(lock_url(semi), {"lock": "maybe", "confirm": "1"})
    assert response.status_code == 422 and not Game.objects.get(pk=semi.pk).desk_only


def round_links_url(event, number=1):
    return reverse("scoring:rounds_links", args=["rally", event.pk, number])


def test_revoke_and_renew_all_of_a_round(official_client, tournament, official):
    event, _, tables = playing_round(tournament, official, players=12)
    first = table_links.links_for(tables)
    asked = official_client.post(round_links_url(event), {"action": "renew"})
    assert "Renew the table links of 3 tables of Round 1?" in asked.content.decode()
    assert TableLink.objects.count() == 3
    official_client.post(round_links_url(event), {"action": "renew", "confirm": "1"})
    renewed = {link.game_id: link.code for link in TableLink.objects.filter(revoked_at=None)}
    assert len(renewed) == 3 and not set(renewed.values()) & {v.code for v in first.values()}
    done = official_client.post(round_links_url(event), {"action": "revoke", "confirm": "1"})
    assert done.url == reverse("scoring:rounds_monitor", args=["rally", event.pk, 1])
    assert not TableLink.objects.filter(revoked_at=None).exists()
    nothing = official_client.post(round_links_url(event), {"action": "revoke"}, follow=True)
    assert "No table of Round 1 has a link: nothing changed." in nothing.content.decode()


def test_a_round_of_links_refuses_bad_input(official_client, tournament, official):
    event, _, tables = playing_round(tournament, official, players=4)
    table_links.links_for(tables)
    assert official_client.post(round_links_url(event, 7), {"action": "revoke"}).status_code == 404
    assert official_client.post(round_links_url(event), {"action": "x"}).status_code == 422
    assert official_client.get(round_links_url(event)).status_code == 405
    assert TableLink.objects.filter(revoked_at=None).count() == len(tables)


def test_revoke_all_of_a_bracket_round(official_client, tournament):
    event, games = make_bracket(tournament)
    table_links.links_for([games[(1, 0)], games[(1, 1)]])
    url = reverse("scoring:bracket_links", args=["rally", event.pk, 1, 1])
    official_client.post(url, {"action": "revoke", "confirm": "1"})
    assert not TableLink.objects.filter(revoked_at=None).exists()
    assert Activity.objects.filter(text__contains="2 tables' links").exists()
