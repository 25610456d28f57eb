"""Tests for single-elimination brackets (pure: no Django, no database)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.brackets import (
    BracketError,
    BracketGame,
    bracket_size,
    build_bracket,
    byes_count,
    first_round,
    next_slot,
    rounds_count,
)

team_counts = st.integers(2, 300)


def teams_of(count):
    """Return team ids 101, 102, ... for a bracket of ``count`` teams."""
    return list(range(101, 101 + count))


def slots_of(pairs):
    """Return the first round's slots, top to bottom."""
    return [team for pair in pairs for team in pair]


def byes_in(slots):
    """Count the byes among these slots."""
    return sum(team is None for team in slots)


def bye_teams_of(pairs):
    """Return the teams that have a bye in the first round."""
    return {
        first if second is None else second for first, second in pairs if None in (first, second)
    }


@given(team_counts, st.integers())
def test_it_places_every_team_exactly_once(count, seed):
    pairs = first_round(teams_of(count), seed=seed)

    drawn = [team for team in slots_of(pairs) if team is not None]
    assert sorted(drawn) == teams_of(count)
    assert len(pairs) == bracket_size(count) // 2


@given(team_counts, st.integers())
def test_it_never_pairs_a_bye_with_a_bye(count, seed):
    pairs = first_round(teams_of(count), seed=seed)

    assert byes_in(slots_of(pairs)) == bracket_size(count) - count
    assert all(pair != (None, None) for pair in pairs)


@given(team_counts, st.integers())
def test_the_halves_of_every_section_differ_by_at_most_one_bye(count, seed):
    slots = slots_of(first_round(teams_of(count), seed=seed))

    section = len(slots)
    while section >= 2:
        for start in range(0, len(slots), section):
            top = byes_in(slots[start : start + section // 2])
            bottom = byes_in(slots[start + section // 2 : start + section])
            assert abs(top - bottom) <= 1, (section, start)
        section //= 2


@given(team_counts, st.integers(), st.data())
def test_it_gives_the_byes_to_exactly_the_teams_the_official_chose(count, seed, data):
    teams = teams_of(count)
    byes = bracket_size(count) - count
    chosen = data.draw(st.permutations(teams))[:byes]

    pairs = first_round(teams, seed=seed, bye_team_ids=chosen)

    assert bye_teams_of(pairs) == set(chosen)
    assert sorted(team for team in slots_of(pairs) if team is not None) == teams


@given(team_counts, st.integers(), st.randoms(use_true_random=False))
def test_the_same_teams_and_seed_give_the_same_first_round_in_any_order(count, seed, shuffler):
    teams = teams_of(count)
    reordered = list(teams)
    shuffler.shuffle(reordered)

    assert first_round(teams, seed=seed) == first_round(reordered, seed=seed)


@given(team_counts, st.integers())
def test_each_game_sends_its_winner_to_the_next_round(count, seed):
    pairs = first_round(teams_of(count), seed=seed)

    rounds = build_bracket(pairs)

    assert len(rounds) == rounds_count(count)
    assert [len(games) for games in rounds] == [len(pairs) >> index for index in range(len(rounds))]
    for number, games in enumerate(rounds, start=1):
        for position, game in enumerate(games):
            assert (game.round_number, game.position) == (number, position)
            if number == len(rounds):
                assert (game.next_game, game.next_slot) == (None, None)
            else:
                assert (*game.next_game, game.next_slot) == next_slot(number, position)
    fed = sorted((*game.next_game, game.next_slot) for games in rounds[:-1] for game in games)
    every_slot = [
        (number, position, slot)
        for number, games in enumerate(rounds[1:], start=2)
        for position in range(len(games))
        for slot in (0, 1)
    ]
    assert fed == every_slot


@given(team_counts, st.integers())
def test_a_team_with_a_bye_advances_at_once(count, seed):
    pairs = first_round(teams_of(count), seed=seed)

    rounds = build_bracket(pairs)

    assert [game.teams for game in rounds[0]] == pairs
    advanced = set()
    for game in rounds[0]:
        assert game.bye == (None in game.teams)
        if game.bye:
            round_number, position = game.next_game
            assert rounds[round_number - 1][position].teams[game.next_slot] == game.bye_team
            advanced.add(game.bye_team)
        else:
            assert game.bye_team is None
    second_round = rounds[1] if len(rounds) > 1 else []
    placed = {team for game in second_round for team in game.teams if team is not None}
    assert placed == advanced == bye_teams_of(pairs)
    later = [team for games in rounds[2:] for game in games for team in game.teams]
    assert all(team is None for team in later)


def test_two_teams_play_one_game_the_final():
    pairs = first_round([1, 2], seed=3)

    assert sorted(pairs[0]) == [1, 2]
    assert build_bracket(pairs) == [[BracketGame(1, 0, pairs[0], None, None, False)]]


def test_five_teams_get_three_byes_spread_over_both_halves():
    pairs = first_round([1, 2, 3, 4, 5], seed=11)

    assert len(pairs) == 4
    halves = [byes_in(slots_of(pairs[:2])), byes_in(slots_of(pairs[2:]))]
    assert sorted(halves) == [1, 2]


def test_byes_go_to_different_teams_under_different_seeds():
    teams = teams_of(20)

    chosen = {frozenset(bye_teams_of(first_round(teams, seed=seed))) for seed in range(10)}

    assert len(chosen) == 10


@pytest.mark.parametrize("count", [0, 1])
def test_it_refuses_a_bracket_of_fewer_than_two_teams(count):
    with pytest.raises(BracketError, match="A bracket needs at least 2 teams"):
        first_round(teams_of(count), seed=1)


def test_it_refuses_too_few_chosen_byes():
    with pytest.raises(BracketError, match="Choose exactly 3 teams for byes; 2 chosen"):
        first_round([1, 2, 3, 4, 5], seed=1, bye_team_ids=[1, 2])


def test_it_refuses_too_many_chosen_byes():
    with pytest.raises(BracketError, match="Choose exactly 1 team for a bye; 2 chosen"):
        first_round([1, 2, 3, 4, 5, 6, 7], seed=1, bye_team_ids=[1, 2])


def test_it_refuses_chosen_byes_when_the_bracket_has_none():
    with pytest.raises(BracketError, match="This bracket has no byes; 1 chosen"):
        first_round([1, 2, 3, 4], seed=1, bye_team_ids=[1])


def test_it_refuses_a_bye_for_a_team_not_in_the_bracket():
    with pytest.raises(BracketError, match="Team 9 is not in this bracket"):
        first_round([1, 2, 3, 4, 5], seed=1, bye_team_ids=[1, 2, 9])


def test_it_refuses_a_team_chosen_for_a_bye_twice():
    with pytest.raises(BracketError, match="Team 2 is chosen for a bye twice"):
        first_round([1, 2, 3, 4, 5], seed=1, bye_team_ids=[1, 2, 2])


def test_it_refuses_a_team_entered_twice():
    with pytest.raises(BracketError, match="Team 3 is entered twice"):
        first_round([1, 2, 3, 3], seed=1)


@pytest.mark.parametrize(
    ("teams", "slots", "rounds"),
    [(2, 2, 1), (3, 4, 2), (4, 4, 2), (5, 8, 3), (8, 8, 3), (9, 16, 4), (300, 512, 9)],
)
def test_the_bracket_has_the_next_power_of_two_slots(teams, slots, rounds):
    assert bracket_size(teams) == slots
    assert rounds_count(teams) == rounds


@pytest.mark.parametrize(
    ("teams", "byes"), [(0, 0), (1, 0), (2, 0), (3, 1), (5, 3), (16, 0), (17, 15)]
)
def test_the_byes_fill_the_bracket_up_to_its_slots(teams, byes):
    assert byes_count(teams) == byes


def test_the_winner_of_a_game_goes_to_half_its_position_in_the_next_round():
    assert next_slot(1, 0) == (2, 0, 0)
    assert next_slot(1, 1) == (2, 0, 1)
    assert next_slot(2, 5) == (3, 2, 1)


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        ([], "power-of-two number of games, not 0"),
        ([(1, 2), (3, 4), (5, 6)], "power-of-two number of games, not 3"),
        ([(1, 2), (None, None)], "Game 2 of the first round has two byes"),
        ([(1, None)], "A bracket needs at least 2 teams; 1 team entered"),
        ([(1, 2, 3)], "Game 1 of the first round needs two slots"),
    ],
)
def test_build_bracket_refuses_a_first_round_that_cannot_be_played(pairs, message):
    with pytest.raises(BracketError, match=message):
        build_bracket(pairs)


def test_it_draws_and_builds_a_bracket_of_4096_teams():
    pairs = first_round(teams_of(4096), seed=4096)

    rounds = build_bracket(pairs)

    assert len(rounds) == 12
    assert len(rounds[-1]) == 1
    assert byes_in(slots_of(pairs)) == 0
