"""A match of several games wherever a game in play is shown: the printed sheet, the
desk's table monitor, the hall display and the public game page say the match, never a
bare game total; an event of single games prints and shows as before."""

import html
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.exports import tables
from tests.factories import EntryFactory, EventFactory
from tests.scoring.builders import enter, make_bracket, make_game, make_team, out, played
from tournaments.matches import game_match_headline, match_headline
from tournaments.models import Game

pytestmark = pytest.mark.django_db

BEST_OF_3 = {"games_to_win_first": 2, "games_to_win_later": 1, "games_to_win_final": 3}


def best_of_3(event):
    event.options = BEST_OF_3
    event.save(update_fields=["options"])
    return event


@pytest.fixture
def semis(tournament):
    """A bracket of four whose semi-finals are best of 3."""
    event, games = make_bracket(tournament)
    best_of_3(event)
    return games[(1, 0)], games[(1, 1)]


def first_names(game, seat=0):
    members = game.sides.get(seat=seat).team.members
    return " & ".join(member.player.name.split()[0] for member in members)


def text_of(response) -> str:
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def print_url(game, blank=False):
    url = reverse("scoring:sheet_print", args=[game.event.tournament.slug, game.pk])
    return url + ("?blank=1" if blank else "")


def monitor_url(event, stage=1, number=1):
    return reverse("scoring:bracket_monitor", args=[event.tournament.slug, event.pk, stage, number])


# --- The printed sheet ---------------------------------------------------------------


def test_the_printed_sheet_of_a_match_shows_its_games_and_heads_the_game_in_play(
    official_client, semis, official
):
    semi = semis[0]
    enter(semi, official, played(100, 0))
    enter(semi, official, played(155, 20))
    enter(semi, official, played(0, 35))
    names = first_names(semi)
    page = text_of(official_client.get(print_url(semi)))
    assert "Best of 3 · first to 250 wins each game" in page
    assert f"Game 2 of best of 3, {names} lead 1-0" in page
    assert f"Game 1: {names} won, 255 \N{MIDDLE DOT} 20" in page
    assert "Game 2: in play, 0 \N{MIDDLE DOT} 35" in page
    # The hands under their game's heading, each game's totals from nothing.
    assert page.index('id="print-game-1"') < page.index('<th scope="row">1</th>')
    assert page.index('<th scope="row">2</th>') < page.index('id="print-game-2"')
    assert page.index('id="print-game-2"') < page.index('<th scope="row">3</th>')
    third = page[page.index('<th scope="row">3</th>') :]
    assert re.search(r'class="total-col" data-side="1">35<', third)
    assert page.count('class="match-game-start"') == 2  # the blank lines go on game 2
    assert f"Not finished: Game 2 of best of 3, {names} lead 1-0; game 2 so far 0" in page


def test_the_blank_lines_of_a_game_not_begun_are_headed_by_it(official_client, semis, official):
    semi = semis[0]
    enter(semi, official, played(250, 0))
    page = text_of(official_client.get(print_url(semi)))
    assert page.count('class="match-game-start"') == 2
    heading = page.index('id="print-game-2"')
    assert heading < page.index('class="blank-line"') and '<th scope="row">2</th>' in page
    blank = text_of(official_client.get(print_url(semi, blank=True)))
    assert "Best of 3" in blank and 'id="print-game-1"' in blank
    assert "Winner of the match: ______" in blank and "Games won: ______" in blank


def test_a_decided_match_prints_its_result_in_games(official_client, semis, official):
    semi = semis[0]
    enter(semi, official, played(250, 0))
    enter(semi, official, out(0, 50, play=(200, 0)))
    page = text_of(official_client.get(print_url(semi)))
    assert "won the match 2-0 (last game 250" in page
    assert 'class="blank-line"' not in page


def test_a_single_game_prints_as_before(official_client, tournament, official):
    _, games = make_bracket(tournament)
    game = games[(1, 0)]
    enter(game, official, played(100, 0))
    enter(game, official, played(55, 20))
    page = text_of(official_client.get(print_url(game)))
    assert "Best of" not in page and "match-game-start" not in page and "match-state" not in page
    assert re.search(r'class="total-col" data-side="0">155<', page)
    assert "Not finished: 155 \N{MIDDLE DOT} 20" in page
    blank = text_of(official_client.get(print_url(game, blank=True)))
    assert "Winner: ______" in blank and "Final score: ______" in blank


def test_an_outsider_is_refused_the_printed_sheet_of_a_match(other_client, semis):
    assert other_client.get(print_url(semis[0])).status_code == 403
    assert Client().get(print_url(semis[0]))["Location"].startswith("/login/")


# --- The table monitor ---------------------------------------------------------------


def test_the_monitor_says_where_each_match_stands(official_client, semis, official):
    semi = semis[0]
    enter(semi, official, played(250, 0))
    page = text_of(official_client.get(monitor_url(semi.event)))
    assert f"Game 2 of best of 3, {first_names(semi)} lead 1-0" in page
    assert "Game 1 of best of 3, level 0-0" in page  # the other semi-final, not begun
    enter(semi, official, played(250, 0))
    page = text_of(official_client.get(monitor_url(semi.event)))
    assert f"{first_names(semi)} won the match 2-0" in page and "Finished after 2 hands" in page


def test_a_monitor_of_single_games_says_nothing_of_matches(official_client, tournament, official):
    event, games = make_bracket(tournament)
    enter(games[(1, 0)], official, played(100, 0))
    page = text_of(official_client.get(monitor_url(event)))
    assert "Playing: 1 hand" in page and "monitor-match" not in page and "best of" not in page


def test_the_monitor_moves_on_when_a_match_game_is_won(official_client, semis, official):
    semi = semis[0]
    url = monitor_url(semi.event)
    official_client.get(url)  # the first page sets the CSRF cookie
    tag = official_client.get(url, HTTP_HX_REQUEST="true")["ETag"]
    enter(semi, official, played(250, 0))
    changed = official_client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and "lead 1-0" in text_of(changed)


def match_round(tournament, official, tables: int, first: int = 1):
    """A bracket event whose first round has `tables` best-of-3 matches, each one game won
    (alternately by either side) and the second under way."""
    event = best_of_3(EventFactory(tournament=tournament, name=f"Pairs {tables}", status="playing"))
    teams = [make_team(event, first + number) for number in range(2 * tables)]
    later = [make_game(event, round_number=2, position=p) for p in range((tables + 1) // 2)]
    make_game(event, round_number=6)  # the final of a bracket of 64, whatever the round's size
    for position in range(tables):
        pair = (teams[2 * position], teams[2 * position + 1])
        game = make_game(
            event, pair, position=position, next_game=later[position // 2], next_slot=position % 2
        )
        enter(game, official, played(250, 0) if position % 2 else played(0, 250))
        enter(game, official, played(15, 5))
    return event


def _count(client, url) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as queries:
        page = text_of(client.get(url))
    return len(queries), page


def test_the_monitor_of_matches_reads_a_fixed_number_of_queries(
    official_client, tournament, official
):
    small, large = match_round(tournament, official, 2), match_round(tournament, official, 20, 5)
    few, few_page = _count(official_client, monitor_url(small))
    lots, lots_page = _count(official_client, monitor_url(large))
    assert few_page.count("Game 2 of best of 3, ") == 2
    assert lots_page.count("Game 2 of best of 3, ") == 20
    assert few == lots <= 14, (few, lots)


def test_an_outsider_is_refused_the_monitor_of_a_match(other_client, semis):
    assert other_client.get(monitor_url(semis[0].event)).status_code == 403
    assert Client().get(monitor_url(semis[0].event))["Location"].startswith("/login/")


# --- The hall display and the public game page ----------------------------------------


def display_url(tournament):
    return reverse("public:display", args=[tournament.slug])


def test_the_display_shows_games_won_in_each_match_still_playing(client, semis, official):
    semi = semis[0]
    enter(semi, official, played(250, 0))
    first = client.get(display_url(semi.event.tournament))
    page = text_of(first)
    assert f'<span class="display-match">Game 2 of best of 3, {first_names(semi)} lead 1-0' in page
    assert "Game 1 of best of 3, level 0-0" in page
    enter(semi, official, played(0, 250))  # game 2 won: the display's version moves
    again = client.get(display_url(semi.event.tournament), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and "Game 3 of best of 3, level 1-1" in text_of(again)


def test_the_display_of_single_games_says_nothing_of_matches(client, tournament, official):
    _, games = make_bracket(tournament)
    enter(games[(1, 0)], official, played(100, 0))
    page = text_of(client.get(display_url(tournament)))
    assert "Still playing: 2" in page and "display-match" not in page and "best of" not in page


def public_url(game):
    return reverse("scoring_public:game", args=[game.event.tournament.slug, game.pk])


def test_the_public_game_page_shows_the_match_and_each_sides_games(client, semis, official):
    semi = semis[0]
    enter(semi, official, played(250, 0))
    enter(semi, official, played(0, 35))
    page = text_of(client.get(public_url(semi)))
    assert f"Game 2 of best of 3, {first_names(semi)} lead 1-0" in page
    assert "1 game won" in page and "0 games won" in page
    assert "First to 250 wins each game" in page


def test_the_public_page_of_a_single_game_says_nothing_of_games_won(client, tournament, official):
    _, games = make_bracket(tournament)
    enter(games[(1, 0)], official, played(100, 0))
    page = text_of(client.get(public_url(games[(1, 0)])))
    assert "games won" not in page and "game won" not in page and "Best of" not in page
    assert Game.objects.get(pk=games[(1, 0)].pk).status == Game.Status.PLAYING


def test_the_match_words_come_from_one_place_for_every_state():
    names, two = ["Ann & Bob", "Cy"], [True, False]
    assert match_headline(1, (0, 0), names, plural=two) == ""
    assert match_headline(2, (1, 0), names, plural=two) == "Game 2 of best of 3, Ann & Bob lead 1-0"
    assert match_headline(2, (0, 1), names, plural=two) == "Game 2 of best of 3, Cy leads 1-0"
    assert match_headline(3, (1, 1), names, plural=two) == "Game 3 of best of 5, level 1-1"
    assert match_headline(2, (1, 2), names, plural=two, winner=1) == "Cy won the match 2-1"

    def stored(status, winner=None, totals=(120, 80)):
        return game_match_headline(
            2, (1, 1), totals, names, plural=two, status=status, winner_seat=winner
        )

    assert stored(Game.Status.CLOSED, 0) == "Ann & Bob won the match 2-1"  # game 3 at time
    assert stored(Game.Status.PLAYING) == "Game 3 of best of 3, level 1-1"
    assert stored(Game.Status.WALKOVER, 0) == stored(Game.Status.VOID) == ""


def test_a_match_closed_at_time_counts_its_game_in_play_on_every_page(
    official_client, semis, official
):
    from tournaments import services
    from tournaments.selectors import lookup

    semi = semis[0]
    enter(semi, official, played(250, 0))
    enter(semi, official, played(0, 250))
    enter(semi, official, played(120, 80))  # game 3 under way
    services.close_bracket_game_at_time(game=semi, by=official)
    names = first_names(semi)
    monitor = text_of(official_client.get(monitor_url(semi.event)))
    assert f"{names} won the match 2-1" in monitor and "Closed at time after 3 hands" in monitor
    sheet = text_of(official_client.get(reverse("scoring:sheet", args=["rally", semi.pk])))
    assert f"{names} won the match 2-1" in sheet and "won the match 2-1 (last game 120" in sheet
    printed = text_of(official_client.get(print_url(semi)))
    assert "won the match 2-1 (last game 120" in printed
    page = official_client.get(reverse("desk:bracket", args=["rally", semi.event_id]))
    assert "Best of 3 · 2-1" in text_of(page)
    card = re.search(rf'id="game-{semi.pk}".*?</article>', page.content.decode(), re.S).group(0)
    assert re.findall(r'class="games-won"[^>]*>(\d+)<', card) == ["2", "1"]
    # The exports and the API tell the same games won; the stored figures (the games
    # finished, 1-1, which the backup carries) are unchanged.
    snapshot = tables.read_snapshot(semi.event.tournament)
    label = snapshot.games[semi.pk].label
    rows = [row for row in tables.games_rows(snapshot) if row[4] == label]
    assert [row[-1] for row in rows] == [2, 1]
    found = Client().get(f"/api/tournaments/rally/games/{semi.pk}").json()
    assert [side["games_won"] for side in found["sides"]] == [2, 1]
    assert sorted(semi.sides.values_list("games_won", flat=True)) == [1, 1]
    winner = semi.sides.get(seat=0).team.members[0].player
    loser = semi.sides.get(seat=1).team.members[0].player
    for player, words in ((winner, "won the match 2-1"), (loser, "lost the match 1-2")):
        EntryFactory(event=semi.event, player=player)
        found = lookup.find_players(semi.event.tournament, player.name)
        (shown,) = [p for p in found.players if p.name == player.name]
        assert shown.events[0].last_game.match == f"Best of 3: {words}"
