"""The official's tournament list, tournament creation, dashboard and event creation."""

import pytest
from django.urls import reverse

from games.registry import GAMES
from tests.factories import EventFactory, PlayerFactory, TournamentFactory
from tournaments.models import Event, Tournament

pytestmark = pytest.mark.django_db


def test_the_list_shows_only_my_tournaments(official_client, tournament):
    response = official_client.get(reverse("desk:home"))
    assert tournament.name in response.text
    assert "elsewhere" not in [t.slug for t in response.context["tournaments"]]


def test_the_list_runs_few_queries(official_client, official, django_assert_max_num_queries):
    for _ in range(20):
        TournamentFactory().officials.add(official)
    with django_assert_max_num_queries(6):
        assert official_client.get(reverse("desk:home")).status_code == 200


def test_an_official_creates_a_tournament(official_client):
    response = official_client.post(
        reverse("desk:tournament_create"),
        {
            "name": "Fall Rally",
            "slug": "fall26",
            "starts_on": "2026-11-21",
            "ends_on": "2026-11-22",
            "venue": "Hall B",
        },
    )
    assert response.status_code == 302
    assert response.url == reverse("desk:dashboard", args=["fall26"])
    assert Tournament.objects.get(slug="fall26").venue == "Hall B"


def test_a_tournament_ending_before_it_starts_is_refused(official_client):
    response = official_client.post(
        reverse("desk:tournament_create"),
        {"name": "X", "slug": "x", "starts_on": "2026-11-21", "ends_on": "2026-11-20"},
    )
    assert response.status_code == 200
    assert "The last day cannot be before the first day." in response.text
    assert not Tournament.objects.filter(slug="x").exists()


def test_a_taken_address_is_refused_with_a_message(official_client, tournament):
    response = official_client.post(
        reverse("desk:tournament_create"),
        {"name": "X", "slug": "rally", "starts_on": "2026-11-21", "ends_on": "2026-11-21"},
    )
    assert "“rally” is taken" in response.text
    assert Tournament.objects.filter(slug="rally").count() == 1


def test_the_dashboard_shows_counts_and_events(official_client, tournament):
    PlayerFactory.create_batch(3, tournament=tournament)
    EventFactory(tournament=tournament, name="Doubles")
    response = official_client.get(reverse("desk:dashboard", args=[tournament.slug]))
    assert response.context["counts"]["total"] == 3
    assert "Doubles" in response.text


def test_the_dashboard_runs_few_queries(official_client, tournament, django_assert_max_num_queries):
    for _ in range(10):
        EventFactory(tournament=tournament)
    PlayerFactory.create_batch(30, tournament=tournament)
    with django_assert_max_num_queries(12):
        official_client.get(reverse("desk:dashboard", args=[tournament.slug]))


def test_an_official_creates_an_event_with_house_rules(official_client, tournament):
    response = official_client.post(
        reverse("desk:event_create", args=[tournament.slug]),
        {
            "name": "Doubles",
            "game_key": "texas_good_sams",
            "format": "single_elimination",
            "team_size": "2",
            "opt_blocked_scoring": "difference",
        },
    )
    assert response.status_code == 302
    event = Event.objects.get(tournament=tournament)
    assert event.options == {
        "blocked_scoring": "difference",
        "minutes_per_game": 0,
        "games_to_win_first": 1,
        "games_to_win_later": 1,
        "games_to_win_final": 1,
        "clock_per": "game",
    }
    assert event.team_size == 2


def test_changing_the_game_sends_back_its_options(official_client, tournament):
    response = official_client.post(
        reverse("desk:event_create", args=[tournament.slug]),
        {"game_key": "thats_it"},
        headers={"HX-Request": "true", "HX-Trigger-Name": "game_key"},
    )
    assert response.status_code == 200
    assert 'id="options"' in response.text and "That" in response.text
    assert "<html" not in response.text
    assert not Event.objects.exists()


def test_a_bad_option_is_refused_at_its_field(official_client, tournament):
    response = official_client.post(
        reverse("desk:event_create", args=[tournament.slug]),
        {
            "name": "Doubles",
            "game_key": "texas_good_sams",
            "format": "single_elimination",
            "team_size": "2",
            "opt_blocked_scoring": "coin toss",
        },
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.text
    assert not Event.objects.exists()


def test_a_duplicate_event_name_is_refused(official_client, tournament):
    EventFactory(tournament=tournament, name="Doubles")
    response = official_client.post(
        reverse("desk:event_create", args=[tournament.slug]),
        {
            "name": "Doubles",
            "game_key": "texas_good_sams",
            "format": "single_elimination",
            "team_size": "2",
            "opt_blocked_scoring": "total",
        },
    )
    assert "already has an event called Doubles" in response.text
    assert Event.objects.count() == 1


@pytest.mark.parametrize("game_key", list(GAMES))
def test_every_game_can_be_chosen_with_its_default_house_rules(
    official_client, tournament, game_key
):
    game = GAMES[game_key]
    page = official_client.post(
        reverse("desk:event_create", args=[tournament.slug]),
        {"game_key": game_key},
        headers={"HX-Request": "true", "HX-Trigger-Name": "game_key"},
    )
    form = page.context["form"]
    format = "single_elimination" if game_key == "texas_good_sams" else "rounds"
    data = {"name": game.name, "game_key": game_key, "format": format, "team_size": "1"}
    for field in form.option_fields():
        initial = field.initial
        if isinstance(initial, bool):
            if initial:
                data[field.html_name] = "on"
        else:
            data[field.html_name] = str(initial)
    response = official_client.post(reverse("desk:event_create", args=[tournament.slug]), data)
    assert response.status_code == 302, response.context["form"].errors
    assert Event.objects.get(tournament=tournament).options == game.validate_options({})


def test_an_official_edits_the_tournament_but_not_its_address(official_client, tournament):
    response = official_client.post(
        reverse("desk:tournament_edit", args=[tournament.slug]),
        {
            "name": "Fall Rally",
            "starts_on": "2026-11-21",
            "ends_on": "2026-11-23",
            "venue": "Hall C",
            "slug": "hijack",
        },
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.venue, tournament.slug) == ("Fall Rally", "Hall C", "rally")


def test_editing_with_bad_days_changes_nothing(official_client, tournament):
    response = official_client.post(
        reverse("desk:tournament_edit", args=[tournament.slug]),
        {"name": "X", "starts_on": "2026-11-21", "ends_on": "2026-11-01"},
    )
    assert "The last day cannot be before the first day." in response.text
    tournament.refresh_from_db()
    assert tournament.name != "X"


def test_the_edit_page_shows_the_current_details(official_client, tournament):
    response = official_client.get(reverse("desk:tournament_edit", args=[tournament.slug]))
    assert f'value="{tournament.name}"' in response.text
    assert "/t/rally/" in response.text
