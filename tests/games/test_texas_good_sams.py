"""Texas Good Sams: scoring a hand and following a game to 250."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import RulesError
from games.rules.texas_good_sams.rules import (
    BLOCKED_DIFFERENCE,
    END_BLOCKED,
    END_NONE,
    END_OUT,
    OPTIONS,
    PARTNERS_ONLY_REASONS,
    PENALTY_POINTS,
    PENALTY_REASONS,
    TARGET,
    Penalty,
    bone_pile,
    clean_options,
    fold_game,
    hand_size,
    house_rules,
    score_hand,
    target_score,
)

# The deal


def test_doubles_deals_7_tiles_to_each_of_4_players_with_no_bone_pile():
    assert hand_size(4) == 7
    assert bone_pile(4) == 0


def test_singles_deals_9_tiles_each_with_a_bone_pile_of_10():
    assert hand_size(2) == 9
    assert bone_pile(2) == 10


def test_it_refuses_a_table_of_3():
    with pytest.raises(RulesError, match=r"2 players \(singles\) or 4 \(doubles\), not 3"):
        hand_size(3)


# Points in play and muggins


def test_a_hand_with_only_play_points_scores_them():
    score = score_hand(play=(30, 15))
    assert score.points == (30, 15)
    assert score.end == END_NONE
    assert score.end_award == (0, 0)
    assert score.raw_pips == (None, None)


def test_a_hand_with_nothing_entered_scores_nothing():
    assert score_hand().points == (0, 0)


def test_it_says_why_a_play_score_of_12_is_refused():
    with pytest.raises(RulesError, match=r"^Side 1's play points: 12 is not a multiple of 5$"):
        score_hand(play=(12, 0))


def test_it_refuses_a_negative_play_score_naming_the_side():
    with pytest.raises(RulesError, match=r"^Side 2's play points: -5 is less than 0$"):
        score_hand(play=(0, -5))


def test_it_refuses_a_play_score_that_is_not_a_number():
    with pytest.raises(RulesError, match=r"^Side 2's play points: '15' is not a whole number$"):
        score_hand(play=(0, "15"))


def test_it_refuses_more_than_1000_points_of_play_in_one_hand():
    # docs/rules.md: the message says why, never only "1005 is more than 1000".
    with pytest.raises(
        RulesError,
        match=r"^Side 1's play points: 1005 is more than 1000: a hand worth more than 1,000 "
        r"points to one side cannot happen; check the entries$",
    ):
        score_hand(play=(1005, 0))


def test_it_bounds_a_hand_with_its_penalties_at_1000_points_to_one_side():
    penalties = [Penalty(1, "talking")] * 2
    assert score_hand(play=(900, 0), penalties=penalties).points == (1000, 0)
    with pytest.raises(RulesError, match=r"^Side 1 would score 1050 in this hand, penalties "):
        score_hand(play=(1000, 0), penalties=penalties[:1])


def test_adding_up_a_game_uses_the_same_one_hand_bound():
    with pytest.raises(RulesError, match="cannot happen; check the entries"):
        fold_game([((1005, 0), None)])


def test_it_takes_play_points_as_a_list():
    assert score_hand(play=[10, 5]).play == (10, 5)


def test_it_needs_play_points_for_both_sides():
    with pytest.raises(RulesError, match=r"The play points: enter 2 values"):
        score_hand(play=(10,))


def test_points_claimed_as_muggins_go_to_the_claiming_side_and_are_shown_apart():
    score = score_hand(play=(20, 10), muggins=(0, 15))
    assert score.points == (20, 25)
    assert score.muggins == (0, 15)
    assert score.play == (20, 10)


def test_it_refuses_muggins_that_is_not_a_multiple_of_5():
    with pytest.raises(RulesError, match=r"^Side 2's muggins points: 7 is not a multiple of 5$"):
        score_hand(muggins=(0, 7))


# Out


def test_the_side_that_went_out_scores_the_opponents_pips_rounded():
    score = score_hand(end=END_OUT, out_side=0, out_pips=13)
    assert score.end_award == (15, 0)
    assert score.points == (15, 0)
    assert score.out_side == 0


def test_it_shows_both_the_typed_and_the_rounded_pips():
    score = score_hand(end=END_OUT, out_side=1, out_pips=12)
    assert score.raw_pips == (12, None)
    assert score.rounded_pips == (10, None)
    assert score.points == (0, 10)


def test_a_full_set_of_pips_left_rounds_168_to_170():
    assert score_hand(end=END_OUT, out_side=0, out_pips=168).points == (170, 0)


def test_going_out_against_no_pips_scores_nothing_for_the_end():
    assert score_hand(end=END_OUT, out_side=1, out_pips=0).points == (0, 0)


def test_it_refuses_more_pips_than_a_double_six_set_holds():
    with pytest.raises(RulesError, match=r"^Side 2's pips left: 169 is more than 168$"):
        score_hand(end=END_OUT, out_side=0, out_pips=169)


def test_an_out_hand_needs_the_side_that_went_out():
    with pytest.raises(RulesError, match=r"^Say which side went out$"):
        score_hand(end=END_OUT, out_pips=10)


def test_an_out_hand_refuses_a_third_side():
    with pytest.raises(RulesError, match=r"^The side that went out must be Side 1 or Side 2$"):
        score_hand(end=END_OUT, out_side=2, out_pips=10)


def test_an_out_hand_needs_the_opponents_pips():
    with pytest.raises(RulesError, match=r"^Enter the pips left in the opponents' hands$"):
        score_hand(end=END_OUT, out_side=0)


def test_an_out_hand_refuses_blocked_pips():
    with pytest.raises(RulesError, match=r"takes the opponents' pips only"):
        score_hand(end=END_OUT, out_side=0, out_pips=10, blocked_pips=(0, 10))


# Blocked


def test_in_a_blocked_hand_the_lower_side_scores_the_other_sides_pips_rounded():
    score = score_hand(end=END_BLOCKED, blocked_pips=(12, 27))
    assert score.end_award == (25, 0)
    assert score.raw_pips == (12, 27)
    assert score.rounded_pips == (10, 25)


def test_in_a_blocked_hand_side_2_scores_when_it_holds_fewer_pips():
    assert score_hand(end=END_BLOCKED, blocked_pips=(33, 8)).points == (0, 35)


def test_a_blocked_hand_with_equal_pips_scores_nothing():
    score = score_hand(end=END_BLOCKED, blocked_pips=(20, 20))
    assert score.points == (0, 0)
    assert score.rounded_pips == (20, 20)


def test_with_the_difference_rule_the_lower_side_scores_the_difference_rounded():
    score = score_hand(end=END_BLOCKED, blocked_pips=(10, 23), blocked_scoring=BLOCKED_DIFFERENCE)
    assert score.points == (15, 0)


def test_with_the_difference_rule_side_2_can_score_too():
    score = score_hand(end=END_BLOCKED, blocked_pips=(30, 18), blocked_scoring=BLOCKED_DIFFERENCE)
    assert score.points == (0, 10)


def test_with_the_difference_rule_equal_pips_score_nothing():
    score = score_hand(end=END_BLOCKED, blocked_pips=(9, 9), blocked_scoring=BLOCKED_DIFFERENCE)
    assert score.points == (0, 0)


def test_a_blocked_hand_needs_both_sides_pips():
    with pytest.raises(RulesError, match=r"^A blocked hand needs both sides' pips$"):
        score_hand(end=END_BLOCKED, blocked_pips=(12, None))


def test_a_blocked_hand_has_no_side_that_went_out():
    with pytest.raises(RulesError, match=r"^A blocked hand has no side that went out$"):
        score_hand(end=END_BLOCKED, blocked_pips=(12, 20), out_side=0)


def test_a_blocked_hand_refuses_pips_above_168_for_one_side():
    with pytest.raises(RulesError, match=r"^Side 1's pips left: 170 is more than 168$"):
        score_hand(end=END_BLOCKED, blocked_pips=(170, 0))


def test_a_blocked_hand_refuses_more_pips_than_the_set_holds_between_the_sides():
    message = "^The two sides' pips add up to 180, more than the 168 in a double-six set$"
    with pytest.raises(RulesError, match=message):
        score_hand(end=END_BLOCKED, blocked_pips=(90, 90))


def test_a_blocked_hand_needs_pips_for_two_sides():
    with pytest.raises(RulesError, match=r"The pips left on each side: enter 2 values"):
        score_hand(end=END_BLOCKED, blocked_pips=(1, 2, 3))


def test_it_refuses_an_unknown_blocked_hand_rule():
    with pytest.raises(RulesError, match=r'^"half" is not a way to score a blocked hand$'):
        score_hand(blocked_scoring="half")


# A hand that did not end out or blocked


def test_a_hand_that_did_not_finish_takes_no_pips():
    with pytest.raises(RulesError, match=r"^Pips are entered only for a hand that ended out"):
        score_hand(end=END_NONE, out_pips=10)


@pytest.mark.parametrize(
    "entry", [{"out_side": 0}, {"blocked_pips": (3, None)}, {"blocked_pips": (None, 4)}]
)
def test_a_hand_that_did_not_finish_refuses_any_end_of_hand_entry(entry):
    with pytest.raises(RulesError, match=r"^Pips are entered only"):
        score_hand(**entry)


def test_it_refuses_an_unknown_way_for_a_hand_to_end():
    with pytest.raises(RulesError, match=r'^"domino" is not a way a hand ends'):
        score_hand(end="domino")


# Penalties


def test_the_penalty_reasons_are_the_four_in_the_rules():
    assert PENALTY_REASONS == {
        "talking": "Talking to a partner",
        "out_of_turn": "Playing out of turn",
        "renege": "Reneging",
        "exposed": "Exposing a domino that cannot be played",
    }


def test_a_penalty_gives_50_points_to_the_other_side():
    score = score_hand(penalties=[Penalty(side=0, reason="talking", offender="Ann Reyes")])
    assert PENALTY_POINTS == 50
    assert score.penalty_points == (0, 50)
    assert score.points == (0, 50)


def test_each_infraction_is_a_penalty_of_its_own():
    penalties = [Penalty(1, "renege"), Penalty(1, "exposed"), Penalty(0, "out_of_turn")]
    assert score_hand(penalties=penalties).penalty_points == (100, 50)


def test_a_penalty_records_the_offender_and_its_reason_in_plain_words():
    penalty = Penalty(side=1, reason="out_of_turn", offender="Bo Tran")
    score = score_hand(penalties=[penalty])
    assert score.penalties == (penalty,)
    assert score.penalties[0].offender == "Bo Tran"
    assert penalty.label == "Playing out of turn"


def test_a_penalty_must_be_against_side_1_or_side_2():
    with pytest.raises(RulesError, match=r"^A penalty's offending side must be Side 1 or Side 2$"):
        Penalty(side=2, reason="talking")


def test_a_penalty_needs_a_reason_from_the_rules():
    with pytest.raises(RulesError, match=r'^"swearing" is not a penalty reason; the reasons are: '):
        Penalty(side=0, reason="swearing")


def test_it_refuses_a_penalty_that_is_not_a_penalty_entry():
    with pytest.raises(RulesError, match=r"is not a penalty"):
        score_hand(penalties=[(0, "talking")])


def test_a_hand_adds_play_muggins_end_and_penalties_per_side():
    score = score_hand(
        play=(45, 30),
        muggins=(10, 0),
        end=END_OUT,
        out_side=1,
        out_pips=22,
        penalties=[Penalty(0, "talking")],
    )
    assert score.points == (55, 30 + 20 + 50)


# Legal hands stay within the one-hand bound of 1,000 points to a side (docs/rules.md).
multiples_of_five = st.integers(min_value=0, max_value=80).map(lambda n: n * 5)
side_points = st.tuples(multiples_of_five, multiples_of_five)
pip_counts = st.integers(min_value=0, max_value=84)


@st.composite
def legal_hands(draw):
    entry = {"play": draw(side_points), "muggins": draw(side_points)}
    end = draw(st.sampled_from([END_OUT, END_BLOCKED, END_NONE]))
    entry["end"] = end
    if end == END_OUT:
        entry["out_side"] = draw(st.sampled_from([0, 1]))
        entry["out_pips"] = draw(st.integers(min_value=0, max_value=168))
    elif end == END_BLOCKED:
        entry["blocked_pips"] = (draw(pip_counts), draw(pip_counts))
        entry["blocked_scoring"] = draw(st.sampled_from(["total", "difference"]))
    return entry


@given(legal_hands())
def test_no_legal_hand_scores_negative_and_every_score_is_a_multiple_of_5(entry):
    score = score_hand(**entry)
    for side in (0, 1):
        assert score.points[side] >= 0
        assert score.points[side] % 5 == 0
        assert score.points[side] == (
            score.play[side] + score.muggins[side] + score.end_award[side]
        )
    assert 0 in score.end_award


# The game


def test_a_game_with_no_hands_stands_at_nothing():
    state = fold_game([])
    assert state.totals == (0, 0)
    assert not state.finished


def test_a_game_adds_up_the_hands_in_order():
    state = fold_game([((30, 15), None), ((0, 45), None)])
    assert state.totals == (30, 60)
    assert not state.finished


def test_the_first_side_to_reach_250_wins():
    state = fold_game([((200, 100), None), ((50, 10), None)])
    assert TARGET == 250
    assert state.finished
    assert state.winner == 0
    assert state.finished_at == 1


def test_side_2_can_win():
    state = fold_game([((100, 245), None), ((0, 5), None)])
    assert (state.winner, state.finished_at) == (1, 1)


def test_245_does_not_win():
    assert not fold_game([((245, 0), None)]).finished


def test_when_one_hand_takes_both_sides_to_250_the_official_must_say_who_was_first():
    state = fold_game([((240, 235), None), ((20, 30), None)])
    assert state.totals == (260, 265)
    assert not state.finished
    assert state.winner is None
    assert state.needs_decision_at == 1


def test_the_side_the_official_names_wins_even_with_fewer_points():
    state = fold_game([((240, 235), None), ((20, 30), 0)])
    assert state.finished
    assert state.winner == 0
    assert state.needs_decision_at is None


def test_the_official_may_name_side_2_as_first():
    assert fold_game([((240, 235), None), ((20, 30), 1)]).winner == 1


def test_the_official_must_name_side_1_or_side_2():
    with pytest.raises(RulesError, match=r"reached 250 first in hand 1 must be Side 1 or Side 2"):
        fold_game([((250, 250), 3)])


def test_the_side_named_first_is_ignored_when_only_one_side_reaches_250():
    state = fold_game([((100, 10), 1), ((150, 0), 1)])
    assert state.winner == 0


def test_hands_cannot_be_added_to_a_finished_game():
    hands = [((100, 0), None), ((100, 0), None), ((50, 0), None), ((5, 0), None), ((0, 5), None)]
    message = "^The game was won at hand 3, so hands 4-5 cannot stand; delete them first$"
    with pytest.raises(RulesError, match=message):
        fold_game(hands)


def test_hands_cannot_follow_a_hand_still_waiting_for_the_officials_answer():
    message = "^Hand 1 took both sides to 250, so hand 2 cannot stand; delete them first$"
    with pytest.raises(RulesError, match=message):
        fold_game([((250, 255), None), ((5, 0), None)])


def test_correcting_an_earlier_hand_can_reopen_the_game():
    hands = [((200, 100), None), ((50, 10), None)]
    assert fold_game(hands).finished
    hands[0] = ((195, 100), None)
    state = fold_game(hands)
    assert not state.finished
    assert state.totals == (245, 110)


def test_correcting_an_earlier_hand_can_change_the_winner():
    hands = [((200, 200), None), ((50, 10), None)]
    assert fold_game(hands).winner == 0
    hands[0] = ((100, 240), None)
    state = fold_game(hands)
    assert state.winner == 1
    assert state.finished_at == 1


def test_it_names_the_hand_and_side_of_a_bad_score():
    with pytest.raises(RulesError, match=r"^Side 2's points in hand 2: 12 is not a multiple of 5$"):
        fold_game([((5, 0), None), ((0, 12), None)])


def test_each_hand_is_its_points_and_the_side_first_to_250():
    with pytest.raises(RulesError, match=r"^Hand 1: enter 2 values"):
        fold_game([((5, 0), None, None)])


def test_each_hand_needs_points_for_both_sides():
    with pytest.raises(RulesError, match=r"^The points in hand 1: enter 2 values"):
        fold_game([(5, 0)])


def test_a_game_may_be_played_to_another_target():
    assert fold_game([((100, 0), None)], target=100).finished


def test_it_refuses_a_target_below_1():
    with pytest.raises(RulesError, match=r"The target score: 0 is less than 1"):
        fold_game([], target=0)


# House rules


def test_the_blocked_hand_rule_is_the_only_option_and_defaults_to_the_total():
    assert [option.name for option in OPTIONS] == ["blocked_scoring"]
    assert clean_options({}) == {"blocked_scoring": "total"}


def test_the_target_is_250_whatever_the_options():
    assert target_score({"blocked_scoring": "difference"}) == 250


def test_the_house_rules_describe_the_blocked_hand_rule_chosen():
    total = house_rules({})
    difference = house_rules({"blocked_scoring": "difference"})
    assert (
        "A blocked hand: the side with fewer pips scores the other side's pips, rounded to "
        "the nearest 5. Equal pips score nothing." in total
    )
    assert any("scores the difference" in rule for rule in difference)
    assert not any("scores the difference" in rule for rule in total)


# The one engine: a hand from the sheet's form data, checked field by field


from games.engine import Table  # noqa: E402
from games.rules.texas_good_sams import entry as tgs  # noqa: E402

DOUBLES = Table(players=4, partnerships=True)


def read(**data):
    return tgs.entry_from_data(data, DOUBLES, {})


def refusal(entry):
    with pytest.raises(RulesError) as caught:
        tgs.score_entry(entry, DOUBLES, {})
    return caught.value.field, str(caught.value)


def test_the_game_has_one_table_of_two_sides_for_singles_and_doubles():
    assert tgs.tables({}, 1).table(2) == Table(players=2)
    assert tgs.tables({}, 2).table(2) == DOUBLES
    with pytest.raises(RulesError, match="sides of 1 or 2 players, not 3"):
        tgs.tables({}, 3)
    with pytest.raises(RulesError, match="not 3 players"):
        tgs.entry_fields(Table(players=3), {})


def test_the_form_asks_which_side_went_out_in_one_choice():
    fields = {field.name: field for field in tgs.entry_fields(DOUBLES, {})}
    assert [value for value, _ in fields["end"].choices] == ["out_0", "out_1", "blocked", "none"]
    assert fields["reached_first"].asked_when_needed


def test_form_data_reads_blank_points_as_nothing_and_out_as_the_side():
    entry = read(play_0=10, play_1=None, end="out_1", pips_0=13)
    assert entry == tgs.Entry(play=(10, 0), end="out", out_seat=1, pips=(13, None))
    assert read() == tgs.Entry()
    assert read(end="blocked", pips_0=12, pips_1=33).end == "blocked"


def test_an_unknown_side_going_out_is_refused_at_the_end_field():
    with pytest.raises(RulesError) as caught:
        read(end="out_7")
    assert caught.value.field == "end"


def test_a_penalty_needs_its_side_and_a_known_reason():
    with pytest.raises(RulesError) as caught:
        read(penalties=[{"reason": "talking"}])
    assert (caught.value.field, str(caught.value)) == (
        "penalty-0",
        "A penalty needs the offending side and the reason",
    )
    with pytest.raises(RulesError) as caught:
        read(penalties=[{"side": 0, "reason": "talking"}, {"side": 1, "reason": "sneezing"}])
    assert caught.value.field == "penalty-1"


def test_form_data_goes_round_trip():
    entry = tgs.Entry(
        play=(10, 5),
        muggins=(0, 15),
        end="out",
        out_seat=0,
        pips=(None, 22),
        penalties=(Penalty(1, "renege", 7),),
    )
    assert tgs.entry_from_data(tgs.entry_to_data(entry), DOUBLES, {}) == entry
    # Out, but no side named: kept as typed, for the rules to refuse.
    assert tgs.entry_to_data(tgs.Entry(end="out"))["end"] == "out"


@pytest.mark.parametrize(
    ("entry", "field", "message"),
    [
        (tgs.Entry(play=(12, 0)), "play_0", "Side 1's play points: 12 is not a multiple of 5"),
        (tgs.Entry(muggins=(0, 7)), "muggins_1", "Side 2's muggins points: 7 is not"),
        (tgs.Entry(end="out", out_seat=1, pips=(170, None)), "pips_0", "170 is more than 168"),
        (tgs.Entry(end="out", out_seat=0), "pips_1", "Enter the pips left in the opponents'"),
        (tgs.Entry(end="out", out_seat=0, pips=(10, 20)), "pips_0", "opponents' pips only"),
        (tgs.Entry(end="blocked", pips=(10, None)), "pips_1", "needs both sides' pips"),
        (tgs.Entry(end="blocked", pips=(100, 80)), "pips_1", "add up to 180"),
        (tgs.Entry(end="none", pips=(None, 10)), "pips_1", "Pips are entered only"),
        (tgs.Entry(end="sideways"), "end", "is not a way a hand ends"),
        (tgs.Entry(reached_first=2), "reached_first", "must be Side 1 or Side 2"),
    ],
)
def test_each_refusal_lands_at_the_field_it_is_about(entry, field, message):
    where, text = refusal(entry)
    assert where == field
    assert message in text


def test_a_scored_hand_says_what_each_sides_points_came_from():
    scored = tgs.score_entry(
        tgs.Entry(
            play=(10, 0),
            muggins=(5, 0),
            end="out",
            out_seat=0,
            pips=(None, 13),
            penalties=(Penalty(1, "talking"),),
        ),
        DOUBLES,
        {},
    )
    assert scored.points == (80, 0)
    assert scored.lines == (
        "play 10 · muggins 5 · went out · +15 pips · +50 penalty",
        "13 pips → 15",
    )


def test_a_blocked_hand_scores_by_the_events_house_rule():
    entry = tgs.Entry(end="blocked", pips=(12, 33))
    assert tgs.score_entry(entry, DOUBLES, {}).points == (35, 0)
    assert tgs.score_entry(entry, DOUBLES, {"blocked_scoring": "difference"}).points == (20, 0)


def test_the_fold_asks_who_reached_250_first_and_then_decides():
    before = tgs.Entry(play=(245, 245))
    both = tgs.Entry(play=(10, 10))
    state = tgs.fold([before, both], DOUBLES, {})
    assert state.decision.hand == 1
    assert state.decision.field == "reached_first"
    assert state.decision.choices == (0, 1)
    assert "Hand 2 took both sides to 250" in state.decision.message
    answered = tgs.fold([before, tgs.Entry(play=(10, 10), reached_first=1)], DOUBLES, {})
    assert (answered.finished, answered.winner, answered.ended_at) == (True, 1, 1)


def test_a_stored_hand_reads_in_one_line_for_the_history():
    out = {"end": "out_1", "pips_0": 22, "play_1": 5, "muggins_0": 5}
    assert tgs.describe_hand(out, [5, 25]) == (
        "Side 1 5, Side 2 25 (Side 1 claimed 5 muggins; Side 2 played 5; "
        "Side 2 went out, 22 pips → 20)"
    )
    blocked = {"end": "blocked", "pips_0": 12, "pips_1": None, "reached_first": 1}
    penalty = {"side": 0, "reason": "renege", "offender": 3}
    text = tgs.describe_hand({**blocked, "penalties": [penalty]}, [50, 0])
    assert text == (
        "Side 1 50, Side 2 0 (blocked, Side 1 held 12 pips → 10, Side 2 held no pips; "
        "penalty on Side 1: reneging; Side 2 reached 250 first)"
    )


def test_every_wrong_figure_of_a_hand_is_refused_at_once_each_at_its_box():
    entry = read(play_0=12, muggins_1=3, pips_0=200, end="out_1")
    with pytest.raises(RulesError) as refused:
        tgs.score_entry(entry, DOUBLES, {})
    problems = dict(refused.value.problems)
    assert set(problems) == {"play_0", "muggins_1", "pips_0"}
    assert "12 is not a multiple of 5" in problems["play_0"]
    assert "3 is not a multiple of 5" in problems["muggins_1"]


def test_every_unreadable_part_of_a_hand_is_refused_at_once():
    data = {"end": "out_7", "penalties": [{"side": 0}, {"reason": "talking"}]}
    with pytest.raises(RulesError) as refused:
        tgs.entry_from_data(data, DOUBLES, {})
    assert set(dict(refused.value.problems)) == {"penalty-0", "penalty-1", "end"}


SINGLES = Table(players=2)


def test_singles_are_not_offered_the_partners_only_penalty():
    def reasons(table):
        fields = {field.name: field for field in tgs.entry_fields(table, {})}
        return dict(fields["penalties"].choices)

    assert "talking" in reasons(DOUBLES)
    assert "talking" not in reasons(SINGLES)
    assert set(reasons(SINGLES)) == set(PENALTY_REASONS) - PARTNERS_ONLY_REASONS


def test_a_singles_hand_with_the_partners_only_penalty_is_refused_at_its_row():
    data = {"end": "none", "penalties": [{"side": 0, "reason": "talking"}]}
    with pytest.raises(RulesError) as refused:
        tgs.entry_from_data(data, SINGLES, {})
    assert refused.value.field == "penalty-0"
    assert "in singles nobody has a partner" in str(refused.value)
    data["penalties"][0]["reason"] = "renege"
    assert tgs.entry_from_data(data, SINGLES, {}).penalties[0].reason == "renege"


def test_a_typed_singles_entry_with_the_partners_only_penalty_is_refused():
    entry = tgs.Entry(penalties=(Penalty(1, "talking"),))
    with pytest.raises(RulesError) as refused:
        tgs.score_entry(entry, SINGLES, {})
    assert refused.value.field == "penalty-0"
    assert tgs.score_entry(entry, DOUBLES, {}).points == (50, 0)


def test_an_unreadable_penalty_and_a_wrong_figure_are_refused_together():
    data = {"end": "none", "play_1": 12, "penalties": [{"side": 0, "reason": "talking"}]}
    with pytest.raises(RulesError) as refused:
        tgs.entry_from_data(data, SINGLES, {})
    assert set(dict(refused.value.problems)) == {"penalty-0", "play_1"}
