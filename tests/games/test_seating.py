"""Seating a round: planning the tables, fair sit-outs and avoiding repeat opponents."""

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import seating_tables
from games.rules import RulesError
from games.seating import Seating, plan_tables, seat_round

THATS_IT = tuple(range(2, 9))
# (sizes, preferred) of the games' rounds events.
GAME_TABLES = [
    ((3,), 3),  # Domino Pinochle
    ((2, 3, 4), 4),  # Double Draw
    (THATS_IT, 4),  # That's It, largest table 8
    ((2, 3), 3),  # Double Takes
    ((2,), 2),  # partnership events
]


def pairs_at(table):
    return [frozenset(pair) for pair in itertools.combinations(table, 2)]


def meetings_after(seating_, met=None):
    """Return met updated with the pairs who sat together in this seating."""
    met = dict(met or {})
    for table in seating_.tables:
        for pair in pairs_at(table):
            met[pair] = met.get(pair, 0) + 1
    return met


def repeats_in(tables, met):
    return sum(1 for table in tables for pair in pairs_at(table) if met.get(pair, 0) > 0)


def every_seating(entrants, plan):
    """Yield every way to seat the entrants at tables of the plan's sizes."""
    if not plan:
        yield []
        return
    first, rest = entrants[0], entrants[1:]
    for size in sorted(set(plan)):
        others = list(plan)
        others.remove(size)
        for mates in itertools.combinations(rest, size - 1):
            left = [entrant for entrant in rest if entrant not in mates]
            for tables in every_seating(left, others):
                yield [(first, *mates), *tables]


def fewest_repeats(entrants, plan, met):
    return min(repeats_in(tables, met) for tables in every_seating(list(entrants), plan))


def seated_in(seating_):
    return [entrant for table in seating_.tables for entrant in table]


# Planning the tables.


@pytest.mark.parametrize(
    ("count", "sizes", "preferred", "plan"),
    [
        (10, THATS_IT, 4, ((4, 3, 3), 0)),
        (7, (2, 3), 3, ((3, 2, 2), 0)),
        (10, (3,), 3, ((3, 3, 3), 1)),
        (1, THATS_IT, 4, ((), 1)),
        (0, (3,), 3, ((), 0)),
        (9, THATS_IT, 4, ((3, 3, 3), 0)),
        (12, (2, 3, 4), 4, ((4, 4, 4), 0)),
        (5, (2, 3, 4), 4, ((3, 2), 0)),
        (13, (3,), 3, ((3, 3, 3, 3), 1)),
        (9, (2,), 2, ((2, 2, 2, 2), 1)),
        (4, (2, 3, 4), 2, ((2, 2), 0)),
        (3, (2, 3, 4), 2, ((3,), 0)),
        (11, THATS_IT, 8, ((6, 5), 0)),
        (1000, THATS_IT, 4, ((4,) * 250, 0)),
    ],
)
def test_it_plans_the_worked_examples(count, sizes, preferred, plan):
    assert plan_tables(count, sizes=sizes, preferred=preferred) == plan


def test_it_uses_the_table_count_nearest_the_preferred_size_even_when_sizes_skip_a_number():
    # 2 tables of 2 or 5 cannot seat 9; 3 can.
    assert plan_tables(9, sizes=(2, 5), preferred=2) == ((5, 2, 2), 0)


def test_it_takes_more_smaller_tables_when_two_table_counts_are_equally_near():
    # 2 tables of 1, 3 or 5 cannot seat 5: 1 table of 5 and 3 tables are equally near.
    assert plan_tables(5, sizes=(1, 3, 5), preferred=3) == ((3, 1, 1), 0)


def test_it_takes_the_larger_tables_when_two_plans_are_equally_even():
    # (6, 3, 3) and (5, 5, 2) both square to 54; 4 is not a legal size.
    assert plan_tables(12, sizes=(1, 2, 3, 5, 6, 7), preferred=5) == ((6, 3, 3), 0)


def test_it_plans_a_large_round_with_sizes_that_skip_a_number():
    assert plan_tables(398, sizes=(4, 2), preferred=4) == ((4,) * 99 + (2,), 0)


def planned_by_the_rule(count, sizes, preferred):
    """Return the plan the docstring's rule gives, by looking at every multiset of sizes."""
    plans = [
        combo
        for tables in range(count // min(sizes) + 1)
        for combo in itertools.combinations_with_replacement(sorted(sizes, reverse=True), tables)
        if sum(combo) <= count
    ]
    seated = max(sum(plan) for plan in plans)
    aim = math.ceil(seated / preferred)

    def rank(plan):
        return (
            abs(len(plan) - aim),
            -len(plan),
            sum(size * size for size in plan),
            tuple(-size for size in plan),
        )

    best = min((plan for plan in plans if sum(plan) == seated), key=rank)
    return best, count - seated


@settings(max_examples=150, deadline=None)
@given(
    count=st.integers(0, 12),
    sizes=st.sets(st.integers(1, 6), min_size=1, max_size=4),
    data=st.data(),
)
def test_it_follows_its_rule_for_any_legal_sizes(count, sizes, data):
    preferred = data.draw(st.sampled_from(sorted(sizes)))
    sizes = tuple(sorted(sizes))
    assert plan_tables(count, sizes=sizes, preferred=preferred) == planned_by_the_rule(
        count, sizes, preferred
    )


@given(count=st.integers(0, 300), game=st.sampled_from(GAME_TABLES))
def test_it_seats_the_most_it_can_at_tables_no_larger_than_preferred(count, game):
    sizes, preferred = game
    plan, sit_outs = plan_tables(count, sizes=sizes, preferred=preferred)
    assert sum(plan) + sit_outs == count
    assert sit_outs < min(sizes)  # with sizes that skip no number
    assert all(size in sizes for size in plan)
    assert list(plan) == sorted(plan, reverse=True)
    if plan:
        assert max(plan) - min(plan) <= 1
        assert max(plan) <= preferred


def test_it_refuses_a_negative_count():
    with pytest.raises(RulesError, match=r"^A round seats a whole number of entrants, 0 or more"):
        plan_tables(-1, sizes=(3,), preferred=3)


# Checking the round.


def test_it_refuses_an_entrant_listed_twice():
    with pytest.raises(RulesError, match=r"^Entrant 7 is listed twice: each entrant sits at one"):
        seat_round([3, 7, 5, 7], sizes=(2,), preferred=2, seed=1)


def test_it_refuses_a_round_without_table_sizes():
    with pytest.raises(RulesError, match=r"^No table size is allowed, so nobody can be seated"):
        seat_round([1, 2], sizes=(), preferred=2, seed=1)


@pytest.mark.parametrize("size", [0, -2, 2.5])
def test_it_refuses_a_table_size_below_1_or_not_whole(size):
    with pytest.raises(RulesError, match=rf"^A table cannot seat {size} entrants: a table size"):
        seat_round([1, 2], sizes=(2, size), preferred=2, seed=1)


def test_it_refuses_a_preferred_size_that_is_not_allowed():
    with pytest.raises(
        RulesError,
        match=r"^The preferred table size, 5, is not one of the allowed sizes \(2, 3 or 4\)",
    ):
        seat_round([1, 2], sizes=(4, 2, 3), preferred=5, seed=1)


def test_it_names_a_single_allowed_size_alone():
    with pytest.raises(RulesError, match=r"allowed sizes \(3\), so no table"):
        plan_tables(6, sizes=(3,), preferred=4)


# Seating every entrant.


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(0, 40),
    game=st.sampled_from(GAME_TABLES),
    seed=st.integers(0, 2**32),
    history=st.lists(st.tuples(st.integers(0, 39), st.integers(0, 39)), max_size=60),
)
def test_it_seats_every_entrant_once_or_sits_them_out(count, game, seed, history):
    sizes, preferred = game
    entrants = list(range(100, 100 + count))
    met = {frozenset((100 + a, 100 + b)): 1 for a, b in history if a != b}
    result = seat_round(entrants, sizes=sizes, preferred=preferred, seed=seed, met=met)
    plan, sit_outs = plan_tables(count, sizes=sizes, preferred=preferred)
    assert sorted(seated_in(result) + list(result.sit_outs)) == entrants
    assert tuple(len(table) for table in result.tables) == plan
    assert len(result.sit_outs) == sit_outs
    assert result.repeats == repeats_in(result.tables, met)
    assert result.seed == seed


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(1, 25),
    game=st.sampled_from(GAME_TABLES),
    seed=st.integers(0, 2**32),
    rounds=st.integers(1, 30),
)
def test_nobody_sits_out_twice_before_everybody_has_once(count, game, seed, rounds):
    sizes, preferred = game
    sat_out = {}
    for number in range(rounds):
        result = seat_round(
            range(count), sizes=sizes, preferred=preferred, seed=seed + number, sat_out=sat_out
        )
        for entrant in result.sit_outs:
            sat_out[entrant] = sat_out.get(entrant, 0) + 1
        counts = [sat_out.get(entrant, 0) for entrant in range(count)]
        assert max(counts) - min(counts) <= 1


def test_it_draws_the_sit_outs_among_those_who_sat_out_least():
    sat_out = dict.fromkeys(range(1, 8), 1)  # entrants 8, 9 and 10 never did
    result = seat_round(range(1, 11), sizes=(3,), preferred=3, seed=4, sat_out=sat_out)
    assert len(result.sit_outs) == 1
    assert result.sit_outs[0] in (8, 9, 10)


def test_the_sit_outs_are_drawn_at_random_among_equals():
    drawn = {
        seat_round(range(10), sizes=(3,), preferred=3, seed=seed).sit_outs for seed in range(40)
    }
    assert len(drawn) >= 6


# Reproducing a seating.


def a_round_eight(count=60):
    """Return the meetings and sit-outs of seven rounds of count entrants at tables of 3."""
    met, sat_out = {}, {}
    for number in range(7):
        result = seat_round(
            range(count), sizes=(3,), preferred=3, seed=number, met=met, sat_out=sat_out
        )
        met = meetings_after(result, met)
        for entrant in result.sit_outs:
            sat_out[entrant] = sat_out.get(entrant, 0) + 1
    return met, sat_out


def test_the_same_seed_gives_the_same_seating():
    met, sat_out = a_round_eight(58)
    first = seat_round(range(58), sizes=(3,), preferred=3, seed=99, met=met, sat_out=sat_out)
    again = seat_round(range(58), sizes=(3,), preferred=3, seed=99, met=met, sat_out=sat_out)
    assert first == again


def test_the_order_entrants_come_in_changes_nothing():
    entrants = list(range(20))
    shuffled = entrants[:]
    random.Random(3).shuffle(shuffled)
    met = {frozenset((0, 1)): 2, frozenset((4, 9)): 1}
    reordered = dict(reversed(list(met.items())))
    assert seat_round(entrants, sizes=(2, 3, 4), preferred=4, seed=5, met=met) == seat_round(
        shuffled, sizes=(2, 3, 4), preferred=4, seed=5, met=reordered
    )


def test_a_different_seed_usually_gives_a_different_seating():
    seatings = {
        seat_round(range(20), sizes=THATS_IT, preferred=4, seed=seed).tables for seed in range(20)
    }
    assert len(seatings) == 20


def test_it_seats_entrants_of_different_kinds_of_id():
    entrants = [3, "pair 2", 1, "pair 1"]
    result = seat_round(entrants, sizes=(2,), preferred=2, seed=8)
    assert sorted(map(str, seated_in(result))) == ["1", "3", "pair 1", "pair 2"]
    assert result == seat_round(list(reversed(entrants)), sizes=(2,), preferred=2, seed=8)


def test_it_returns_a_seating_of_tuples_largest_table_first():
    result = seat_round(range(10), sizes=THATS_IT, preferred=4, seed=2)
    assert isinstance(result, Seating)
    assert [len(table) for table in result.tables] == [4, 3, 3]
    assert all(isinstance(table, tuple) for table in result.tables)
    assert result.sit_outs == ()


# Avoiding repeat opponents.


def test_it_counts_each_pair_that_met_before_once():
    met = {frozenset((0, 1)): 3, frozenset((2, 3)): 0}
    result = seat_round([0, 1], sizes=(2,), preferred=2, seed=1, met=met)
    assert result.repeats == 1
    result = seat_round([2, 3], sizes=(2,), preferred=2, seed=1, met=met)
    assert result.repeats == 0


def test_it_ignores_meetings_of_entrants_not_in_the_round():
    met = {frozenset((0, 99)): 1, frozenset((98, 99)): 1}
    assert seat_round(range(4), sizes=(2,), preferred=2, seed=1, met=met).repeats == 0


def test_a_table_of_entrants_who_all_met_keeps_its_repeats():
    met = dict.fromkeys(pairs_at(range(5)), 1)
    result = seat_round(range(5), sizes=THATS_IT, preferred=8, seed=1, met=met)
    assert [len(table) for table in result.tables] == [5]
    assert result.repeats == 10


def test_a_round_where_everybody_met_everybody_has_every_pair_a_repeat():
    met = dict.fromkeys(pairs_at(range(30)), 1)
    result = seat_round(range(30), sizes=(3,), preferred=3, seed=1, met=met)
    assert result.repeats == 30


def test_it_finds_a_round_without_repeats_after_seven_rounds_of_60():
    met, sat_out = a_round_eight(60)
    result = seat_round(range(60), sizes=(3,), preferred=3, seed=8, met=met, sat_out=sat_out)
    assert result.repeats == 0


def test_it_finds_the_one_seating_without_repeats():
    # 0-5 met everybody but their own partner: only (0, 1), (2, 3), (4, 5) is repeat-free.
    partner = {0: 1, 1: 0, 2: 3, 3: 2, 4: 5, 5: 4}
    met = {pair: 1 for pair in pairs_at(range(6)) if partner[min(pair)] != max(pair)}
    result = seat_round(range(6), sizes=(2,), preferred=2, seed=3, met=met)
    assert result.repeats == 0
    assert sorted(tuple(sorted(table)) for table in result.tables) == [(0, 1), (2, 3), (4, 5)]


small_round = st.sampled_from(
    [
        (6, (2,), 2),
        (8, (2,), 2),
        (9, (2,), 2),
        (6, (3,), 3),
        (9, (3,), 3),
        (11, (3,), 3),
        (7, (2, 3), 3),
        (9, (2, 3, 4), 4),
    ]
)


@settings(max_examples=80, deadline=None)
@given(
    round_=small_round,
    seed=st.integers(0, 2**32),
    density=st.floats(0, 1),
    data=st.data(),
)
def test_a_small_round_has_the_fewest_repeats_there_are(round_, seed, density, data):
    count, sizes, preferred = round_
    pairs = pairs_at(range(count))
    met_pairs = data.draw(st.lists(st.sampled_from(pairs), max_size=int(density * len(pairs))))
    met = dict.fromkeys(met_pairs, 1)
    result = seat_round(range(count), sizes=sizes, preferred=preferred, seed=seed, met=met)
    plan, _ = plan_tables(count, sizes=sizes, preferred=preferred)
    assert result.repeats == fewest_repeats(sorted(seated_in(result)), plan, met)


@pytest.fixture
def without_swaps(monkeypatch):
    """Leave the repeats to the search of every seating."""
    monkeypatch.setattr(seating_tables, "SWAP_WORK_BASE", 0)
    monkeypatch.setattr(seating_tables, "SWAP_WORK_PER_ENTRANT", 0)


@pytest.mark.parametrize("seed", range(30))
def test_the_search_of_every_seating_alone_finds_the_fewest_repeats(without_swaps, seed):
    rng = random.Random(seed)
    count, sizes, preferred = rng.choice([(8, (2,), 2), (9, (3,), 3), (10, THATS_IT, 4)])
    met = {pair: 1 for pair in pairs_at(range(count)) if rng.random() < 0.45}
    result = seat_round(range(count), sizes=sizes, preferred=preferred, seed=seed, met=met)
    plan, _ = plan_tables(count, sizes=sizes, preferred=preferred)
    assert result.repeats == fewest_repeats(range(count), plan, met)


def test_a_large_round_without_swaps_still_seats_everybody(without_swaps):
    met, _ = a_round_eight(60)
    result = seat_round(range(60), sizes=(3,), preferred=3, seed=8, met=met)
    assert sorted(seated_in(result)) == list(range(60))
