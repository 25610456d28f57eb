"""What every bracket format offers: sound pointers, corrections, places, the simulator."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.formats import FormatError, get_format, play, write_place
from tests.games.formats_helpers import play_out, stronger

BRACKETS = ["single_elimination", "double_elimination"]
team_counts = st.integers(2, 300)


def make(key, count, seed=1):
    return get_format(key).make(list(range(1, count + 1)), seed=seed)


@pytest.mark.parametrize("key", BRACKETS)
@settings(max_examples=60, deadline=None)
@given(count=team_counts, seed=st.integers())
def test_every_slot_of_a_game_is_filled_from_exactly_one_place(key, count, seed):
    structure = make(key, count, seed)

    drawn = []
    for game, slots in zip(structure.games, structure.feeders(), strict=True):
        filled = sorted(len(sources) for sources in slots)
        assert filled == ([0, 1] if game.bye else [1, 1]), structure.game_name(game.index)
        drawn += [s.value for sources in slots for s in sources if s.kind == "entrant"]
    assert sorted(drawn) == list(structure.entrants) == list(range(1, count + 1))


@pytest.mark.parametrize("key", BRACKETS)
@settings(max_examples=60, deadline=None)
@given(count=team_counts, seed=st.integers())
def test_every_winner_and_loser_goes_to_a_later_game(key, count, seed):
    structure = make(key, count, seed)

    for game in structure.games:
        for pointer in (game.winner_to, game.loser_to):
            assert pointer is None or pointer[0] > game.index
        assert game.only_if is None or game.only_if[0] < game.index
    champions_games = [g for g in structure.games if g.winner_to is None]
    assert len(champions_games) == 1


@pytest.mark.parametrize("key", BRACKETS)
@settings(max_examples=40, deadline=None)
@given(count=team_counts, seed=st.integers(), pick=st.randoms(use_true_random=False))
def test_the_places_cover_every_entrant_once_and_skip_after_a_shared_place(key, count, seed, pick):
    structure = make(key, count, seed)

    _, outcome, _ = play_out(structure, lambda first, second: pick.randint(0, 1))

    placings = outcome.placings
    assert sorted(p.team for p in placings) == list(structure.entrants)
    for placing in placings:
        level = [p for p in placings if p.place == placing.place]
        assert placing.place == 1 + sum(p.place < placing.place for p in placings)
        assert placing.shared == (len(level) > 1)
    assert [p.place for p in placings[:2]] == [1, 2]


@pytest.mark.parametrize("key", BRACKETS)
@settings(max_examples=40, deadline=None)
@given(count=st.integers(2, 64), seed=st.integers(), pick=st.randoms(use_true_random=False))
def test_a_changed_result_touches_only_the_games_it_names(key, count, seed, pick):
    structure = make(key, count, seed)
    results, before, _ = play_out(structure, lambda first, second: pick.randint(0, 1))
    changed = pick.choice(sorted(results))

    # The corrected result stands with every result it cannot touch; the games it
    # touches are replayed from scratch as they come.
    touched = set(structure.touched_by(changed))
    kept = {index: slot for index, slot in results.items() if index not in touched}
    kept[changed] = 1 - results[changed]
    _, after, _ = play_out_from(structure, kept, pick)

    differ = {i for i in range(len(structure.games)) if before.sides[i] != after.sides[i]}
    assert differ <= touched
    assert changed not in touched


def play_out_from(structure, results, pick):
    """Play on from these results, drawing the rest."""
    results = dict(results)
    while True:
        outcome = play(structure, results)
        ready = [
            g.index
            for g in structure.games
            if not g.bye
            and g.index not in results
            and g.index not in outcome.skipped
            and None not in outcome.sides[g.index]
        ]
        if not ready:
            return results, outcome, None
        results |= {index: pick.randint(0, 1) for index in ready}


def test_a_grand_final_touches_only_its_reset_and_a_first_game_all_it_feeds():
    structure = get_format("double_elimination").from_first_round([(1, 8), (4, 5), (2, 7), (3, 6)])

    assert structure.touched_by(13) == (14,)
    assert structure.touched_by(14) == ()
    # Game 1: winners' round 2 (5), the losers' first game (7) and all after them.
    assert structure.touched_by(0) == (4, 6, 8, 9, 10, 11, 12, 13, 14)


def test_a_result_before_both_teams_are_known_is_refused():
    structure = make("single_elimination", 4)

    with pytest.raises(FormatError, match=r"^Game 3 \(Final\) has a result before both"):
        play(structure, {2: 0})


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ({7: 0}, r"^There is no game 8 in this bracket$"),
        ({-1: 0}, r"^There is no game 0 in this bracket$"),
        ({0: 0}, r"^Game 1 \(Quarter-final\) is a bye: nobody plays it$"),
        ({1: 2}, r"^Game 2 \(Quarter-final\) is won by slot 0 or 1, not 2$"),
    ],
)
def test_a_result_that_cannot_be_is_refused_and_says_why(results, message):
    structure = get_format("single_elimination").from_first_round(
        [(1, None), (4, 5), (2, None), (3, None)]
    )

    with pytest.raises(FormatError, match=message):
        play(structure, results)


def test_an_unfinished_bracket_places_only_the_teams_that_are_out():
    structure = get_format("single_elimination").from_first_round([(1, 4), (2, 3)])

    outcome = play(structure, {0: 0, 1: 1})

    assert outcome.champion is None
    assert outcome.sides[2] == (1, 3)
    assert [(p.place, p.team, p.shared) for p in outcome.placings] == [(3, 2, True), (3, 4, True)]


def test_places_are_written_as_a_results_list_shows_them():
    written = [write_place(place, shared) for place, shared in [(1, False), (2, False)]]
    written += [write_place(3, True), write_place(4, False), write_place(11, False)]
    written += [write_place(12, True), write_place(13, False), write_place(21, False)]
    written += [write_place(22, False), write_place(23, True), write_place(112, False)]

    assert written == [
        "1st", "2nd", "=3rd", "4th", "11th", "=12th", "13th", "21st", "22nd", "=23rd", "112th"
    ]  # fmt: skip


def test_a_finished_bracket_played_by_strength_has_the_strongest_champion():
    for key in BRACKETS:
        _, outcome, _ = play_out(make(key, 37), stronger)
        assert outcome.champion == 1
