"""Domino Pinochle: tricks, melds under the house rulings, and the game to 250."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import PER_PLAYER, TILES, Decision, Fold, Table, TableRule
from games.rules import RulesError
from games.rules.domino_pinochle.entry import (
    Entry,
    entry_fields,
    entry_from_data,
    entry_to_data,
    fold,
    score_entry,
    tables,
)
from games.rules.domino_pinochle.rules import (
    DOUBLES,
    PLAYS_ON_AFTER_WITHDRAWAL,
    SEQUENCE,
    TARGET,
    TEAM_SIZES,
    WON_ON_MELDS,
    WON_ON_TRICKS,
    clean_options,
    fold_game,
    house_rules,
    meld_points,
    reachable_meld_totals,
    read_meld,
    read_melds,
    target_score,
)
from games.rules.domino_pinochle.tricks import (
    POINT_TILES,
    TRICK_POINTS,
    count_trick_points,
    suit_of,
    trick_points,
    winning_play,
)
from games.rules.tiles import full_set

# Tricks


def test_a_tiles_suit_is_its_higher_number():
    assert suit_of((2, 5)) == 5
    assert suit_of((4, 4)) == 4


def test_the_highest_tile_of_the_suit_led_wins_the_trick():
    assert winning_play("[2-5] [4-5] [1-5]") == 1


def test_the_double_is_the_highest_tile_of_its_suit():
    assert winning_play("[4-6] [6-6] [5-6]") == 1


def test_the_blank_is_the_lowest_tile_of_its_suit():
    assert winning_play("[0-3] [1-3] [2-6]") == 1


def test_a_tile_of_another_suit_cannot_win_the_trick():
    assert winning_play("[0-3] [5-5] [6-6]") == 0


def test_a_trick_holds_one_tile_per_player():
    with pytest.raises(RulesError, match=r"^A trick holds 3 tiles, one per player, not 2$"):
        winning_play("[0-3] [5-5]")


# Melds


def test_three_tiles_of_one_suit_with_consecutive_values_are_a_sequence_meld():
    meld = read_meld("[3-6] [1-6] [2-6]")
    assert meld.kind == SEQUENCE
    assert meld.suit == 6
    assert meld.tiles == ((1, 6), (2, 6), (3, 6))
    assert meld.points == 3


def test_the_suits_double_counts_as_its_own_number_in_a_sequence():
    assert read_meld("[4-6] [5-6] [6-6]").kind == SEQUENCE


def test_holding_1_6_to_4_6_a_player_may_meld_all_four_for_6_or_three_for_3():
    # The source text's own example; the rest of it was lost.
    assert read_meld("[1-6] [2-6] [3-6] [4-6]").points == 4 + 2
    assert read_meld("[1-6] [2-6] [3-6]").points == 3
    assert read_meld("[2-6] [3-6] [4-6]").points == 3


def test_tiles_of_one_suit_with_a_gap_are_not_a_meld():
    with pytest.raises(RulesError, match=r"^\[1-6\] \[2-6\] \[4-6\] is not a meld"):
        read_meld("[1-6] [2-6] [4-6]")


def test_tiles_of_different_suits_are_not_a_meld():
    with pytest.raises(RulesError, match="is not a meld: a meld is 3 or 4 tiles of one suit"):
        read_meld("[1-5] [2-6] [3-6]")


def test_three_doubles_with_consecutive_numbers_are_a_doubles_meld():
    meld = read_meld("[1-1] [3-3] [2-2]")
    assert meld.kind == DOUBLES
    assert meld.suit is None
    assert meld.points == 3


def test_four_consecutive_doubles_score_4_plus_the_bonus():
    assert read_meld("[0-0] [1-1] [2-2] [3-3]").points == 6


def test_doubles_with_a_gap_are_not_a_meld():
    with pytest.raises(RulesError, match="or doubles with consecutive numbers"):
        read_meld("[1-1] [2-2] [4-4]")


def test_an_event_may_leave_doubles_melds_out():
    with pytest.raises(RulesError, match=r"tiles of one suit with consecutive values$"):
        read_meld("[1-1] [2-2] [3-3]", doubles_melds=False)


def test_the_four_tile_bonus_can_be_changed():
    assert read_meld("[1-6] [2-6] [3-6] [4-6]", four_tile_bonus=0).points == 4
    assert read_meld("[1-6] [2-6] [3-6] [4-6]", four_tile_bonus=5).points == 9


def test_a_meld_holds_3_or_4_tiles():
    with pytest.raises(RulesError, match=r"^A meld holds 3 or 4 tiles, not 2$"):
        read_meld("[1-6] [2-6]")


def test_the_widow_may_complete_a_meld_but_earns_no_points():
    meld = read_meld("[1-6] [2-6] [3-6]", widow="3-6")
    assert meld.uses_widow
    assert meld.points == 2


def test_a_four_tile_meld_completed_by_the_widow_earns_no_bonus():
    assert read_meld("[1-6] [2-6] [3-6] [4-6]", widow="[4-6]").points == 3


def test_a_meld_without_the_widow_is_scored_in_full():
    meld = read_meld("[1-6] [2-6] [3-6] [4-6]", widow="[0-0]")
    assert not meld.uses_widow
    assert meld.points == 6


def test_an_event_may_keep_the_widow_out_of_melds():
    with pytest.raises(RulesError, match=r"^\[3-6\] is the widow, and this event's rules keep"):
        read_meld("[1-6] [2-6] [3-6]", widow="3-6", widow_completes_melds=False)


def test_a_meld_is_described_in_plain_words():
    assert read_meld("[1-6] [2-6] [3-6]", widow="3-6").describe() == (
        "[1-6] [2-6] [3-6] in suit 6 (with the widow): 2 points"
    )
    assert read_meld("[0-0] [1-1] [2-2]").describe() == "[0-0] [1-1] [2-2] doubles: 3 points"
    assert read_meld("[1-5] [3-5] [2-5]", widow="[1-5]", four_tile_bonus=0).describe() == (
        "[1-5] [2-5] [3-5] in suit 5 (with the widow): 2 points"
    )


def test_each_player_scores_their_own_melds_in_seating_order():
    melds = [
        ["[1-6] [2-6] [3-6] [4-6]", "[0-0] [1-1] [2-2]"],
        [],
        ["[3-5] [4-5] [5-5]"],
    ]
    assert meld_points(melds, widow="[0-1]") == (9, 0, 3)


def test_the_melds_are_read_for_display():
    read = read_melds([["[1-6] [2-6] [3-6]"], [], []], widow="[0-1]")
    assert read[0][0].suit == 6
    assert read[1] == ()


def test_a_tile_is_in_one_meld_only():
    message = r"^\[3-6\] is in two of Player 1's melds; a tile is in one meld only$"
    with pytest.raises(RulesError, match=message):
        read_melds([["[1-6] [2-6] [3-6]", "[3-6] [4-6] [5-6]"], [], []], widow="[0-0]")


def test_the_widow_completes_one_meld_only():
    message = r"^\[3-6\] is in Player 1's meld and Player 3's; a tile is in one meld only$"
    with pytest.raises(RulesError, match=message):
        read_melds(
            [["[1-6] [2-6] [3-6]"], [], ["[3-3] [4-4] [5-5] [6-6]", "[4-6] [5-6] [3-6]"]],
            widow="[3-6]",
        )


def test_a_player_cannot_meld_more_tiles_than_a_hand_holds():
    melds = [["[0-6] [1-6] [2-6] [3-6]", "[0-5] [1-5] [2-5] [3-5]", "[0-0] [1-1] [2-2]"], [], []]
    with pytest.raises(RulesError, match=r"^Player 1 melds 11 tiles from a hand of 9$"):
        meld_points(melds, widow="[4-4]")


def test_the_widow_does_not_count_towards_the_tiles_from_the_hand():
    # Ten tiles in melds, but only nine from the hand.
    melds = [["[0-6] [1-6] [2-6] [3-6]", "[0-0] [1-1] [2-2]", "[3-5] [4-5] [5-5]"], [], []]
    assert meld_points(melds, widow="[5-5]") == (6 + 3 + 2, 0, 0)


def test_two_four_tile_melds_make_the_highest_meld_score_of_12():
    melds = [["[3-6] [4-6] [5-6] [6-6]", "[2-5] [3-5] [4-5] [5-5]"], [], []]
    assert meld_points(melds, widow="[0-0]") == (12, 0, 0)


def test_the_melds_need_an_entry_for_each_of_the_three_players():
    with pytest.raises(RulesError, match=r"^The melds: enter 3 values, one each, not 2$"):
        meld_points([[], []], widow="[0-0]")


# Trick points


def test_the_trick_points_of_a_hand_total_44():
    assert TRICK_POINTS == 44
    assert trick_points([20, 14, 10]) == (20, 14, 10)


def test_trick_points_that_do_not_total_44_are_refused_with_the_sum():
    message = r"^The trick points add up to 43; a hand's tricks hold exactly 44$"
    with pytest.raises(RulesError, match=message):
        trick_points([20, 13, 10])


def test_it_names_the_player_with_a_bad_trick_score():
    with pytest.raises(RulesError, match=r"^Player 3's trick points: -1 is less than 0$"):
        trick_points([30, 15, -1])


def test_the_point_tiles_are_three_nickels_and_two_dimes():
    assert POINT_TILES == {(0, 5): 5, (1, 4): 5, (2, 3): 5, (4, 6): 10, (5, 5): 10}
    assert 9 + sum(POINT_TILES.values()) == TRICK_POINTS


def test_trick_points_count_1_per_trick_5_per_nickel_and_10_per_dime():
    points = count_trick_points(
        [4, 3, 2],
        [["[0-5]", "[4-6]"], ["[1-4]", "[2-3]"], ["[5-5]"]],
        widow="[3-3]",
        last_trick=0,
    )
    assert points == (4 + 5 + 10, 3 + 5 + 5, 2 + 10)


def test_the_widow_goes_to_the_player_who_took_the_last_trick():
    points = count_trick_points(
        [4, 3, 2], [["[0-5]"], ["[1-4]", "[2-3]"], ["[5-5]"]], widow="[4-6]", last_trick=1
    )
    assert points == (9, 3 + 10 + 10, 12)


def test_the_widow_is_not_listed_among_the_tricks():
    with pytest.raises(RulesError, match=r"^\[4-6\] is the widow; it goes to the player"):
        count_trick_points([4, 3, 2], [["[4-6]"], [], []], widow="[4-6]", last_trick=1)


def test_the_tricks_must_add_up_to_9():
    with pytest.raises(RulesError, match=r"^The tricks add up to 8; a hand has 9$"):
        count_trick_points([4, 2, 2], [[], [], []], widow="[0-0]", last_trick=0)


def test_the_player_who_took_the_last_trick_took_a_trick():
    with pytest.raises(RulesError, match=r"^Player 3 took the last trick, so took at least 1"):
        count_trick_points([5, 4, 0], [[], [], []], widow="[0-0]", last_trick=2)


def test_only_point_tiles_are_listed():
    with pytest.raises(RulesError, match=r"^\[3-4\] is not a point tile$"):
        count_trick_points([5, 4, 0], [["[3-4]"], [], []], widow="[0-0]", last_trick=0)


def test_a_point_tile_is_taken_by_one_player():
    with pytest.raises(RulesError, match=r"^\[0-5\] is listed for both Player 1 and Player 2$"):
        count_trick_points([5, 4, 0], [["[0-5]"], ["[0-5]"], []], widow="[0-0]", last_trick=0)


def test_every_point_tile_is_taken_by_someone():
    with pytest.raises(RulesError, match=r"^No one is listed as taking \[2-3\] \[5-5\]$"):
        count_trick_points(
            [5, 4, 0], [["[0-5]", "[1-4]"], ["[4-6]"], []], widow="[0-0]", last_trick=0
        )


def test_a_player_lists_no_more_point_tiles_than_their_tricks_hold():
    message = r"^Player 3 took 0 tiles in tricks but lists 1 point tiles$"
    with pytest.raises(RulesError, match=message):
        count_trick_points([5, 4, 0], [[], [], ["[0-5]"]], widow="[0-0]", last_trick=0)


def test_a_players_tricks_are_at_most_9():
    with pytest.raises(RulesError, match=r"^Player 1's tricks: 10 is more than 9$"):
        count_trick_points([10, 0, 0], [[], [], []], widow="[0-0]", last_trick=0)


@given(
    st.permutations(full_set(6)),
    st.lists(st.integers(0, 2), min_size=9, max_size=9),
)
def test_counted_trick_points_of_any_deal_total_44(tiles, winners):
    widow, played = tiles[0], tiles[1:]
    tricks = [winners.count(player) for player in range(3)]
    point_tiles = [[], [], []]
    for number, winner in enumerate(winners):
        trick = played[3 * number : 3 * number + 3]
        point_tiles[winner] += [tile for tile in trick if tile in POINT_TILES]
    points = count_trick_points(tricks, point_tiles, widow=widow, last_trick=winners[-1])
    assert sum(points) == 44
    assert min(points) >= 0


# The game


def test_melds_and_tricks_add_up_hand_by_hand():
    state = fold_game([((5, 0, 3), (20, 14, 10)), ((0, 6, 0), (4, 30, 10))])
    assert state.totals == (29, 50, 23)
    assert not state.finished
    assert not state.awaiting_tricks


def test_a_hand_waiting_for_its_tricks_is_shown_as_such():
    state = fold_game([((5, 0, 3), None)])
    assert state.awaiting_tricks
    assert state.totals == (5, 0, 3)


def test_a_player_reaching_250_on_melds_wins_before_the_tricks():
    state = fold_game([((120, 120, 0), (4, 30, 10)), ((0, 100, 0), None)])
    assert TARGET == 250
    assert state.finished
    assert state.winner == 1
    assert state.won_on == WON_ON_MELDS
    assert state.finished_at == 1


def test_when_two_players_reach_250_on_melds_the_highest_wins():
    state = fold_game([((200, 200, 0), (20, 20, 4)), ((30, 40, 0), None)])
    assert state.totals == (250, 260, 4)
    assert state.winner == 1
    assert state.won_on == WON_ON_MELDS


def test_a_tie_on_melds_is_decided_by_the_tricks():
    before = [((240, 240, 0), (2, 2, 40))]
    state = fold_game([*before, ((8, 8, 0), None)])
    assert state.totals == (250, 250, 40)
    assert not state.finished
    assert state.awaiting_tricks
    state = fold_game([*before, ((8, 8, 0), (10, 4, 30))])
    assert state.finished
    assert state.winner == 0
    assert state.won_on == WON_ON_TRICKS


def test_the_highest_total_after_the_tricks_wins_even_if_it_was_behind_on_melds():
    state = fold_game([((200, 200, 190), (20, 20, 4)), ((30, 30, 20), (2, 2, 40))])
    assert state.totals == (252, 252, 254)
    assert state.winner == 2
    assert state.won_on == WON_ON_TRICKS


def test_a_tie_after_the_tricks_means_another_hand():
    hands = [((240, 240, 0), (2, 2, 40)), ((8, 8, 0), (10, 10, 24))]
    state = fold_game(hands)
    assert state.totals == (260, 260, 64)
    assert not state.finished
    state = fold_game([*hands, ((3, 0, 0), None)])
    assert state.winner == 0
    assert state.won_on == WON_ON_MELDS


def test_a_hand_won_on_melds_has_no_tricks():
    message = r"^Player 1 reached 250 on melds, so hand 1's tricks are not played: clear them$"
    with pytest.raises(RulesError, match=message) as refused:
        fold_game([((250, 0, 0), (20, 14, 10))])
    assert refused.value.field == "tricks_0"


def test_a_hand_needs_its_tricks_before_the_next_hand():
    with pytest.raises(RulesError, match=r"^Hand 1 needs its trick points before the next hand$"):
        fold_game([((5, 0, 0), None), ((0, 0, 0), None)])


def test_hands_cannot_be_added_after_the_game_is_won():
    with pytest.raises(RulesError, match="won at hand 1, so hand 2 cannot stand"):
        fold_game([((250, 0, 0), None), ((0, 0, 0), None)])


def test_a_hands_tricks_must_total_44():
    with pytest.raises(RulesError, match="The trick points add up to 45"):
        fold_game([((0, 0, 0), (40, 3, 2))])


def test_it_names_the_hand_and_player_of_bad_meld_points():
    with pytest.raises(RulesError, match=r"^Hand 1, Player 2's meld points: -3 is less than 0$"):
        fold_game([((0, -3, 0), None)])


def test_each_hand_is_its_melds_and_its_tricks():
    with pytest.raises(RulesError, match=r"^Hand 1: enter 2 values"):
        fold_game([((0, 0, 0),)])


def test_the_game_may_be_played_to_another_target():
    assert fold_game([((0, 0, 0), (40, 2, 2))], target=40).finished


def test_it_refuses_a_target_below_1():
    with pytest.raises(RulesError, match="The target score: 0 is less than 1"):
        fold_game([], target=0)


@given(
    st.lists(
        st.tuples(
            st.lists(st.integers(0, 12), min_size=3, max_size=3),
            st.lists(st.integers(0, 44), min_size=2, max_size=2).filter(lambda p: sum(p) <= 44),
        ),
        max_size=12,
    )
)
def test_totals_never_go_down_and_a_winner_is_the_highest(hands):
    entries = []
    for melds, (first, second) in hands:
        entries.append((tuple(melds), (first, second, 44 - first - second)))
        try:
            state = fold_game(entries)
        except RulesError:
            entries[-1] = (tuple(melds), None)
            state = fold_game(entries)
        assert min(state.totals) >= 0
        if state.finished:
            assert state.totals[state.winner] == max(state.totals)
            assert state.totals.count(max(state.totals)) == 1
            break
        if state.awaiting_tricks:
            break


# House rules


def test_the_options_default_to_the_house_rulings():
    assert clean_options({}) == {
        "four_tile_bonus": 2,
        "widow_completes_melds": True,
        "doubles_melds": True,
    }
    assert target_score({}) == 250


def test_the_house_rules_follow_the_options():
    default = house_rules({})
    assert "The widow may complete any player's meld, but earns no points." in default
    assert "A doubles meld is 3 or 4 doubles with consecutive numbers." in default
    assert any("plus 2 for a four-tile meld" in rule for rule in default)
    changed = house_rules(
        {"four_tile_bonus": "3", "widow_completes_melds": "off", "doubles_melds": "no"}
    )
    assert "The widow may not be used in a meld." in changed
    assert "Doubles melds are not played: only sequence melds count." in changed
    assert any("plus 3 for a four-tile meld" in rule for rule in changed)


def test_house_rules_name_the_meld_totals_an_official_may_type():
    assert (
        "Meld points typed without the tiles must be a total melds can make: "
        "0, 2, 3, 5, 6, 8, 9, 11 or 12." in house_rules({})
    )
    assert any("0, 3, 6, 9 or 12." in rule for rule in house_rules({"widow_completes_melds": "no"}))


def test_house_rules_say_only_one_meld_may_use_the_widow():
    assert (
        "Only one meld in a hand may use the widow, and a meld it completes earns no bonus: "
        "a four-tile meld with the widow scores 3, a three-tile one 2." in house_rules({})
    )


def test_house_rules_are_for_players_alone():
    assert house_rules({}, team_size=1) == house_rules({})
    with pytest.raises(RulesError, match=r"^Domino Pinochle has no partnerships: each of its 3"):
        house_rules({}, team_size=2)


# The engine: tables

OPTIONS = clean_options({})
TABLE = Table(players=3)


def test_it_seats_3_players_each_playing_alone():
    assert TEAM_SIZES == (1,)
    assert tables(OPTIONS, 1) == TableRule(sizes=(3,), preferred=3)
    assert tables(OPTIONS, 1).table(3) == TABLE


def test_a_game_stops_when_a_player_withdraws():
    assert PLAYS_ON_AFTER_WITHDRAWAL is False


def test_it_refuses_partnerships_and_says_why():
    message = (
        r"^Domino Pinochle has no partnerships: each of its 3 players plays alone, so it "
        r"cannot be played in teams of 2$"
    )
    with pytest.raises(RulesError, match=message):
        tables(OPTIONS, 2)
    with pytest.raises(RulesError, match=r"^Domino Pinochle has no partnerships: each of its 3"):
        entry_fields(Table(players=4, partnerships=True), OPTIONS)


@pytest.mark.parametrize("players", [2, 4])
def test_it_refuses_a_table_of_other_than_3_players_and_says_why(players):
    message = (
        rf"^Domino Pinochle is played by 3 players, not {players}: the double-six set deals "
        r"9 tiles to each of 3 and leaves one for the widow$"
    )
    with pytest.raises(RulesError, match=message):
        entry_fields(Table(players=players), OPTIONS)
    with pytest.raises(RulesError, match=message):
        entry_from_data({}, Table(players=players), OPTIONS)
    with pytest.raises(RulesError, match=message):
        score_entry(Entry(), Table(players=players), OPTIONS)
    with pytest.raises(RulesError, match=message):
        fold([], Table(players=players), OPTIONS)


def test_the_form_asks_for_typed_meld_points_and_trick_points_before_tiles():
    # The common way (typed points) first in the tab order; tiles and the widow after.
    typed, tricks, widow, melds = entry_fields(TABLE, OPTIONS)
    assert (widow.name, widow.label, widow.kind) == ("widow", "The widow", TILES)
    assert (melds.label, melds.kind, melds.per) == ("or melds as tiles", TILES, PER_PLAYER)
    assert melds.help.startswith("One meld per group, groups separated by /")
    assert melds.keys(TABLE) == ("melds_0", "melds_1", "melds_2")
    assert (typed.name, typed.label) == ("meld_points", "meld points")
    assert typed.keys(TABLE) == ("meld_points_0", "meld_points_1", "meld_points_2")
    assert (tricks.name, tricks.label, tricks.help) == ("tricks", "trick points", "44 in all")


# The engine: a hand's entry


def _data(**values):
    """Return a hand's form data, every key blank unless given."""
    data = {"widow": ""}
    for player in range(3):
        data |= {f"melds_{player}": "", f"meld_points_{player}": None, f"tricks_{player}": None}
    return data | values


def _refused(data, *, options=OPTIONS):
    with pytest.raises(RulesError) as refused:
        entry_from_data(data, TABLE, options)
    return refused.value


def test_it_reads_melds_as_tiles_typed_points_and_trick_points():
    data = _data(
        widow="[0-1]",
        melds_0="[1-6] [2-6] [3-6] [4-6] / [0-0] [1-1] [2-2]",
        meld_points_2=3,
        tricks_0=20,
        tricks_1=14,
        tricks_2=10,
        csrfmiddlewaretoken="ignored",
    )
    entry = entry_from_data(data, TABLE, OPTIONS)
    assert entry == Entry(
        widow=(0, 1),
        melds=((((1, 6), (2, 6), (3, 6), (4, 6)), ((0, 0), (1, 1), (2, 2))), None, None),
        meld_points=(None, None, 3),
        tricks=(20, 14, 10),
    )


def test_a_hand_scores_each_players_melds_and_trick_points():
    data = _data(
        widow="[0-1]",
        melds_0="[1-6] [2-6] [3-6] [4-6] / [0-0] [1-1] [2-2]",
        meld_points_2=3,
        tricks_0=20,
        tricks_1=14,
        tricks_2=10,
    )
    scored = score_entry(entry_from_data(data, TABLE, OPTIONS), TABLE, OPTIONS)
    assert scored.points == (9 + 20, 0 + 14, 3 + 10)
    assert scored.lines == (
        "melds 9, tricks 20",
        "no melds, tricks 14",
        "melds 3 (typed), tricks 10",
    )
    assert scored.notes == (
        "Player 1: [1-6] [2-6] [3-6] [4-6] in suit 6: 6 points",
        "Player 1: [0-0] [1-1] [2-2] doubles: 3 points",
    )


def test_a_hand_won_on_melds_scores_the_melds_alone():
    scored = score_entry(Entry(meld_points=(12, None, 9)), TABLE, OPTIONS)
    assert scored.points == (12, 0, 9)
    assert scored.lines == (
        "melds 12 (typed), tricks not played",
        "no melds, tricks not played",
        "melds 9 (typed), tricks not played",
    )


def test_a_four_tile_meld_the_widow_completes_scores_3_and_a_three_tile_one_2():
    data = _data(widow="[4-6]", melds_0="[1-6] [2-6] [3-6] [4-6]")
    four = score_entry(entry_from_data(data, TABLE, OPTIONS), TABLE, OPTIONS)
    assert four.points == (3, 0, 0)
    assert four.notes == ("Player 1: [1-6] [2-6] [3-6] [4-6] in suit 6 (with the widow): 3 points",)
    data = _data(widow="[4-6]", melds_1="[4-6] [5-6] [6-6]")
    assert score_entry(entry_from_data(data, TABLE, OPTIONS), TABLE, OPTIONS).points == (0, 2, 0)


def test_the_widow_bonus_rule_holds_whatever_the_events_bonus():
    options = clean_options({"four_tile_bonus": 5})
    data = _data(widow="[4-6]", melds_0="[1-6] [2-6] [3-6] [4-6] / [0-5] [1-5] [2-5] [3-5]")
    entry = entry_from_data(data, TABLE, options)
    assert score_entry(entry, TABLE, options).points == (3 + 9, 0, 0)


def test_only_one_meld_in_the_hand_can_use_the_widow():
    data = _data(widow="[3-6]", melds_0="[1-6] [2-6] [3-6]", melds_2="[3-6] [4-6] [5-6]")
    refused = _refused(data)
    assert refused.field == "melds_2"
    assert str(refused) == "[3-6] is in Player 1's meld and Player 3's; a tile is in one meld only"


def test_one_player_cannot_use_the_widow_in_two_melds():
    refused = _refused(_data(widow="[3-6]", melds_0="[1-6] [2-6] [3-6] / [3-6] [4-6] [5-6]"))
    assert refused.field == "melds_0"
    assert str(refused) == "[3-6] is in two of Player 1's melds; a tile is in one meld only"


def test_melds_as_tiles_need_the_widow_and_it_says_why():
    refused = _refused(_data(melds_1="[1-6] [2-6] [3-6]"))
    assert refused.field == "widow"
    assert str(refused) == (
        "Enter the widow: Player 2's melds are entered as tiles, and a meld the widow "
        "completes earns no points for it"
    )


def test_typed_meld_points_need_no_widow():
    entry = entry_from_data(_data(meld_points_0=6, meld_points_1=0), TABLE, OPTIONS)
    assert entry.widow is None
    assert entry.meld_points == (6, 0, None)


def test_a_players_melds_are_tiles_or_typed_points_not_both():
    refused = _refused(_data(widow="[0-0]", melds_0="[1-6] [2-6] [3-6]", meld_points_0=3))
    assert refused.field == "meld_points_0"
    assert str(refused) == (
        "Player 1's melds are entered both as tiles and as typed points; keep one: "
        "the tiles give the points"
    )


@pytest.mark.parametrize(
    ("widow", "message"),
    [
        ("[1-1] [2-2]", "The widow is one tile, not 2"),
        ("[6-7]", "[6-7] is not in a double-six set"),
        (5, "The widow: write tiles as text, like [4-6], not 5"),
    ],
)
def test_it_refuses_a_widow_that_is_not_one_tile_of_the_set(widow, message):
    refused = _refused(_data(widow=widow))
    assert refused.field == "widow"
    assert str(refused) == message


def test_a_blank_widow_is_not_entered():
    assert entry_from_data(_data(widow="  "), TABLE, OPTIONS).widow is None
    assert entry_from_data({"widow": None}, TABLE, OPTIONS).widow is None


@pytest.mark.parametrize(
    ("melds", "message"),
    [
        (
            "[4-6] [5-6] [6-6] [1-1] [2-2] [3-3]",
            "Player 2's melds: [4-6] [5-6] [6-6] [1-1] [2-2] [3-3] is 6 tiles, but a meld "
            "holds 3 or 4, so put / between two melds",
        ),
        ("[4-6] [5-6]", "Player 2's melds: [4-6] [5-6] is 2 tiles, but a meld holds 3 or 4"),
        ("[4-6] [5-6] [4-6]", "Player 2's melds hold [4-6] twice"),
        ("[4-6] [5-6] [7-7]", "[7-7] is not in a double-six set"),
        (
            "[1-6] [2-6] [4-6]",
            "[1-6] [2-6] [4-6] is not a meld: a meld is 3 or 4 tiles of one suit with "
            "consecutive values, or doubles with consecutive numbers",
        ),
        (
            "[0-6] [1-6] [2-6] [3-6] / [0-5] [1-5] [2-5] [3-5] / [0-0] [1-1] [2-2]",
            "Player 2 melds 11 tiles from a hand of 9",
        ),
        (["[4-6]"], "Player 2's melds: write tiles as text, like [4-6], not ['[4-6]']"),
    ],
)
def test_it_refuses_melds_that_are_not_legal_and_says_why(melds, message):
    refused = _refused(_data(widow="[4-4]", melds_1=melds))
    assert refused.field == "melds_1"
    assert str(refused) == message


def test_an_event_that_keeps_the_widow_out_of_melds_refuses_a_meld_with_it():
    options = clean_options({"widow_completes_melds": False})
    refused = _refused(_data(widow="[3-6]", melds_0="[1-6] [2-6] [3-6]"), options=options)
    assert refused.field == "melds_0"
    assert str(refused) == "[3-6] is the widow, and this event's rules keep it out of melds"


def test_a_slash_between_two_numbers_is_a_tile_not_a_break_between_melds():
    entry = entry_from_data(
        _data(widow="[0-0]", melds_0="4/6 5/6 6/6/ [1-1] [2-2] [3-3] /"), TABLE, OPTIONS
    )
    assert entry.melds[0] == (((4, 6), (5, 6), (6, 6)), ((1, 1), (2, 2), (3, 3)))


def test_melds_of_nothing_but_slashes_are_blank():
    assert entry_from_data(_data(melds_0=" / "), TABLE, OPTIONS).melds == (None, None, None)


def test_reachable_meld_totals_follow_from_a_9_tile_hand_under_the_default_rules():
    assert reachable_meld_totals(OPTIONS) == (0, 2, 3, 5, 6, 8, 9, 11, 12)


def test_reachable_meld_totals_follow_the_events_meld_settings():
    assert reachable_meld_totals({"widow_completes_melds": False}) == (0, 3, 6, 9, 12)
    assert reachable_meld_totals({"four_tile_bonus": 0}) == (0, 2, 3, 4, 5, 6, 7, 8, 9)
    assert reachable_meld_totals({"four_tile_bonus": 5}) == (0, 2, 3, 5, 6, 8, 9, 11, 12, 14, 18)


def test_typed_meld_points_no_melds_can_make_are_refused_with_the_totals_they_can():
    refused = _refused(_data(meld_points_1=7))
    assert refused.field == "meld_points_1"
    assert str(refused) == (
        "Player 2's meld points: 7 is not a total melds can make; under this event's rules "
        "a player's melds make 0, 2, 3, 5, 6, 8, 9, 11 or 12"
    )


def test_typed_meld_points_follow_the_events_meld_settings():
    options = clean_options({"widow_completes_melds": "off"})
    refused = _refused(_data(meld_points_0=2), options=options)
    assert refused.field == "meld_points_0"
    assert str(refused).endswith("a player's melds make 0, 3, 6, 9 or 12")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (-3, "Player 3's meld points: -3 is less than 0"),
        ("6", "Player 3's meld points: '6' is not a whole number"),
        (True, "Player 3's meld points: True is not a whole number"),
    ],
)
def test_it_refuses_typed_meld_points_that_are_not_a_count(value, message):
    refused = _refused(_data(meld_points_2=value))
    assert refused.field == "meld_points_2"
    assert str(refused) == message


def test_trick_points_left_blank_for_one_player_are_refused():
    refused = _refused(_data(tricks_0=30, tricks_2=14))
    assert refused.field == "tricks_1"
    assert str(refused) == (
        "Player 2's trick points are blank: enter every player's trick points, or none when "
        "the tricks were not played"
    )


def test_trick_points_that_do_not_total_44_are_refused_on_the_first_trick_field():
    refused = _refused(_data(tricks_0=20, tricks_1=13, tricks_2=10))
    assert refused.field == "tricks_0"
    assert str(refused) == "The trick points add up to 43; a hand's tricks hold exactly 44"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (45, "Player 2's trick points: 45 is more than 44"),
        (-1, "Player 2's trick points: -1 is less than 0"),
        (2.5, "Player 2's trick points: 2.5 is not a whole number"),
    ],
)
def test_it_refuses_trick_points_that_are_not_a_count_up_to_44(value, message):
    refused = _refused(_data(tricks_0=0, tricks_1=value, tricks_2=0))
    assert refused.field == "tricks_1"
    assert str(refused) == message


def test_an_entry_needs_one_value_per_player():
    with pytest.raises(RulesError, match=r"^The meld points: enter 3 values, one each, not 2$"):
        score_entry(Entry(meld_points=(0, 0)), TABLE, OPTIONS)


def test_an_entry_of_no_melds_as_tiles_is_read_as_no_melds():
    entry = Entry(melds=((), None, None), meld_points=(3, None, None))
    assert score_entry(entry, TABLE, OPTIONS).points == (3, 0, 0)


# Every legal meld of the double-six set: runs in a suit, and runs of doubles.
SEQUENCE_MELDS = tuple(
    tuple((value, suit) for value in range(start, start + length))
    for suit in range(7)
    for length in (3, 4)
    for start in range(suit - length + 2)
)
DOUBLES_MELDS = tuple(
    tuple((value, value) for value in range(start, start + length))
    for length in (3, 4)
    for start in range(7 - length + 1)
)
ALL_MELDS = SEQUENCE_MELDS + DOUBLES_MELDS


@st.composite
def trick_splits(draw):
    first = draw(st.integers(0, 44))
    second = draw(st.integers(0, 44 - first))
    return (first, second, 44 - first - second)


@st.composite
def entries(draw):
    """Draw a hand the rules allow: each player's melds as tiles, typed or none."""
    widow = draw(st.sampled_from(full_set(6)))
    placed, widow_used = set(), False
    melds, typed = [], []
    for _player in range(3):
        way = draw(st.sampled_from(["tiles", "typed", "none"]))
        chosen, from_hand = [], 0
        for meld in (
            draw(st.lists(st.sampled_from(ALL_MELDS), max_size=3)) if way == "tiles" else []
        ):
            uses_widow = widow in meld
            if placed & set(meld) or (uses_widow and widow_used):
                continue
            if from_hand + len(meld) - uses_widow > 9:
                continue
            chosen.append(meld)
            placed |= set(meld)
            widow_used |= uses_widow
            from_hand += len(meld) - uses_widow
        melds.append(tuple(chosen) or None)
        points = draw(st.sampled_from(reachable_meld_totals(OPTIONS)))
        typed.append(points if way == "typed" else None)
    tricks = draw(st.one_of(st.just((None, None, None)), trick_splits()))
    shown = widow if any(melds) or draw(st.booleans()) else None
    return Entry(widow=shown, melds=tuple(melds), meld_points=tuple(typed), tricks=tricks)


@given(entries())
def test_an_entry_reads_back_from_its_data_unchanged(entry):
    assert entry_from_data(entry_to_data(entry), TABLE, OPTIONS) == entry


@given(entries())
def test_melds_entered_as_tiles_make_a_total_the_typed_check_accepts(entry):
    scored = score_entry(entry, TABLE, OPTIONS)
    tricks = entry.tricks if entry.tricks[0] is not None else (0, 0, 0)
    for player in range(3):
        assert scored.points[player] - tricks[player] in reachable_meld_totals(OPTIONS)


def test_an_entry_gives_its_data_in_the_forms_keys():
    entry = Entry(
        widow=(4, 6),
        melds=((((1, 6), (2, 6), (3, 6), (4, 6)), ((0, 0), (1, 1), (2, 2))), None, None),
        meld_points=(None, 5, None),
    )
    assert entry_to_data(entry) == {
        "widow": "[4-6]",
        "melds_0": "[1-6] [2-6] [3-6] [4-6] / [0-0] [1-1] [2-2]",
        "melds_1": "",
        "melds_2": "",
        "meld_points_0": None,
        "meld_points_1": 5,
        "meld_points_2": None,
        "tricks_0": None,
        "tricks_1": None,
        "tricks_2": None,
    }


# The engine: the game

# Seven hands of 12 meld points and 22 trick points each take Players 1 and 2 to 238.
TO_238 = [Entry(meld_points=(12, 12, 0), tricks=(22, 22, 0))] * 7


def test_the_game_adds_up_melds_and_tricks_hand_by_hand():
    entries = [
        Entry(meld_points=(5, 0, 3), tricks=(20, 14, 10)),
        Entry(meld_points=(0, 6, 0), tricks=(4, 30, 10)),
    ]
    assert fold(entries, TABLE, OPTIONS) == Fold((29, 50, 23))


def test_a_game_with_no_hands_stands_at_nothing():
    assert fold([], TABLE, OPTIONS) == Fold((0, 0, 0))


def test_a_player_with_the_highest_total_at_250_after_melds_wins_without_the_tricks():
    state = fold([*TO_238, Entry(meld_points=(12, 9, 0))], TABLE, OPTIONS)
    assert state == Fold((250, 247, 0), finished=True, winners=(0,), ended_at=7)


def test_two_players_past_250_on_melds_the_highest_wins():
    state = fold([*TO_238, Entry(meld_points=(9, 12, 0))], TABLE, OPTIONS)
    assert state.totals == (247, 250, 0)
    state = fold([*TO_238, Entry(meld_points=(12, 11, 0))], TABLE, OPTIONS)
    assert state.winner == 0
    assert state.totals == (250, 249, 0)


def test_tricks_of_a_hand_won_on_melds_are_refused_on_the_trick_field():
    hand = Entry(meld_points=(9, 12, 0), tricks=(20, 20, 4))
    with pytest.raises(RulesError) as refused:
        fold([*TO_238, hand], TABLE, OPTIONS)
    assert refused.value.field == "tricks_0"
    assert str(refused.value) == (
        "Player 2 reached 250 on melds, so hand 8's tricks are not played: clear them"
    )


def test_hands_after_the_game_is_won_are_refused():
    won = [*TO_238, Entry(meld_points=(12, 9, 0))]
    with pytest.raises(RulesError) as refused:
        fold([*won, Entry(meld_points=(3, 0, 0)), Entry()], TABLE, OPTIONS)
    assert (
        str(refused.value)
        == "The game was won at hand 8, so hands 9-10 cannot stand; delete them first"
    )


def test_a_hand_nobody_won_on_melds_asks_for_its_trick_points():
    state = fold([Entry(meld_points=(3, 0, 0))], TABLE, OPTIONS)
    assert state == Fold(
        (3, 0, 0),
        decision=Decision(
            hand=0,
            field="tricks_0",
            message="Nobody won hand 1 on melds: enter each player's trick points (44 in all)",
        ),
    )


def test_a_tie_on_melds_past_250_asks_for_the_tricks_and_they_decide():
    tied = [*TO_238, Entry(meld_points=(12, 12, 0))]
    state = fold(tied, TABLE, OPTIONS)
    assert state.totals == (250, 250, 0)
    assert not state.finished
    assert state.decision.hand == 7
    assert state.decision.message.startswith("Nobody won hand 8 on melds")
    tied[-1] = Entry(meld_points=(12, 12, 0), tricks=(14, 30, 0))
    assert fold(tied, TABLE, OPTIONS) == Fold((264, 280, 0), True, (1,), 7)


def test_a_tie_after_the_tricks_leaves_the_game_open_for_another_hand():
    tied = [*TO_238, Entry(meld_points=(12, 12, 0), tricks=(22, 22, 0))]
    state = fold(tied, TABLE, OPTIONS)
    assert state == Fold((272, 272, 0))
    assert not state.tied
    state = fold([*tied, Entry(meld_points=(0, 3, 0))], TABLE, OPTIONS)
    assert state == Fold((272, 275, 0), True, (1,), 8)


def test_an_earlier_hand_without_its_trick_points_is_refused():
    with pytest.raises(RulesError, match=r"^Hand 1 needs its trick points before the next hand$"):
        fold([Entry(meld_points=(3, 0, 0)), Entry()], TABLE, OPTIONS)


def test_a_bad_hand_in_the_game_is_named_with_its_field():
    entries = [Entry(tricks=(20, 14, 10)), Entry(meld_points=(0, 7, 0), tricks=(20, 14, 10))]
    with pytest.raises(RulesError) as refused:
        fold(entries, TABLE, OPTIONS)
    assert refused.value.field == "meld_points_1"
    assert str(refused.value).startswith("Hand 2: Player 2's meld points: 7 is not a total")


def test_melds_entered_as_tiles_count_in_the_game():
    hand = entry_from_data(
        _data(widow="[0-1]", melds_1="[1-6] [2-6] [3-6]", tricks_0=20, tricks_1=14, tricks_2=10),
        TABLE,
        OPTIONS,
    )
    assert fold([hand], TABLE, OPTIONS).totals == (20, 17, 10)


@given(
    st.lists(
        st.tuples(
            st.lists(st.sampled_from(reachable_meld_totals({})), min_size=3, max_size=3),
            trick_splits(),
        ),
        max_size=30,
    )
)
def test_the_game_totals_are_the_hands_points_added_up(hands):
    played = []
    for melds, tricks in hands:
        hand = Entry(meld_points=tuple(melds), tricks=tricks)
        try:
            state = fold([*played, hand], TABLE, OPTIONS)
        except RulesError:
            hand = Entry(meld_points=tuple(melds))
            state = fold([*played, hand], TABLE, OPTIONS)
        played.append(hand)
        assert state.decision is None
        points = [score_entry(entry, TABLE, OPTIONS).points for entry in played]
        assert state.totals == tuple(map(sum, zip(*points, strict=True)))
        if state.finished:
            assert state.winners == (state.totals.index(max(state.totals)),)
            assert state.totals.count(max(state.totals)) == 1
            assert state.ended_at == len(played) - 1
            break


def refusals_of(data, options=OPTIONS):
    with pytest.raises(RulesError) as refused:
        entry_from_data(data, TABLE, options)
    return dict(refused.value.problems)


def test_a_wrong_meld_and_tricks_that_add_to_43_are_refused_together():
    problems = refusals_of({"meld_points_0": 4, "tricks_0": 20, "tricks_1": 13, "tricks_2": 10})
    assert set(problems) == {"meld_points_0", "tricks_0"}
    assert "4 is not a total melds can make" in problems["meld_points_0"]
    assert "43" in problems["tricks_0"]


def test_every_refused_box_is_named_at_once():
    problems = refusals_of(
        {
            "widow": "[7-7]",
            "melds_1": "[1-1] [2-2]",
            "meld_points_2": 1,
            "tricks_0": 45,
            "tricks_1": None,
            "tricks_2": "ten",
        }
    )
    assert set(problems) == {
        "widow",
        "melds_1",
        "meld_points_2",
        "tricks_0",
        "tricks_1",
        "tricks_2",
    }


def test_melds_as_tiles_without_the_widow_and_typed_points_beside_them_are_both_refused():
    problems = refusals_of({"melds_0": "[4-6] [5-6] [6-6]", "meld_points_0": 3})
    assert set(problems) == {"widow", "meld_points_0"}


def test_a_hand_refused_in_a_game_names_its_hand_for_each_refusal():
    bad = Entry(meld_points=(4, None, None), tricks=(20, 13, 10))
    with pytest.raises(RulesError) as refused:
        fold([bad], TABLE, OPTIONS)
    assert [message[:7] for _, message in refused.value.problems] == ["Hand 1:", "Hand 1:"]
