"""Reading tiles, the sets, and rounding pips to the nearest 5."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import RulesError
from games.rules.tiles import (
    check_multiple_of_five,
    double_count,
    format_tile,
    format_tiles,
    full_set,
    is_double,
    parse_tile,
    parse_tiles,
    pips,
    round_to_nearest_five,
    set_name,
    set_pip_total,
    tile_count,
)


@pytest.mark.parametrize("text", ["[4-6]", "4-6", "6-4", "4 6", "4/6", " [ 6 - 4 ] ", "4\u20136"])
def test_it_reads_a_tile_written_any_usual_way_as_low_high(text):
    assert parse_tile(text, max_pip=6) == (4, 6)


def test_it_reads_a_pair_of_numbers_as_a_tile():
    assert parse_tile((6, 4), max_pip=6) == (4, 6)
    assert parse_tile([3, 3], max_pip=6) == (3, 3)


def test_it_reads_double_digit_tiles_in_a_double_fifteen_set():
    assert parse_tile("[15-12]", max_pip=15) == (12, 15)


@pytest.mark.parametrize("text", ["", "46", "4-", "four-six", "[4-6-1]", "4--6"])
def test_it_refuses_text_that_is_not_a_tile(text):
    with pytest.raises(RulesError, match=r"is not a tile; write a tile like"):
        parse_tile(text, max_pip=6)


@pytest.mark.parametrize("value", [(1, 2, 3), 5, (1, "2"), (1.0, 2)])
def test_it_refuses_values_that_are_not_a_pair_of_numbers(value):
    with pytest.raises(RulesError, match=r"is not a tile"):
        parse_tile(value, max_pip=6)


def test_it_names_a_tile_outside_the_set():
    with pytest.raises(RulesError, match=r"^\[7-7\] is not in a double-six set$"):
        parse_tile("7-7", max_pip=6)


def test_it_refuses_a_negative_number_on_a_tile():
    with pytest.raises(RulesError, match=r"\[-1-3\] is not in a double-six set"):
        parse_tile((-1, 3), max_pip=6)


def test_it_reads_several_tiles_in_a_line_in_the_order_given():
    assert parse_tiles("[4-6] [1-1], 2-0; 5/3 6 6", max_pip=6) == [
        (4, 6),
        (1, 1),
        (0, 2),
        (3, 5),
        (6, 6),
    ]


def test_it_reads_tiles_run_together_in_brackets():
    assert parse_tiles("[4-6][1-1]", max_pip=6) == [(4, 6), (1, 1)]


def test_it_reads_a_list_of_tiles():
    assert parse_tiles(["4-6", (1, 1)], max_pip=6) == [(4, 6), (1, 1)]


def test_it_reads_no_tiles_from_a_blank_line():
    assert parse_tiles("  ", max_pip=6) == []


def test_it_refuses_a_stray_number_among_tiles():
    with pytest.raises(RulesError, match=r'Cannot read "3" as tiles'):
        parse_tiles("4-6 1-2 3", max_pip=6)


def test_it_names_the_tile_held_twice_and_whose_tiles_they_are():
    with pytest.raises(RulesError, match=r"^Seat 3's tiles hold \[4-4\] twice$"):
        parse_tiles("[4-4] [1-2] 4/4", max_pip=6, what="Seat 3's tiles")


def test_it_counts_the_same_tile_written_both_ways_as_a_repeat():
    with pytest.raises(RulesError, match=r"The tiles hold \[2-5\] twice"):
        parse_tiles(["5-2", "2-5"], max_pip=6)


def test_it_names_a_tile_outside_the_set_among_several():
    with pytest.raises(RulesError, match=r"\[3-16\] is not in a double-fifteen set"):
        parse_tiles("[3-15] [3-16]", max_pip=15)


def test_it_writes_a_tile_low_number_first():
    assert format_tile((6, 4)) == "[4-6]"
    assert format_tiles([(0, 0), (2, 1)]) == "[0-0] [1-2]"


def test_a_double_six_set_has_28_tiles_168_pips_and_7_doubles():
    assert tile_count(6) == 28
    assert set_pip_total(6) == 168
    assert double_count(6) == 7
    assert set_name(6) == "double-six"


def test_a_double_fifteen_set_has_136_tiles_and_16_doubles():
    assert tile_count(15) == 136
    assert double_count(15) == 16
    assert set_name(15) == "double-fifteen"


def test_a_set_holds_every_tile_once_low_number_first():
    tiles = full_set(6)
    assert len(set(tiles)) == len(tiles)
    assert all(low <= high for low, high in tiles)
    assert (0, 0) in tiles
    assert (6, 6) in tiles


@pytest.mark.parametrize("max_pip", [0, 22, "6"])
def test_it_refuses_a_set_it_does_not_know(max_pip):
    with pytest.raises(RulesError, match=r"The set's highest double"):
        full_set(max_pip)


def test_it_counts_pips_and_spots_doubles():
    assert pips((4, 6)) == 10
    assert is_double((5, 5))
    assert not is_double((4, 5))


@pytest.mark.parametrize(
    ("raw", "rounded"),
    [(0, 0), (2, 0), (3, 5), (5, 5), (7, 5), (8, 10), (12, 10), (13, 15), (168, 170)],
)
def test_it_rounds_to_the_nearest_5_with_1_or_2_down_and_3_or_4_up(raw, rounded):
    assert round_to_nearest_five(raw) == rounded


def test_it_rounds_13_up_to_15():
    assert round_to_nearest_five(13) == 15


def test_it_refuses_to_round_a_negative_pip_count():
    with pytest.raises(RulesError, match=r"Pips: -3 is less than 0"):
        round_to_nearest_five(-3)


@given(st.integers(min_value=0, max_value=10_000))
def test_rounding_is_idempotent_and_within_2_of_the_input(raw):
    rounded = round_to_nearest_five(raw)
    assert rounded % 5 == 0
    assert abs(rounded - raw) <= 2
    assert round_to_nearest_five(rounded) == rounded


def test_it_accepts_a_multiple_of_five():
    assert check_multiple_of_five(35, what="Points") == 35


def test_it_says_why_a_score_is_refused():
    with pytest.raises(RulesError, match=r"^Side 1's play points: 12 is not a multiple of 5$"):
        check_multiple_of_five(12, what="Side 1's play points")


def test_it_refuses_a_negative_score():
    with pytest.raises(RulesError, match=r"Points: -5 is less than 0"):
        check_multiple_of_five(-5, what="Points")


def test_it_refuses_a_score_above_the_limit():
    with pytest.raises(RulesError, match=r"Points: 1005 is more than 1000"):
        check_multiple_of_five(1005, what="Points", high=1000)
