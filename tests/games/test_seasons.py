"""The season's points table, chapter totals and the same-player rules (no database)."""

import pytest

from games import seasons as s
from games.rules import RulesError


def test_the_defaults_are_a_rally_scale_with_a_point_for_playing():
    rule = s.PointsRule()
    assert rule.points(s.BRACKET, 1) == 11
    assert rule.points(s.BRACKET, 2) == 8
    assert rule.points(s.BRACKET, 3) == 6  # each semi-final loser
    assert rule.points(s.BRACKET, 5) == 4  # each quarter-final loser
    assert rule.points(s.BRACKET, 9) == 1  # past the list: playing only
    assert rule.points(s.ROUNDS, 4) == 4
    assert rule.points(s.ROUNDS, 5) == 1
    assert rule.points(s.BRACKET, None) == 1  # placed nowhere (out in a partners' game)


def test_a_bracket_place_reads_its_tier_and_a_rounds_place_its_row():
    assert [s.place_tier(s.BRACKET, p) for p in (1, 2, 3, 5, 9, 17)] == [0, 1, 2, 3, 4, 5]
    assert [s.place_tier(s.ROUNDS, p) for p in (1, 2, 3, 4, 7)] == [0, 1, 2, 3, 6]
    assert s.place_tier(s.ROUNDS, None) is None
    assert s.place_tier(s.ROUNDS, 0) is None


def test_the_rule_round_trips_as_data_and_missing_parts_take_the_defaults():
    rule = s.PointsRule(bracket=(5, 3), rounds=(4,), playing=0, chapters=s.BEST_N, best=2)
    assert s.PointsRule.from_data(rule.to_data()) == rule
    assert s.PointsRule.from_data(None) == s.PointsRule()
    assert s.PointsRule.from_data({"playing": 2}).playing == 2


def test_points_are_read_from_what_the_official_types():
    assert s.parse_points("10, 7; 5 ,3,", what="x") == (10, 7, 5, 3)
    assert s.parse_points("0", what="x") == (0,)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "Type the points"),
        (" , ", "Type the points"),
        ("10, seven", "“seven” is not a whole number"),
        ("10, -1", "not a whole number"),
        ("3, 5", "never earns fewer"),
        ("2000", "from 0 to 1000"),
        (",".join(["1"] * 33), "At most 32"),
    ],
)
def test_bad_points_are_refused_with_a_plain_message(text, said):
    with pytest.raises(RulesError, match=said):
        s.parse_points(text, what="bracket events")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"playing": -1}, "Points for playing"),
        ({"playing": "1"}, "Points for playing"),
        ({"chapters": "some"}, "Chapter points"),
        ({"best": 0}, "best members"),
        ({"best": "3"}, "best members"),
        ({"rounds": (1, 2)}, "never earns fewer"),
        ({"bracket": (1.5,)}, "whole numbers"),
    ],
)
def test_a_rule_that_cannot_be_used_is_refused(change, said):
    with pytest.raises(RulesError, match=said):
        s.check_rule(s.PointsRule(**change))


def test_the_rule_is_told_in_plain_words():
    words = s.describe(s.PointsRule())
    assert words[0] == (
        "Bracket events, by how far a side got: the winner 10, second 7, "
        "each shared third 5, each shared fifth 3."
    )
    assert words[1].startswith("Rounds events, by final standing: first 10, second 7, third 5")
    assert words[2] == "Every player who plays an event gets 1 point."
    assert "every one of its members" in words[4]
    other = s.describe(
        s.PointsRule(bracket=(9, 8, 7, 6, 5, 4), rounds=(), playing=0, chapters=s.BEST_N, best=2)
    )
    assert "each shared ninth 5, each shared 17th 4" in other[0]
    assert "nothing for a place" in other[1]
    assert other[2] == "No points for playing."
    assert "its 2 best members there" in other[4]
    assert s.describe(s.PointsRule(playing=3))[2].endswith("gets 3 points.")


@pytest.mark.parametrize(
    ("number", "word"), [(9, "ninth"), (11, "11th"), (21, "21st"), (22, "22nd"), (33, "33rd")]
)
def test_ordinals(number, word):
    assert s._ordinal(number) == word


def earned(tournament, player, chapter, points):
    return s.Earned(tournament, player, chapter, points)


def test_every_member_adds_every_members_points_and_no_chapter_counts_nowhere():
    rows = [
        earned(1, "ann", "alamo", 10),
        earned(1, "ann", "alamo", 1),
        earned(1, "bo", "alamo", 5),
        earned(2, "cy", "bexar", 7),
        earned(2, "di", "", 20),
    ]
    assert s.chapter_points(rows, s.PointsRule()) == {"alamo": 16, "bexar": 7}


def test_best_n_takes_each_tournaments_best_members_only():
    rows = [earned(1, p, "alamo", pts) for p, pts in [("a", 10), ("b", 7), ("c", 5), ("d", 3)]]
    rows += [earned(2, "d", "alamo", 4), earned(2, "a", "alamo", 1)]
    rule = s.PointsRule(chapters=s.BEST_N, best=2)
    assert s.chapter_points(rows, rule) == {"alamo": 10 + 7 + 4 + 1}


def test_same_name_and_chapter_is_one_person_without_asking():
    seen = {("ann lee", "alamo"): {1, 2}}
    assert s.proposals(seen) == []
    assert s.people(seen, {}) == {("ann lee", "alamo"): ("ann lee", "alamo")}


def test_same_name_another_chapter_is_proposed_and_kept_apart_until_confirmed():
    seen = {("ann lee", "alamo"): {1}, ("ann lee", "bexar"): {2}, ("bo fox", "alamo"): {1}}
    proposal = s.Proposal("ann lee", ("alamo", "bexar"))
    assert s.proposals(seen) == [proposal]
    apart = s.people(seen, {})
    assert apart[("ann lee", "alamo")] != apart[("ann lee", "bexar")]
    assert s.people(seen, {proposal: s.APART}) == apart
    same = s.people(seen, {proposal: s.SAME})
    assert same[("ann lee", "bexar")] == same[("ann lee", "alamo")] == ("ann lee", "alamo")


def test_two_players_of_one_tournament_are_never_proposed_as_one():
    seen = {("ann lee", "alamo"): {1, 2}, ("ann lee", "bexar"): {2, 3}}
    assert s.proposals(seen) == []


def test_confirmed_links_chain_and_the_person_does_not_depend_on_the_order_seen():
    keys = [("ann", "a"), ("ann", "b"), ("ann", "c")]
    decisions = {
        s.Proposal("ann", ("b", "c")): s.SAME,
        s.Proposal("ann", ("a", "b")): s.SAME,
        s.Proposal("ann", ("a", "x")): s.SAME,  # a chapter not seen: ignored
    }
    one = s.people({key: {0} for key in keys}, decisions)
    two = s.people({key: {0} for key in reversed(keys)}, decisions)
    assert one == two
    assert set(one.values()) == {("ann", "a")}
    again = {**decisions, s.Proposal("ann", ("a", "c")): s.SAME}  # already joined
    assert set(s.people({key: {0} for key in keys}, again).values()) == {("ann", "a")}
