"""The database backs the hand rules: a hand that breaks them cannot be stored at all."""

import uuid

import pytest
from django.db import IntegrityError

from scoring.models import Hand

pytestmark = pytest.mark.django_db


def make_hand(game, **fields):
    values = {"game": game, "number": 1, "entry_key": uuid.uuid4(), "end": "none", **fields}
    return Hand.objects.create(**values)


def test_a_consistent_hand_is_stored(game):
    hand = make_hand(game, play_0=10, award_0=15, points_0=25, end="out", out_seat=0, pips_1=13)
    assert hand.rounded_pips == (None, 15)


@pytest.mark.parametrize(
    "fields",
    [
        {"play_0": 12, "points_0": 12},
        {"play_0": 10, "points_0": 15},
        {"penalty_1": 50, "points_1": 5},
        {"end": "out"},
        {"out_seat": 1},
        {"end": "blocked", "pips_0": 10},
        {"pips_0": 10},
        {"reached_first": 2},
        {"number": 0},
    ],
)
def test_a_hand_breaking_a_rule_is_refused_by_the_database(game, fields):
    with pytest.raises(IntegrityError):
        make_hand(game, **fields)


def test_two_hands_cannot_share_a_number_or_a_form_key(game):
    key = uuid.uuid4()
    make_hand(game, entry_key=key)
    with pytest.raises(IntegrityError):
        make_hand(game, number=2, entry_key=key)


def test_two_hands_cannot_share_a_number(game):
    make_hand(game)
    with pytest.raises(IntegrityError):
        make_hand(game)
