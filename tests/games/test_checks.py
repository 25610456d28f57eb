"""The shared checks on numbers and seats."""

import pytest

from games.rules import RulesError
from games.rules.checks import (
    check_count,
    check_length,
    check_seat,
    hand_range,
    refuse_hands_after,
    seat_name,
)


def test_rules_error_is_a_value_error():
    assert issubclass(RulesError, ValueError)


def test_it_accepts_a_whole_number_in_range():
    assert check_count(5, what="Pips", high=10) == 5


@pytest.mark.parametrize("value", ["5", 5.0, True, None])
def test_it_refuses_anything_but_a_whole_number(value):
    with pytest.raises(RulesError, match=r"Pips: .* is not a whole number"):
        check_count(value, what="Pips")


def test_it_refuses_a_number_below_the_lowest():
    with pytest.raises(RulesError, match=r"Pips: -1 is less than 0"):
        check_count(-1, what="Pips")


def test_it_refuses_a_number_above_the_highest():
    with pytest.raises(RulesError, match=r"Pips: 169 is more than 168"):
        check_count(169, what="Pips", high=168)


def test_it_returns_values_of_the_right_length_as_a_tuple():
    assert check_length([1, 2], count=2, what="The pips") == (1, 2)


def test_it_refuses_the_wrong_number_of_values():
    with pytest.raises(RulesError, match=r"The pips: enter 2 values, one each, not 3"):
        check_length([1, 2, 3], count=2, what="The pips")


def test_it_refuses_a_single_value_where_several_are_needed():
    with pytest.raises(RulesError, match=r"The pips: enter 2 values, one each"):
        check_length(5, count=2, what="The pips")


def test_it_names_seats_from_1():
    assert seat_name(0) == "Side 1"
    assert seat_name(2, seat="Player") == "Player 3"


def test_it_accepts_a_seat_index():
    assert check_seat(1, count=2, what="The side") == 1


@pytest.mark.parametrize("value", [2, -1, None, True])
def test_it_refuses_a_seat_that_is_not_at_the_table(value):
    with pytest.raises(RulesError, match=r"The side must be Side 1 or Side 2"):
        check_seat(value, count=2, what="The side")


def test_it_lists_every_seat_when_refusing_one():
    with pytest.raises(RulesError, match=r"must be Player 1, Player 2 or Player 3"):
        check_seat(3, count=3, what="The caller", seat="Player")


def test_it_writes_one_hand_or_a_range_of_hands():
    assert hand_range(4, 4) == "hand 4"
    assert hand_range(4, 5) == "hands 4-5"


def test_it_lets_the_last_hand_stand():
    refuse_hands_after(2, 3, reason="The game was won at hand 3")


def test_it_refuses_hands_after_the_one_that_ended_the_game():
    message = "The game was won at hand 3, so hands 4-5 cannot stand; delete them first"
    with pytest.raises(RulesError, match=message):
        refuse_hands_after(2, 5, reason="The game was won at hand 3")


def test_refusals_gather_every_refusal_and_raise_them_as_one():
    from games.rules.checks import Refusals

    refusals = Refusals()
    refusals.raise_any()  # nothing kept: nothing raised
    with refusals.about("play_0"):
        raise RulesError("12 is not a multiple of 5")
    with refusals.about():
        raise RulesError("The tricks add up to 43", field="tricks_0")
    refusals.add("Enter the widow", field="widow")
    with pytest.raises(RulesError) as refused:
        refusals.raise_any()
    assert refused.value.problems == (
        ("play_0", "12 is not a multiple of 5"),
        ("tricks_0", "The tricks add up to 43"),
        ("widow", "Enter the widow"),
    )
    assert refused.value.field == "play_0"
    assert str(refused.value) == (
        "12 is not a multiple of 5; The tricks add up to 43; Enter the widow"
    )
