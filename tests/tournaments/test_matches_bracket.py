"""A bracket of matches of several games: the cards and the printed bracket show the
games won ("2-1"), and say nothing of matches while every match is one game."""

import html

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.factories import EntryFactory
from tests.scoring.builders import enter, make_bracket, played

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def test_the_cards_and_the_printed_bracket_show_games_won(
    official_client, client, tournament, official
):
    event, games = make_bracket(tournament)
    event.options = {"games_to_win_first": 2, "games_to_win_final": 3}
    event.save(update_fields=["options"])
    semi = games[(1, 0)]
    enter(semi, official, played(250, 0))
    enter(semi, official, played(0, 250))
    enter(semi, official, played(0, 45))
    for url in (
        reverse("desk:bracket", args=[tournament.slug, event.pk]),
        reverse("desk:bracket_print", args=[tournament.slug, event.pk]),
    ):
        page = html.unescape(official_client.get(url).content.decode())
        assert "Best of 3 · 1-1" in page and 'aria-label="games won">1<' in page
        assert "Best of 5" in page  # the final, not begun
    enter(semi, official, played(255, 45))
    public = reverse("public:bracket", args=[tournament.slug, event.pk])
    page = html.unescape(client.get(public).content.decode())
    assert "Best of 3 · 2-1" in page


def test_a_bracket_of_single_games_says_nothing_of_matches(official_client, tournament, official):
    event, games = make_bracket(tournament)
    enter(games[(1, 0)], official, played(250, 0))
    url = reverse("desk:bracket", args=[tournament.slug, event.pk])
    page = official_client.get(url).content.decode()
    assert "games-won" not in page and "Best of" not in page


def seen(lookup, tournament, player):
    found = lookup.find_players(tournament, player.name)
    (shown,) = [p for p in found.players if p.name == player.name]
    return shown.events[0]


def test_the_lookup_says_where_a_player_stands_in_the_match(tournament, official):
    from tournaments.selectors import lookup

    event, games = make_bracket(tournament)
    event.options = {"games_to_win_first": 2}
    event.save(update_fields=["options"])
    semi = games[(1, 0)]
    enter(semi, official, played(250, 0))
    ours = semi.sides.get(seat=1).team.members[0].player
    theirs = semi.sides.get(seat=0).team.members[0].player
    for player in (ours, theirs):
        EntryFactory(event=event, player=player)
    found = seen(lookup, tournament, ours)
    assert found.next_game.match == "Best of 3: you trail 0-1"
    found = seen(lookup, tournament, theirs)
    assert found.next_game.match == "Best of 3: you lead 1-0"
    enter(semi, official, played(0, 250))
    found = seen(lookup, tournament, theirs)
    assert found.next_game.match == "Best of 3: level 1-1"
    enter(semi, official, played(0, 250))
    found = seen(lookup, tournament, ours)
    assert found.last_game.match == "Best of 3: won the match 2-1"
    found = seen(lookup, tournament, theirs)
    assert found.last_game.match == "Best of 3: lost the match 1-2"
    page = html.unescape(
        Client()
        .get(reverse("public:tournament", args=[tournament.slug]), {"q": ours.name})
        .content.decode()
    )
    assert "won the match 2-1" in page


@pytest.mark.parametrize(("clock_per", "minutes"), [("game", [60, 20, 100]), ("match", [20] * 3)])
def test_a_rounds_clock_counts_per_game_of_its_longest_match_or_per_match(
    tournament, official, clock_per, minutes
):
    from tests.factories import drawn_doubles
    from tournaments import selectors

    event = drawn_doubles(tournament, official, 8)
    event.options = {
        **event.options,
        "minutes_per_game": 20,
        "games_to_win_first": 2,
        "games_to_win_final": 3,
        "clock_per": clock_per,
    }
    event.save(update_fields=["options"])
    from django.utils import timezone

    from tournaments.models import BracketClock

    for number in (1, 2, 3):
        BracketClock.objects.create(
            event=event, stage=1, round_number=number, started_at=timezone.now()
        )
    clocks = selectors.bracket_clocks(event)
    assert [clocks[(1, number)].minutes for number in (1, 2, 3)] == minutes


def test_double_elimination_rounds_take_the_first_later_or_final_rule():
    """docs/rules.md: the winners' first round is the first round; the grand final and its
    reset the final; every other round (losers' rounds, both brackets' finals) later."""
    from types import SimpleNamespace

    from games.matches import MatchRule
    from tournaments import naming
    from tournaments.matches import match_to_win, round_to_win

    rule = MatchRule(first=3, later=2, final=4)
    stage = naming.STAGE_OF

    def game(part, number, next_game_id=1, round_id=None):
        return SimpleNamespace(
            stage=stage[part],
            round_number=number,
            next_game_id=next_game_id,
            round_id=round_id,
        )

    assert match_to_win(game(naming.WINNERS, 1), rule) == 3
    assert match_to_win(game(naming.WINNERS, 3, None), rule) == 2  # the winners' final
    assert match_to_win(game(naming.LOSERS, 1), rule) == 2
    assert match_to_win(game(naming.LOSERS, 4, None), rule) == 2  # the losers' final
    assert match_to_win(game(naming.FINALS, 1, None), rule) == 4
    assert match_to_win(game(naming.FINALS, 2, None), rule) == 4  # the reset
    assert match_to_win(game(naming.MAIN, 1), rule) == 3
    assert match_to_win(game(naming.MAIN, 3, None), rule) == 4  # single elimination's final
    assert (
        match_to_win(
            SimpleNamespace(stage=0, round_number=1, next_game_id=None, round_id=None), rule
        )
        == 3
    )
    assert match_to_win(game(naming.MAIN, 1, round_id=7), rule) == 1  # a table of a round
    assert match_to_win(game(naming.MAIN, 1), MatchRule()) == 1
    options = {"games_to_win_first": 3, "games_to_win_later": 2, "games_to_win_final": 4}
    event = SimpleNamespace(game=SimpleNamespace(match_rule=lambda _: rule), options=options)
    assert round_to_win(event, stage=stage[naming.MAIN], round_number=3, rounds_total=3) == 4
    assert round_to_win(event, stage=stage[naming.LOSERS], round_number=1, rounds_total=3) == 2
