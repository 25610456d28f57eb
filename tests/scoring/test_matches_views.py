"""Matches of several games on the pages: the house rule's form, the sheet, the table's
page; an outsider is refused, a bad input gets a plain message and changes nothing."""

import html

import pytest
from django.core.cache import cache
from django.urls import reverse

from scoring.models import Hand
from scoring.services import table_links
from tests.scoring.builders import enter, form_data, make_bracket, played
from tournaments.models import Event

pytestmark = pytest.mark.django_db

BEST_OF_3 = {"games_to_win_first": 2, "games_to_win_later": 1, "games_to_win_final": 3}


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def semi(tournament):
    event, games = make_bracket(tournament)
    event.options = BEST_OF_3
    event.save(update_fields=["options"])
    return games[(1, 0)]


def sheet_url(game):
    return reverse("scoring:sheet", args=[game.event.tournament.slug, game.pk])


def rules_url(event):
    return reverse("desk:event_rules", args=[event.tournament.slug, event.pk])


def rules_form(**values):
    data = {
        "opt_blocked_scoring": "total",
        "opt_minutes_per_game": "",
        "opt_games_to_win_first": "1",
        "opt_games_to_win_later": "1",
        "opt_games_to_win_final": "1",
        "opt_clock_per": "game",
    }
    data.update({f"opt_{name}": str(value) for name, value in values.items()})
    return data


def test_the_house_rules_form_sets_the_games_per_round_and_the_event_says_so(
    official_client, tournament
):
    event, _ = make_bracket(tournament)
    page = official_client.get(rules_url(event)).content.decode()
    assert "Games to win a match: first round" in page and "per whole match" in page
    response = official_client.post(
        rules_url(event), rules_form(games_to_win_first=3, games_to_win_later=2)
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.options["games_to_win_first"] == 3
    assert "best of 5 in the first round, best of 3 in the later rounds" in " ".join(
        event.house_rules
    )
    detail = official_client.get(reverse("desk:event_detail", args=[tournament.slug, event.pk]))
    assert "best of 5 in the first round" in detail.content.decode()


def test_a_bad_number_of_games_is_refused_with_a_message_and_changes_nothing(
    official_client, tournament
):
    event, _ = make_bracket(tournament)
    before = Event.objects.get(pk=event.pk).options
    response = official_client.post(rules_url(event), rules_form(games_to_win_final=9))
    assert response.status_code == 422
    assert "less than or equal to 5" in response.content.decode()
    response = official_client.post(rules_url(event), rules_form(games_to_win_first="two"))
    assert response.status_code == 422
    assert Event.objects.get(pk=event.pk).options == before


def test_an_outsider_is_refused_the_rules_and_the_sheet_of_a_match(other_client, semi, official):
    enter(semi, official, played(250, 0))
    assert other_client.post(rules_url(semi.event), rules_form()).status_code == 403
    assert other_client.get(sheet_url(semi)).status_code == 403
    response = other_client.post(sheet_url(semi), form_data(version=1, play_1=30))
    assert response.status_code == 403
    assert Hand.objects.filter(game=semi).count() == 1
    assert Event.objects.get(pk=semi.event_id).options == BEST_OF_3


def test_the_sheet_shows_the_game_in_play_within_the_match_and_the_games_so_far(
    official_client, semi, official
):
    enter(semi, official, played(100, 0))
    enter(semi, official, played(155, 20))
    enter(semi, official, played(0, 35))
    first = semi.sides.get(seat=0).team.members
    names = " & ".join(member.player.name.split()[0] for member in first)
    page = html.unescape(official_client.get(sheet_url(semi)).content.decode())
    assert f"Game 2 of best of 3, {names} lead 1-0" in page
    assert f"Game 1: {names} won, 255 \N{MIDDLE DOT} 20" in page
    assert "Game 2: in play, 0 \N{MIDDLE DOT} 35" in page
    assert 'id="game-2-hands"' in page and "Game 2, hand 4" in page


def test_a_correction_that_would_unwin_an_earlier_game_is_refused_on_the_page(
    official_client, semi, official
):
    enter(semi, official, played(250, 0))
    enter(semi, official, played(0, 35))
    hand = Hand.objects.get(game=semi, number=1)
    semi.refresh_from_db()
    edit_url = reverse("scoring:hand_edit", args=[semi.event.tournament.slug, semi.pk, hand.pk])
    response = official_client.post(edit_url, form_data(version=semi.version, play_0=200))
    assert response.status_code == 422
    assert "Game 1 of the match would no longer be won" in response.content.decode()
    hand.refresh_from_db()
    assert tuple(hand.points) == (250, 0)


def test_the_tables_page_shows_the_match_and_its_hands_count_in_their_game(client, semi, official):
    enter(semi, official, played(250, 0))
    link = table_links.links_for([semi])[semi.pk]
    url = reverse("scoring_public:table", args=[semi.event.tournament.slug, link.code])
    page = html.unescape(client.get(url).content.decode())
    assert "Game 2 of best of 3" in page and "lead 1-0" in page
    assert "Game 1: " in page and "won, 250 \N{MIDDLE DOT} 0" in page
