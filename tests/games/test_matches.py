"""Matches of several games (`games.matches`): the fold of a match's hands, its rule per
round, and the rule at time (docs/rules.md, matches)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import Decision, Fold
from games.matches import (
    MatchFold,
    MatchRule,
    best_of,
    fold_match,
    game_in_play,
    games_at_close,
    match_fold,
    match_winner_at_time,
    most_games,
    score_line,
    winner_at_time_of,
)
from games.registry import get_game
from games.rules import RulesError

TARGET = 250


def points_fold(points):
    """A game to 250 where each hand gives points per side (the first to 250 wins)."""

    def fold(indexes):
        totals = [0, 0]
        for at, index in enumerate(indexes):
            for side, value in enumerate(points[index]):
                totals[side] += value
            if max(totals) >= TARGET:
                if at != len(indexes) - 1:
                    raise RulesError(f"The game was won at hand {at + 1}")
                return Fold(tuple(totals), True, (totals.index(max(totals)),), at)
        return Fold(tuple(totals))

    return fold


def test_a_match_of_one_game_is_the_game():
    points = [(100, 0), (150, 0)]
    state = fold_match([1, 1], points_fold(points), to_win=1)
    assert state.finished and state.winner == 0
    assert state.totals == (250, 0) and state.games_won == (1, 0) and state.ended_at == 1
    assert state.in_play == 1


def test_a_best_of_3_is_won_by_the_side_that_wins_two_games():
    points = [(250, 0), (0, 100), (0, 150), (250, 0)]
    numbers = [1, 2, 2, 3]
    state = fold_match(numbers, points_fold(points), to_win=2)
    assert [game.fold.winner for game in state.games] == [0, 1, 0]
    assert [game.hands for game in state.games] == [(0,), (1, 2), (3,)]
    assert state.games_won == (2, 1) and state.finished and state.winner == 0
    assert state.ended_at == 3 and state.in_play == 3 and state.totals == (250, 0)


def test_after_a_game_is_won_the_next_game_is_in_play_from_nothing():
    state = fold_match([1], points_fold([(250, 0)]), to_win=2)
    assert not state.finished and state.winners == () and state.ended_at is None
    assert state.in_play == 2 and state.totals == (0, 0) and state.games_won == (1, 0)
    assert state.leader == 0 and not state.level_in_games


def test_a_match_without_hands_has_its_first_game_in_play():
    state = fold_match([], points_fold([]), to_win=3)
    assert state.in_play == 1 and state.totals == (0, 0) and state.games_won == (0, 0)
    assert state.level_in_games and state.leader is None and state.winner_at_time is None


def test_a_game_being_played_shows_its_running_totals():
    state = fold_match([1, 2], points_fold([(250, 0), (0, 40)]), to_win=2)
    assert state.in_play == 2 and state.totals == (0, 40) and not state.finished


def test_the_games_of_a_match_follow_each_other():
    fold = points_fold([(250, 0), (10, 0), (10, 0)])
    for numbers in ([2], [0], [1, 3], [1, 2, 1]):
        with pytest.raises(RulesError, match="the games of a match follow each other"):
            fold_match(numbers[: len(numbers)], fold, to_win=2)


def test_no_game_follows_the_game_that_won_the_match():
    fold = points_fold([(250, 0), (250, 0), (10, 0)])
    with pytest.raises(RulesError, match="The match was won in game 2: game 3 cannot"):
        fold_match([1, 2, 3], fold, to_win=2)


def test_a_game_before_the_last_must_be_won_at_its_last_hand():
    fold = points_fold([(200, 0), (0, 10)])
    with pytest.raises(RulesError, match="Game 1 of the match would no longer be won"):
        fold_match([1, 2], fold, to_win=2)


def test_a_games_refusal_is_named_with_its_game():
    fold = points_fold([(250, 0), (250, 0), (10, 0)])
    with pytest.raises(RulesError, match="Game 2 of the match: The game was won at hand 1"):
        fold_match([1, 2, 2], fold, to_win=3)


def test_a_level_game_of_a_match_is_refused():
    with pytest.raises(RulesError, match="ended level"):
        fold_match([1], lambda indexes: Fold((5, 5), True, (0, 1)), to_win=2)


def test_a_match_needs_at_least_one_game():
    with pytest.raises(RulesError, match="at least 1 game"):
        fold_match([], points_fold([]), to_win=0)


def test_a_decision_stops_the_fold_at_its_hand_counted_in_the_match():
    def fold(indexes):
        if len(indexes) == 2:
            return Fold((260, 255), decision=Decision(1, "first", "Who was first?", (0, 1)))
        return Fold((250, 0), True, (0,), 0)

    state = fold_match([1, 2, 2], fold, to_win=2)
    assert state.decision == Decision(2, "first", "Who was first?", (0, 1))
    assert not state.finished and state.in_play == 2 and state.totals == (260, 255)


def test_the_rule_per_round_gives_the_final_before_the_first_round():
    rule = MatchRule(first=3, later=2, final=4)
    assert rule.to_win(first_round=True, final=False) == 3
    assert rule.to_win(first_round=False, final=False) == 2
    assert rule.to_win(first_round=True, final=True) == 4
    assert not rule.single and MatchRule().single


def test_the_rule_is_read_from_the_options_and_said_in_plain_words():
    spec = get_game("texas_good_sams")
    options = {"games_to_win_first": "3", "games_to_win_later": 2, "games_to_win_final": 3}
    rule = spec.match_rule(options)
    assert rule == MatchRule(first=3, later=2, final=3, clock_per="game")
    words = " ".join(spec.house_rules(options))
    assert "Matches: best of 5 in the first round, best of 3 in the later rounds" in words
    assert "minutes per game count for each game its longest match can take" in words
    per_match = spec.house_rules({**options, "clock_per": "match"})
    assert "minutes count for the whole match" in " ".join(per_match)
    assert not any("Matches" in line for line in spec.house_rules({}))
    assert get_game("double_draw").match_rule({}) == MatchRule()


def test_a_bad_number_of_games_is_refused_with_a_plain_message():
    spec = get_game("texas_good_sams")
    with pytest.raises(RulesError, match="Games to win a match: final: 6 is more than 5"):
        spec.validate_options({"games_to_win_final": 6})
    with pytest.raises(RulesError, match="first round: 0 is less than 1"):
        spec.validate_options({"games_to_win_first": "0"})
    with pytest.raises(RulesError, match="is not a whole number"):
        spec.validate_options({"games_to_win_later": "two"})


def test_the_clock_counts_each_game_of_the_longest_match_or_the_whole_match():
    assert MatchRule(clock_per="game").clock_games(2) == 3
    assert MatchRule(clock_per="match").clock_games(3) == 1
    assert most_games(3) == 5 and best_of(1) == "one game" and best_of(2) == "best of 3"


def test_at_time_the_game_in_play_goes_to_the_higher_total_then_the_match_to_games_won():
    assert match_winner_at_time((1, 1), (120, 80)) == 0
    assert match_winner_at_time((0, 1), (120, 80)) is None  # 1-1 then: play on
    assert match_winner_at_time((1, 1), (0, 0)) is None  # the third game had no hands
    assert match_winner_at_time((2, 0), (50, 50)) == 0  # a level game cannot change it
    assert match_winner_at_time((1, 0), (50, 50)) is None  # level: play on in that game
    assert match_winner_at_time((1, 0), (0, 0)) == 0  # the game in play not begun
    assert winner_at_time_of((120, 80), 3, (0, 1), 2) is None
    assert winner_at_time_of((120, 80), 3, (0, 0), 1) == 0
    assert winner_at_time_of((0, 0), 0, (0, 0), 1) is None


def test_at_close_the_game_in_play_counts_for_its_higher_total_and_the_next_game_is_named():
    assert games_at_close((1, 1), (120, 80)) == (2, 1)
    assert games_at_close((1, 1), (50, 50)) == (1, 1)  # level: nobody's game
    assert games_at_close((2, 0), (0, 0)) == (2, 0)  # not begun
    assert game_in_play((0, 0)) == 1 and game_in_play((1, 1)) == 3


def test_games_won_are_written_as_a_bracket_shows_them():
    assert score_line((1, 2)) == "1-2"
    assert score_line((1, 2), winner=1) == "2-1"
    assert score_line((2, 1), winner=0) == "2-1"


@st.composite
def matches(draw):
    """A match played hand by hand: each hand gives one side 0 to 250 points."""
    to_win = draw(st.integers(1, 3))
    hands = draw(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 250)), max_size=40))
    return to_win, [(value, 0) if side == 0 else (0, value) for side, value in hands]


def _played(points, to_win):
    """Number each hand as the desk does, one at a time, until the match is won."""
    numbers, kept = [], []
    for hand in points:
        state = fold_match(numbers, points_fold(kept), to_win=to_win)
        if state.finished:
            break
        numbers.append(state.in_play)
        kept.append(hand)
    return numbers, kept


@given(matches())
def test_a_match_played_hand_by_hand_ends_when_a_side_has_won_enough(match):
    to_win, points = match
    numbers, kept = _played(points, to_win)
    state = fold_match(numbers, points_fold(kept), to_win=to_win)
    assert sum(state.games_won) == sum(1 for game in state.games if game.fold.finished)
    assert max(state.games_won) <= to_win
    assert state.finished == (max(state.games_won) == to_win)
    assert len(state.games) <= most_games(to_win)
    assert [index for game in state.games for index in game.hands] == list(range(len(kept)))
    if state.finished:
        assert state.games_won[state.winner] == to_win and state.ended_at == len(kept) - 1
    else:
        assert state.winner_at_time in (None, 0, 1)


@given(matches(), st.data())
def test_a_correction_gives_the_match_a_replay_from_scratch_gives(match, data):
    to_win, points = match
    numbers, kept = _played(points, to_win)
    if not kept:
        return
    at = data.draw(st.integers(0, len(kept) - 1))
    side = data.draw(st.integers(0, 1))
    corrected = list(kept)
    corrected[at] = (0, kept[at][0] + kept[at][1]) if side else (kept[at][0] + kept[at][1], 0)
    try:
        state = fold_match(numbers, points_fold(corrected), to_win=to_win)
    except RulesError:
        return  # refused, as the desk refuses it: nothing changes
    replayed_numbers, replayed = _played(corrected, to_win)
    assert replayed == corrected and replayed_numbers == numbers
    assert state == fold_match(replayed_numbers, points_fold(replayed), to_win=to_win)


def test_a_game_whose_match_is_one_game_is_folded_by_itself():
    fold = points_fold([(100, 0), (150, 0)])
    assert match_fold([1, 1], fold, to_win=1) == fold((0, 1))
    assert isinstance(match_fold([1, 2], points_fold([(250, 0), (0, 5)]), to_win=2), MatchFold)
