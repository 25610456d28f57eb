"""Standings of a rounds event: match points, points for and against, head-to-head, places."""

from collections import Counter
from decimal import ROUND_HALF_UP, Decimal, localcontext
from itertools import groupby

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import RulesError
from games.standings import (
    GameResult,
    Row,
    describe_tiebreaks,
    head_to_head,
    points_against,
    rank,
)


def game(winners, **scores):
    """Return a finished game: scores by side name; winners: side names split by spaces."""
    return GameResult(scores, frozenset(winners.split()))


def rows_by_side(rows):
    return {row.side: row for row in rows}


def places(rows):
    return [(row.side, row.place, row.shared) for row in rows]


# Match points


def test_a_lone_winner_earns_2_match_points_and_the_others_none():
    rows = rows_by_side(rank([game("a", a=61, b=40, c=12)]))
    assert (rows["a"].won, rows["a"].match_points) == (1, 2)
    assert (rows["b"].lost, rows["b"].match_points) == (1, 0)
    assert (rows["c"].lost, rows["c"].match_points) == (1, 0)


def test_a_tie_gives_1_match_point_to_each_side_level_on_the_best_total():
    rows = rows_by_side(rank([game("a b", a=30, b=30, c=10)]))
    assert (rows["a"].tied, rows["a"].won, rows["a"].match_points) == (1, 0, 1)
    assert (rows["b"].tied, rows["b"].won, rows["b"].match_points) == (1, 0, 1)
    assert (rows["c"].lost, rows["c"].match_points) == (1, 0)


def test_sides_that_tied_and_are_level_on_everything_share_first_place():
    rows = rank([game("a b", a=30, b=30, c=10)])
    assert places(rows) == [("a", 1, True), ("b", 1, True), ("c", 3, False)]


def test_a_full_row_shows_every_count():
    rows = rank([game("a", a=100, b=61), game("b", b=70, a=20)], sit_outs=["a"])
    assert rows[0] == Row(
        side="a",
        place=1,
        shared=False,
        played=2,
        won=1,
        tied=0,
        lost=1,
        sat_out=1,
        match_points=4,
        points_for=120,
        points_against=Decimal("131.0"),
    )
    assert rows[1] == Row("b", 2, False, 2, 1, 0, 1, 0, 2, 131, Decimal("120.0"))


# Sit-outs


@pytest.mark.parametrize(("sit_out_points", "match_points"), [(0, 0), (1, 2), (2, 4)])
def test_each_round_sat_out_earns_the_events_sit_out_points(sit_out_points, match_points):
    rows = rows_by_side(
        rank([game("a", a=5, b=0)], sit_outs=["c", "c"], sit_out_points=sit_out_points)
    )
    assert rows["c"].match_points == match_points
    assert rows["c"].sat_out == 2


def test_a_round_sat_out_earns_2_match_points_by_default():
    assert rank([], sit_outs=["a"])[0].match_points == 2


def test_a_round_sat_out_is_not_a_game_played_and_brings_no_points_for_or_against():
    row = rows_by_side(rank([game("a", a=50, b=20)], sit_outs=["a"]))["a"]
    assert (row.played, row.won, row.sat_out) == (1, 1, 1)
    assert (row.points_for, row.points_against) == (50, Decimal("20.0"))


def test_a_side_that_only_sat_out_still_gets_a_row():
    rows = rows_by_side(rank([game("a", a=10, b=5)], sit_outs=["c"]))
    assert rows["c"] == Row("c", 2, False, 0, 0, 0, 0, 1, 2, 0, Decimal("0.0"))


def test_a_side_that_only_sat_out_for_no_points_ranks_below_a_loser_with_points_for():
    rows = rank([game("a", a=10, b=5)], sit_outs=["c"], sit_out_points=0)
    assert places(rows) == [("a", 1, False), ("b", 2, False), ("c", 3, False)]


@pytest.mark.parametrize("sit_out_points", [3, -1, True, "2", None, 1.0])
def test_sit_out_points_other_than_0_1_or_2_are_refused(sit_out_points):
    with pytest.raises(RulesError, match="0, 1 or 2 match points") as refused:
        rank([], sit_outs=["a"], sit_out_points=sit_out_points)
    assert refused.value.field == "sit_out_points"


# Points for and against


def test_points_for_is_the_sum_of_a_sides_scores():
    rows = rows_by_side(rank([game("a", a=61, b=40), game("c", c=61, b=55)]))
    assert rows["b"].points_for == 95


def test_a_four_player_table_counts_once_in_points_against_not_three_times():
    rows = rows_by_side(rank([game("d", a=10, b=20, c=30, d=40)]))
    assert rows["a"].points_against == Decimal("30.0")
    assert rows["d"].points_against == Decimal("20.0")


def test_points_against_at_a_four_player_table_weigh_the_same_as_at_a_two_player_one():
    four = rows_by_side(rank([game("d", a=10, b=20, c=30, d=40)]))["a"]
    two = rows_by_side(rank([game("x", a=10, x=30)]))["a"]
    assert four.points_against == two.points_against == Decimal("30.0")


@pytest.mark.parametrize(
    ("opponents", "shown"),
    [
        ((2, 2, 2, 3), "2.3"),  # 2.25 rounds up, not to the even 2.2
        ((2, 2, 3, 3), "2.5"),
        ((2, 3, 3, 3), "2.8"),  # 2.75
        ((-2, -2, -2, -3), "-2.3"),  # -2.25 rounds away from zero
        ((-2, -3, -3, -3), "-2.8"),  # -2.75
        ((3, 3, 4), "3.3"),  # 3.333...
        ((3, 4, 4), "3.7"),  # 3.666...
        ((0, 0, 0, 1), "0.3"),  # 0.25
        ((0, 0, 0, -1), "-0.3"),  # -0.25
    ],
)
def test_each_games_points_against_are_the_opponents_mean_rounded_half_up(opponents, shown):
    scores = {"me": 0} | {f"opponent {seat}": score for seat, score in enumerate(opponents)}
    result = GameResult(scores, frozenset({"opponent 0"}))
    assert points_against(result, "me") == Decimal(shown)
    assert str(points_against(result, "me")) == shown


def test_points_against_are_shown_to_one_decimal_even_when_whole():
    assert str(points_against(game("x", me=0, x=30), "me")) == "30.0"


def test_points_against_round_each_game_before_summing():
    games = [game("x", me=0, x=1, y=1, z=1, w=0)] * 2  # 0.75 each, shown 0.8
    assert rows_by_side(rank(games))["me"].points_against == Decimal("1.6")


def test_sides_are_compared_on_the_shown_points_against_not_the_exact_means():
    games = [
        # "alma": two games of mean 3.333..., shown 3.3 + 3.3 = 6.6 (exactly 6.67)
        game("p4", alma=0, p2=3, p3=3, p4=4),
        game("q4", alma=0, q2=3, q3=3, q4=4),
        # "bo": two games of mean 3.25, shown 3.3 + 3.3 = 6.6 (exactly 6.5)
        game("r5", bo=0, r2=3, r3=3, r4=3, r5=4),
        game("s5", bo=0, s2=3, s3=3, s4=3, s5=4),
    ]
    rows = rows_by_side(rank(games))
    assert rows["alma"].points_against == rows["bo"].points_against == Decimal("6.6")
    assert (rows["alma"].place, rows["alma"].shared) == (rows["bo"].place, True)


def test_fewer_points_against_rank_first():
    games = [game("x", a=0, x=40), game("y", b=0, y=30)]
    rows = rows_by_side(rank(games))
    assert rows["b"].place < rows["a"].place


def test_negative_scores_count_as_they_are():
    rows = rank([game("a", a=-5, b=-10), game("c", c=3, d=-20)])
    by_side = rows_by_side(rows)
    assert (by_side["a"].points_for, by_side["a"].points_against) == (-5, Decimal("-10.0"))
    assert (by_side["b"].points_for, by_side["b"].points_against) == (-10, Decimal("-5.0"))
    assert (by_side["d"].points_for, by_side["d"].points_against) == (-20, Decimal("3.0"))
    # c and a both won; c has more points for (3 > -5). b beats d on points for.
    assert [row.side for row in rows] == ["c", "a", "b", "d"]


def test_more_points_for_rank_first_before_points_against_is_looked_at():
    games = [game("a", a=100, x=99), game("b", b=70, y=10)]
    assert [row.side for row in rank(games)][:2] == ["a", "b"]


# Head-to-head


def test_head_to_head_breaks_a_two_way_tie_whatever_the_names():
    games = [
        game("zed", zed=100, amy=50),
        game("amy", amy=100, c=50),
        game("d", zed=50, d=100),
    ]
    rows = rank(games)
    by_side = rows_by_side(rows)
    keys = ("match_points", "points_for", "points_against")
    assert [getattr(by_side["zed"], key) for key in keys] == [2, 150, Decimal("150.0")]
    assert [getattr(by_side["amy"], key) for key in keys] == [2, 150, Decimal("150.0")]
    assert places(rows)[:2] == [("zed", 1, False), ("amy", 2, False)]


def three_way_group():
    """Return games after which cat, bee and ant are level (6 match points, 300, 200.0)."""
    return [
        game("cat", cat=60, bee=30, ant=0),
        game("bee", bee=50, ant=20),
        game("cat", cat=50, bee=40),
        game("cat", cat=190, p=145),
        game("bee", bee=100, q=60),
        game("bee", bee=80, r=40),
        game("ant", ant=100, s=40),
        game("ant", ant=100, t=35),
        game("ant", ant=80, u=30),
    ]


def test_the_three_way_group_is_level_on_all_three_keys():
    rows = rows_by_side(rank(three_way_group()))
    for side in ("cat", "bee", "ant"):
        row = rows[side]
        assert (row.match_points, row.points_for, row.points_against) == (
            6,
            300,
            Decimal("200.0"),
        )


def test_head_to_head_breaks_a_three_way_tie():
    rows = rank(three_way_group())
    assert places(rows)[:3] == [("cat", 1, False), ("bee", 2, False), ("ant", 3, False)]


def test_head_to_head_counts_a_sides_full_match_points_from_games_with_the_group():
    assert head_to_head(["cat", "bee", "ant"], three_way_group()) == {
        "cat": 4,
        "bee": 2,
        "ant": 0,
    }


def test_head_to_head_leaves_some_level_and_those_share_the_place():
    games = [
        game("a", a=60, b=30, c=0),
        game("z", a=40, z=45),
        game("b", b=70, x=30),
        game("c", c=100, y=15),
    ]
    rows = rank(games)
    by_side = rows_by_side(rows)
    for side in "abc":
        row = by_side[side]
        assert (row.match_points, row.points_for, row.points_against) == (
            2,
            100,
            Decimal("60.0"),
        )
    assert places(rows)[:3] == [("a", 1, False), ("b", 2, True), ("c", 2, True)]
    assert rows[3].place == 4


def test_head_to_head_is_applied_once_and_not_again_to_those_left_level():
    games = [
        game("a", a=50, b=40),
        game("a", a=50, b=40),
        game("b", b=50, c=40),
        game("c", c=50, a=40),
        game("a", a=160, p=120),
        game("b", b=90, q=50),
        game("b", b=80, r=60),
        game("c", c=110, s=80),
        game("c", c=100, t=80),
    ]
    rows = rank(games)
    by_side = rows_by_side(rows)
    for side in "abc":
        row = by_side[side]
        assert (row.match_points, row.points_for, row.points_against) == (
            6,
            300,
            Decimal("250.0"),
        )
    assert head_to_head(["a", "b", "c"], games) == {"a": 4, "b": 2, "c": 2}
    # A second pass on b and c alone would put b first (b beat c); there is none.
    assert head_to_head(["b", "c"], games) == {"b": 2, "c": 0}
    assert places(rows)[:3] == [("a", 1, False), ("b", 2, True), ("c", 2, True)]


def test_head_to_head_is_not_used_when_one_pair_of_the_group_never_met():
    games = [
        game("a", a=50, b=40),
        game("a", a=50, b=40),
        game("b", b=50, c=40),
        game("a", a=200, p=170),
        game("b", b=90, q=50),
        game("b", b=80, r=60),
        game("c", c=90, s=70),
        game("c", c=90, t=70),
        game("c", c=80, u=60),
    ]
    rows = rank(games)
    by_side = rows_by_side(rows)
    for side in "abc":
        row = by_side[side]
        assert (row.match_points, row.points_for, row.points_against) == (
            6,
            300,
            Decimal("250.0"),
        )
    # Head-to-head would put a (4) above b (2) above c (0), but a and c never met.
    assert head_to_head(["a", "b", "c"], games) == {"a": 4, "b": 2, "c": 0}
    assert places(rows)[:3] == [("a", 1, True), ("b", 1, True), ("c", 1, True)]


def test_sides_that_never_played_each_other_and_are_level_share_the_place():
    rows = rank([game("a", a=10, x=5), game("b", b=10, y=5)])
    assert places(rows)[:2] == [("a", 1, True), ("b", 1, True)]


def test_sides_that_met_but_are_level_on_head_to_head_share_the_place():
    rows = rank([game("a b", a=20, b=20)])
    assert places(rows) == [("a", 1, True), ("b", 1, True)]


# Places


def test_level_sides_share_a_place_and_the_next_place_skips():
    sit_outs = ["a"] * 4 + ["b"] * 3 + ["c"] * 2 + ["d"] * 2 + ["e"]
    rows = rank([], sit_outs=sit_outs)
    assert [row.place for row in rows] == [1, 2, 3, 3, 5]
    assert [row.shared for row in rows] == [False, False, True, True, False]


def test_sides_sharing_a_place_are_listed_by_name():
    rows = rank([], sit_outs=["b", "c", "a"])
    assert [row.side for row in rows] == ["a", "b", "c"]


def test_sides_sharing_a_place_are_listed_by_name_then_by_repr():
    rows = rank([], sit_outs=[1, "1"])
    assert [row.side for row in rows] == ["1", 1]  # repr "'1'" comes before "1"


def test_no_games_and_no_sit_outs_give_empty_standings():
    assert rank([]) == []


# Games that cannot count


def test_a_game_without_a_winner_is_refused_because_it_has_not_ended():
    with pytest.raises(RulesError, match="Game 2 has no winner"):
        rank([game("a", a=10, b=0), game("", a=10, b=0)])


def test_a_game_without_a_winner_is_a_value_error_too():
    with pytest.raises(ValueError, match="only when it has ended"):
        rank([game("", a=10, b=0)])


def test_a_winner_who_did_not_play_the_game_is_refused():
    with pytest.raises(RulesError, match="Game 1 names c, d among its winners"):
        rank([game("a c d", a=10, b=0)])


def test_a_game_of_one_side_is_refused():
    with pytest.raises(RulesError, match="Game 1 has 1 side; a game is played by at least 2"):
        rank([game("a", a=10)])


@pytest.mark.parametrize("score", [1.5, "10", None, True])
def test_a_score_that_is_not_a_whole_number_is_refused(score):
    with pytest.raises(RulesError, match=r"the score of b .* is not a whole number"):
        rank([game("a", a=10, b=score)])


def test_winners_given_as_any_collection_are_kept_as_a_frozenset():
    assert GameResult({"a": 1, "b": 0}, ["a"]).winners == frozenset({"a"})


# The words on the standings page


def test_the_standings_page_names_every_rule_in_order():
    words = describe_tiebreaks(2)
    text = " ".join(words)
    assert "2 for a win, 1 for a tie" in text
    assert "A round sat out earns 2 match points" in text
    order = ["by match points", "by points for", "by points against", "head-to-head"]
    positions = [next(i for i, line in enumerate(words) if key in line) for key in order]
    assert positions == sorted(positions)
    assert "rounded half up to one decimal" in text
    assert "every two of them met at least once" in text
    assert "share the place" in words[-1]
    assert '"=3, =3, 5"' in words[-1]


@pytest.mark.parametrize(
    ("sit_out_points", "words"),
    [(0, "0 match points"), (1, "1 match point and"), (2, "2 match points")],
)
def test_the_standings_page_gives_the_events_sit_out_points(sit_out_points, words):
    assert words in " ".join(describe_tiebreaks(sit_out_points))


def test_the_standings_page_refuses_sit_out_points_it_cannot_show():
    with pytest.raises(RulesError):
        describe_tiebreaks(5)


# Properties

SIDES = range(8)


@st.composite
def finished_games(draw):
    sides = draw(st.lists(st.sampled_from(SIDES), min_size=2, max_size=5, unique=True))
    scores = {side: draw(st.integers(min_value=-60, max_value=300)) for side in sides}
    if draw(st.booleans()):
        best = max(scores.values())
        winners = frozenset(side for side, score in scores.items() if score == best)
    else:
        winners = frozenset(draw(st.lists(st.sampled_from(sides), min_size=1, unique=True)))
    return GameResult(scores, winners)


events = st.tuples(
    st.lists(finished_games(), max_size=8),
    st.lists(st.sampled_from(range(10)), max_size=8),
    st.sampled_from((0, 1, 2)),
)


@given(events)
def test_every_side_in_a_game_or_a_sit_out_gets_exactly_one_row(event):
    games, sit_outs, sit_out_points = event
    rows = rank(games, sit_outs=sit_outs, sit_out_points=sit_out_points)
    expected = {side for result in games for side in result.scores} | set(sit_outs)
    assert sorted(row.side for row in rows) == sorted(expected)


@given(events)
def test_the_counts_of_each_row_add_up(event):
    games, sit_outs, sit_out_points = event
    rounds_out = Counter(sit_outs)
    for row in rank(games, sit_outs=sit_outs, sit_out_points=sit_out_points):
        assert row.won + row.tied + row.lost == row.played
        assert row.played == sum(row.side in result.scores for result in games)
        assert row.sat_out == rounds_out[row.side]
        assert row.match_points == 2 * row.won + row.tied + sit_out_points * row.sat_out


@given(events)
def test_points_for_and_against_are_the_sums_over_the_sides_games(event):
    games, sit_outs, sit_out_points = event
    for row in rank(games, sit_outs=sit_outs, sit_out_points=sit_out_points):
        played = [result for result in games if row.side in result.scores]
        assert row.points_for == sum(result.scores[row.side] for result in played)
        assert row.points_against == sum(
            (points_against(result, row.side) for result in played), Decimal("0.0")
        )
        assert row.points_against == row.points_against.quantize(Decimal("0.1"))


@given(events)
def test_rows_come_best_first_by_match_points_then_points_for_then_against(event):
    games, sit_outs, sit_out_points = event
    rows = rank(games, sit_outs=sit_outs, sit_out_points=sit_out_points)
    keys = [(-row.match_points, -row.points_for, row.points_against) for row in rows]
    assert keys == sorted(keys)


@given(events)
def test_places_start_at_1_and_a_shared_place_is_held_by_two_or_more(event):
    games, sit_outs, sit_out_points = event
    rows = rank(games, sit_outs=sit_outs, sit_out_points=sit_out_points)
    assert [row.place for row in rows] == sorted(row.place for row in rows)
    index = 0
    for place, level in groupby(rows, key=lambda row: row.place):
        level = list(level)
        assert place == index + 1
        assert all(row.shared == (len(level) >= 2) for row in level)
        assert len({(row.match_points, row.points_for, row.points_against) for row in level}) == 1
        index += len(level)


def relabel(games, sit_outs, names):
    """Return the event with side s renamed names[s] and each table's seats reordered."""
    renamed = [
        GameResult(
            {names[side]: score for side, score in reversed(result.scores.items())},
            frozenset(names[side] for side in result.winners),
        )
        for result in games
    ]
    return renamed, [names[side] for side in sit_outs]


def standing(row):
    return (
        row.place,
        row.shared,
        row.played,
        row.won,
        row.tied,
        row.lost,
        row.sat_out,
        row.match_points,
        row.points_for,
        row.points_against,
    )


@given(events, st.permutations(range(10)), st.randoms(use_true_random=False))
def test_the_standings_do_not_depend_on_game_order_or_side_names(event, order, random):
    games, sit_outs, sit_out_points = event
    names = {side: f"entrant {order[side]}" for side in range(10)}
    shuffled = list(games)
    random.shuffle(shuffled)
    renamed, renamed_sit_outs = relabel(shuffled, sit_outs, names)
    before = rank(games, sit_outs=sit_outs, sit_out_points=sit_out_points)
    after = rank(renamed, sit_outs=renamed_sit_outs, sit_out_points=sit_out_points)
    assert {names[row.side]: standing(row) for row in before} == {
        row.side: standing(row) for row in after
    }


@given(events)
def test_ranking_again_gives_the_same_table(event):
    games, sit_outs, sit_out_points = event
    first = rank(games, sit_outs=sit_outs, sit_out_points=sit_out_points)
    assert rank(list(games), sit_outs=list(sit_outs), sit_out_points=sit_out_points) == first


def _decimal_mean(scores) -> Decimal:
    """The opponents' mean as a decimal context computes it, rounded half up to 0.1 (the
    way `points_against` was first written), to check the integer arithmetic against."""
    with localcontext() as context:
        context.prec = len(str(abs(sum(scores)))) + 30
        mean = Decimal(sum(scores)) / Decimal(len(scores))
        return mean.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


@given(st.lists(st.lists(st.integers(-(10**40), 10**40), min_size=1, max_size=7), max_size=12))
def test_points_against_in_tenths_are_the_decimal_means_summed_exactly(tables):
    """Each game's mean rounded half up to 0.1, whatever the scores (negative, huge), and
    a side's sum over its games exact, as decimal arithmetic with enough digits gives."""
    games = [
        GameResult({"me": 0} | {f"o{seat}": s for seat, s in enumerate(scores)}, frozenset({"me"}))
        for scores in tables
    ]
    for result, scores in zip(games, tables, strict=True):
        shown = points_against(result, "me")
        assert shown == _decimal_mean(scores) and shown.as_tuple().exponent == -1
    if games:
        total = rows_by_side(rank(games))["me"].points_against
        with localcontext() as context:
            context.prec = 200
            assert total == sum((_decimal_mean(scores) for scores in tables), Decimal("0.0"))
        assert total.as_tuple().exponent == -1
