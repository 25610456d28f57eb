"""The clocks' pages: the round page's clock and Close all at time, the bracket's clocks,
the public pages' clocks (cached, with the server's time on every answer)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import drawn_doubles
from tournaments.models import BracketClock, Game, Round

from .rounds_setup import rounds_event, seat_and_start, settle, tables_of
from .test_clocks import set_minutes, state

pytestmark = pytest.mark.django_db


def close_all_url(event, number=1):
    return reverse("desk:close_all", args=[event.tournament.slug, event.pk, number])


def listed(round_):
    games = Game.objects.filter(round=round_, status__in=["ready", "playing"]).order_by("position")
    return ",".join(f"{game.pk}:{game.version}" for game in games)


@pytest.fixture
def timed_round(tournament, official):
    event = set_minutes(rounds_event(tournament, players=12), minutes_per_round=45)
    return seat_and_start(event, official)


# Who may ------------------------------------------------------------------------------


def new_official_urls(event, bracket):
    slug = event.tournament.slug
    return [
        reverse("desk:close_all", args=[slug, event.pk, 1]),
        reverse("desk:round_clock_restart", args=[slug, event.pk, 1]),
        reverse("desk:bracket_clock", args=[slug, bracket.pk]),
    ]


def test_outsiders_are_refused_every_clock_page(client, other_client, timed_round, official):
    event = timed_round.event
    bracket = set_minutes(drawn_doubles(event.tournament, official, 4), minutes_per_game=20)
    before = state(event), state(bracket)
    for url in new_official_urls(event, bracket):
        for method in ("get", "post"):
            response = getattr(other_client, method)(url, {"stage": 1, "round": 1})
            assert response.status_code in (403, 405), url
    other_client.logout()
    for url in new_official_urls(event, bracket):
        response = client.post(url, {"stage": 1, "round": 1, "action": "start"})
        assert response.status_code == 302 and response.url.startswith("/login/")
    assert (state(event), state(bracket)) == before


# The round page -----------------------------------------------------------------------


def test_the_round_page_shows_the_clock_and_the_tables_still_playing(official_client, timed_round):
    event = timed_round.event
    response = official_client.get(reverse("desk:rounds", args=[event.tournament.slug, event.pk]))
    text = response.content.decode()
    assert 'data-clock-ends="' in text and "Round 1 clock" in text
    assert "Still playing: table 1, table 2, table 3." in text
    assert "Close all at time…" in text
    assert "Restart the clock from now" in text


def test_the_round_page_without_minutes_says_so(official_client, tournament, official):
    event = rounds_event(tournament, players=8)
    seat_and_start(event, official)
    response = official_client.get(reverse("desk:rounds", args=[tournament.slug, event.pk]))
    text = response.content.decode()
    assert "No clock: set “Minutes per round” in the house rules" in text
    assert "data-clock-ends" not in text
    assert "Close all at time…" in text  # anytime, with the official's say-so


def test_time_up_is_written_by_the_server_when_the_clock_has_run_out(official_client, timed_round):
    Round.objects.filter(pk=timed_round.pk).update(started_at=timezone.now() - timedelta(hours=1))
    event = timed_round.event
    response = official_client.get(reverse("desk:rounds", args=[event.tournament.slug, event.pk]))
    assert "Time is up" in response.content.decode()


def test_restarting_the_clock_from_the_round_page(official_client, timed_round):
    Round.objects.filter(pk=timed_round.pk).update(started_at=timezone.now() - timedelta(hours=1))
    event = timed_round.event
    url = reverse("desk:round_clock_restart", args=[event.tournament.slug, event.pk, 1])
    response = official_client.post(url, follow=True)
    assert "The clock of round 1 starts again from now." in response.content.decode()
    timed_round.refresh_from_db()
    assert timezone.now() - timed_round.started_at < timedelta(minutes=1)


def test_restarting_without_minutes_is_refused_with_a_sentence(
    official_client, tournament, official
):
    event = rounds_event(tournament, players=8)
    seat_and_start(event, official)
    before = state(event)
    url = reverse("desk:round_clock_restart", args=[tournament.slug, event.pk, 1])
    response = official_client.post(url, follow=True)
    assert "has no clock: set the minutes per round in its house rules" in (
        response.content.decode()
    )
    assert state(event) == before


def test_a_round_that_does_not_exist_is_404(official_client, timed_round):
    event = timed_round.event
    assert official_client.get(close_all_url(event, 9)).status_code == 404
    url = reverse("desk:round_clock_restart", args=[event.tournament.slug, event.pk, 9])
    assert official_client.post(url).status_code == 404


# Close all at time ---------------------------------------------------------------------


def test_the_confirmation_lists_the_tables_and_the_hands_waiting(
    official_client, timed_round, official
):
    settle(tables_of(timed_round)[0], official, [30, 50, 10], finished=False)
    response = official_client.get(close_all_url(timed_round.event))
    text = response.content.decode()
    assert response.status_code == 200
    assert "3 tables still playing" in text
    assert "Hands waiting for confirmation" in text
    assert "None: every hand entered at these tables counts." in text
    assert "would win with 50" in text
    assert f'name="tables" value="{listed(timed_round)}"' in text
    assert "The round's clock has not run out yet" in text


def test_closing_all_at_time_closes_them_and_says_so(official_client, timed_round):
    response = official_client.post(
        close_all_url(timed_round.event),
        {"tables": listed(timed_round), "confirm": "1"},
        follow=True,
    )
    assert "Closed 3 tables of round 1 at time" in response.content.decode()
    statuses = {game.status for game in tables_of(timed_round)}
    assert statuses == {Game.Status.CLOSED}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"tables": "LISTED"}, "Tick the box to say the round&#x27;s tables may be closed."),
        ({"tables": "1:x,2", "confirm": "1"}, "That form was not filled in properly"),
        ({"confirm": "1"}, "That form was not filled in properly"),
        ({"tables": "1:0" * 9000, "confirm": "1"}, "That form was not filled in properly"),
    ],
)
def test_bad_close_all_input_changes_nothing(official_client, timed_round, data, message):
    event = timed_round.event
    data = {k: (listed(timed_round) if v == "LISTED" else v) for k, v in data.items()}
    before = state(event)
    response = official_client.post(close_all_url(event), data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert state(event) == before


def test_a_table_changed_meanwhile_refuses_and_shows_the_new_list(
    official_client, timed_round, official
):
    shown = listed(timed_round)
    settle(tables_of(timed_round)[1], official, [10, 20, 30], finished=False)
    event = timed_round.event
    before = state(event)
    response = official_client.post(close_all_url(event), {"tables": shown, "confirm": "1"})
    text = response.content.decode()
    assert response.status_code == 409
    assert "Table 2 changed since the list was shown" in text
    assert f'value="{listed(timed_round)}"' in text
    assert state(event) == before


def test_a_seated_round_has_no_close_all_page(official_client, tournament, official):
    from tournaments import services

    event = rounds_event(tournament, players=8)
    services.seat_round(event=event, by=official, seed=1)
    assert official_client.get(close_all_url(event)).status_code == 404


def test_when_every_table_has_a_result_there_is_nothing_to_close(
    official_client, timed_round, official
):
    for game in tables_of(timed_round):
        settle(game, official, [10, 5, 1])
    response = official_client.get(close_all_url(timed_round.event))
    assert "there is nothing to close" in response.content.decode()


# The bracket's clocks ------------------------------------------------------------------


def bracket_clock(client, event, **data):
    url = reverse("desk:bracket_clock", args=[event.tournament.slug, event.pk])
    return client.post(url, {"stage": 1, "round": 1, "action": "start", **data}, follow=True)


def test_the_official_starts_and_stops_a_bracket_rounds_clock(
    official_client, tournament, official
):
    event = set_minutes(drawn_doubles(tournament, official, 8), minutes_per_game=25)
    page = official_client.get(reverse("desk:bracket", args=[tournament.slug, event.pk]))
    assert "Start the clock for Quarter-final" in page.content.decode()
    text = bracket_clock(official_client, event).content.decode()
    assert "Clock started: players see it on the public pages." in text
    assert "Restart the clock for Quarter-final" in text and "Quarter-final clock" in text
    public = official_client.get(reverse("public:bracket", args=[tournament.slug, event.pk]))
    assert "Quarter-final clock" in public.content.decode()
    text = bracket_clock(official_client, event, action="stop").content.decode()
    assert "Clock stopped" in text
    assert not BracketClock.objects.exists()


def test_a_bracket_without_minutes_says_so_and_refuses_a_clock(
    official_client, tournament, official
):
    event = drawn_doubles(tournament, official, 4)
    page = official_client.get(reverse("desk:bracket", args=[tournament.slug, event.pk]))
    assert "No clock: set “Minutes per game” in the house rules" in page.content.decode()
    before = state(event)
    url = reverse("desk:bracket_clock", args=[tournament.slug, event.pk])
    response = official_client.post(url, {"stage": 1, "round": 1, "action": "start"})
    assert response.status_code == 422
    assert "Doubles has no clock: set the minutes per game" in response.content.decode()
    assert state(event) == before


@pytest.mark.parametrize(
    "data",
    [{"stage": "x"}, {"round": "0"}, {"action": "wind"}, {"stage": "7"}, {"round": ""}],
)
def test_bad_bracket_clock_input_changes_nothing(official_client, tournament, official, data):
    event = set_minutes(drawn_doubles(tournament, official, 4), minutes_per_game=25)
    before = state(event)
    url = reverse("desk:bracket_clock", args=[tournament.slug, event.pk])
    response = official_client.post(url, {"stage": 1, "round": 1, "action": "start", **data})
    assert response.status_code == 422
    assert "That form was not filled in properly" in response.content.decode()
    assert state(event) == before


# Public pages ---------------------------------------------------------------------------


def test_public_pages_show_the_clock_and_the_server_time_header(client, timed_round):
    event = timed_round.event
    slug = event.tournament.slug
    for url in (
        reverse("public:round_results", args=[slug, event.pk, 1]),
        reverse("public:standings", args=[slug, event.pk]),
    ):
        response = client.get(url)
        assert 'data-clock-ends="' in response.content.decode(), url
        assert int(response["X-Server-Now"]) > 0


def test_a_cached_page_keeps_its_end_time_and_each_answer_its_own_server_time(client, timed_round):
    event = timed_round.event
    url = reverse("public:round_results", args=[event.tournament.slug, event.pk, 1])
    first = client.get(url)
    again = client.get(url)  # from the page cache
    assert first.content == again.content
    ends = int((timed_round.started_at + timedelta(minutes=45)).timestamp() * 1000)
    assert f'data-clock-ends="{ends}"' in first.content.decode()
    unchanged = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert unchanged.status_code == 304
    assert int(unchanged["X-Server-Now"]) >= int(first["X-Server-Now"])


def test_restarting_the_clock_changes_the_public_page(client, official, timed_round):
    from tournaments import services

    event = timed_round.event
    url = reverse("public:round_results", args=[event.tournament.slug, event.pk, 1])
    first = client.get(url)
    Round.objects.filter(pk=timed_round.pk).update(started_at=timezone.now() - timedelta(hours=1))
    services.restart_round_clock(round=timed_round, by=official)
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_the_lookup_shows_the_clock_of_a_players_next_game(client, timed_round):
    event = timed_round.event
    url = reverse("public:tournament", args=[event.tournament.slug])
    response = client.get(url, {"q": "Double Draw player 001"})
    assert "Round 1 clock" in response.content.decode()


def test_the_lookup_shows_a_bracket_rounds_clock(client, tournament, official):
    from tournaments import services

    event = set_minutes(drawn_doubles(tournament, official, 4), minutes_per_game=25)
    services.set_bracket_clock(event=event, stage=1, round_number=1, action="start", by=official)
    response = client.get(reverse("public:tournament", args=[tournament.slug]), {"q": "player 1"})
    assert "Semi-final clock" in response.content.decode()
