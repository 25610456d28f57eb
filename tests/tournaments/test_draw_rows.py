"""Tests for the draw's bulk writes' pure helpers (no database)."""

from tournaments.services.draw_rows import _array


def test_an_array_literal_holds_ints_and_nulls_in_order():
    assert _array([3, None, 1]) == "{3,NULL,1}"
    assert _array([7]) == "{7}"
    assert _array([]) == "{}"


def test_an_array_literal_holds_flags_and_game_statuses():
    assert _array([True, False]) == "{True,False}"
    assert _array(["bye", "ready", None]) == "{bye,ready,NULL}"
