"""The hall display: each event being played, its round and clock, what is still playing,
the standings or the bracket; public, cached, polled with ETag, fixed queries."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import drawn_doubles
from tournaments import services
from tournaments.models import Tournament
from tournaments.selectors.display import hall_display

from .rounds_setup import rounds_event, seat_and_start, settle, tables_of
from .test_clocks import set_minutes

pytestmark = pytest.mark.django_db


def display_url(tournament):
    return reverse("public:display", args=[tournament.slug])


def hall(tournament, official, *, players, teams):
    """A rounds event in its first round (a clock, a table finished) and a doubles bracket."""
    event = set_minutes(rounds_event(tournament, players=players), minutes_per_round=40)
    round_ = seat_and_start(event, official)
    settle(tables_of(round_)[0], official, [61, 20, 30], winners=[0])
    doubles = set_minutes(drawn_doubles(tournament, official, teams), minutes_per_game=30)
    services.set_bracket_clock(event=doubles, stage=1, round_number=1, action="start", by=official)
    return event, doubles


def test_the_display_shows_each_event_its_clock_what_plays_and_the_standings_or_bracket(
    client, tournament, official
):
    hall(tournament, official, players=9, teams=8)
    response = client.get(display_url(tournament))
    text = response.content.decode()
    assert response.status_code == 200
    assert "Double Draw</bdi>: Round 1" in text
    assert "Round 1 clock" in text and "Quarter-final clock" in text
    assert "Still playing: 2" in text  # three tables, one finished
    assert "Double Draw</bdi>: standings" in text
    assert "Doubles</bdi>: bracket" in text
    assert text.count('class="panel"') == 4
    assert "js/display.js" in text
    assert 'hx-trigger="every 15s"' in text
    assert "<form" not in text.split("<main>")[1]  # nothing to press


def test_the_display_is_public_and_answers_an_unchanged_poll_with_304(client, tournament, official):
    hall(tournament, official, players=6, teams=4)
    first = client.get(display_url(tournament))
    assert first.status_code == 200
    again = client.get(display_url(tournament), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_the_display_reads_a_fixed_number_of_queries_whatever_the_size(
    client, tournament, official, django_assert_num_queries
):
    hall(tournament, official, players=6, teams=4)
    other = Tournament.objects.create(
        name="Big rally", slug="big", starts_on=tournament.starts_on, ends_on=tournament.ends_on
    )
    other.officials.add(official)
    hall(other, official, players=40, teams=32)
    counts = []
    for where in (tournament, other):
        with CaptureQueriesContext(connection) as queries:
            shown = hall_display(where)
        counts.append(len(queries))
        assert len(shown) == 2
    assert counts[0] == counts[1]
    with django_assert_num_queries(counts[0]):
        hall_display(tournament)


def test_a_tournament_with_nothing_being_played_says_so(client, tournament):
    response = client.get(display_url(tournament))
    assert "No event is being played yet." in response.content.decode()


def test_an_unknown_tournament_is_404(client):
    assert client.get("/t/no-such-rally/display/").status_code == 404


def test_a_finished_event_leaves_the_display(client, tournament, official):
    doubles = drawn_doubles(tournament, official, 2)
    assert "Doubles</bdi>: bracket" in client.get(display_url(tournament)).content.decode()
    game = doubles.games.get(stage=1, round_number=1)
    services.record_result(game=game, winner_seat=0, by=official)
    text = client.get(display_url(tournament)).content.decode()
    assert "No event is being played yet." in text


def test_the_display_gives_the_address_players_type_never_the_screens_host(
    client, tournament, settings
):
    text = client.get(display_url(tournament), HTTP_HOST="127.0.0.1").content.decode()
    assert "<strong>/t/rally/</strong>" in text and "127.0.0.1" not in text
    settings.DESK_PUBLIC_URL = "http://192.168.1.23:8000"
    text = client.get(display_url(tournament)).content.decode()
    assert "<strong>http://192.168.1.23:8000/t/rally/</strong>" in text
