"""Double Takes: the counts of a shuffle, scoring rounds, and the result."""

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import INT, PER_SIDE, Fold, Table, TableRule
from games.rules import RulesError
from games.rules.double_takes.entry import (
    Entry,
    entry_fields,
    entry_from_data,
    entry_to_data,
    fold,
    score_entry,
    tables,
)
from games.rules.double_takes.rules import (
    DOUBLES,
    PLAYS_ON_AFTER_WITHDRAWAL,
    REVOKE_PENALTY,
    TEAM_SIZES,
    check_left_over_tile,
    clean_options,
    describe_result,
    house_rules,
    points_per_shuffle,
    rounds_per_shuffle,
    score_round,
    score_shuffle,
    side_count,
    target_score,
    tiles_left_over,
    tiles_per_player,
    tricks_per_shuffle,
    winning_play,
)


@pytest.mark.parametrize(("players", "tiles"), [(2, 17), (3, 15), (4, 17)])
def test_each_player_is_dealt_17_tiles_or_15_with_3_players(players, tiles):
    assert tiles_per_player(players) == tiles


@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 3), (4, 2)])
def test_one_shuffle_deals_4_rounds_to_2_players_3_to_3_and_2_to_4(players, rounds):
    assert rounds_per_shuffle(players) == rounds


def test_with_3_players_one_tile_is_left_over_and_otherwise_none():
    assert tiles_left_over(3) == 1
    assert tiles_left_over(2) == 0
    assert tiles_left_over(4) == 0


@pytest.mark.parametrize(("players", "tricks"), [(2, 68), (3, 45), (4, 34)])
def test_the_tricks_of_a_shuffle_follow_from_the_deal(players, tricks):
    assert tricks_per_shuffle(players) == tricks


def test_two_players_have_84_points_a_shuffle_not_the_50_the_source_text_gives():
    assert points_per_shuffle(2) == 68 + 16 == 84
    assert points_per_shuffle(2) != 50


def test_three_players_have_61_points_a_shuffle_as_the_source_text_says():
    assert points_per_shuffle(3) == 45 + 16 == 61


def test_four_players_have_50_points_a_shuffle_as_the_source_text_says():
    assert points_per_shuffle(4) == 34 + 16 == 50


def test_four_players_play_as_two_partnerships():
    assert side_count(4) == 2
    assert side_count(3) == 3
    assert side_count(2) == 2


@pytest.mark.parametrize("players", [1, 5])
def test_it_is_played_by_2_3_or_4_players(players):
    with pytest.raises(
        RulesError, match=rf"^Double Takes is played by 2, 3 or 4 players, not {players}$"
    ):
        tiles_per_player(players)


# Tricks


def test_led_as_9_the_9_9_does_not_beat_the_12_9_having_fewer_pips():
    # The source text's example: the double of the suit led ranks by its pips.
    assert winning_play("[12-9] [9-9] [9-3]", suit=9) == 0


def test_led_as_12_a_player_with_no_12s_trumps_with_the_9_9():
    assert winning_play("[12-9] [9-9] [12-3]", suit=12) == 1


def test_a_higher_double_not_in_the_suit_led_beats_the_9_9():
    assert winning_play("[12-9] [9-9] [12-3] [10-10]", suit=12) == 3


def test_the_double_of_the_suit_led_is_no_trump():
    assert winning_play("[12-9] [12-12] [12-3]", suit=12) == 1
    assert winning_play("[15-12] [12-12] [12-3]", suit=12) == 0


def test_a_tile_of_another_suit_that_is_not_a_double_cannot_win():
    assert winning_play("[3-1] [14-15] [3-2]", suit=3) == 2


def test_the_suit_named_must_be_on_the_tile_led():
    with pytest.raises(RulesError, match=r"^The leader of \[9-12\] names 9 or 12 as the suit$"):
        winning_play("[12-9] [9-9]", suit=5)
    with pytest.raises(RulesError, match=r"^The leader of \[9-9\] names 9 as the suit$"):
        winning_play("[9-9] [9-3]", suit=3)


@pytest.mark.parametrize("trick", ["[12-9]", "[1-2] [1-3] [1-4] [1-5] [1-6]"])
def test_a_trick_holds_one_tile_for_each_of_2_to_4_players(trick):
    with pytest.raises(RulesError, match=r"^A trick holds one tile per player, 2 to 4, not "):
        winning_play(trick, suit=1 if "1-2" in trick else 9)


# A round


def test_each_trick_and_each_double_taken_scores_1():
    score = score_round([10, 7], [5, 2], players=2)
    assert score.points == (15, 9)
    assert score.revokes == (0, 0)


def test_each_revoke_costs_the_revoking_side_5():
    assert REVOKE_PENALTY == 5
    score = score_round([10, 7], [5, 2], [0, 2], players=2)
    assert score.points == (15, 9 - 10)


def test_partnerships_enter_one_line_per_side():
    assert score_round([9, 8], [3, 4], players=4).points == (12, 12)


def test_the_tricks_of_a_round_must_add_up_to_the_tiles_per_player():
    message = r"^The tricks add up to 16; a hand with 2 players has 17$"
    with pytest.raises(RulesError, match=message):
        score_round([10, 6], [5, 2], players=2)


def test_three_players_tricks_add_up_to_15():
    assert score_round([5, 5, 5], [1, 2, 3], players=3).points == (6, 7, 8)
    with pytest.raises(RulesError, match="a hand with 3 players has 15"):
        score_round([5, 5, 6], [1, 2, 3], players=3)


def test_the_doubles_of_a_round_cannot_pass_16():
    with pytest.raises(RulesError, match=r"^The doubles add up to 17; the set holds 16$"):
        score_round([9, 8], [9, 8], players=2)


def test_a_side_cannot_take_more_doubles_than_its_tricks_hold():
    with pytest.raises(
        RulesError, match=r"^Player 2 took 1 trick, so cannot have taken 3 doubles$"
    ) as refused:
        score_round([16, 1], [0, 3], players=2)
    assert refused.value.field == "doubles_1"


def test_it_names_the_player_with_a_bad_entry():
    with pytest.raises(RulesError, match=r"^Player 3's tricks: -1 is less than 0$"):
        score_round([8, 8, -1], [0, 0, 0], players=3)


def test_it_names_the_partnership_with_a_bad_entry():
    with pytest.raises(RulesError, match=r"^Side 2's revokes: -1 is less than 0$"):
        score_round([9, 8], [0, 0], [0, -1], players=4)


def test_a_round_needs_one_entry_per_side():
    with pytest.raises(RulesError, match=r"^The doubles: enter 2 values, one each, not 3$"):
        score_round([9, 8], [0, 0, 0], players=4)


# A shuffle


FOUR_PLAYER_SHUFFLE = [([9, 8], [5, 3], [0, 0]), ([10, 7], [4, 4], [2, 0])]


def test_a_shuffle_of_4_players_is_won_by_the_higher_partnership():
    result = score_shuffle(FOUR_PLAYER_SHUFFLE, players=4)
    assert result.totals == (9 + 5 + 10 + 4 - 10, 8 + 3 + 7 + 4)
    assert result.finished
    assert result.winners == (1,)
    assert not result.tied
    assert describe_result(result, players=4) == "Side 2 wins with 22"


def test_a_tie_for_highest_is_shown_as_a_tie():
    rounds = [([9, 8], [4, 4], None), ([8, 9], [4, 4], None)]
    result = score_shuffle(rounds, players=4)
    assert result.totals == (25, 25)
    assert result.winners == (0, 1)
    assert result.tied
    assert describe_result(result, players=4) == "Side 1 and Side 2 tie on 25"


def test_three_players_can_win_alone_or_tie():
    rounds = [([5, 5, 5], [2, 2, 1], None)] * 2 + [([5, 5, 5], [1, 1, 4], None)]
    result = score_shuffle(rounds, players=3)
    assert result.totals == (20, 20, 21)
    assert result.winners == (2,)
    assert describe_result(result, players=3) == "Player 3 wins with 21"
    rounds[2] = ([6, 5, 4], [1, 1, 4], None)
    result = score_shuffle(rounds, players=3)
    assert result.totals == (21, 20, 20)
    assert describe_result(result, players=3) == "Player 1 wins with 21"
    rounds[2] = ([6, 4, 5], [1, 1, 4], None)
    result = score_shuffle(rounds, players=3)
    assert result.totals == (21, 19, 21)
    assert result.tied
    assert describe_result(result, players=3) == "Player 1 and Player 3 tie on 21"


def test_a_shuffle_in_progress_has_no_result_yet():
    result = score_shuffle(FOUR_PLAYER_SHUFFLE[:1], players=4)
    assert not result.finished
    assert result.winners == ()
    assert describe_result(result, players=4) == "Not finished"


def test_a_shuffle_holds_no_more_rounds_than_it_deals():
    with pytest.raises(RulesError, match=r"^A shuffle for 4 players has 2 hands, not 3$"):
        score_shuffle([([9, 8], [0, 0], None)] * 3, players=4)


def test_the_doubles_of_a_whole_shuffle_must_add_up_to_16():
    rounds = [([9, 8], [5, 3], None), ([10, 7], [4, 3], None)]
    message = r"^The doubles taken over the shuffle add up to 15; the set holds 16$"
    with pytest.raises(RulesError, match=message):
        score_shuffle(rounds, players=4)


def test_the_doubles_so_far_cannot_pass_16():
    rounds = [([10, 7], [9, 3], None), ([10, 7], [4, 3], None), ([10, 7], [0, 0], None)]
    with pytest.raises(RulesError, match="add up to 19; the set holds 16"):
        score_shuffle(rounds, players=2)


def test_each_round_is_its_tricks_doubles_and_revokes():
    with pytest.raises(RulesError, match=r"^Hand 1: enter 3 values"):
        score_shuffle([([9, 8], [8, 8])], players=4)


@st.composite
def shuffles(draw):
    """Draw the rounds of a whole shuffle that the rules allow, revokes left out."""
    players = draw(st.sampled_from([2, 3, 4]))
    sides = side_count(players)
    per_player = tiles_per_player(players)
    all_tricks = []
    for _ in range(rounds_per_shuffle(players)):
        cuts = draw(st.lists(st.integers(0, per_player), min_size=sides - 1, max_size=sides - 1))
        edges = [0, *sorted(cuts), per_player]
        all_tricks.append([high - low for low, high in pairwise(edges)])
    # Each double goes to a side whose tricks in that round still have room for it; with
    # 3 players the tile left over joins the last trick of the shuffle, taken by a side
    # with a trick in the last round.
    room = [[count * players for count in tricks] for tricks in all_tricks]
    if tiles_left_over(players):
        last = all_tricks[-1]
        taker = draw(st.sampled_from([side for side in range(sides) if last[side]]))
        room[-1][taker] += tiles_left_over(players)
    doubles = [[0] * sides for _ in all_tricks]
    for _ in range(DOUBLES):
        open_slots = [
            (number, side)
            for number in range(len(all_tricks))
            for side in range(sides)
            if doubles[number][side] < room[number][side]
        ]
        number, side = draw(st.sampled_from(open_slots))
        doubles[number][side] += 1
    return players, [
        (tricks, taken, None) for tricks, taken in zip(all_tricks, doubles, strict=True)
    ]


@given(shuffles())
def test_the_points_of_a_whole_shuffle_match_the_derived_count(shuffle):
    players, rounds = shuffle
    result = score_shuffle(rounds, players=players)
    assert result.finished
    assert sum(result.totals) == points_per_shuffle(players)
    assert min(result.totals) >= 0
    assert result.winners


def test_the_players_at_a_table_playing_alone_are_an_option_defaulting_to_3():
    assert clean_options({}) == {"table_size": 3}
    assert clean_options({"table_size": "2"}) == {"table_size": 2}
    assert target_score({}) is None


def test_the_table_size_option_is_2_or_3_since_4_players_play_as_partners():
    with pytest.raises(RulesError, match=r"^Players at a table: 4 is more than 3$"):
        clean_options({"table_size": 4})


def test_the_old_players_option_is_gone():
    with pytest.raises(RulesError, match=r'^Double Takes has no house rule called "players"$'):
        clean_options({"players": 4})


def test_the_house_rules_give_the_points_of_a_shuffle():
    two = house_rules({"table_size": 2})
    assert two[0] == "Each table seats 2 players, each playing alone (3 where the numbers need it)."
    assert any("68 tricks and 16 doubles make 84 points a shuffle" in rule for rule in two)
    three = house_rules({"table_size": "3"})
    assert (
        three[0] == "Each table seats 3 players, each playing alone (2 where the numbers need it)."
    )
    assert (
        "With 3 players the one tile left over is added to the last trick of the shuffle, so a "
        "double taken with it counts only in the last hand." in three
    )
    assert any("45 tricks and 16 doubles make 61 points a shuffle" in rule for rule in three)
    four = house_rules({}, team_size=2)
    assert four[0] == (
        "Each table seats 4 players in 2 partnerships: players 1 and 3 against 2 and 4."
    )
    assert any("make 50 points" in rule for rule in four)
    assert not any("left over" in rule for rule in four)
    assert not any("make 84 points" in rule or "make 61 points" in rule for rule in four)


def test_house_rules_refuse_a_team_size_the_game_does_not_have():
    message = (
        r"^Double Takes is played alone or in partnerships of 2 \(4 players, two against "
        r"two\), not in teams of 3$"
    )
    with pytest.raises(RulesError, match=message):
        house_rules({}, team_size=3)


# The engine: tables

OPTIONS = clean_options({})
PAIR = Table(players=2)
THREE = Table(players=3)
PARTNERS = Table(players=4, partnerships=True)


def test_it_is_played_alone_or_in_partnerships_of_2():
    assert TEAM_SIZES == (1, 2)


def test_a_game_stops_when_a_player_withdraws():
    assert PLAYS_ON_AFTER_WITHDRAWAL is False


def test_players_alone_sit_2_or_3_at_a_table_aiming_for_the_events_table_size():
    assert tables(OPTIONS, 1) == TableRule(sizes=(2, 3), preferred=3)
    assert tables(clean_options({"table_size": 2}), 1) == TableRule(sizes=(2, 3), preferred=2)
    assert tables(OPTIONS, 1).table(3) == THREE


def test_partnerships_sit_two_at_a_table_four_players_in_all():
    rule = tables(OPTIONS, 2)
    assert rule == TableRule(sizes=(2,), preferred=2, team_size=2)
    assert rule.table(2) == PARTNERS


def test_it_refuses_teams_of_3():
    with pytest.raises(RulesError, match=r"not in teams of 3$"):
        tables(OPTIONS, 3)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (
            Table(players=4),
            "4 players at a Double Takes table play as two partnerships, not each alone",
        ),
        (
            Table(players=2, partnerships=True),
            "Double Takes partnerships need 4 players, two against two, not 2",
        ),
        (Table(players=5), "Double Takes is played by 2, 3 or 4 players, not 5"),
        (Table(players=1), "Double Takes is played by 2, 3 or 4 players, not 1"),
    ],
)
def test_it_refuses_a_table_the_game_cannot_be_played_at_and_says_why(table, message):
    for call in (
        lambda: entry_fields(table, OPTIONS),
        lambda: entry_from_data({}, table, OPTIONS),
        lambda: score_entry(Entry((9, 8), (0, 0), (0, 0)), table, OPTIONS),
        lambda: fold([], table, OPTIONS),
    ):
        with pytest.raises(RulesError) as refused:
            call()
        assert str(refused.value) == message


def test_the_form_asks_each_side_for_tricks_doubles_and_revokes():
    tricks, doubles, revokes = entry_fields(PARTNERS, OPTIONS)
    assert (tricks.name, tricks.kind, tricks.per, tricks.required) == (
        "tricks",
        INT,
        PER_SIDE,
        True,
    )
    assert (doubles.name, doubles.required) == ("doubles", True)
    assert (revokes.name, revokes.required) == ("revokes", False)
    assert tricks.keys(PARTNERS) == ("tricks_0", "tricks_1")
    assert doubles.keys(THREE) == ("doubles_0", "doubles_1", "doubles_2")


# The engine: a round's entry


def _refused(data, table):
    with pytest.raises(RulesError) as refused:
        entry_from_data(data, table, OPTIONS)
    return refused.value


def test_it_reads_a_rounds_counts_with_blank_revokes_as_none():
    data = {"tricks_0": 9, "tricks_1": 8, "doubles_0": 5, "doubles_1": 3, "revokes_0": None}
    entry = entry_from_data(data | {"csrfmiddlewaretoken": "x"}, PARTNERS, OPTIONS)
    assert entry == Entry(tricks=(9, 8), doubles=(5, 3), revokes=(0, 0))


def test_partnerships_score_a_round_per_side():
    scored = score_entry(Entry((9, 8), (5, 3), (0, 0)), PARTNERS, OPTIONS)
    assert scored.points == (14, 11)
    assert scored.lines == ("9 tricks, 5 doubles", "8 tricks, 3 doubles")
    assert scored.notes == ()


def test_revokes_cost_5_each_and_may_leave_a_side_below_nothing():
    scored = score_entry(Entry((16, 1), (15, 1), (0, 2)), PAIR, OPTIONS)
    assert scored.points == (31, 1 + 1 - 10)
    assert scored.lines == ("16 tricks, 15 doubles", "1 trick, 1 double, 2 revokes: -10")


def test_a_round_that_counts_the_tile_left_over_is_noted_as_the_last_round():
    scored = score_entry(Entry((5, 5, 5), (16, 0, 0), (0, 0, 0)), THREE, OPTIONS)
    assert scored.points == (21, 5, 5)
    assert scored.notes == (
        "Player 1 counts the tile left over, so this must be the last hand of the shuffle",
    )


def _round(tricks, doubles, revokes=()):
    """Return a partnership round's form data; None leaves a count blank."""
    data = {}
    for name, counts in (("tricks", tricks), ("doubles", doubles), ("revokes", revokes)):
        data |= {f"{name}_{side}": count for side, count in enumerate(counts)}
    return data


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (_round((9, None), (0, 0)), "tricks_1", "Side 2's tricks: enter a number, 0 if none"),
        (_round((9, 8), (None, 0)), "doubles_0", "Side 1's doubles: enter a number, 0 if none"),
        (_round(("9", 8), (0, 0)), "tricks_0", "Side 1's tricks: '9' is not a whole number"),
        (
            _round((9, 8), (0, 0), (0, 1.0)),
            "revokes_1",
            "Side 2's revokes: 1.0 is not a whole number",
        ),
        (_round((9, -1), (0, 0)), "tricks_1", "Side 2's tricks: -1 is less than 0"),
        (_round((9, 8), (17, 0)), "doubles_0", "Side 1's doubles: 17 is more than 16"),
        (_round((9, 8), (0, 0), (18, 0)), "revokes_0", "Side 1's revokes: 18 is more than 17"),
        (
            _round((16, 1), (0, 5)),
            "doubles_1",
            "Side 2 took 1 trick, so cannot have taken 5 doubles",
        ),
        (
            _round((9, 7), (0, 0)),
            "tricks_0",
            "The tricks add up to 16; a hand with 4 players has 17",
        ),
        (_round((9, 8), (9, 8)), "doubles_0", "The doubles add up to 17; the set holds 16"),
    ],
)
def test_it_refuses_a_bad_round_naming_the_field_and_why(data, field, message):
    refused = _refused(data, PARTNERS)
    assert refused.field == field
    assert str(refused) == message


def test_a_player_who_took_no_trick_took_no_double_not_even_the_tile_left_over():
    data = {"tricks_0": 8, "tricks_1": 7, "tricks_2": 0, "doubles_0": 0, "doubles_1": 0}
    refused = _refused(data | {"doubles_2": 1}, THREE)
    assert refused.field == "doubles_2"
    assert str(refused) == "Player 3 took 0 tricks, so cannot have taken 1 double"


def test_an_entry_needs_one_count_per_side():
    with pytest.raises(RulesError, match=r"^The revokes: enter 2 values, one each, not 3$"):
        score_entry(Entry((9, 8), (0, 0), (0, 0, 0)), PARTNERS, OPTIONS)


def test_an_entry_gives_its_data_in_the_forms_keys():
    assert entry_to_data(Entry((5, 5, 5), (1, 2, 3), (0, 1, 0))) == {
        "tricks_0": 5,
        "tricks_1": 5,
        "tricks_2": 5,
        "doubles_0": 1,
        "doubles_1": 2,
        "doubles_2": 3,
        "revokes_0": 0,
        "revokes_1": 1,
        "revokes_2": 0,
    }


@st.composite
def rounds(draw):
    """Draw one round the rules allow at some table, with revokes."""
    table = draw(st.sampled_from([PAIR, THREE, PARTNERS]))
    per_player = tiles_per_player(table.players)
    cuts = sorted(
        draw(
            st.lists(st.integers(0, per_player), min_size=table.sides - 1, max_size=table.sides - 1)
        )
    )
    tricks = tuple(high - low for low, high in pairwise([0, *cuts, per_player]))
    doubles = []
    for count in tricks:
        room = min(count * table.players, DOUBLES - sum(doubles))
        doubles.append(draw(st.integers(0, room)))
    revokes = tuple(draw(st.integers(0, 3)) for _ in tricks)
    return table, Entry(tricks, tuple(doubles), revokes)


@given(rounds())
def test_an_entry_reads_back_from_its_data_unchanged(drawn):
    table, entry = drawn
    assert entry_from_data(entry_to_data(entry), table, OPTIONS) == entry


# The engine: the game (one shuffle)

PARTNERS_SHUFFLE = [Entry((9, 8), (5, 3), (0, 0)), Entry((10, 7), (4, 4), (2, 0))]


def test_the_game_is_finished_after_the_last_round_and_the_higher_side_wins():
    state = fold(PARTNERS_SHUFFLE, PARTNERS, OPTIONS)
    assert state == Fold((18, 22), finished=True, winners=(1,), ended_at=1)


def test_a_game_in_progress_has_no_result():
    assert fold(PARTNERS_SHUFFLE[:1], PARTNERS, OPTIONS) == Fold((14, 11))
    assert fold([], PARTNERS, OPTIONS) == Fold((0, 0))


def test_sides_level_on_the_highest_total_tie():
    rounds = [Entry((9, 8), (4, 4), (0, 0)), Entry((8, 9), (4, 4), (0, 0))]
    state = fold(rounds, PARTNERS, OPTIONS)
    assert state.winners == (0, 1)
    assert state.tied


def test_a_total_may_be_negative_after_revokes():
    rounds = [
        Entry((17, 0), (4, 0), (0, 3)),
        Entry((17, 0), (4, 0), (0, 1)),
        Entry((17, 0), (4, 0), (0, 0)),
        Entry((16, 1), (2, 2), (0, 0)),
    ]
    state = fold(rounds, PAIR, OPTIONS)
    assert state == Fold((81, 1 + 2 - 20), True, (0,), 3)


def test_rounds_after_the_last_are_refused():
    with pytest.raises(RulesError) as refused:
        fold([*PARTNERS_SHUFFLE, Entry((9, 8), (0, 0), (0, 0))], PARTNERS, OPTIONS)
    assert str(refused.value) == (
        "A shuffle for 4 players deals 2 hands, and the game ended with hand 2, so hand 3 "
        "cannot stand; delete them first"
    )


def test_the_doubles_of_the_shuffle_must_add_up_to_16_once_all_rounds_are_in():
    rounds = [Entry((9, 8), (5, 3), (0, 0)), Entry((10, 7), (4, 3), (0, 0))]
    with pytest.raises(RulesError) as refused:
        fold(rounds, PARTNERS, OPTIONS)
    assert refused.value.field == "doubles_0"
    assert str(refused.value) == "The doubles taken over the shuffle add up to 15; the set holds 16"


def test_the_doubles_so_far_never_pass_16():
    rounds = [Entry((10, 7), (9, 3), (0, 0)), Entry((10, 7), (4, 1), (0, 0))]
    with pytest.raises(RulesError, match="add up to 17; the set holds 16"):
        fold(rounds, PAIR, OPTIONS)


# The tile left over (3 players)

THREE_SHUFFLE = [
    Entry((5, 5, 5), (2, 2, 1), (0, 0, 0)),
    Entry((5, 5, 5), (2, 2, 1), (0, 0, 0)),
    Entry((5, 5, 5), (1, 1, 4), (0, 0, 0)),
]


def test_the_tile_left_over_may_be_counted_in_the_last_round():
    rounds = [*THREE_SHUFFLE[:2], Entry((1, 4, 10), (4, 0, 2), (0, 0, 0))]
    state = fold(rounds, THREE, OPTIONS)
    assert state.finished
    assert state.totals == (7 + 7 + 1 + 4, 7 + 7 + 4 + 0, 6 + 6 + 10 + 2)


def test_the_tile_left_over_counted_in_an_earlier_round_is_refused_naming_the_round():
    rounds = [Entry((1, 4, 10), (4, 0, 2), (0, 0, 0)), *THREE_SHUFFLE[1:]]
    with pytest.raises(RulesError) as refused:
        fold(rounds, THREE, OPTIONS)
    assert refused.value.field == "doubles_0"
    assert str(refused.value) == (
        "Hand 1: Player 1 took 1 trick, so cannot have taken 4 doubles: the tile left over "
        "is added to the last trick of the shuffle, so it counts only in hand 3"
    )


def test_only_the_side_that_took_the_last_trick_counts_the_tile_left_over():
    no_doubles = Entry((5, 5, 5), (0, 0, 0), (0, 0, 0))
    rounds = [no_doubles, no_doubles, Entry((1, 3, 11), (4, 10, 2), (0, 0, 0))]
    with pytest.raises(RulesError) as refused:
        fold(rounds, THREE, OPTIONS)
    assert refused.value.field == "doubles_1"
    assert str(refused.value) == (
        "Hand 3: Player 1 and Player 2 both count the tile left over, but it is added to the "
        "last trick of the shuffle, which one of them took"
    )


def test_the_tile_left_over_is_checked_in_a_shuffle_as_well():
    rounds = [([1, 4, 10], [4, 0, 2], None), *([[5, 5, 5], [2, 2, 1], None],) * 2]
    with pytest.raises(RulesError, match=r"^Hand 1: Player 1 took 1 trick, so cannot have"):
        score_shuffle(rounds, players=3)


def test_a_round_without_the_tile_left_over_passes_its_check_anywhere():
    score = score_round([5, 5, 5], [5, 5, 5], players=3)
    assert check_left_over_tile(score, players=3, number=1) is None


def test_errors_in_a_shuffles_round_name_the_round_and_field():
    rounds = [([9, 8], [0, 0], [0, -1])]
    with pytest.raises(
        RulesError, match=r"^Hand 1: Side 2's revokes: -1 is less than 0$"
    ) as refused:
        score_shuffle(rounds, players=4)
    assert refused.value.field == "revokes_1"


@given(shuffles())
def test_a_whole_shuffle_in_the_engine_holds_the_derived_points_and_the_best_win(shuffle):
    players, drawn = shuffle
    table = {2: PAIR, 3: THREE, 4: PARTNERS}[players]
    entries = [
        Entry(tuple(tricks), tuple(doubles), (0,) * table.sides) for tricks, doubles, _ in drawn
    ]
    state = fold(entries, table, OPTIONS)
    assert state.finished
    assert state.ended_at == len(entries) - 1
    assert sum(state.totals) == points_per_shuffle(players)
    assert all(state.totals[side] == max(state.totals) for side in state.winners)
    assert len(state.winners) == state.totals.count(max(state.totals))
    for entry in entries:
        score_entry(entry, table, OPTIONS)


def test_every_refused_count_of_a_round_is_named_at_once():
    data = {"tricks_0": None, "tricks_1": "x", "doubles_0": 99, "doubles_1": 1, "revokes_1": -1}
    with pytest.raises(RulesError) as refused:
        entry_from_data(data, Table(players=2), OPTIONS)
    problems = dict(refused.value.problems)
    assert set(problems) == {"tricks_0", "tricks_1", "doubles_0", "revokes_1"}
    assert "enter a number, 0 if none" in problems["tricks_0"]
    data = {"tricks_0": 10, "tricks_1": 7, "doubles_0": 99, "doubles_1": 1, "revokes_1": -1}
    with pytest.raises(RulesError) as refused:
        entry_from_data(data, Table(players=2), OPTIONS)
    assert set(dict(refused.value.problems)) == {"doubles_0", "revokes_1"}


def test_tricks_and_doubles_that_do_not_add_up_are_refused_together():
    data = {"tricks_0": 10, "tricks_1": 8, "doubles_0": 1, "doubles_1": 0}
    with pytest.raises(RulesError) as refused:
        entry_from_data(data, Table(players=2), OPTIONS)
    assert set(dict(refused.value.problems)) == {"tricks_0"}
    data = {"tricks_0": 10, "tricks_1": 8, "doubles_0": 16, "doubles_1": 1}
    with pytest.raises(RulesError) as refused:
        entry_from_data(data, Table(players=2), OPTIONS)
    assert [field for field, _ in refused.value.problems] == ["tricks_0", "doubles_0"]
