"""The database backs the hand: numbered from 1, once per game, one hand per form key.

The rules of a hand (multiples of 5, points that add up, pips only where the hand
ended so) are the game's rules module's to enforce for every game alike: the hand
stores each side's points and the detail the rules checked, read back here.
"""

import uuid

import pytest
from django.db import IntegrityError

from games.rules.texas_good_sams import entry as tgs
from tests.scoring.builders import make_hand

pytestmark = pytest.mark.django_db


def test_a_consistent_hand_is_stored(game):
    detail = {
        "end": "out_0",
        "reached_first": None,
        "play_0": 10,
        "muggins_0": 0,
        "pips_0": None,
        "play_1": 0,
        "muggins_1": 0,
        "pips_1": 13,
        "penalties": [],
    }
    hand = make_hand(game, points=[25, 0], detail=detail)
    hand.refresh_from_db()
    table = game.event.game.table({}, sides=2, team_size=2)
    entry = game.event.game.entry_from_data(hand.detail, table, {})
    assert tgs.score_entry_parts(entry, {}).rounded_pips == (None, 15)
    assert hand.points == [25, 0]


def test_a_hand_numbered_below_1_is_refused_by_the_database(game):
    with pytest.raises(IntegrityError):
        make_hand(game, number=0)


def test_two_hands_cannot_share_a_number_or_a_form_key(game):
    key = uuid.uuid4()
    make_hand(game, entry_key=key)
    with pytest.raises(IntegrityError):
        make_hand(game, number=2, entry_key=key)


def test_two_hands_cannot_share_a_number(game):
    make_hand(game)
    with pytest.raises(IntegrityError):
        make_hand(game)
