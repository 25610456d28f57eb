"""Printed table cards (a round's, a bracket round's, one game's) and the QR code on the sheet."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import TableLink
from scoring.services import table_links
from tests.scoring.builders import make_bracket
from tests.scoring.table_desk_setup import playing_round
from tests.tournaments.rounds_setup import rounds_event, settle, tables_of
from tournaments import services as desk

pytestmark = pytest.mark.django_db


def cards_url(event, number=1):
    return reverse("scoring:rounds_cards", args=[event.tournament.slug, event.pk, number])


def test_a_rounds_cards_one_per_table_with_qr_code_and_code(official_client, tournament, official):
    event, _, tables = playing_round(tournament, official, players=12)
    page = official_client.get(cards_url(event)).content.decode()
    links = table_links.links_for(tables)
    assert TableLink.objects.count() == len(tables) == 3  # made when printed
    assert page.count('class="table-card-print"') == 3
    assert page.count("<svg") == 3
    for game in tables:
        code = links[game.pk].code
        assert table_links.show_code(code) in page
        assert f"Round 1, table {game.position + 1}" in page
        for name in game.sides.values_list("team__memberships__player__name", flat=True):
            assert name in page
    assert "Scan, or type this code on <strong>testserver/t/rally/table/</strong>" in page
    assert "Double Draw" in page and "data-print" in page
    # Printed again: the same codes.
    again = official_client.get(cards_url(event)).content.decode()
    assert TableLink.objects.count() == 3
    assert all(table_links.show_code(link.code) in again for link in links.values())


def test_the_qr_code_holds_the_tables_full_address(rf, tournament, settings):
    from scoring.table_printing import table_url

    settings.ALLOWED_HOSTS = ["*"]
    request = rf.get("/", HTTP_HOST="192.168.1.23:8000")
    assert (
        table_url(request, tournament, "7KQ4M2XD")
        == "http://192.168.1.23:8000/t/rally/table/7KQ4M2XD/"
    )


def test_the_public_address_setting_is_printed(official_client, tournament, official, settings):
    settings.DESK_PUBLIC_URL = "http://hall.lan:8000"
    event, _, _ = playing_round(tournament, official, players=4)
    page = official_client.get(cards_url(event)).content.decode()
    assert "hall.lan:8000/t/rally/table/" in page


def test_a_round_not_started_prints_no_card(official_client, tournament, official):
    event = rounds_event(tournament, players=8)
    desk.seat_round(event=event, by=official, seed=1)
    response = official_client.get(cards_url(event))
    assert "seated but not started: start it first" in response.content.decode()
    assert b"<svg" not in response.content and not TableLink.objects.exists()


def test_a_finished_round_prints_no_card(official_client, tournament, official):
    event, _, tables = playing_round(tournament, official, players=4)
    settle(tables[0], official, (61, 10))
    response = official_client.get(cards_url(event))
    assert "Round 1 is finished: its tables take no more hands." in response.content.decode()
    assert not TableLink.objects.exists()


def test_an_unknown_round_is_not_found(official_client, tournament, official):
    event, _, _ = playing_round(tournament, official, players=4)
    assert official_client.get(cards_url(event, 5)).status_code == 404


def test_the_cards_read_in_a_fixed_number_of_queries(official_client, tournament, official):
    small, _, _ = playing_round(tournament, official, players=4)
    large, _, _ = playing_round(tournament, official, players=40, name="Big Draw")
    official_client.get(cards_url(small))
    official_client.get(cards_url(large))  # the links are made once
    counts = []
    for event in (small, large):
        with CaptureQueriesContext(connection) as queries:
            official_client.get(cards_url(event))
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 14


def test_a_bracket_rounds_cards_leave_out_games_waiting_for_players(official_client, tournament):
    event, games = make_bracket(tournament)
    url = reverse("scoring:bracket_cards", args=["rally", event.pk, 1, 1])
    page = official_client.get(url).content.decode()
    assert page.count('class="table-card-print"') == 2
    assert "Game 1 (Semi-final)" in page and "Game 2 (Semi-final)" in page
    final = reverse("scoring:bracket_cards", args=["rally", event.pk, 1, 2])
    page = official_client.get(final).content.decode()
    assert "No game of Final takes hands now" in page and "<svg" not in page
    assert TableLink.objects.filter(game=games[(2, 0)]).count() == 0


def test_one_games_card_and_its_link_panel(official_client, tournament):
    _, games = make_bracket(tournament)
    game = games[(1, 0)]
    page = official_client.get(reverse("scoring:table_card", args=["rally", game.pk])).content
    page = page.decode()
    code = table_links.links_for([game])[game.pk].code
    assert table_links.show_code(code) in page and page.count("<svg") == 1
    assert "Table link" in page and reverse("scoring:table_link", args=["rally", game.pk]) in page
    waiting = games[(2, 0)]
    page = official_client.get(reverse("scoring:table_card", args=["rally", waiting.pk]))
    assert "waiting for a side" in page.content.decode() and b"<svg" not in page.content


def test_a_game_of_another_tournament_is_not_found(official_client, tournament):
    from tournaments.models import Tournament

    _, games = make_bracket(Tournament.objects.get(slug="elsewhere"))
    url = reverse("scoring:table_card", args=["rally", games[(1, 0)].pk])
    assert official_client.get(url).status_code == 404
    assert not TableLink.objects.exists()


def test_the_printed_sheet_carries_the_tables_qr_code(official_client, tournament, official):
    _, games = make_bracket(tournament)
    game = games[(1, 0)]
    page = official_client.get(reverse("scoring:sheet_print", args=["rally", game.pk]))
    code = table_links.links_for([game])[game.pk].code
    assert table_links.show_code(code) in page.content.decode() and b"<svg" in page.content
    printed = reverse("scoring:sheet_print", args=["rally", game.pk])
    blank = official_client.get(printed + "?blank=1")
    assert table_links.show_code(code) in blank.content.decode()
    table_links.set_desk_only(game=game, by=official, desk_only=True)
    locked = official_client.get(reverse("scoring:sheet_print", args=["rally", game.pk]))
    assert b"<svg" not in locked.content
    waiting = official_client.get(reverse("scoring:sheet_print", args=["rally", games[(2, 0)].pk]))
    assert b"<svg" not in waiting.content


def test_the_rounds_page_links_to_the_cards(official_client, tournament, official):
    event, _, tables = playing_round(tournament, official, players=4)
    page = official_client.get(reverse("desk:rounds", args=["rally", event.pk])).content.decode()
    assert cards_url(event) in page
    assert tables_of(tables[0].round)
