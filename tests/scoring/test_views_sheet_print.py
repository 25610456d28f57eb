"""Printable score sheets: blank for the table, or filled in for the record."""

import pytest
from django.urls import reverse

from tests.scoring.builders import enter, out, played

pytestmark = pytest.mark.django_db


def url(game):
    return reverse("scoring:sheet_print", args=[game.event.tournament.slug, game.pk])


def test_anonymous_users_are_sent_to_log_in(client, game):
    assert client.get(url(game))["Location"].startswith("/login/")


def test_officials_of_another_tournament_are_refused(other_client, game):
    assert other_client.get(url(game)).status_code == 403


def test_a_blank_sheet_names_the_sides_and_has_empty_rows(official_client, game, official):
    enter(game, official, played(35, 0))
    html = official_client.get(url(game) + "?blank=1").content.decode()
    for side in game.sides.all():
        assert side.team.members[0].player.name in html
    assert html.count('<th scope="row">') == 20
    assert ">35<" not in html
    assert "Winner: ______" in html


def test_a_filled_sheet_has_every_hand_and_the_result(official_client, game, official):
    enter(game, official, played(200, 0))
    enter(game, official, out(0, 48))
    html = official_client.get(url(game)).content.decode()
    assert '<th scope="row">2</th>' in html
    assert "48 pips → 50" in html
    assert "Winner: Side 1" in html


def test_the_edited_note_is_printed_only_when_a_hand_was_edited(official_client, game, official):
    from tests.scoring.builders import edit

    hand = enter(game, official, played(20, 0)).hand
    html = official_client.get(url(game)).content.decode()
    assert "Pips left" in html
    assert "* edited" not in html
    edit(hand, official, played(25, 0))
    html = official_client.get(url(game)).content.decode()
    assert '<th scope="row">1*</th>' in html
    assert "* edited after it was first entered." in html


def test_a_blocked_hand_is_noted_once(official_client, game, official):
    from games.rules.texas_good_sams.entry import Entry

    enter(game, official, Entry(play=(10, 0), end="blocked", pips=(12, 20)))
    html = official_client.get(url(game)).content.decode()
    assert "Blocked" in html
    assert "blocked; blocked" not in html.lower()
