"""The demo's hands: every game's examples (beside its rules, given by the registry) are
legal and play a game to its end."""

import random

import pytest

from games.registry import GAMES, get_game


def tables():
    for key, spec in GAMES.items():
        for team_size in spec.team_sizes:
            for sides in spec.tables({}, team_size).sizes[:4]:
                yield key, spec.table({}, sides=sides, team_size=team_size)


@pytest.mark.parametrize(("key", "table"), list(tables()))
def test_example_hands_are_legal_and_finish_a_game(key, table):
    spec = get_game(key)
    rng = random.Random(7)
    entries = []
    state = spec.fold([], table, {})
    for number in range(1, 200):
        data = spec.example_hand(table, rng, number, state.totals)
        entry = spec.entry_from_data(data, table, {})
        spec.score_entry(entry, table, {})
        entries.append(entry)
        state = spec.fold(entries, table, {})
        if state.decision is not None:
            # Texas Good Sams: one hand took both sides to 250; say who got there first.
            entries[-1] = spec.entry_from_data(
                {**data, state.decision.field: state.decision.choices[0]}, table, {}
            )
            state = spec.fold(entries, table, {})
        if state.finished:
            break
    assert state.finished
