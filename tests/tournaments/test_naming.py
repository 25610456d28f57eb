"""The names every page, print, export and the API use (pure: no Django, no database)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import RulesError
from tournaments import naming
from tournaments.brackets import build_bracket, first_round


def test_rounds_are_named_from_the_final_back():
    # Moved from test_brackets.py; the second round of five is now "Round of 16" (issue 12).
    names = [naming.round_name(number, 5) for number in range(1, 6)]

    assert names == ["Round 1", "Round of 16", "Quarter-final", "Semi-final", "Final"]
    assert naming.round_name(1, 1) == "Final"
    assert [naming.round_name(n, 7) for n in (1, 2, 3)] == ["Round 1", "Round 2", "Round 3"]


def test_round_name_refuses_a_round_outside_the_bracket():
    with pytest.raises(RulesError, match="Round 4 is not one of the 3 rounds"):
        naming.round_name(4, 3)
    with pytest.raises(RulesError, match="Round 0 is not one of the 3 rounds"):
        naming.round_name(0, 3)


def test_a_rounds_event_round_is_named_by_its_number():
    assert naming.seating_round_name(3) == "Round 3"


def test_games_are_numbered_through_the_bracket_in_play_order():
    # Eight teams: four first-round games, two semi-finals, the final.
    numbers = [
        (r, p, naming.game_number(r, p, 3))
        for r, count in ((1, 4), (2, 2), (3, 1))
        for p in range(count)
    ]

    assert [n for _, _, n in numbers] == [1, 2, 3, 4, 5, 6, 7]


@given(st.integers(2, 200), st.integers(0, 1000))
def test_every_game_of_a_bracket_has_its_own_number_from_1(teams, seed):
    pairs = first_round(list(range(teams)), seed=seed)
    rounds = build_bracket(pairs)
    total = len(rounds)
    numbers = [naming.game_number(g.round_number, g.position, total) for r in rounds for g in r]

    assert numbers == list(range(1, len(numbers) + 1))


@pytest.mark.parametrize(("round_number", "position"), [(0, 0), (4, 0), (2, 2), (1, -1)])
def test_game_number_refuses_a_game_outside_the_bracket(round_number, position):
    with pytest.raises(RulesError):
        naming.game_number(round_number, position, 3)


def test_a_game_is_named_with_its_number_and_round():
    assert naming.game_name(stage=1, round_number=2, position=1, rounds_total=4) == (
        "Game 10 (Quarter-final)"
    )
    assert naming.game_name(stage=1, round_number=1, position=0, rounds_total=1) == "Game 1 (Final)"
    assert naming.game_name(stage=0, round_number=1, position=2) == "Partners' game 3"
    assert naming.game_name(stage=1, round_number=3, position=1, at_a_table=True) == (
        "Round 3, table 2"
    )
    assert naming.numbered_game(1, 12) == "Game 12"
    assert naming.table_name(0) == "Table 1"


def test_one_player_a_side_is_a_player_and_two_are_a_team():
    assert naming.side_word(1) == "player"
    assert naming.side_word(2) == "team"
    assert naming.side_words(1) == "players"
    assert naming.side_words(2, 1) == "1 team"
    assert naming.side_words(1, 3) == "3 players"


def test_a_team_is_labelled_by_its_players_or_else_its_number():
    assert naming.team_label(["Ann Lee", "Bo Fox"], 4, 2) == "Ann Lee & Bo Fox"
    assert naming.team_label([], 9, 1) == "Player 9"
    assert naming.team_label([], 9, 2) == "Team 9"
    assert naming.team_number_label(9, 1) == "Player 9"


def test_a_results_totals_put_the_winners_first():
    dash = " \N{MIDDLE DOT} "
    assert naming.result_totals([175, 260], 1) == f"260{dash}175"
    assert naming.result_totals([260, 175], 0) == f"260{dash}175"
    # More sides: the winner, then the others from the highest down.
    assert naming.result_totals([10, 0, 61, 30], 2) == f"61{dash}30{dash}10{dash}0"


def test_totals_with_no_winner_stay_in_seat_order():
    dash = " \N{MIDDLE DOT} "
    assert naming.result_totals([120, 130]) == f"120{dash}130"
    assert naming.result_totals([29, 29, 3], None) == f"29{dash}29{dash}3"
    assert naming.result_totals([5, 9], 7) == f"5{dash}9"  # no such seat: as they are


def test_a_winner_on_the_lower_total_reached_the_target_first():
    assert naming.reached_first([255, 260], 0, 250) == "reached 250 first"
    assert naming.reached_first([260, 255, 251], 1, 250) == "reached 250 first"


def test_an_ordinary_result_needs_no_reason():
    assert naming.reached_first([260, 175], 0, 250) == ""
    assert naming.reached_first([200, 240], 0, None) == ""  # no target: highest wins
    assert naming.reached_first([120, 130], 0, 250) == ""  # closed at time below the target
    assert naming.reached_first([255, 260], None, 250) == ""
    assert naming.reached_first([255, 260], 5, 250) == ""
