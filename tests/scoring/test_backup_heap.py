"""The restore keeps the cycle collector paused for its length and puts it back after."""

import gc

import pytest

from scoring.backup.heap import frozen_heap


def test_the_collector_is_paused_inside_and_back_after_even_on_an_error():
    assert gc.isenabled()
    with pytest.raises(ValueError), frozen_heap():
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0
        raise ValueError("the restore failed")
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_a_caller_that_paused_the_collector_keeps_it_paused():
    gc.disable()
    try:
        with frozen_heap():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
