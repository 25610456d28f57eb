"""Checking in many players at once: those ticked, or everyone of a chapter."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import ChapterFactory, EventFactory, PlayerFactory
from tournaments import services
from tournaments.models import Activity, Event, Player

pytestmark = pytest.mark.django_db


def player(**fields):
    """A player who has not arrived yet (unless told)."""
    return PlayerFactory(**{"checked_in": False, **fields})


def post(client, tournament, **data):
    return client.post(reverse("desk:players_check_in", args=[tournament.slug]), data, follow=True)


def checked_in(tournament):
    return sorted(tournament.players.filter(checked_in=True).values_list("name", flat=True))


def test_the_service_checks_in_many_logs_once_and_marks_changed_once(official, tournament):
    event = EventFactory(tournament=tournament)
    Event.objects.filter(pk=event.pk).update(
        changed_at=timezone.now() - timezone.timedelta(hours=1)
    )
    ada, bob = (
        player(tournament=tournament, name="Ada"),
        player(tournament=tournament, name="Bob"),
    )
    done = services.check_in_players(
        tournament=tournament, by=official, players=[bob, ada, bob], of="Lone Star"
    )
    assert [p.name for p in done.checked_in] == ["Ada", "Bob"]
    assert checked_in(tournament) == ["Ada", "Bob"]
    assert list(Activity.objects.values_list("text", flat=True)) == [
        "Checked in 2 players of Lone Star: Ada, Bob"
    ]
    event.refresh_from_db()
    assert timezone.now() - event.changed_at < timezone.timedelta(minutes=1)


def test_the_service_names_withdrawn_players_and_checks_in_the_others(official, tournament):
    cy = player(tournament=tournament, name="Cy", withdrawn=True)
    ada = player(tournament=tournament, name="Ada", checked_in=True)
    bob = player(tournament=tournament, name="Bob")
    done = services.check_in_players(tournament=tournament, by=official, players=[cy, ada, bob])
    assert done.refused == [("Cy", "is withdrawn: reinstate them before checking in.")]
    assert [p.name for p in done.already] == ["Ada"]
    assert [p.name for p in done.checked_in] == ["Bob"]
    assert checked_in(tournament) == ["Ada", "Bob"]


def test_the_service_sees_a_withdrawal_made_since_the_page_was_loaded(official, tournament):
    bob = player(tournament=tournament, name="Bob")
    Player.objects.filter(pk=bob.pk).update(withdrawn=True)  # bob, in memory, is not
    done = services.check_in_players(tournament=tournament, by=official, players=[bob])
    assert done.refused and not done.checked_in
    assert not Activity.objects.exists()


def test_the_service_refuses_a_player_of_another_tournament(official, tournament):
    from tournaments.models import Tournament

    stranger = player(tournament=Tournament.objects.get(slug="elsewhere"), name="Zed")
    done = services.check_in_players(tournament=tournament, by=official, players=[stranger])
    assert done.refused == [("Zed", "is not registered in this tournament.")]
    assert not Player.objects.get(pk=stranger.pk).checked_in


def test_the_players_page_offers_ticks_and_a_chapter_choice(official_client, tournament):
    ChapterFactory(tournament=tournament, name="Lone Star")
    ada = player(tournament=tournament, name="Ada")
    player(tournament=tournament, name="Cy", withdrawn=True)
    response = official_client.get(reverse("desk:players", args=[tournament.slug]))
    assert (
        f'<input type="checkbox" name="players" value="{ada.pk}" form="check-in-many"'
        in response.text
    )
    assert response.text.count('form="check-in-many"') == 1  # Cy is withdrawn: no box
    assert '<option value="" selected>Choose a chapter</option>' in response.text
    assert ">Lone Star</option>" in response.text


def test_ticked_players_are_checked_in_and_withdrawn_ones_named(official_client, tournament):
    ada = player(tournament=tournament, name="Ada")
    bob = player(tournament=tournament, name="Bob")
    cy = player(tournament=tournament, name="Cy", withdrawn=True)
    player(tournament=tournament, name="Dee")
    response = post(official_client, tournament, check_in="ticked", players=[ada.pk, bob.pk, cy.pk])
    assert "Checked in 2 players." in response.text
    assert "Not checked in: Cy is withdrawn: reinstate them before checking in." in response.text
    assert checked_in(tournament) == ["Ada", "Bob"]


def test_everyone_of_a_chapter_is_checked_in_in_one_press(official_client, tournament):
    star = ChapterFactory(tournament=tournament, name="Lone Star")
    hill = ChapterFactory(tournament=tournament, name="Hill")
    for name in ("Ada", "Bob", "Cy"):
        player(tournament=tournament, name=name, chapter=star)
    player(tournament=tournament, name="Dee", chapter=star, withdrawn=True)
    player(tournament=tournament, name="Eve", chapter=hill)
    player(tournament=tournament, name="Fay", chapter=None)
    response = post(official_client, tournament, check_in="chapter", chapter=star.pk)
    assert "Checked in 3 players of Lone Star." in response.text
    assert "Not checked in: Dee is withdrawn" in response.text
    assert checked_in(tournament) == ["Ada", "Bob", "Cy"]
    assert Activity.objects.get().text == "Checked in 3 players of Lone Star: Ada, Bob, Cy"
    response = post(official_client, tournament, check_in="chapter", chapter="none")
    assert "Checked in 1 player without a chapter." in response.text
    assert checked_in(tournament) == ["Ada", "Bob", "Cy", "Fay"]


def test_a_chapter_checked_in_already_says_so(official_client, tournament):
    star = ChapterFactory(tournament=tournament, name="Lone Star")
    player(tournament=tournament, name="Ada", chapter=star, checked_in=True)
    response = post(official_client, tournament, check_in="chapter", chapter=star.pk)
    assert "Nobody was checked in: no player of Lone Star is waiting to be checked in." in (
        response.text
    )
    assert not Activity.objects.exists()


def test_players_ticked_who_are_checked_in_already_are_left_and_named(official_client, tournament):
    ada = player(tournament=tournament, name="Ada", checked_in=True)
    response = post(official_client, tournament, check_in="ticked", players=[ada.pk])
    assert "Checked in already, left as they were: Ada." in response.text
    assert not Activity.objects.exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "Press one of the Check in buttons."),
        ({"check_in": "everyone"}, "Press one of the Check in buttons."),
        ({"check_in": "ticked"}, "Nobody was checked in: tick the players first"),
        ({"check_in": "chapter"}, "Choose the chapter whose players to check in."),
        ({"check_in": "chapter", "chapter": "999999"}, "That chapter is not one of this"),
        ({"check_in": "ticked", "players": ["x"]}, "A player ticked is not one of this"),
        ({"check_in": "ticked", "players": ["999999"]}, "A player ticked is not registered"),
    ],
)
def test_junk_is_refused_with_a_message_and_nobody_is_checked_in(
    official_client, tournament, data, message
):
    player(tournament=tournament, name="Ada")
    response = official_client.post(reverse("desk:players_check_in", args=[tournament.slug]), data)
    assert response.status_code == 422
    assert message in response.text
    assert checked_in(tournament) == []


def test_a_player_of_another_tournament_cannot_be_ticked(official_client, tournament):
    from tournaments.models import Tournament

    stranger = player(tournament=Tournament.objects.get(slug="elsewhere"))
    response = official_client.post(
        reverse("desk:players_check_in", args=[tournament.slug]),
        {"check_in": "ticked", "players": [stranger.pk]},
    )
    assert response.status_code == 422
    assert not Player.objects.get(pk=stranger.pk).checked_in


def test_someone_without_rights_is_refused(other_client, tournament):
    ada = player(tournament=tournament, name="Ada")
    response = other_client.post(
        reverse("desk:players_check_in", args=[tournament.slug]),
        {"check_in": "ticked", "players": [ada.pk]},
    )
    assert response.status_code in (403, 404)
    assert not Player.objects.get(pk=ada.pk).checked_in
