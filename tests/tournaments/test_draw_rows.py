"""Tests for the draw's bulk writes' pure helpers (no database)."""

import gc

from tournaments.services.draw_rows import _array, collector_paused


def test_an_array_literal_holds_ints_and_nulls_in_order():
    assert _array([3, None, 1]) == "{3,NULL,1}"
    assert _array([7]) == "{7}"
    assert _array([]) == "{}"


def test_an_array_literal_holds_flags_and_game_statuses():
    assert _array([True, False]) == "{True,False}"
    assert _array(["bye", "ready", None]) == "{bye,ready,NULL}"


def test_the_collector_is_held_off_inside_and_as_it_was_after():
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():  # a draw inside a draw leaves it off
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # off before: left off
    finally:
        gc.enable()
