"""The new-event form offers each field only where the game's spec says it applies."""

import pytest
from django.urls import reverse

from games.registry import GAMES

pytestmark = pytest.mark.django_db

FEED = "Singles opened by the losers of"


def options_for(client, tournament, game_key):
    """The form's game-dependent part, as htmx asks for it when the game changes."""
    return client.post(
        reverse("desk:event_create", args=[tournament.slug]),
        {"game_key": game_key},
        headers={"HX-Request": "true", "HX-Trigger-Name": "game_key"},
    ).text


@pytest.mark.parametrize("game_key", ["domino_pinochle", "thats_it", "double_draw"])
def test_a_game_without_a_singles_feed_does_not_ask_for_one(official_client, tournament, game_key):
    html = options_for(official_client, tournament, game_key)
    assert FEED not in html
    assert 'value="rounds"' in html and 'value="single_elimination"' not in html


def test_texas_good_sams_asks_which_doubles_opens_its_singles(official_client, tournament):
    html = options_for(official_client, tournament, "texas_good_sams")
    assert FEED in html
    assert 'value="single_elimination"' in html and 'value="rounds"' not in html


def test_without_javascript_the_shown_rules_keep_to_the_game_chosen(official_client, tournament):
    response = official_client.post(
        reverse("desk:event_create", args=[tournament.slug]),
        {"name": "Pinochle", "game_key": "domino_pinochle", "show_rules": "1"},
    )
    assert FEED not in response.text


def test_only_a_bracket_game_played_alone_and_in_partnerships_feeds_singles():
    feeding = {key for key, spec in GAMES.items() if spec.feeds_singles}
    assert feeding == {"texas_good_sams"}
