"""A winner on the lower total is said to have reached 250 first wherever the result is
shown: the bracket, the lookup, the game's page and games.csv (issue 20)."""

import csv

import pytest
from django.urls import reverse

from scoring.exports import write_results
from tests.factories import drawn_doubles, game_at
from tests.scoring.builders import enter, make_bracket, played
from tournaments.models import TeamMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def close_game(tournament, official):
    """Game 1 of a 4-team bracket: 255 - 260, the side on 255 got to 250 first."""
    _event, games = make_bracket(tournament)
    game = games[(1, 0)]
    enter(game, official, played(240, 240))
    result = enter(game, official, played(15, 20, reached_first=0))
    assert result.won and result.game.winner_seat == 0
    return result.game


def test_the_bracket_says_the_winner_reached_250_first(client, tournament, close_game):
    html = client.get(reverse("public:bracket", args=[tournament.slug, close_game.event_id])).text
    assert "The winner reached 250 first." in html


def test_the_lookup_tells_both_sides_who_reached_250_first(client, tournament, official):
    event = drawn_doubles(tournament, official, 4)
    game = game_at(event, 1, 0)
    enter(game, official, played(240, 240))
    enter(game, official, played(15, 20, reached_first=0))
    home = reverse("public:tournament", args=[tournament.slug])
    for seat, who in ((0, "you"), (1, "they")):
        team = game.sides.get(seat=seat).team
        player = TeamMember.objects.filter(team=team).select_related("player").first().player
        html = client.get(home, {"q": player.name}).text
        assert f"({who} reached 250 first)." in html


def test_the_games_page_says_it_with_the_totals(client, tournament, close_game):
    url = reverse("scoring_public:game", args=[tournament.slug, close_game.pk])
    html = client.get(url).text
    assert "won 255 \N{MIDDLE DOT} 260, reached 250 first." in html


def test_games_csv_says_it_in_the_winners_result(tournament, close_game, tmp_path):
    write_results(tournament, tmp_path)
    with open(tmp_path / "games.csv", encoding="utf-8", newline="") as f:
        rows = [row for row in csv.DictReader(f) if row["game"] == "E1-R1-G1"]
    assert [(row["score"], row["result"]) for row in rows] == [
        ("255", "won, reached 250 first"),
        ("260", "lost"),
    ]
    assert {row["decided_by"] for row in rows} == {"hands"}


def test_an_ordinary_win_gives_no_reason(client, tournament, official):
    _event, games = make_bracket(tournament)
    enter(games[(1, 0)], official, played(260, 100))
    html = client.get(reverse("public:bracket", args=[tournament.slug, games[(1, 0)].event_id]))
    assert "reached 250 first" not in html.text
