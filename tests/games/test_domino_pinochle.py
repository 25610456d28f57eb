"""Domino Pinochle: tricks, melds under the house rulings, and the game to 250."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import RulesError
from games.rules.domino_pinochle import (
    DOUBLES,
    POINT_TILES,
    SEQUENCE,
    TARGET,
    TRICK_POINTS,
    WON_ON_MELDS,
    WON_ON_TRICKS,
    clean_options,
    count_trick_points,
    fold_game,
    house_rules,
    meld_points,
    read_meld,
    read_melds,
    suit_of,
    target_score,
    trick_points,
    winning_play,
)
from games.rules.tiles import full_set

# Tricks


def test_a_tiles_suit_is_its_higher_number():
    assert suit_of((2, 5)) == 5
    assert suit_of((4, 4)) == 4


def test_the_highest_tile_of_the_suit_led_wins_the_trick():
    assert winning_play("[2-5] [4-5] [1-5]") == 1


def test_the_double_is_the_highest_tile_of_its_suit():
    assert winning_play("[4-6] [6-6] [5-6]") == 1


def test_the_blank_is_the_lowest_tile_of_its_suit():
    assert winning_play("[0-3] [1-3] [2-6]") == 1


def test_a_tile_of_another_suit_cannot_win_the_trick():
    assert winning_play("[0-3] [5-5] [6-6]") == 0


def test_a_trick_holds_one_tile_per_player():
    with pytest.raises(RulesError, match=r"^A trick holds 3 tiles, one per player, not 2$"):
        winning_play("[0-3] [5-5]")


# Melds


def test_three_tiles_of_one_suit_with_consecutive_values_are_a_sequence_meld():
    meld = read_meld("[3-6] [1-6] [2-6]")
    assert meld.kind == SEQUENCE
    assert meld.suit == 6
    assert meld.tiles == ((1, 6), (2, 6), (3, 6))
    assert meld.points == 3


def test_the_suits_double_counts_as_its_own_number_in_a_sequence():
    assert read_meld("[4-6] [5-6] [6-6]").kind == SEQUENCE


def test_holding_1_6_to_4_6_a_player_may_meld_all_four_for_6_or_three_for_3():
    # The source text's own example; the rest of it was lost.
    assert read_meld("[1-6] [2-6] [3-6] [4-6]").points == 4 + 2
    assert read_meld("[1-6] [2-6] [3-6]").points == 3
    assert read_meld("[2-6] [3-6] [4-6]").points == 3


def test_tiles_of_one_suit_with_a_gap_are_not_a_meld():
    with pytest.raises(RulesError, match=r"^\[1-6\] \[2-6\] \[4-6\] is not a meld"):
        read_meld("[1-6] [2-6] [4-6]")


def test_tiles_of_different_suits_are_not_a_meld():
    with pytest.raises(RulesError, match="is not a meld: a meld is 3 or 4 tiles of one suit"):
        read_meld("[1-5] [2-6] [3-6]")


def test_three_doubles_with_consecutive_numbers_are_a_doubles_meld():
    meld = read_meld("[1-1] [3-3] [2-2]")
    assert meld.kind == DOUBLES
    assert meld.suit is None
    assert meld.points == 3


def test_four_consecutive_doubles_score_4_plus_the_bonus():
    assert read_meld("[0-0] [1-1] [2-2] [3-3]").points == 6


def test_doubles_with_a_gap_are_not_a_meld():
    with pytest.raises(RulesError, match="or doubles with consecutive numbers"):
        read_meld("[1-1] [2-2] [4-4]")


def test_an_event_may_leave_doubles_melds_out():
    with pytest.raises(RulesError, match=r"tiles of one suit with consecutive values$"):
        read_meld("[1-1] [2-2] [3-3]", doubles_melds=False)


def test_the_four_tile_bonus_can_be_changed():
    assert read_meld("[1-6] [2-6] [3-6] [4-6]", four_tile_bonus=0).points == 4
    assert read_meld("[1-6] [2-6] [3-6] [4-6]", four_tile_bonus=5).points == 9


def test_a_meld_holds_3_or_4_tiles():
    with pytest.raises(RulesError, match=r"^A meld holds 3 or 4 tiles, not 2$"):
        read_meld("[1-6] [2-6]")


def test_the_widow_may_complete_a_meld_but_earns_no_points():
    meld = read_meld("[1-6] [2-6] [3-6]", widow="3-6")
    assert meld.uses_widow
    assert meld.points == 2


def test_a_four_tile_meld_completed_by_the_widow_earns_no_bonus():
    assert read_meld("[1-6] [2-6] [3-6] [4-6]", widow="[4-6]").points == 3


def test_a_meld_without_the_widow_is_scored_in_full():
    meld = read_meld("[1-6] [2-6] [3-6] [4-6]", widow="[0-0]")
    assert not meld.uses_widow
    assert meld.points == 6


def test_an_event_may_keep_the_widow_out_of_melds():
    with pytest.raises(RulesError, match=r"^\[3-6\] is the widow, and this event's rules keep"):
        read_meld("[1-6] [2-6] [3-6]", widow="3-6", widow_completes_melds=False)


def test_a_meld_is_described_in_plain_words():
    assert read_meld("[1-6] [2-6] [3-6]", widow="3-6").describe() == (
        "[1-6] [2-6] [3-6] in suit 6 (with the widow): 2 points"
    )
    assert read_meld("[0-0] [1-1] [2-2]").describe() == "[0-0] [1-1] [2-2] doubles: 3 points"
    assert read_meld("[1-5] [3-5] [2-5]", widow="[1-5]", four_tile_bonus=0).describe() == (
        "[1-5] [2-5] [3-5] in suit 5 (with the widow): 2 points"
    )


def test_each_player_scores_their_own_melds_in_seating_order():
    melds = [
        ["[1-6] [2-6] [3-6] [4-6]", "[0-0] [1-1] [2-2]"],
        [],
        ["[3-5] [4-5] [5-5]"],
    ]
    assert meld_points(melds, widow="[0-1]") == (9, 0, 3)


def test_the_melds_are_read_for_display():
    read = read_melds([["[1-6] [2-6] [3-6]"], [], []], widow="[0-1]")
    assert read[0][0].suit == 6
    assert read[1] == ()


def test_a_tile_is_in_one_meld_only():
    message = r"^\[3-6\] is in two of Player 1's melds; a tile is in one meld only$"
    with pytest.raises(RulesError, match=message):
        read_melds([["[1-6] [2-6] [3-6]", "[3-6] [4-6] [5-6]"], [], []], widow="[0-0]")


def test_the_widow_completes_one_meld_only():
    message = r"^\[3-6\] is in Player 1's meld and Player 3's; a tile is in one meld only$"
    with pytest.raises(RulesError, match=message):
        read_melds(
            [["[1-6] [2-6] [3-6]"], [], ["[3-3] [4-4] [5-5] [6-6]", "[4-6] [5-6] [3-6]"]],
            widow="[3-6]",
        )


def test_a_player_cannot_meld_more_tiles_than_a_hand_holds():
    melds = [["[0-6] [1-6] [2-6] [3-6]", "[0-5] [1-5] [2-5] [3-5]", "[0-0] [1-1] [2-2]"], [], []]
    with pytest.raises(RulesError, match=r"^Player 1 melds 11 tiles from a hand of 9$"):
        meld_points(melds, widow="[4-4]")


def test_the_widow_does_not_count_towards_the_tiles_from_the_hand():
    # Ten tiles in melds, but only nine from the hand.
    melds = [["[0-6] [1-6] [2-6] [3-6]", "[0-0] [1-1] [2-2]", "[3-5] [4-5] [5-5]"], [], []]
    assert meld_points(melds, widow="[5-5]") == (6 + 3 + 2, 0, 0)


def test_two_four_tile_melds_make_the_highest_meld_score_of_12():
    melds = [["[3-6] [4-6] [5-6] [6-6]", "[2-5] [3-5] [4-5] [5-5]"], [], []]
    assert meld_points(melds, widow="[0-0]") == (12, 0, 0)


def test_the_melds_need_an_entry_for_each_of_the_three_players():
    with pytest.raises(RulesError, match=r"^The melds: enter 3 values, one each, not 2$"):
        meld_points([[], []], widow="[0-0]")


# Trick points


def test_the_trick_points_of_a_hand_total_44():
    assert TRICK_POINTS == 44
    assert trick_points([20, 14, 10]) == (20, 14, 10)


def test_trick_points_that_do_not_total_44_are_refused_with_the_sum():
    message = r"^The trick points add up to 43; a hand's tricks hold exactly 44$"
    with pytest.raises(RulesError, match=message):
        trick_points([20, 13, 10])


def test_it_names_the_player_with_a_bad_trick_score():
    with pytest.raises(RulesError, match=r"^Player 3's trick points: -1 is less than 0$"):
        trick_points([30, 15, -1])


def test_the_point_tiles_are_three_nickels_and_two_dimes():
    assert POINT_TILES == {(0, 5): 5, (1, 4): 5, (2, 3): 5, (4, 6): 10, (5, 5): 10}
    assert 9 + sum(POINT_TILES.values()) == TRICK_POINTS


def test_trick_points_count_1_per_trick_5_per_nickel_and_10_per_dime():
    points = count_trick_points(
        [4, 3, 2],
        [["[0-5]", "[4-6]"], ["[1-4]", "[2-3]"], ["[5-5]"]],
        widow="[3-3]",
        last_trick=0,
    )
    assert points == (4 + 5 + 10, 3 + 5 + 5, 2 + 10)


def test_the_widow_goes_to_the_player_who_took_the_last_trick():
    points = count_trick_points(
        [4, 3, 2], [["[0-5]"], ["[1-4]", "[2-3]"], ["[5-5]"]], widow="[4-6]", last_trick=1
    )
    assert points == (9, 3 + 10 + 10, 12)


def test_the_widow_is_not_listed_among_the_tricks():
    with pytest.raises(RulesError, match=r"^\[4-6\] is the widow; it goes to the player"):
        count_trick_points([4, 3, 2], [["[4-6]"], [], []], widow="[4-6]", last_trick=1)


def test_the_tricks_must_add_up_to_9():
    with pytest.raises(RulesError, match=r"^The tricks add up to 8; a hand has 9$"):
        count_trick_points([4, 2, 2], [[], [], []], widow="[0-0]", last_trick=0)


def test_the_player_who_took_the_last_trick_took_a_trick():
    with pytest.raises(RulesError, match=r"^Player 3 took the last trick, so took at least 1"):
        count_trick_points([5, 4, 0], [[], [], []], widow="[0-0]", last_trick=2)


def test_only_point_tiles_are_listed():
    with pytest.raises(RulesError, match=r"^\[3-4\] is not a point tile$"):
        count_trick_points([5, 4, 0], [["[3-4]"], [], []], widow="[0-0]", last_trick=0)


def test_a_point_tile_is_taken_by_one_player():
    with pytest.raises(RulesError, match=r"^\[0-5\] is listed for both Player 1 and Player 2$"):
        count_trick_points([5, 4, 0], [["[0-5]"], ["[0-5]"], []], widow="[0-0]", last_trick=0)


def test_every_point_tile_is_taken_by_someone():
    with pytest.raises(RulesError, match=r"^No one is listed as taking \[2-3\] \[5-5\]$"):
        count_trick_points(
            [5, 4, 0], [["[0-5]", "[1-4]"], ["[4-6]"], []], widow="[0-0]", last_trick=0
        )


def test_a_player_lists_no_more_point_tiles_than_their_tricks_hold():
    message = r"^Player 3 took 0 tiles in tricks but lists 1 point tiles$"
    with pytest.raises(RulesError, match=message):
        count_trick_points([5, 4, 0], [[], [], ["[0-5]"]], widow="[0-0]", last_trick=0)


def test_a_players_tricks_are_at_most_9():
    with pytest.raises(RulesError, match=r"^Player 1's tricks: 10 is more than 9$"):
        count_trick_points([10, 0, 0], [[], [], []], widow="[0-0]", last_trick=0)


@given(
    st.permutations(full_set(6)),
    st.lists(st.integers(0, 2), min_size=9, max_size=9),
)
def test_counted_trick_points_of_any_deal_total_44(tiles, winners):
    widow, played = tiles[0], tiles[1:]
    tricks = [winners.count(player) for player in range(3)]
    point_tiles = [[], [], []]
    for number, winner in enumerate(winners):
        trick = played[3 * number : 3 * number + 3]
        point_tiles[winner] += [tile for tile in trick if tile in POINT_TILES]
    points = count_trick_points(tricks, point_tiles, widow=widow, last_trick=winners[-1])
    assert sum(points) == 44
    assert min(points) >= 0


# The game


def test_melds_and_tricks_add_up_hand_by_hand():
    state = fold_game([((5, 0, 3), (20, 14, 10)), ((0, 6, 0), (4, 30, 10))])
    assert state.totals == (29, 50, 23)
    assert not state.finished
    assert not state.awaiting_tricks


def test_a_hand_waiting_for_its_tricks_is_shown_as_such():
    state = fold_game([((5, 0, 3), None)])
    assert state.awaiting_tricks
    assert state.totals == (5, 0, 3)


def test_a_player_reaching_250_on_melds_wins_before_the_tricks():
    state = fold_game([((120, 120, 0), (4, 30, 10)), ((0, 100, 0), None)])
    assert TARGET == 250
    assert state.finished
    assert state.winner == 1
    assert state.won_on == WON_ON_MELDS
    assert state.finished_at == 1


def test_when_two_players_reach_250_on_melds_the_highest_wins():
    state = fold_game([((200, 200, 0), (20, 20, 4)), ((30, 40, 0), None)])
    assert state.totals == (250, 260, 4)
    assert state.winner == 1
    assert state.won_on == WON_ON_MELDS


def test_a_tie_on_melds_is_decided_by_the_tricks():
    before = [((240, 240, 0), (2, 2, 40))]
    state = fold_game([*before, ((8, 8, 0), None)])
    assert state.totals == (250, 250, 40)
    assert not state.finished
    assert state.awaiting_tricks
    state = fold_game([*before, ((8, 8, 0), (10, 4, 30))])
    assert state.finished
    assert state.winner == 0
    assert state.won_on == WON_ON_TRICKS


def test_the_highest_total_after_the_tricks_wins_even_if_it_was_behind_on_melds():
    state = fold_game([((200, 200, 190), (20, 20, 4)), ((30, 30, 20), (2, 2, 40))])
    assert state.totals == (252, 252, 254)
    assert state.winner == 2
    assert state.won_on == WON_ON_TRICKS


def test_a_tie_after_the_tricks_means_another_hand():
    hands = [((240, 240, 0), (2, 2, 40)), ((8, 8, 0), (10, 10, 24))]
    state = fold_game(hands)
    assert state.totals == (260, 260, 64)
    assert not state.finished
    state = fold_game([*hands, ((3, 0, 0), None)])
    assert state.winner == 0
    assert state.won_on == WON_ON_MELDS


def test_a_hand_won_on_melds_has_no_tricks():
    with pytest.raises(RulesError, match=r"^Hand 1 was won on melds, so its tricks are not"):
        fold_game([((250, 0, 0), (20, 14, 10))])


def test_a_hand_needs_its_tricks_before_the_next_hand():
    with pytest.raises(RulesError, match=r"^Hand 1 needs its trick points before the next hand$"):
        fold_game([((5, 0, 0), None), ((0, 0, 0), None)])


def test_hands_cannot_be_added_after_the_game_is_won():
    with pytest.raises(RulesError, match="won at hand 1, so hand 2 cannot stand"):
        fold_game([((250, 0, 0), None), ((0, 0, 0), None)])


def test_a_hands_tricks_must_total_44():
    with pytest.raises(RulesError, match="The trick points add up to 45"):
        fold_game([((0, 0, 0), (40, 3, 2))])


def test_it_names_the_hand_and_player_of_bad_meld_points():
    with pytest.raises(RulesError, match=r"^Hand 1, Player 2's meld points: -3 is less than 0$"):
        fold_game([((0, -3, 0), None)])


def test_each_hand_is_its_melds_and_its_tricks():
    with pytest.raises(RulesError, match=r"^Hand 1: enter 2 values"):
        fold_game([((0, 0, 0),)])


def test_the_game_may_be_played_to_another_target():
    assert fold_game([((0, 0, 0), (40, 2, 2))], target=40).finished


def test_it_refuses_a_target_below_1():
    with pytest.raises(RulesError, match="The target score: 0 is less than 1"):
        fold_game([], target=0)


@given(
    st.lists(
        st.tuples(
            st.lists(st.integers(0, 12), min_size=3, max_size=3),
            st.lists(st.integers(0, 44), min_size=2, max_size=2).filter(lambda p: sum(p) <= 44),
        ),
        max_size=12,
    )
)
def test_totals_never_go_down_and_a_winner_is_the_highest(hands):
    entries = []
    for melds, (first, second) in hands:
        entries.append((tuple(melds), (first, second, 44 - first - second)))
        try:
            state = fold_game(entries)
        except RulesError:
            entries[-1] = (tuple(melds), None)
            state = fold_game(entries)
        assert min(state.totals) >= 0
        if state.finished:
            assert state.totals[state.winner] == max(state.totals)
            assert state.totals.count(max(state.totals)) == 1
            break
        if state.awaiting_tricks:
            break


# House rules


def test_the_options_default_to_the_house_rulings():
    assert clean_options({}) == {
        "four_tile_bonus": 2,
        "widow_completes_melds": True,
        "doubles_melds": True,
    }
    assert target_score({}) == 250


def test_the_house_rules_follow_the_options():
    default = house_rules({})
    assert "The widow may complete any player's meld, but earns no points." in default
    assert "A doubles meld is 3 or 4 doubles with consecutive numbers." in default
    assert any("plus 2 for a four-tile meld" in rule for rule in default)
    changed = house_rules(
        {"four_tile_bonus": "3", "widow_completes_melds": "off", "doubles_melds": "no"}
    )
    assert "The widow may not be used in a meld." in changed
    assert "Doubles melds are not played: only sequence melds count." in changed
    assert any("plus 3 for a four-tile meld" in rule for rule in changed)
