"""Double Takes: the counts of a shuffle, scoring rounds, and the result."""

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import RulesError
from games.rules.double_takes import (
    DOUBLES,
    REVOKE_PENALTY,
    clean_options,
    describe_result,
    house_rules,
    points_per_shuffle,
    rounds_per_shuffle,
    score_round,
    score_shuffle,
    side_count,
    target_score,
    tiles_left_over,
    tiles_per_player,
    tricks_per_shuffle,
    winning_play,
)


@pytest.mark.parametrize(("players", "tiles"), [(2, 17), (3, 15), (4, 17)])
def test_each_player_is_dealt_17_tiles_or_15_with_3_players(players, tiles):
    assert tiles_per_player(players) == tiles


@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 3), (4, 2)])
def test_one_shuffle_deals_4_rounds_to_2_players_3_to_3_and_2_to_4(players, rounds):
    assert rounds_per_shuffle(players) == rounds


def test_with_3_players_one_tile_is_left_over_and_otherwise_none():
    assert tiles_left_over(3) == 1
    assert tiles_left_over(2) == 0
    assert tiles_left_over(4) == 0


@pytest.mark.parametrize(("players", "tricks"), [(2, 68), (3, 45), (4, 34)])
def test_the_tricks_of_a_shuffle_follow_from_the_deal(players, tricks):
    assert tricks_per_shuffle(players) == tricks


def test_two_players_have_84_points_a_shuffle_not_the_50_the_source_text_gives():
    assert points_per_shuffle(2) == 68 + 16 == 84
    assert points_per_shuffle(2) != 50


def test_three_players_have_61_points_a_shuffle_as_the_source_text_says():
    assert points_per_shuffle(3) == 45 + 16 == 61


def test_four_players_have_50_points_a_shuffle_as_the_source_text_says():
    assert points_per_shuffle(4) == 34 + 16 == 50


def test_four_players_play_as_two_partnerships():
    assert side_count(4) == 2
    assert side_count(3) == 3
    assert side_count(2) == 2


@pytest.mark.parametrize("players", [1, 5])
def test_it_is_played_by_2_3_or_4_players(players):
    with pytest.raises(
        RulesError, match=rf"^Double Takes is played by 2, 3 or 4 players, not {players}$"
    ):
        tiles_per_player(players)


# Tricks


def test_led_as_9_the_9_9_does_not_beat_the_12_9_having_fewer_pips():
    # The source text's example: the double of the suit led ranks by its pips.
    assert winning_play("[12-9] [9-9] [9-3]", suit=9) == 0


def test_led_as_12_a_player_with_no_12s_trumps_with_the_9_9():
    assert winning_play("[12-9] [9-9] [12-3]", suit=12) == 1


def test_a_higher_double_not_in_the_suit_led_beats_the_9_9():
    assert winning_play("[12-9] [9-9] [12-3] [10-10]", suit=12) == 3


def test_the_double_of_the_suit_led_is_no_trump():
    assert winning_play("[12-9] [12-12] [12-3]", suit=12) == 1
    assert winning_play("[15-12] [12-12] [12-3]", suit=12) == 0


def test_a_tile_of_another_suit_that_is_not_a_double_cannot_win():
    assert winning_play("[3-1] [14-15] [3-2]", suit=3) == 2


def test_the_suit_named_must_be_on_the_tile_led():
    with pytest.raises(RulesError, match=r"^The leader of \[9-12\] names 9 or 12 as the suit$"):
        winning_play("[12-9] [9-9]", suit=5)
    with pytest.raises(RulesError, match=r"^The leader of \[9-9\] names 9 as the suit$"):
        winning_play("[9-9] [9-3]", suit=3)


@pytest.mark.parametrize("trick", ["[12-9]", "[1-2] [1-3] [1-4] [1-5] [1-6]"])
def test_a_trick_holds_one_tile_for_each_of_2_to_4_players(trick):
    with pytest.raises(RulesError, match=r"^A trick holds one tile per player, 2 to 4, not "):
        winning_play(trick, suit=1 if "1-2" in trick else 9)


# A round


def test_each_trick_and_each_double_taken_scores_1():
    score = score_round([10, 7], [5, 2], players=2)
    assert score.points == (15, 9)
    assert score.revokes == (0, 0)


def test_each_revoke_costs_the_revoking_side_5():
    assert REVOKE_PENALTY == 5
    score = score_round([10, 7], [5, 2], [0, 2], players=2)
    assert score.points == (15, 9 - 10)


def test_partnerships_enter_one_line_per_side():
    assert score_round([9, 8], [3, 4], players=4).points == (12, 12)


def test_the_tricks_of_a_round_must_add_up_to_the_tiles_per_player():
    message = r"^The tricks add up to 16; a round with 2 players has 17$"
    with pytest.raises(RulesError, match=message):
        score_round([10, 6], [5, 2], players=2)


def test_three_players_tricks_add_up_to_15():
    assert score_round([5, 5, 5], [1, 2, 3], players=3).points == (6, 7, 8)
    with pytest.raises(RulesError, match="a round with 3 players has 15"):
        score_round([5, 5, 6], [1, 2, 3], players=3)


def test_the_doubles_of_a_round_cannot_pass_16():
    with pytest.raises(RulesError, match=r"^The doubles add up to 17; the set holds 16$"):
        score_round([9, 8], [9, 8], players=2)


def test_a_side_cannot_take_more_doubles_than_its_tricks_hold():
    with pytest.raises(
        RulesError, match=r"^Player 2 took 1 tricks, so cannot have taken 3 doubles$"
    ):
        score_round([16, 1], [0, 3], players=2)


def test_it_names_the_player_with_a_bad_entry():
    with pytest.raises(RulesError, match=r"^Player 3's tricks: -1 is less than 0$"):
        score_round([8, 8, -1], [0, 0, 0], players=3)


def test_it_names_the_partnership_with_a_bad_entry():
    with pytest.raises(RulesError, match=r"^Side 2's revokes: -1 is less than 0$"):
        score_round([9, 8], [0, 0], [0, -1], players=4)


def test_a_round_needs_one_entry_per_side():
    with pytest.raises(RulesError, match=r"^The doubles: enter 2 values, one each, not 3$"):
        score_round([9, 8], [0, 0, 0], players=4)


# A shuffle


FOUR_PLAYER_SHUFFLE = [([9, 8], [5, 3], [0, 0]), ([10, 7], [4, 4], [2, 0])]


def test_a_shuffle_of_4_players_is_won_by_the_higher_partnership():
    result = score_shuffle(FOUR_PLAYER_SHUFFLE, players=4)
    assert result.totals == (9 + 5 + 10 + 4 - 10, 8 + 3 + 7 + 4)
    assert result.finished
    assert result.winners == (1,)
    assert not result.tied
    assert describe_result(result, players=4) == "Side 2 wins with 22"


def test_a_tie_for_highest_is_shown_as_a_tie():
    rounds = [([9, 8], [4, 4], None), ([8, 9], [4, 4], None)]
    result = score_shuffle(rounds, players=4)
    assert result.totals == (25, 25)
    assert result.winners == (0, 1)
    assert result.tied
    assert describe_result(result, players=4) == "Side 1 and Side 2 tie on 25"


def test_three_players_can_win_alone_or_tie():
    rounds = [([5, 5, 5], [2, 2, 1], None)] * 2 + [([5, 5, 5], [1, 1, 4], None)]
    result = score_shuffle(rounds, players=3)
    assert result.totals == (20, 20, 21)
    assert result.winners == (2,)
    assert describe_result(result, players=3) == "Player 3 wins with 21"
    rounds[2] = ([6, 5, 4], [1, 1, 4], None)
    result = score_shuffle(rounds, players=3)
    assert result.totals == (21, 20, 20)
    assert describe_result(result, players=3) == "Player 1 wins with 21"
    rounds[2] = ([6, 4, 5], [1, 1, 4], None)
    result = score_shuffle(rounds, players=3)
    assert result.totals == (21, 19, 21)
    assert result.tied
    assert describe_result(result, players=3) == "Player 1 and Player 3 tie on 21"


def test_a_shuffle_in_progress_has_no_result_yet():
    result = score_shuffle(FOUR_PLAYER_SHUFFLE[:1], players=4)
    assert not result.finished
    assert result.winners == ()
    assert describe_result(result, players=4) == "Not finished"


def test_a_shuffle_holds_no_more_rounds_than_it_deals():
    with pytest.raises(RulesError, match=r"^A shuffle for 4 players has 2 rounds, not 3$"):
        score_shuffle([([9, 8], [0, 0], None)] * 3, players=4)


def test_the_doubles_of_a_whole_shuffle_must_add_up_to_16():
    rounds = [([9, 8], [5, 3], None), ([10, 7], [4, 3], None)]
    message = r"^The doubles taken over the shuffle add up to 15; the set holds 16$"
    with pytest.raises(RulesError, match=message):
        score_shuffle(rounds, players=4)


def test_the_doubles_so_far_cannot_pass_16():
    rounds = [([10, 7], [9, 3], None), ([10, 7], [4, 3], None), ([10, 7], [0, 0], None)]
    with pytest.raises(RulesError, match="add up to 19; the set holds 16"):
        score_shuffle(rounds, players=2)


def test_each_round_is_its_tricks_doubles_and_revokes():
    with pytest.raises(RulesError, match=r"^Round 1: enter 3 values"):
        score_shuffle([([9, 8], [8, 8])], players=4)


@st.composite
def shuffles(draw):
    """Draw the rounds of a whole shuffle that the rules allow, revokes left out."""
    players = draw(st.sampled_from([2, 3, 4]))
    sides = side_count(players)
    per_player = tiles_per_player(players)
    all_tricks = []
    for _ in range(rounds_per_shuffle(players)):
        cuts = draw(st.lists(st.integers(0, per_player), min_size=sides - 1, max_size=sides - 1))
        edges = [0, *sorted(cuts), per_player]
        all_tricks.append([high - low for low, high in pairwise(edges)])
    # Each double goes to a side whose tricks in that round still have room for it.
    room = [
        [count * players + tiles_left_over(players) for count in tricks] for tricks in all_tricks
    ]
    doubles = [[0] * sides for _ in all_tricks]
    for _ in range(DOUBLES):
        open_slots = [
            (number, side)
            for number in range(len(all_tricks))
            for side in range(sides)
            if doubles[number][side] < room[number][side]
        ]
        number, side = draw(st.sampled_from(open_slots))
        doubles[number][side] += 1
    return players, [
        (tricks, taken, None) for tricks, taken in zip(all_tricks, doubles, strict=True)
    ]


@given(shuffles())
def test_the_points_of_a_whole_shuffle_match_the_derived_count(shuffle):
    players, rounds = shuffle
    result = score_shuffle(rounds, players=players)
    assert result.finished
    assert sum(result.totals) == points_per_shuffle(players)
    assert min(result.totals) >= 0
    assert result.winners


def test_the_players_at_a_table_are_an_option_defaulting_to_4():
    assert clean_options({}) == {"players": 4}
    assert target_score({}) is None


def test_the_house_rules_give_the_points_of_a_shuffle():
    two = house_rules({"players": 2})
    assert any("68 tricks and 16 doubles make 84 points a shuffle" in rule for rule in two)
    assert two[0].startswith("Each table seats 2 players, each playing alone.")
    three = house_rules({"players": "3"})
    assert "The one tile left over is added to the last trick of the shuffle." in three
    four = house_rules({})
    assert four[0].startswith("Each table seats 4 players in 2 partnerships.")
    assert any("make 50 points" in rule for rule in four)
