"""Double Draw: scoring a hand from the pips left and following a game to 100 or 61."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import RulesError
from games.rules.double_draw import (
    clean_options,
    fold_game,
    hand_size,
    house_rules,
    score_hand,
    side_count,
    target,
    target_score,
)


@pytest.mark.parametrize(("players", "tiles"), [(2, 6), (3, 5), (4, 4)])
def test_each_player_is_dealt_8_tiles_minus_the_number_of_players(players, tiles):
    assert hand_size(players) == tiles


@pytest.mark.parametrize("players", [1, 5])
def test_it_is_played_by_2_to_4_players(players):
    with pytest.raises(
        RulesError, match=rf"^Double Draw is played by 2, 3 or 4 players, not {players}$"
    ):
        hand_size(players)


def test_only_4_players_can_play_in_partnerships():
    with pytest.raises(RulesError, match=r"^Partnerships need 4 players, not 3$"):
        side_count(3, partnerships=True)


def test_partnerships_make_2_sides_and_players_alone_one_side_each():
    assert side_count(4, partnerships=True) == 2
    assert side_count(4) == 4
    assert side_count(3) == 3


def test_the_game_is_to_100_for_2_players_or_partnerships_and_61_for_3_or_4_alone():
    assert target(2) == 100
    assert target(4, partnerships=True) == 100
    assert target(3) == 61
    assert target(4) == 61


def test_the_lowest_player_scores_the_others_pips_minus_their_own():
    assert score_hand([5, 12, 20]) == [27, 0, 0]


def test_two_players_the_lower_scores_the_difference():
    assert score_hand([30, 8]) == [0, 22]


def test_a_tie_for_lowest_scores_nothing():
    assert score_hand([7, 7, 20, 30]) == [0, 0, 0, 0]


def test_a_tie_that_is_not_for_lowest_does_not_matter():
    assert score_hand([3, 10, 10, 1]) == [0, 0, 0, 22]


def test_going_out_with_no_pips_scores_all_the_others_pips():
    assert score_hand([0, 9, 11, 4]) == [24, 0, 0, 0]


def test_partners_pips_are_added_and_partners_sit_opposite():
    # Side 1 is players 1 and 3 (5 + 10), Side 2 players 2 and 4 (12 + 20).
    assert score_hand([5, 12, 10, 20], partnerships=True) == [17, 0]


def test_partnerships_with_equal_totals_score_nothing():
    assert score_hand([5, 12, 10, 3], partnerships=True) == [0, 0]


def test_it_names_the_player_whose_pips_are_wrong():
    with pytest.raises(RulesError, match=r"^Player 2's pips: -1 is less than 0$"):
        score_hand([5, -1])


def test_it_refuses_more_than_168_pips_for_a_player():
    with pytest.raises(RulesError, match=r"^Player 1's pips: 169 is more than 168$"):
        score_hand([169, 0])


def test_it_refuses_more_pips_than_the_set_holds_between_the_players():
    message = r"^The players' pips add up to 170, more than the 168 in a double-six set$"
    with pytest.raises(RulesError, match=message):
        score_hand([100, 70])


def test_it_refuses_a_hand_for_5_players():
    with pytest.raises(RulesError, match="not 5"):
        score_hand([1, 2, 3, 4, 5])


def test_it_refuses_partnerships_of_3_players():
    with pytest.raises(RulesError, match=r"^Partnerships need 4 players, not 3$"):
        score_hand([1, 2, 3], partnerships=True)


@given(
    st.integers(min_value=2, max_value=4).flatmap(
        lambda players: st.lists(
            st.integers(min_value=0, max_value=168 // players),
            min_size=players,
            max_size=players,
        )
    ),
    st.booleans(),
)
def test_no_legal_hand_scores_negative_and_at_most_one_side_scores(pips, partnerships):
    partnerships = partnerships and len(pips) == 4
    points = score_hand(pips, partnerships=partnerships)
    assert all(value >= 0 for value in points)
    assert sum(1 for value in points if value) <= 1


def test_a_game_for_3_players_is_won_at_61():
    hands = [score_hand([5, 12, 20]), score_hand([30, 2, 9]), score_hand([0, 15, 20])]
    state = fold_game(hands, players=3)
    assert state.totals == (62, 37, 0)
    assert state.finished
    assert state.winner == 0
    assert state.finished_at == 2


def test_a_partnership_game_is_won_at_100():
    state = fold_game([[60, 0], [0, 50], [40, 0]], players=4, partnerships=True)
    assert (state.winner, state.finished_at) == (0, 2)


def test_a_game_short_of_the_target_is_not_finished():
    state = fold_game([[60, 0], [0, 99]], players=2)
    assert not state.finished
    assert state.totals == (60, 99)


def test_hands_cannot_be_added_after_the_game_is_won():
    with pytest.raises(RulesError, match="won at hand 1, so hand 2 cannot stand"):
        fold_game([[0, 61, 0], [5, 0, 0]], players=3)


def test_a_game_names_the_player_in_a_bad_hand():
    with pytest.raises(RulesError, match=r"^Hand 1, Player 2's points: -5 is less than 0$"):
        fold_game([[0, -5, 0]], players=3)


def test_a_partnership_game_names_the_side_in_a_bad_hand():
    with pytest.raises(RulesError, match=r"^Hand 1: only one side scores in a hand$"):
        fold_game([[5, 5]], players=4, partnerships=True)


def test_the_options_default_to_4_players_alone():
    assert clean_options({}) == {"players": 4, "partnerships": False}
    assert target_score({}) == 61


def test_the_options_give_the_target_for_partnerships():
    assert target_score({"partnerships": "on"}) == 100
    assert target_score({"players": "2"}) == 100


def test_the_options_refuse_partnerships_for_3_players():
    with pytest.raises(RulesError, match=r"^Partnerships need 4 players, not 3$"):
        clean_options({"players": 3, "partnerships": True})


def test_the_house_rules_describe_players_alone():
    rules = house_rules({"players": 3})
    assert "Each table seats 3 players, each playing alone; each player is dealt 5 tiles." in rules
    assert "The first to reach 61 points wins the game." in rules


def test_the_house_rules_describe_partnerships():
    rules = house_rules({"partnerships": True})
    assert rules[0].startswith("Each table seats 4 players in 2 partnerships")
    assert any(rule.startswith("The partnership with the lower total") for rule in rules)
    assert "The first to reach 100 points wins the game." in rules
