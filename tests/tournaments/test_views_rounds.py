"""Tests for the official rounds pages: seat, move, start, close at time, print, standings."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from tests.factories import drawn_doubles
from tournaments import services
from tournaments.models import Game, Round, Side, SitOut, Team

from .rounds_setup import finish_round, rounds_event, seat_and_start, settle, tables_of

pytestmark = pytest.mark.django_db


def url(name, event, *args):
    return reverse(f"desk:{name}", args=[event.tournament.slug, event.pk, *args])


def game_url(name, game):
    return reverse(f"desk:{name}", args=[game.event.tournament.slug, game.pk])


@pytest.fixture
def event(tournament):
    return rounds_event(tournament, players=10)


@pytest.fixture
def seated(event, official):
    return services.seat_round(event=event, by=official, seed=11).round


def state(event):
    """Return what a refused action must leave as it was."""
    return (
        list(Round.objects.filter(event=event).values_list("number", "seed", "status")),
        list(Side.objects.filter(game__event=event).order_by("pk").values_list("team_id", "seat")),
        list(SitOut.objects.filter(round__event=event).values_list("team_id", flat=True)),
        list(Game.objects.filter(event=event).order_by("pk").values_list("status", "version")),
    )


def table_teams(round_, number):
    game = Game.objects.get(round=round_, position=number - 1)
    return list(game.sides.order_by("seat").values_list("team_id", flat=True))


# Who may come in ------------------------------------------------------------------------

PAGES = [
    ("rounds", ()),
    ("round_detail", (1,)),
    ("round_print", (1,)),
    ("standings", ()),
]
ACTIONS = ["round_seat", "round_start", "round_move", "event_finish"]


@pytest.mark.parametrize(("name", "args"), PAGES)
def test_pages_refuse_anonymous_users_and_other_officials(
    client, other_official, seated, name, args
):
    address = url(name, seated.event, *args)
    response = client.get(address)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
    client.force_login(other_official)
    assert client.get(address).status_code == 403


@pytest.mark.parametrize("name", ACTIONS)
def test_actions_refuse_anonymous_users_and_other_officials(client, other_official, seated, name):
    before = state(seated.event)
    address = url(name, seated.event)
    assert client.post(address, {"number": 1}).status_code == 302
    client.force_login(other_official)
    assert client.post(address, {"number": 1}).status_code == 403
    assert state(seated.event) == before


def test_closing_and_side_pages_refuse_other_officials(client, other_official, seated, official):
    services.start_round(round=seated, by=official)
    game = tables_of(seated)[0]
    team = Team.objects.filter(event=seated.event).first()
    client.force_login(other_official)
    assert client.post(game_url("table_close", game), {"confirm": "1"}).status_code == 403
    assert client.get(url("side_games", seated.event, team.pk)).status_code == 403
    game.refresh_from_db()
    assert game.status == Game.Status.READY


def test_a_bracket_event_has_no_rounds_page(official_client, tournament, official):
    bracket = drawn_doubles(tournament, official, 4)
    assert official_client.get(url("rounds", bracket)).status_code == 404


# The rounds page ------------------------------------------------------------------------


def test_before_the_first_round_the_page_offers_to_seat_round_1(official_client, event):
    html = official_client.get(url("rounds", event)).content.decode()
    assert "Seat round 1" in html
    assert "Start round" not in html


def test_the_rounds_pages_are_never_cached_so_back_shows_them_as_they_are(official_client, seated):
    # A page kept from before the round was seated would offer "Seat round 1" again.
    event = seated.event
    for page in (url("rounds", event), url("round_detail", event, 1)):
        assert "no-store" in official_client.get(page)["Cache-Control"]


def test_seating_shows_the_tables_before_the_round_starts(official_client, event):
    response = official_client.post(url("round_seat", event), {"number": 1, "seed": "77"})
    assert response.status_code == 302
    round_ = Round.objects.get(event=event)
    assert (round_.seed, round_.status) == (77, Round.Status.SEATING)
    html = official_client.get(response.url).content.decode()
    assert "Round 1 seated (seating number 77)" in html
    assert "Start round 1" in html
    assert "Seat again" in html
    assert '<strong class="seed">77</strong>' in html
    for game in tables_of(round_):
        for side in game.sides.select_related("team"):
            for member in side.team.memberships.select_related("player__chapter"):
                assert escape(member.player.name) in html
                assert member.player.chapter.name in html
    assert "Table 3" in html
    assert "Score sheet" not in html  # not before the round starts
    assert "Close at time" not in html


def test_seating_again_with_the_seed_repeats_the_seating(official_client, seated):
    event = seated.event
    before = [table_teams(seated, n) for n in (1, 2, 3)]
    again = {"number": 1, "again": "on"}
    official_client.post(url("round_seat", event), {**again, "seed": "12"})
    assert [table_teams(seated, n) for n in (1, 2, 3)] != before
    official_client.post(url("round_seat", event), {**again, "seed": "11"})
    assert [table_teams(seated, n) for n in (1, 2, 3)] == before


def test_a_page_left_open_never_seats_again_a_round_already_seated(official_client, seated):
    event = seated.event
    before = [table_teams(seated, n) for n in (1, 2, 3)]
    page = official_client.post(url("round_seat", event), {"number": 1, "seed": "12"}, follow=True)
    assert "Round 1 is already seated" in page.content.decode()
    assert [table_teams(seated, n) for n in (1, 2, 3)] == before


def test_seating_answers_htmx_with_the_main_part_only(official_client, event):
    response = official_client.post(
        url("round_seat", event), {"number": 1, "seed": "5"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    assert 'id="rounds-main"' in html
    assert "Round 1 seated (seating number 5)" in html


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"number": 1, "seed": "-3"}, "Seating number"),
        ({"number": 1, "seed": "abc"}, "Enter a whole number"),
        ({"seed": "3"}, "reload the page"),
        ({"number": 2}, "Round 1 is the round to seat now, not round 2"),
    ],
)
def test_bad_seating_forms_are_refused_with_a_message(official_client, event, data, message):
    response = official_client.post(url("round_seat", event), data)
    assert response.status_code == 422
    assert escape(message) in response.content.decode()
    assert not Round.objects.filter(event=event).exists()


def test_a_refusal_answers_htmx_with_the_message_in_the_part(official_client, event, official):
    finish_round(seat_and_start(event, official), official)
    before = state(event)
    response = official_client.post(url("round_seat", event), {"number": 1}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    html = response.content.decode()
    assert "<html" not in html
    assert 'class="msg-error"' in html
    assert "Round 2 is the round to seat now" in html
    assert state(event) == before


def test_starting_opens_the_tables_and_their_score_sheets(official_client, seated):
    event = seated.event
    response = official_client.post(url("round_start", event), {"number": 1}, follow=True)
    assert response.status_code == 200
    seated.refresh_from_db()
    assert seated.status == Round.Status.PLAYING
    html = response.content.decode()
    assert "Round 1 started" in html
    for game in tables_of(seated):
        assert reverse("scoring:sheet", args=[event.tournament.slug, game.pk]) in html
    assert "Close at time" in html
    assert "Round 1 is being played" in html


def test_starting_twice_is_refused_with_a_message(official_client, seated, official):
    services.start_round(round=seated, by=official)
    before = state(seated.event)
    response = official_client.post(url("round_start", seated.event), {"number": 1})
    assert response.status_code == 422
    assert "Round 1 has already started" in response.content.decode()
    assert state(seated.event) == before


def test_starting_an_unknown_round_is_not_found(official_client, seated):
    assert official_client.post(url("round_start", seated.event), {"number": 4}).status_code == 404
    response = official_client.post(url("round_start", seated.event), {})
    assert response.status_code == 422


# Moving entrants ---------------------------------------------------------------------------


def test_two_entrants_swap_from_the_page(official_client, seated):
    a, b = table_teams(seated, 1)[0], table_teams(seated, 2)[0]
    response = official_client.post(
        url("round_move", seated.event), {"number": 1, "team": a, "to": f"team:{b}"}
    )
    assert response.status_code == 302
    assert table_teams(seated, 1)[0] == b
    assert table_teams(seated, 2)[0] == a


def test_an_entrant_moves_to_a_table_or_out(official_client, seated):
    event = seated.event
    mover = table_teams(seated, 1)[3]
    response = official_client.post(
        url("round_move", event),
        {"number": 1, "team": mover, "to": "out"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "Moved " in response.content.decode()
    assert SitOut.objects.filter(round=seated, team_id=mover).exists()
    official_client.post(url("round_move", event), {"number": 1, "team": mover, "to": "table:2"})
    assert table_teams(seated, 2)[-1] == mover


@pytest.mark.parametrize(
    ("to", "message"),
    [
        ("table:1", "already sits at table 1"),
        ("table:7", "Select a valid choice"),
        ("", "This field is required"),
    ],
)
def test_refused_moves_show_a_message_and_change_nothing(official_client, seated, to, message):
    event = seated.event
    before = state(event)
    mover = table_teams(seated, 1)[0]
    response = official_client.post(
        url("round_move", event), {"number": 1, "team": mover, "to": to}
    )
    assert response.status_code == 422
    assert message in response.content.decode()
    assert state(event) == before


def test_a_move_making_a_table_too_big_is_refused(official_client, seated):
    event = seated.event
    before = state(event)
    mover = table_teams(seated, 2)[0]
    response = official_client.post(
        url("round_move", event), {"number": 1, "team": mover, "to": "table:1"}
    )
    assert response.status_code == 422
    assert "Table 1 would seat 5; a table here seats 2, 3 or 4." in response.content.decode()
    assert state(event) == before


def test_a_move_at_a_table_with_hands_is_refused(official_client, seated, official):
    services.start_round(round=seated, by=official)
    settle(tables_of(seated)[0], official, (5, 0, 0, 0), finished=False, hands=1)
    before = state(seated.event)
    mover = table_teams(seated, 1)[0]
    response = official_client.post(
        url("round_move", seated.event), {"number": 1, "team": mover, "to": "out"}
    )
    assert response.status_code == 422
    assert "Table 1 has hands entered: its players can no longer move." in (
        response.content.decode()
    )
    assert state(seated.event) == before


def test_an_entrant_of_another_event_is_not_a_choice(official_client, seated, tournament, official):
    other = rounds_event(tournament, players=4, name="Other")
    services.seat_round(event=other, by=official, seed=1)
    stranger = Team.objects.filter(event=other).first()
    before = state(seated.event)
    response = official_client.post(
        url("round_move", seated.event), {"number": 1, "team": stranger.pk, "to": "out"}
    )
    assert response.status_code == 422
    assert "Entrant: Select a valid choice" in response.content.decode()
    assert state(seated.event) == before


# Closing at time ---------------------------------------------------------------------------


def test_closing_at_time_asks_first_then_gives_the_best_total_the_win(
    official_client, seated, official
):
    services.start_round(round=seated, by=official)
    game = tables_of(seated)[0]
    settle(game, official, (20, 45, 30, 10), finished=False)
    page = official_client.get(url("rounds", seated.event)).content.decode()
    assert "would win with 45" in page
    assert "Yes, close table 1 at time" in page
    refused = official_client.post(game_url("table_close", game), {})
    assert refused.status_code == 422
    assert "Confirm that the round" in refused.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    response = official_client.post(
        game_url("table_close", game), {"confirm": "1", "version": game.version}, follow=True
    )
    game.refresh_from_db()
    assert game.status == Game.Status.CLOSED
    assert game.winner_seat == 1
    assert "Table 1 closed at time:" in response.content.decode()


def test_closing_a_level_table_is_a_tie(official_client, seated, official):
    services.start_round(round=seated, by=official)
    game = tables_of(seated)[0]
    settle(game, official, (45, 45, 30, 10), finished=False)
    response = official_client.post(
        game_url("table_close", game), {"confirm": "1"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert "closed at time: Tie: " in response.content.decode()


def test_closing_a_stale_or_finished_table_is_refused(official_client, seated, official):
    services.start_round(round=seated, by=official)
    game = tables_of(seated)[0]
    stale = official_client.post(
        game_url("table_close", game), {"confirm": "1", "version": game.version + 5}
    )
    assert stale.status_code == 422
    assert "changed while you were looking at it" in stale.content.decode()
    settle(game, official, (61, 0, 0, 0))
    done = official_client.post(game_url("table_close", game), {"confirm": "1"})
    assert done.status_code == 422
    assert "Table 1 is finished already." in done.content.decode()


def test_a_bracket_game_cannot_be_closed_at_time(official_client, tournament, official):
    bracket = drawn_doubles(tournament, official, 4)
    game = Game.objects.filter(event=bracket).first()
    assert official_client.post(game_url("table_close", game), {"confirm": "1"}).status_code == 404


# Withdrawals and late arrivals -------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_key", "players", "words"),
    [
        ("double_draw", 8, "cannot go on without them: close this table at time"),
        ("thats_it", 8, "can go on without them: the rest of the table plays on"),
    ],
)
def test_a_withdrawal_at_a_table_says_whether_the_game_goes_on(
    official_client, tournament, official, game_key, players, words
):
    event = rounds_event(tournament, players=players, game_key=game_key, name=game_key)
    round_ = seat_and_start(event, official)
    team = Side.objects.filter(game__round=round_).first().team
    player = team.members[0].player
    services.set_withdrawn(player=player, by=official, withdrawn=True)
    html = official_client.get(url("rounds", event)).content.decode()
    assert f"<bdi>{escape(player.name)}</bdi> has withdrawn." in html
    assert words in html


def test_late_arrivals_are_named_and_join_the_next_round(official_client, tournament, official):
    event = rounds_event(tournament, players=8)
    from .rounds_setup import add_player

    late = add_player(event, "Lena Late", checked_in=False)
    seat_and_start(event, official)
    services.set_checked_in(player=late, by=official, checked_in=True)
    html = official_client.get(url("rounds", event)).content.decode()
    assert "Lena Late" in html
    assert "Late arrivals join from the next round." in html


def test_a_partnership_event_links_to_the_partner_draw_first(official_client, tournament):
    event = rounds_event(tournament, players=8, team_size=2, name="Pairs")
    html = official_client.get(url("rounds", event)).content.decode()
    assert reverse("desk:event_draw", args=[event.tournament.slug, event.pk]) in html
    assert "draw the partners first" in html
    assert "Seat round 1" not in html


def test_an_earlier_round_is_shown_with_its_results(official_client, event, official):
    first = finish_round(seat_and_start(event, official, seed=1), official)
    services.seat_round(event=event, by=official, seed=2)
    html = official_client.get(url("round_detail", event, 1)).content.decode()
    assert "Round 1" in html
    assert " won" in html
    for game in tables_of(first):
        assert reverse("scoring:sheet", args=[event.tournament.slug, game.pk]) in html
    assert "Start round 2" not in html
    assert official_client.get(url("round_detail", event, 5)).status_code == 404


# The printable table list ------------------------------------------------------------------


def test_the_table_list_prints_one_line_per_table(official_client, tournament, official):
    event = rounds_event(tournament, players=160, name="Big")
    round_ = services.seat_round(event=event, by=official, seed=1).round
    response = official_client.get(url("round_print", event, round_.number))
    html = response.content.decode()
    assert html.count('<td class="table-no">') == 40
    assert "seating number 1" in html
    assert "round-sheet" in html
    for member in (
        Side.objects.filter(game__round=round_).first().team.memberships.select_related("player")
    ):
        assert escape(member.player.name) in html


# Standings and one side's games ------------------------------------------------------------


def test_the_official_standings_link_each_side_to_its_games(official_client, event, official):
    round_ = finish_round(seat_and_start(event, official), official)
    response = official_client.get(url("standings", event))
    html = response.content.decode()
    for team in Team.objects.filter(event=event):
        assert url("side_games", event, team.pk) in html
    team = Side.objects.filter(game__round=round_, seat=0).first().team
    games = official_client.get(url("side_games", event, team.pk)).content.decode()
    assert "Table " in games
    assert "Won" in games
    game = Side.objects.filter(game__round=round_, team=team).first().game
    assert reverse("scoring:sheet", args=[event.tournament.slug, game.pk]) in games
    assert official_client.get(url("side_games", event, 999_999)).status_code == 404


def test_the_event_page_links_to_the_rounds_and_the_public_home_to_the_standings(
    official_client, client, event
):
    html = official_client.get(
        reverse("desk:event_detail", args=[event.tournament.slug, event.pk])
    ).content.decode()
    assert url("rounds", event) in html
    assert url("standings", event) in html
    home = client.get(reverse("public:tournament", args=[event.tournament.slug])).content.decode()
    assert reverse("public:standings", args=[event.tournament.slug, event.pk]) in home


def test_the_table_list_has_a_column_per_seat_and_names_the_sit_outs(
    official_client, tournament, official
):
    event = rounds_event(tournament, players=7, game_key="thats_it", name="That's It")
    round_ = services.seat_round(event=event, by=official, seed=1).round
    assert sorted(g.sides.count() for g in tables_of(round_)) == [3, 4]
    html = official_client.get(url("round_print", event, 1)).content.decode()
    assert html.count("<th>Seat ") == 4
    assert html.count('<td class="seat"></td>') == 1
    pinochle = rounds_event(tournament, players=4, game_key="domino_pinochle", name="Pinochle")
    services.seat_round(event=pinochle, by=official, seed=1)
    html = official_client.get(url("round_print", pinochle, 1)).content.decode()
    assert "Sitting out:" in html


def test_the_event_page_of_a_rounds_event_counts_its_tables(official_client, event, official):
    round_ = seat_and_start(event, official)
    settle(tables_of(round_)[0], official, (61, 10, 15, 20))
    response = official_client.get(
        reverse("desk:event_detail", args=[event.tournament.slug, event.pk])
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "<dt>Games played</dt><dd>1</dd>" in html
    assert "<dt>Games to play</dt><dd>2</dd>" in html


def test_the_event_is_finished_after_its_last_round_and_can_be_reopened(
    official_client, event, official
):
    round_ = seat_and_start(event, official)
    refused = official_client.post(url("event_finish", event), {"action": "finish"}, follow=True)
    assert "Round 1 is still being played" in refused.content.decode()
    finish_round(round_, official)
    page = official_client.post(url("event_finish", event), {"action": "finish"}, follow=True)
    html = page.content.decode()
    assert "standings are final" in html
    assert "Reopen" in html
    event.refresh_from_db()
    assert event.status == "finished"
    official_client.post(url("event_finish", event), {"action": "reopen"})
    event.refresh_from_db()
    assert event.status == "playing"


def test_a_table_of_a_round_has_no_one_click_result_to_take_back(official_client, seated, official):
    services.start_round(round=seated, by=official)
    game = tables_of(seated)[0]
    assert official_client.post(game_url("game_reopen", game)).status_code == 404
