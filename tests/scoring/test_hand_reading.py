"""A stored hand is read by the rules once per process, and again whenever what it holds changes."""

from games.engine import Table
from games.registry import get_game
from scoring.selectors import hand_reading
from scoring.selectors.hand_reading import read_hand


def test_the_same_hand_is_scored_once_and_a_changed_one_again(monkeypatch):
    spec = get_game("double_draw")
    calls = []
    scores = spec.hands.score_entry
    monkeypatch.setattr(spec.hands, "score_entry", lambda *a: calls.append(a) or scores(*a))
    monkeypatch.setattr(hand_reading, "_KEPT", {})
    table = Table(players=3)
    hand = {"pips_0": 0, "pips_1": 7, "pips_2": 12}
    first = read_hand(spec, table, {}, hand)
    assert read_hand(spec, table, {}, dict(hand)) is first
    assert len(calls) == 1
    corrected = read_hand(spec, table, {}, {**hand, "pips_1": 9})
    assert corrected[1].points != first[1].points and len(calls) == 2
    # Another table or other house rules are another reading.
    read_hand(spec, Table(players=3), {"table_size": 3}, hand)
    assert len(calls) == 3


def test_it_keeps_at_most_its_limit(monkeypatch):
    spec = get_game("double_draw")
    monkeypatch.setattr(hand_reading, "_KEPT", {})
    monkeypatch.setattr(hand_reading, "MOST_KEPT", 3)
    for pips in range(10):
        read_hand(spec, Table(players=2), {}, {"pips_0": 0, "pips_1": pips})
    assert len(hand_reading._KEPT) <= 3
