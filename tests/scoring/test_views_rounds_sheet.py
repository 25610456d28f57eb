"""The score sheet of a game at a table of a round: one column per side, any game alike."""

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Hand, HandChange
from tests.scoring.builders import make_rounds_game
from tournaments import services as desk
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def url(game, name="scoring:sheet", *args):
    return reverse(name, args=[game.event.tournament.slug, game.pk, *args])


def posted(game, **fields):
    """Return the hand form as the browser posts it, on the game's current sheet."""
    game.refresh_from_db()
    data = {"key": str(uuid.uuid4()), "version": str(game.version)}
    data.update({name: str(value) for name, value in fields.items()})
    return data


def first_names(game, seat):
    return [m.player.name for m in game.sides.get(seat=seat).team.members]


def cell(html, name):
    """Return the form's box for `name` with what is shown around it."""
    return re.search(
        rf'<td class="[^"]*">[^<]*<label[^>]*>[^<]*</label><input[^>]*name="{name}".*?</td>',
        html,
        re.S,
    ).group(0)


@pytest.fixture
def draw(tournament):
    """A Double Draw table of three players, each playing alone: the game is to 61."""
    return make_rounds_game(tournament, game_key="double_draw", sides=3)


@pytest.fixture
def takes(tournament):
    """A Double Takes table of three players: one shuffle of three rounds."""
    return make_rounds_game(tournament, game_key="double_takes", sides=3)


def test_officials_of_another_tournament_are_refused(other_client, draw):
    assert other_client.get(url(draw)).status_code == 403
    assert other_client.post(url(draw), posted(draw, pips_0=5)).status_code == 403
    assert Client().get(url(draw))["Location"].startswith("/login/")
    assert not Hand.objects.exists()


def test_the_sheet_has_a_column_and_a_box_for_every_player(official_client, draw):
    html = official_client.get(url(draw)).content.decode()
    assert "<h1>Double Draw: Round 1, table 1</h1>" in html
    for seat in range(3):
        assert f'<th scope="col">Player {seat + 1}</th>' in html
        assert f'name="pips_{seat}"' in html
        for name in first_names(draw, seat):
            assert name in html
    assert 'name="pips_3"' not in html
    assert "Player 3 pips left" in html
    assert "First to 61 wins" in html  # three players alone: the table's target
    rounds = reverse("desk:rounds", args=[draw.event.tournament.slug, draw.event_id])
    assert f'href="{rounds}"' in html


def test_hands_entered_through_the_page_keep_running_totals(official_client, draw):
    response = official_client.post(url(draw), posted(draw, pips_0=5, pips_1=10, pips_2=20))
    assert response.status_code == 302
    official_client.post(url(draw), posted(draw, pips_0=12, pips_1=2, pips_2=0))
    hands = list(Hand.objects.order_by("number"))
    assert [hand.points for hand in hands] == [[25, 0, 0], [0, 0, 14]]
    html = official_client.get(url(draw)).content.decode()
    assert "25 \N{MIDDLE DOT} 0 \N{MIDDLE DOT} 14" in html
    assert "5 pips, the lowest: scores 30 - 5 = 25" in html
    draw.refresh_from_db()
    assert [side.total for side in draw.sides_by_seat] == [25, 0, 14]
    assert (draw.status, draw.hand_count) == (Game.Status.PLAYING, 2)


def test_a_refusal_is_shown_at_its_players_box_and_nothing_is_saved(official_client, draw):
    data = posted(draw, pips_0=5, pips_1=10, pips_2="")
    response = official_client.post(url(draw), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    box = cell(response.content.decode(), "pips_2")
    assert 'class="has-error"' in box
    assert "Enter Player 3&#x27;s pips left (0 if they went out)" in box
    assert "autofocus" in box
    data["pips_2"] = "200"
    html = official_client.post(url(draw), data).content.decode()
    assert "Player 3&#x27;s pips left: 200 is more than 168" in cell(html, "pips_2")
    assert not Hand.objects.exists()


def test_the_preview_names_each_player_and_the_totals_after_the_hand(official_client, draw):
    official_client.post(url(draw), posted(draw, pips_0=5, pips_1=10, pips_2=20))
    data = posted(draw, pips_0=9, pips_1=3, pips_2=3)
    html = official_client.post(url(draw, "scoring:preview"), data).content.decode()
    assert "This hand: Player 1 0, Player 2 0, Player 3 0." in html
    assert "Player 2 and Player 3 tie for lowest with 3 pips, so nobody scores." in html
    assert "Totals after it: 25 \N{MIDDLE DOT} 0 \N{MIDDLE DOT} 0." in html
    data["pips_1"] = "-1"
    html = official_client.post(url(draw, "scoring:preview"), data).content.decode()
    assert "Player 2&#x27;s pips left: -1 is less than 0" in html
    assert not Hand.objects.filter(number=2).exists()


def test_a_correction_recomputes_the_result(official_client, draw):
    official_client.post(url(draw), posted(draw, pips_0=0, pips_1=30, pips_2=31))
    draw.refresh_from_db()
    assert (draw.status, draw.winner_seat) == (Game.Status.FINISHED, 0)
    hand = Hand.objects.get()
    html = official_client.get(url(draw, "scoring:hand_edit", hand.pk)).content.decode()
    assert 'id="id_pips_2" value="31"' in html
    data = posted(draw, pips_0=30, pips_1=0, pips_2=31)
    response = official_client.post(url(draw, "scoring:hand_edit", hand.pk), data, follow=True)
    page = response.content.decode()
    winner = " & ".join(first_names(draw, 1))
    assert f"Hand 1 corrected. Game over: Player 2 ({winner}) wins." in page
    draw.refresh_from_db()
    assert (draw.status, draw.winner_seat) == (Game.Status.FINISHED, 1)
    assert [side.total for side in draw.sides_by_seat] == [0, 61, 0]
    change = HandChange.objects.get(action="edited")
    assert (change.before["points"], change.after["points"]) == ([61, 0, 0], [0, 61, 0])


def test_the_history_describes_the_hands_in_the_rules_words(official_client, draw):
    official_client.post(url(draw), posted(draw, pips_0=5, pips_1=10, pips_2=20))
    html = official_client.get(url(draw, "scoring:history")).content.decode()
    assert (
        "Player 1 25, Player 2 0, Player 3 0 (Player 1: 5 pips, the lowest: scores 30 - 5 = 25)"
        in html
    )


def takes_round(official_client, game, tricks, doubles, revokes=(0, 0, 0)):
    fields = {}
    for side in range(3):
        fields[f"tricks_{side}"] = tricks[side]
        fields[f"doubles_{side}"] = doubles[side]
        fields[f"revokes_{side}"] = revokes[side] or ""
    return official_client.post(url(game), posted(game, **fields))


def test_revokes_can_take_a_total_below_zero_and_it_shows(official_client, takes):
    response = takes_round(official_client, takes, (15, 0, 0), (6, 0, 0), (0, 0, 1))
    assert response.status_code == 302
    assert Hand.objects.get().points == [21, 0, -5]
    html = official_client.get(url(takes)).content.decode()
    # Every total and hand on the sheet writes a real minus sign (issue 20).
    assert '<span class="side-total" aria-label="Player 3 total">\N{MINUS SIGN}5</span>' in html
    assert '<strong class="hand-points">\N{MINUS SIGN}5</strong>' in html
    assert ">-5<" not in html
    assert "21 \N{MIDDLE DOT} 0 \N{MIDDLE DOT} \N{MINUS SIGN}5" in html
    assert "1 revoke: -5" in html
    public = official_client.get(url(takes, "scoring_public:game")).content.decode()
    assert "21 \N{MIDDLE DOT} 0 \N{MIDDLE DOT} \N{MINUS SIGN}5" in public
    printed = official_client.get(url(takes, "scoring:sheet_print")).content.decode()
    assert '<b class="points">\N{MINUS SIGN}5</b>' in printed
    assert '<td class="total-col" data-side="2">\N{MINUS SIGN}5</td>' in printed
    assert ">-5<" not in printed
    standings = reverse("public:standings", args=[takes.event.tournament.slug, takes.event_id])
    assert f'href="{standings}"' in public
    # The round's tables show the total with a real minus sign too (issue 20).
    args = [takes.event.tournament.slug, takes.event_id, 1]
    tables = official_client.get(reverse("desk:round_detail", args=args)).content.decode()
    assert '<span class="total" aria-label="score">\N{MINUS SIGN}5</span>' in tables
    assert '<span class="total" aria-label="score">-5</span>' not in tables


def test_equal_best_totals_after_the_shuffle_are_a_tie(official_client, takes):
    takes_round(official_client, takes, (8, 7, 0), (3, 4, 0))
    takes_round(official_client, takes, (7, 7, 1), (3, 3, 0))
    response = takes_round(official_client, takes, (7, 7, 1), (1, 1, 1), (0, 0, 1))
    page = official_client.get(response["Location"]).content.decode()
    takes.refresh_from_db()
    assert (takes.status, takes.winner_seat) == (Game.Status.FINISHED, None)
    first, second = (" & ".join(first_names(takes, seat)) for seat in (0, 1))
    assert f"Game over: Player 1 ({first}) and Player 2 ({second}) tie on 29." in page
    assert 'id="hand-form"' not in page
    printed = official_client.get(url(takes, "scoring:sheet_print")).content.decode()
    assert f"Tied: Player 1 ({first}) and Player 2 ({second}) tie on 29" in printed


def test_a_game_closed_at_time_says_so(official_client, official, draw):
    official_client.post(url(draw), posted(draw, pips_0=5, pips_1=10, pips_2=20))
    draw.refresh_from_db()
    desk.close_at_time(game=draw, by=official)
    html = official_client.get(url(draw)).content.decode()
    winner = " & ".join(first_names(draw, 0))
    assert f"Closed at time: Player 1 ({winner}) won 25 \N{MIDDLE DOT} 0 \N{MIDDLE DOT} 0." in html
    assert 'id="hand-form"' not in html


def test_that_its_caller_is_chosen_by_name_and_the_best_split_is_shown(official_client, tournament):
    game = make_rounds_game(tournament, game_key="thats_it", sides=3)
    html = official_client.get(url(game)).content.decode()
    caller = first_names(game, 1)[0].split()[0]
    assert f"Player 2 ({caller})</label>" in html
    assert 'name="caller" value="" id="id_caller_3"' in html
    tiles = "[7-0] [7-1] [7-2] [7-3] [8-0] [8-2] [8-4]"
    response = official_client.post(url(game), posted(game, caller=1, tiles=tiles))
    assert response.status_code == 302
    assert Hand.objects.get().points == [0, 10, 0]
    html = official_client.get(url(game)).content.decode()
    assert "called That&#x27;s it: 10 points" in html
    assert "[0-7] [1-7] [2-7] [3-7] as suit 7: 9 points" in html


def test_the_printed_sheet_has_a_column_group_per_player_that_adds_up(official_client, draw):
    official_client.post(url(draw), posted(draw, pips_0=5, pips_1=10, pips_2=20))
    official_client.post(url(draw), posted(draw, pips_0=12, pips_1=2, pips_2=0))
    html = official_client.get(url(draw, "scoring:sheet_print")).content.decode()
    assert html.count('scope="colgroup"') == 3
    row = re.search(r'<tr><th scope="row">2</th>(.*?)</tr>', html, re.S).group(1)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    # Per player: pips left, the hand's points (with the rules' words), the running total.
    assert [cells[0], cells[2], cells[3], cells[5], cells[6], cells[8]] == [
        "12",
        "25",
        "2",
        "0",
        "0",
        "14",
    ]
    assert "Not finished: 25 \N{MIDDLE DOT} 0 \N{MIDDLE DOT} 14" in html
    blank = official_client.get(url(draw, "scoring:sheet_print") + "?blank=1").content.decode()
    assert blank.count('<th scope="row">') == 20
    assert "Final score: ______ – ______ – ______" in blank


def test_the_sheet_reads_in_few_queries_whatever_the_hands(
    official_client, draw, django_assert_max_num_queries
):
    for _ in range(5):
        official_client.post(url(draw), posted(draw, pips_0=5, pips_1=6, pips_2=7))
    assert Hand.objects.count() == 5
    page = url(draw)
    with django_assert_max_num_queries(8):
        assert official_client.get(page).status_code == 200


def test_the_delete_page_describes_the_hand_in_the_rules_words(official_client, draw):
    official_client.post(url(draw), posted(draw, pips_0=5, pips_1=10, pips_2=20))
    hand = Hand.objects.get()
    html = official_client.get(url(draw, "scoring:hand_delete", hand.pk)).content.decode()
    assert "Delete hand 1?" in html
    assert "Player 1 25, Player 2 0, Player 3 0 (Player 1: 5 pips, the lowest" in html


def test_partners_pips_are_asked_per_player_and_scored_per_side(official_client, tournament):
    game = make_rounds_game(tournament, game_key="double_draw", sides=2, team_size=2)
    html = official_client.get(url(game)).content.decode()
    first, third = (name.split()[0] for name in first_names(game, 0))
    assert f"Player 1<small>{first}, Side 1</small>" in html
    assert f"Player 3<small>{third}, Side 1</small>" in html
    assert '<th scope="col">Side 2</th>' in html
    response = official_client.post(
        url(game), posted(game, pips_0=5, pips_1=10, pips_2=0, pips_3=7)
    )
    assert response.status_code == 302
    # Side 1 holds 5 + 0 pips, Side 2 10 + 7: Side 1 scores 17 - 5 = 12.
    assert Hand.objects.get().points == [12, 0]
    html = official_client.get(url(game)).content.decode()
    assert "5 + 0 = 5 pips, the lowest: scores 17 - 5 = 12" in html


def test_a_pinochle_hand_shows_every_refusal_at_once_each_at_its_box(official_client, tournament):
    game = make_rounds_game(tournament, game_key="domino_pinochle", sides=3)
    data = posted(game, meld_points_0="4", tricks_0="20", tricks_1="13", tricks_2="10")
    response = official_client.post(url(game), data)
    assert response.status_code == 422
    html = response.content.decode()
    assert "4 is not a total melds can make" in cell(html, "meld_points_0")
    assert "43" in cell(html, "tricks_0")
    assert not Hand.objects.filter(game=game).exists()


def test_the_pinochle_preview_says_when_melds_decide_nothing_and_tricks_are_needed(
    official_client, tournament
):
    # Two players pass 250 on melds, level: the tricks decide (docs/rules.md), so the preview
    # says so from the rules' Decision; it has no choices, so nothing is asked beside it.
    game = make_rounds_game(tournament, game_key="domino_pinochle", sides=3)
    for _ in range(20):
        data = posted(game, meld_points_0="12", meld_points_1="12", meld_points_2="0")
        data.update(tricks_0="20", tricks_1="20", tricks_2="4")
        official_client.post(url(game), data)
        game.refresh_from_db()
        if game.sides.get(seat=0).total >= 240:
            break
    preview = url(game, "scoring:preview")
    data = posted(game, meld_points_0="12", meld_points_1="12")
    html = official_client.post(preview, data).content.decode()
    assert "on melds: enter each player&#x27;s trick points (44 in all)" in html
    assert 'type="radio"' not in html
