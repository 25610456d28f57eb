"""A hand's points alone (`hand_points`) and a fold of points already scored
(`fold_scored`) are what `score_entry` and `fold` give, for every game and table; and so
is a hand read and scored by `hand_scorer`, the options checked once."""

import random

import pytest

from games.registry import GAMES
from games.rules import RulesError


def _tables(spec):
    """Yield every table the game may be played at (sides and team size)."""
    for team_size in spec.team_sizes:
        for sides in spec.sides_per_game:
            try:
                yield spec.table({}, sides=sides, team_size=team_size)
            except RulesError:
                continue


@pytest.mark.parametrize("key", sorted(GAMES))
def test_points_alone_and_their_fold_are_the_games_own(key):
    spec, rng = GAMES[key], random.Random(19)
    for table in _tables(spec):
        score = spec.hand_scorer(table, {})
        for _ in range(20):
            entries, points = [], []
            totals = [0] * table.sides
            for number in range(1, 6):
                data = spec.example_hand(table, rng, number, totals)
                entry = spec.entry_from_data(data, table, {})
                scored = spec.score_entry(entry, table, {})
                assert spec.hand_points(entry, table, {}) == tuple(scored.points)
                assert score(data) == (entry, tuple(scored.points))
                entries.append(entry)
                points.append(spec.hand_points(entry, table, {}))
                try:
                    expected = spec.fold(entries, table, {})
                except RulesError:
                    entries.pop()
                    points.pop()
                    break
                assert spec.fold_scored(entries, points, table, {}) == expected
                totals = list(expected.totals)
                if expected.finished:
                    break


def test_the_scorer_refuses_a_hand_as_the_rules_do():
    spec = GAMES["double_draw"]
    table = next(_tables(spec))
    with pytest.raises(RulesError) as refused:
        spec.entry_from_data({}, table, {})
    with pytest.raises(RulesError) as by_scorer:
        spec.hand_scorer(table, {})({})
    assert str(by_scorer.value) == str(refused.value)
