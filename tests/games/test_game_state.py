"""Following a game where only one side scores in a hand, to a target."""

import pytest

from games.rules import RulesError
from games.rules.game_state import GameState, fold_to_target


def test_a_game_with_no_hands_is_not_finished():
    assert fold_to_target([], sides=3, target=61) == GameState((0, 0, 0))


def test_it_adds_up_each_sides_points():
    state = fold_to_target([(0, 10, 0), (0, 0, 20), (0, 15, 0)], sides=3, target=61)
    assert state.totals == (0, 25, 20)
    assert not state.finished
    assert state.winner is None


def test_the_first_side_to_reach_the_target_wins_at_that_hand():
    state = fold_to_target([(40, 0), (0, 30), (21, 0)], sides=2, target=61)
    assert state == GameState((61, 30), finished=True, winner=0, finished_at=2)


def test_a_hand_where_no_one_scores_counts_as_played():
    state = fold_to_target([(0, 0), (0, 100)], sides=2, target=100)
    assert state.finished_at == 1
    assert state.winner == 1


def test_it_refuses_hands_after_the_game_was_won():
    with pytest.raises(RulesError, match=r"won at hand 1, so hand 2 cannot stand"):
        fold_to_target([(70, 0), (0, 5)], sides=2, target=61)


def test_it_refuses_a_hand_where_two_sides_score():
    with pytest.raises(RulesError, match=r"^Hand 1: only one player scores in a hand$"):
        fold_to_target([(5, 5, 0)], sides=3, target=61, seat="Player")


def test_it_names_the_hand_and_player_with_a_bad_score():
    with pytest.raises(RulesError, match=r"^Hand 2, Player 3's points: -4 is less than 0$"):
        fold_to_target([(0, 0, 0), (0, 0, -4)], sides=3, target=61, seat="Player")


def test_it_refuses_a_hand_with_the_wrong_number_of_sides():
    with pytest.raises(RulesError, match=r"Hand 1's points: enter 2 values"):
        fold_to_target([(5, 0, 0)], sides=2, target=61)


def test_it_refuses_a_target_below_1():
    with pytest.raises(RulesError, match=r"The target score: 0 is less than 1"):
        fold_to_target([], sides=2, target=0)
