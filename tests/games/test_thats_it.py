"""That's It: reading melds, finding the best reading of a hand, and the game."""

from itertools import combinations, pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import RulesError
from games.rules.thats_it import (
    DOUBLES,
    POSSIBLE_SCORES,
    SUIT,
    TARGET,
    best_hand,
    clean_options,
    fold_game,
    house_rules,
    read_meld,
    score_hand,
    target_score,
)

# Every worked example of the source text, scored as printed there.
WORKED_EXAMPLES = [
    ("[0-0] [2-2] [10-10] [7-7]", 1),
    ("[0-0] [2-2] [10-10]", 1),
    ("[0-0] [1-1] [10-10] [7-7]", 2),
    ("[0-0] [1-1] [10-10]", 2),
    ("[0-0] [1-1] [2-2] [10-10]", 3),
    ("[0-0] [1-1] [9-9] [10-10]", 3),
    ("[0-0] [1-1] [2-2] [3-3]", 9),
    ("[0-0] [1-1] [2-2]", 7),
    ("[7-0] [7-2] [7-10] [7-7]", 1),
    ("[7-0] [7-2] [7-10]", 1),
    ("[7-0] [7-1] [7-10] [7-7]", 2),
    ("[7-0] [7-1] [7-10]", 2),
    ("[7-0] [7-1] [7-2] [7-10]", 3),
    ("[7-0] [7-7] [7-8]", 2),
    ("[7-0] [7-1] [7-9] [7-10]", 3),
    ("[7-0] [7-1] [7-2] [7-3]", 9),
    ("[7-0] [7-1] [7-2]", 7),
]


@pytest.mark.parametrize(("tiles", "points"), WORKED_EXAMPLES)
def test_each_worked_example_of_the_source_scores_as_printed(tiles, points):
    assert read_meld(tiles).points == points


def test_a_doubles_meld_reads_each_double_as_its_number():
    meld = read_meld("[10-10] [0-0] [2-2] [7-7]")
    assert meld.kind == DOUBLES
    assert meld.suit is None
    assert meld.values == (0, 2, 7, 10)
    assert meld.tiles == ((0, 0), (2, 2), (7, 7), (10, 10))


def test_a_suit_meld_reads_each_tile_as_its_other_number_and_the_double_as_the_suit():
    meld = read_meld("[7-8] [7-0] [7-7]")
    assert meld.kind == SUIT
    assert meld.suit == 7
    assert meld.values == (0, 7, 8)
    assert meld.tiles == ((0, 7), (7, 7), (7, 8))


def test_three_consecutive_values_score_7_and_four_score_9():
    assert read_meld("[15-13] [15-14] [15-15]").points == 7
    assert read_meld("[12-12] [13-13] [14-14] [15-15]").points == 9


def test_a_meld_holds_3_or_4_tiles():
    with pytest.raises(RulesError, match=r"^A meld holds 3 or 4 tiles, not 5$"):
        read_meld("[7-0] [7-1] [7-2] [7-3] [7-4]")


def test_tiles_with_no_common_suit_that_are_not_all_doubles_form_no_meld():
    message = r"^\[0-7\] \[7-7\] \[8-8\] is not a meld: the tiles share no suit"
    with pytest.raises(RulesError, match=message):
        read_meld("[7-0] [7-7] [8-8]")


def test_a_meld_names_a_tile_given_twice():
    with pytest.raises(RulesError, match=r"^The meld's tiles hold \[0-7\] twice$"):
        read_meld("[7-0] [0-7] [7-1]")


def test_a_meld_is_described_in_plain_words():
    assert read_meld("[7-0] [7-1] [7-2]").describe() == "[0-7] [1-7] [2-7] as suit 7: 7 points"
    assert read_meld("[0-0] [2-2] [10-10]").describe() == "[0-0] [2-2] [10-10] as doubles: 1 point"


def test_a_hand_adds_its_two_melds():
    hand = best_hand("[7-0] [7-1] [7-2] [7-3] [9-9] [11-11] [13-13]")
    assert hand.four.values == (0, 1, 2, 3)
    assert hand.three.kind == DOUBLES
    assert not hand.doubled
    assert hand.points == 10


def test_a_hand_with_both_melds_in_the_same_suit_scores_double():
    hand = best_hand("[7-0] [7-1] [7-2] [7-3] [7-8] [7-9] [7-10]")
    assert hand.doubled
    assert hand.points == (9 + 7) * 2


def test_a_hand_with_two_doubles_melds_scores_double():
    hand = best_hand("[0-0] [2-2] [10-10] [7-7] [12-12] [13-13] [14-14]")
    assert hand.doubled
    assert hand.points == (1 + 7) * 2


def test_melds_in_different_suits_are_not_doubled():
    hand = best_hand("[7-0] [7-1] [7-2] [7-3] [8-0] [8-2] [8-4]")
    assert (hand.four.suit, hand.three.suit) == (7, 8)
    assert not hand.doubled
    assert hand.points == 9 + 1


def test_it_finds_the_split_that_scores_most_when_a_double_could_go_either_way():
    # [7-7] fits the doubles run or the suit of 7: the run of doubles scores more.
    hand = best_hand("[5-5] [6-6] [7-7] [8-8] [7-0] [7-1] [7-2]")
    assert hand.four.kind == DOUBLES
    assert hand.four.values == (5, 6, 7, 8)
    assert hand.three.suit == 7
    assert hand.points == 9 + 7


def test_it_finds_the_best_of_several_splits_of_seven_doubles():
    # {0 1 2 3} + {4 5 7} scores (9 + 2) * 2; {0 1 2} + {3 4 5 7} only (7 + 3) * 2.
    hand = best_hand("[0-0] [1-1] [2-2] [3-3] [4-4] [5-5] [7-7]")
    assert hand.doubled
    assert hand.points == 22


def test_the_tiles_may_be_entered_in_any_order_and_either_way_round():
    first = best_hand("[7-0] [7-1] [7-2] [7-3] [7-8] [7-9] [7-10]")
    second = best_hand(["10-7", "9-7", "8-7", "3/7", "2 7", "1-7", "[0-7]"])
    assert first == second


def test_score_hand_gives_the_best_score():
    assert score_hand("[0-0] [1-1] [2-2] [3-3] [5-5] [6-6] [7-7]") == (9 + 7) * 2


def test_seven_tiles_that_form_no_winning_hand_are_refused():
    with pytest.raises(RulesError, match=r"^These seven tiles form no winning hand$"):
        best_hand("[7-0] [7-1] [7-2] [7-3] [8-0] [9-2] [8-4]")


def test_a_winning_hand_holds_seven_tiles():
    with pytest.raises(RulesError, match=r"^A winning hand holds 7 tiles, not 6$"):
        best_hand("[7-0] [7-1] [7-2] [7-3] [8-0] [8-2]")


def test_a_hand_names_a_tile_given_twice():
    with pytest.raises(RulesError, match=r"^The hand's tiles hold \[2-7\] twice$"):
        best_hand("[7-0] [7-1] [7-2] [7-3] [8-0] [8-2] [2-7]")


def test_a_hand_names_a_tile_outside_the_double_fifteen_set():
    with pytest.raises(RulesError, match=r"^\[16-0\] is not in a double-fifteen set$"):
        best_hand("[16-0] [7-1] [7-2] [7-3] [8-0] [8-2] [8-4]")


def test_the_best_hand_is_described_in_plain_words():
    doubled = best_hand("[7-0] [7-1] [7-2] [7-3] [7-8] [7-9] [7-10]").describe()
    assert doubled == [
        "[0-7] [1-7] [2-7] [3-7] as suit 7: 9 points",
        "[7-8] [7-9] [7-10] as suit 7: 7 points",
        "Both melds alike, so doubled: 32 points",
    ]
    plain = best_hand("[7-0] [7-1] [7-2] [7-3] [8-0] [8-2] [8-4]").describe()
    assert plain[-1] == "Total: 10 points"


def test_the_possible_hand_scores_follow_from_the_meld_scores():
    # Four tiles score 1, 2, 3 or 9; three tiles 1, 2 or 7; a hand may be doubled.
    assert sorted(POSSIBLE_SCORES) == [2, 3, 4, 5, 6, 8, 9, 10, 11, 16, 18, 20, 22, 32]


# An independent reading, to check the best split against every split.


def _meld_score(tiles):
    """Return the score of 3 or 4 tiles as a meld, or None; written apart from the module."""
    if all(a == b for a, b in tiles):
        values = sorted(a for a, _ in tiles)
        suit = "doubles"
    else:
        suits = [n for n in range(16) if all(n in tile for tile in tiles)]
        if not suits:
            return None
        suit = suits[0]
        values = sorted(b if a == suit else a for a, b in tiles)
    steps = [high - low for low, high in pairwise(values)]
    if all(step == 1 for step in steps):
        return suit, 1 + 2 * len(values)
    return suit, 1 + steps.count(1)


def _every_split_score(tiles):
    scores = []
    for four in combinations(tiles, 4):
        three = [tile for tile in tiles if tile not in four]
        first, second = _meld_score(list(four)), _meld_score(three)
        if first and second:
            total = first[1] + second[1]
            scores.append(total * 2 if first[0] == second[0] else total)
    return scores


@st.composite
def melds(draw, size):
    if draw(st.booleans()):
        values = draw(st.lists(st.integers(0, 15), min_size=size, max_size=size, unique=True))
        return [(value, value) for value in values]
    suit = draw(st.integers(0, 15))
    values = draw(st.lists(st.integers(0, 15), min_size=size, max_size=size, unique=True))
    return [(min(suit, value), max(suit, value)) for value in values]


@st.composite
def winning_hands(draw):
    four = draw(melds(4))
    three = draw(melds(3).filter(lambda tiles: not set(tiles) & set(four)))
    return draw(st.permutations(four + three))


@given(winning_hands())
def test_the_best_split_scores_at_least_as_much_as_any_split(tiles):
    hand = best_hand(tiles)
    scores = _every_split_score(tiles)
    assert all(hand.points >= score for score in scores)
    assert hand.points in scores
    assert hand.points in POSSIBLE_SCORES


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=7, max_size=7))
def test_seven_tiles_of_few_numbers_score_the_best_split_or_are_refused(pairs):
    tiles = list({(min(pair), max(pair)) for pair in pairs})
    if len(tiles) != 7:
        return
    scores = _every_split_score(tiles)
    if scores:
        assert score_hand(tiles) == max(scores)
    else:
        with pytest.raises(RulesError, match="form no winning hand"):
            best_hand(tiles)


# The game


def test_only_the_player_who_calls_scores_and_a_hand_no_one_calls_scores_nothing():
    state = fold_game([(1, 10), (None, 0), (2, 4)], players=3)
    assert state.totals == (0, 10, 4)
    assert not state.finished


def test_the_first_player_to_reach_the_agreed_total_wins():
    state = fold_game([(0, 16), (1, 10), (0, 9)], players=2)
    assert TARGET == 25
    assert state.finished
    assert (state.winner, state.finished_at) == (0, 2)


def test_the_agreed_total_can_be_changed():
    assert fold_game([(0, 16)], players=2, target=10).finished


def test_a_hand_no_one_called_cannot_score():
    with pytest.raises(RulesError, match=r"^Hand 1: no one called That's it, so no one scores$"):
        fold_game([(None, 5)], players=2)


def test_the_caller_must_be_at_the_table():
    with pytest.raises(RulesError, match=r"^Hand 1: the caller must be Player 1 or Player 2$"):
        fold_game([(2, 5)], players=2)


def test_a_score_no_hand_can_make_is_refused():
    with pytest.raises(RulesError, match=r"^Hand 2: no That's It hand scores 7 points$"):
        fold_game([(0, 5), (1, 7)], players=2)


def test_each_hand_is_its_caller_and_score():
    with pytest.raises(RulesError, match=r"^Hand 1: enter 2 values"):
        fold_game([(0,)], players=2)


def test_hands_cannot_be_added_after_the_game_is_won():
    with pytest.raises(RulesError, match="won at hand 1, so hand 2 cannot stand"):
        fold_game([(0, 32), (None, 0)], players=2)


@pytest.mark.parametrize("players", [1, 9])
def test_it_is_played_by_2_to_8_players(players):
    with pytest.raises(RulesError, match=rf"^Players: {players} is (less|more) than"):
        fold_game([], players=players)


def test_the_agreed_total_is_an_option_defaulting_to_25():
    assert clean_options({}) == {"target": 25}
    assert target_score({"target": "40"}) == 40


def test_the_house_rules_give_the_agreed_total():
    rules = house_rules({"target": 40})
    assert rules[-1] == "The first player to reach 40 points wins the game."
    assert any("doubled when both melds are of the same suit" in rule for rule in rules)
