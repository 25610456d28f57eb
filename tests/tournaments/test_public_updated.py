"""Public pages say when they last changed: "Last updated 14:32", in the site's time zone."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import drawn_doubles, game_at
from tests.tournaments.rounds_setup import rounds_event, seat_and_start
from tournaments.models import Event, Game

pytestmark = pytest.mark.django_db


def set_changed(event, when):
    """Date the event's last change, and its games' (a game's page says when the game, or
    its event beyond another game's score, last changed: `page_cache.game_marker`)."""
    Event.objects.filter(pk=event.pk).update(changed_at=when, shared_changed_at=when)
    Game.objects.filter(event=event).update(updated_at=when)


@pytest.fixture
def today_1432():
    now = timezone.localtime()
    return now.replace(hour=14, minute=32, second=5, microsecond=0)


def test_bracket_standings_round_and_score_pages_say_when(
    client, tournament, official, today_1432, settings
):
    doubles = drawn_doubles(tournament, official, 4)
    rounds = rounds_event(tournament, players=4, name="Tables")
    seat_and_start(rounds, official)
    set_changed(doubles, today_1432)
    set_changed(rounds, today_1432)
    slug = tournament.slug
    pages = [
        reverse("public:bracket", args=[slug, doubles.pk]),
        reverse("public:standings", args=[slug, rounds.pk]),
        reverse("public:round_results", args=[slug, rounds.pk, 1]),
        reverse("scoring_public:game", args=[slug, game_at(doubles, 1, 0).pk]),
    ]
    for page in pages:
        html = client.get(page).text
        assert f'Last updated <time datetime="{today_1432.isoformat()}">14:32</time>.' in html, page


def test_the_time_is_the_sites_time_zone(client, tournament, official, settings):
    settings.TIME_ZONE = "America/Chicago"
    doubles = drawn_doubles(tournament, official, 2)
    utc = datetime.datetime(2026, 11, 21, 20, 32, tzinfo=datetime.UTC)
    set_changed(doubles, utc)
    html = client.get(reverse("public:bracket", args=[tournament.slug, doubles.pk])).text
    assert ">Nov 21, 14:32</time>" in html  # another day than today: the date is given too
