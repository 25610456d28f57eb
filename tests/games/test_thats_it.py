"""That's It: reading melds, finding the best reading of a hand, and the game."""

from itertools import combinations, pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import INT, SEAT, TILES, Fold, Table, TableRule
from games.rules import RulesError
from games.rules.thats_it.entry import (
    Entry,
    entry_fields,
    entry_from_data,
    entry_to_data,
    fold,
    score_entry,
    tables,
)
from games.rules.thats_it.rules import (
    DOUBLES,
    LARGEST_TABLE,
    MAX_PLAYERS,
    PLAYS_ON_AFTER_WITHDRAWAL,
    POSSIBLE_SCORES,
    SUIT,
    TARGET,
    TEAM_SIZES,
    best_hand,
    check_players,
    clean_options,
    fold_game,
    house_rules,
    read_meld,
    score_hand,
    target_score,
)

# Every worked example of the source text, scored as printed there.
WORKED_EXAMPLES = [
    ("[0-0] [2-2] [10-10] [7-7]", 1),
    ("[0-0] [2-2] [10-10]", 1),
    ("[0-0] [1-1] [10-10] [7-7]", 2),
    ("[0-0] [1-1] [10-10]", 2),
    ("[0-0] [1-1] [2-2] [10-10]", 3),
    ("[0-0] [1-1] [9-9] [10-10]", 3),
    ("[0-0] [1-1] [2-2] [3-3]", 9),
    ("[0-0] [1-1] [2-2]", 7),
    ("[7-0] [7-2] [7-10] [7-7]", 1),
    ("[7-0] [7-2] [7-10]", 1),
    ("[7-0] [7-1] [7-10] [7-7]", 2),
    ("[7-0] [7-1] [7-10]", 2),
    ("[7-0] [7-1] [7-2] [7-10]", 3),
    ("[7-0] [7-7] [7-8]", 2),
    ("[7-0] [7-1] [7-9] [7-10]", 3),
    ("[7-0] [7-1] [7-2] [7-3]", 9),
    ("[7-0] [7-1] [7-2]", 7),
]


@pytest.mark.parametrize(("tiles", "points"), WORKED_EXAMPLES)
def test_each_worked_example_of_the_source_scores_as_printed(tiles, points):
    assert read_meld(tiles).points == points


def test_a_doubles_meld_reads_each_double_as_its_number():
    meld = read_meld("[10-10] [0-0] [2-2] [7-7]")
    assert meld.kind == DOUBLES
    assert meld.suit is None
    assert meld.values == (0, 2, 7, 10)
    assert meld.tiles == ((0, 0), (2, 2), (7, 7), (10, 10))


def test_a_suit_meld_reads_each_tile_as_its_other_number_and_the_double_as_the_suit():
    meld = read_meld("[7-8] [7-0] [7-7]")
    assert meld.kind == SUIT
    assert meld.suit == 7
    assert meld.values == (0, 7, 8)
    assert meld.tiles == ((0, 7), (7, 7), (7, 8))


def test_three_consecutive_values_score_7_and_four_score_9():
    assert read_meld("[15-13] [15-14] [15-15]").points == 7
    assert read_meld("[12-12] [13-13] [14-14] [15-15]").points == 9


def test_a_meld_holds_3_or_4_tiles():
    with pytest.raises(RulesError, match=r"^A meld holds 3 or 4 tiles, not 5$"):
        read_meld("[7-0] [7-1] [7-2] [7-3] [7-4]")


def test_tiles_with_no_common_suit_that_are_not_all_doubles_form_no_meld():
    message = r"^\[0-7\] \[7-7\] \[8-8\] is not a meld: the tiles share no suit"
    with pytest.raises(RulesError, match=message):
        read_meld("[7-0] [7-7] [8-8]")


def test_a_meld_names_a_tile_given_twice():
    with pytest.raises(RulesError, match=r"^The meld's tiles hold \[0-7\] twice$"):
        read_meld("[7-0] [0-7] [7-1]")


def test_a_meld_is_described_in_plain_words():
    assert read_meld("[7-0] [7-1] [7-2]").describe() == "[0-7] [1-7] [2-7] as suit 7: 7 points"
    assert read_meld("[0-0] [2-2] [10-10]").describe() == "[0-0] [2-2] [10-10] as doubles: 1 point"


def test_a_hand_adds_its_two_melds():
    hand = best_hand("[7-0] [7-1] [7-2] [7-3] [9-9] [11-11] [13-13]")
    assert hand.four.values == (0, 1, 2, 3)
    assert hand.three.kind == DOUBLES
    assert not hand.doubled
    assert hand.points == 10


def test_a_hand_with_both_melds_in_the_same_suit_scores_double():
    hand = best_hand("[7-0] [7-1] [7-2] [7-3] [7-8] [7-9] [7-10]")
    assert hand.doubled
    assert hand.points == (9 + 7) * 2


def test_a_hand_with_two_doubles_melds_scores_double():
    hand = best_hand("[0-0] [2-2] [10-10] [7-7] [12-12] [13-13] [14-14]")
    assert hand.doubled
    assert hand.points == (1 + 7) * 2


def test_melds_in_different_suits_are_not_doubled():
    hand = best_hand("[7-0] [7-1] [7-2] [7-3] [8-0] [8-2] [8-4]")
    assert (hand.four.suit, hand.three.suit) == (7, 8)
    assert not hand.doubled
    assert hand.points == 9 + 1


def test_it_finds_the_split_that_scores_most_when_a_double_could_go_either_way():
    # [7-7] fits the doubles run or the suit of 7: the run of doubles scores more.
    hand = best_hand("[5-5] [6-6] [7-7] [8-8] [7-0] [7-1] [7-2]")
    assert hand.four.kind == DOUBLES
    assert hand.four.values == (5, 6, 7, 8)
    assert hand.three.suit == 7
    assert hand.points == 9 + 7


def test_it_finds_the_best_of_several_splits_of_seven_doubles():
    # {0 1 2 3} + {4 5 7} scores (9 + 2) * 2; {0 1 2} + {3 4 5 7} only (7 + 3) * 2.
    hand = best_hand("[0-0] [1-1] [2-2] [3-3] [4-4] [5-5] [7-7]")
    assert hand.doubled
    assert hand.points == 22


def test_the_tiles_may_be_entered_in_any_order_and_either_way_round():
    first = best_hand("[7-0] [7-1] [7-2] [7-3] [7-8] [7-9] [7-10]")
    second = best_hand(["10-7", "9-7", "8-7", "3/7", "2 7", "1-7", "[0-7]"])
    assert first == second


def test_score_hand_gives_the_best_score():
    assert score_hand("[0-0] [1-1] [2-2] [3-3] [5-5] [6-6] [7-7]") == (9 + 7) * 2


def test_seven_tiles_that_form_no_winning_hand_are_refused():
    with pytest.raises(RulesError, match=r"^These seven tiles form no winning hand$"):
        best_hand("[7-0] [7-1] [7-2] [7-3] [8-0] [9-2] [8-4]")


def test_a_winning_hand_holds_seven_tiles():
    with pytest.raises(RulesError, match=r"^A winning hand holds 7 tiles, not 6$"):
        best_hand("[7-0] [7-1] [7-2] [7-3] [8-0] [8-2]")


def test_a_hand_names_a_tile_given_twice():
    with pytest.raises(RulesError, match=r"^The hand's tiles hold \[2-7\] twice$"):
        best_hand("[7-0] [7-1] [7-2] [7-3] [8-0] [8-2] [2-7]")


def test_a_hand_names_a_tile_outside_the_double_fifteen_set():
    with pytest.raises(RulesError, match=r"^\[16-0\] is not in a double-fifteen set$"):
        best_hand("[16-0] [7-1] [7-2] [7-3] [8-0] [8-2] [8-4]")


def test_the_best_hand_is_described_in_plain_words():
    doubled = best_hand("[7-0] [7-1] [7-2] [7-3] [7-8] [7-9] [7-10]").describe()
    assert doubled == [
        "[0-7] [1-7] [2-7] [3-7] as suit 7: 9 points",
        "[7-8] [7-9] [7-10] as suit 7: 7 points",
        "Both melds alike, so doubled: 32 points",
    ]
    plain = best_hand("[7-0] [7-1] [7-2] [7-3] [8-0] [8-2] [8-4]").describe()
    assert plain[-1] == "Total: 10 points"


def test_the_possible_hand_scores_follow_from_the_meld_scores():
    # Four tiles score 1, 2, 3 or 9; three tiles 1, 2 or 7; a hand may be doubled.
    assert sorted(POSSIBLE_SCORES) == [2, 3, 4, 5, 6, 8, 9, 10, 11, 16, 18, 20, 22, 32]


# An independent reading, to check the best split against every split.


def _meld_score(tiles):
    """Return the score of 3 or 4 tiles as a meld, or None; written apart from the module."""
    if all(a == b for a, b in tiles):
        values = sorted(a for a, _ in tiles)
        suit = "doubles"
    else:
        suits = [n for n in range(16) if all(n in tile for tile in tiles)]
        if not suits:
            return None
        suit = suits[0]
        values = sorted(b if a == suit else a for a, b in tiles)
    steps = [high - low for low, high in pairwise(values)]
    if all(step == 1 for step in steps):
        return suit, 1 + 2 * len(values)
    return suit, 1 + steps.count(1)


def _every_split_score(tiles):
    scores = []
    for four in combinations(tiles, 4):
        three = [tile for tile in tiles if tile not in four]
        first, second = _meld_score(list(four)), _meld_score(three)
        if first and second:
            total = first[1] + second[1]
            scores.append(total * 2 if first[0] == second[0] else total)
    return scores


@st.composite
def melds(draw, size):
    if draw(st.booleans()):
        values = draw(st.lists(st.integers(0, 15), min_size=size, max_size=size, unique=True))
        return [(value, value) for value in values]
    suit = draw(st.integers(0, 15))
    values = draw(st.lists(st.integers(0, 15), min_size=size, max_size=size, unique=True))
    return [(min(suit, value), max(suit, value)) for value in values]


@st.composite
def winning_hands(draw):
    four = draw(melds(4))
    three = draw(melds(3).filter(lambda tiles: not set(tiles) & set(four)))
    return draw(st.permutations(four + three))


@given(winning_hands())
def test_the_best_split_scores_at_least_as_much_as_any_split(tiles):
    hand = best_hand(tiles)
    scores = _every_split_score(tiles)
    assert all(hand.points >= score for score in scores)
    assert hand.points in scores
    assert hand.points in POSSIBLE_SCORES


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=7, max_size=7))
def test_seven_tiles_of_few_numbers_score_the_best_split_or_are_refused(pairs):
    tiles = list({(min(pair), max(pair)) for pair in pairs})
    if len(tiles) != 7:
        return
    scores = _every_split_score(tiles)
    if scores:
        assert score_hand(tiles) == max(scores)
    else:
        with pytest.raises(RulesError, match="form no winning hand"):
            best_hand(tiles)


# The game


def test_only_the_player_who_calls_scores_and_a_hand_no_one_calls_scores_nothing():
    state = fold_game([(1, 10), (None, 0), (2, 4)], players=3)
    assert state.totals == (0, 10, 4)
    assert not state.finished


def test_the_first_player_to_reach_the_agreed_total_wins():
    state = fold_game([(0, 16), (1, 10), (0, 9)], players=2)
    assert TARGET == 25
    assert state.finished
    assert (state.winner, state.finished_at) == (0, 2)


def test_the_agreed_total_can_be_changed():
    assert fold_game([(0, 16)], players=2, target=10).finished


def test_a_hand_no_one_called_cannot_score():
    with pytest.raises(RulesError, match=r"^Hand 1: no one called That's it, so no one scores$"):
        fold_game([(None, 5)], players=2)


def test_the_caller_must_be_at_the_table():
    with pytest.raises(RulesError, match=r"^Hand 1: the caller must be Player 1 or Player 2$"):
        fold_game([(2, 5)], players=2)


def test_a_score_no_hand_can_make_is_refused():
    with pytest.raises(RulesError, match=r"^Hand 2: no That's It hand scores 7 points$"):
        fold_game([(0, 5), (1, 7)], players=2)


def test_each_hand_is_its_caller_and_score():
    with pytest.raises(RulesError, match=r"^Hand 1: enter 2 values"):
        fold_game([(0,)], players=2)


def test_hands_cannot_be_added_after_the_game_is_won():
    with pytest.raises(RulesError, match="won at hand 1, so hand 2 cannot stand"):
        fold_game([(0, 32), (None, 0)], players=2)


def test_a_game_is_played_by_2_to_8_players_unless_the_event_says_otherwise():
    with pytest.raises(RulesError, match=r"^That's It is a game for 2 or more players"):
        fold_game([], players=1)
    message = r"^That's It seats at most 8 players at this event \(its largest table\), not 9$"
    with pytest.raises(RulesError, match=message):
        fold_game([], players=9)


# House rules


def test_the_options_default_to_25_points_tables_of_4_and_at_most_8():
    assert clean_options({}) == {"target": 25, "largest_table": 8, "table_size": 4}
    assert target_score({"target": "40"}) == 40
    assert MAX_PLAYERS == 8


def test_the_largest_table_is_19_because_the_set_deals_7_tiles_to_19_players():
    assert LARGEST_TABLE == 19
    assert clean_options({"largest_table": "19", "table_size": "19"})["largest_table"] == 19
    with pytest.raises(RulesError, match=r"^Largest table: 20 is more than 19$"):
        clean_options({"largest_table": 20})


def test_a_round_cannot_aim_for_tables_larger_than_the_largest_table():
    message = (
        r"^Players at a table \(10\) is more than the largest table \(8\): "
        r"a round cannot aim for tables larger than the event allows$"
    )
    with pytest.raises(RulesError, match=message) as refused:
        clean_options({"table_size": 10})
    assert refused.value.field == "table_size"
    assert clean_options({"table_size": 10, "largest_table": 12})["table_size"] == 10


def test_the_house_rules_give_the_agreed_total():
    rules = house_rules({"target": 40})
    assert rules[-1] == "The first player to reach 40 points wins the game."
    assert any("doubled when both melds are of the same suit" in rule for rule in rules)


def test_the_house_rules_give_the_tables():
    rules = house_rules({"largest_table": 12, "table_size": 6}, team_size=1)
    assert rules[0] == (
        "2 to 12 players at a table, each playing alone; tables of 6 where possible. "
        "7 tiles each, from a double-fifteen set."
    )
    assert house_rules({})[0].startswith("2 to 8 players at a table")


def test_the_house_rules_refuse_partnerships():
    message = (
        r"^That's It has no partnerships: every player plays alone, "
        r"so it cannot be played in teams of 2$"
    )
    with pytest.raises(RulesError, match=message):
        house_rules({}, team_size=2)


# Tables

OPTIONS = clean_options({})


def test_it_is_played_alone_and_the_others_play_on_when_a_player_withdraws():
    assert TEAM_SIZES == (1,)
    assert PLAYS_ON_AFTER_WITHDRAWAL is True


def test_tables_seat_2_up_to_the_largest_table_aiming_for_the_size_chosen():
    assert tables(OPTIONS, 1) == TableRule(sizes=(2, 3, 4, 5, 6, 7, 8), preferred=4)
    wide = clean_options({"largest_table": 19, "table_size": 5})
    assert tables(wide, 1) == TableRule(sizes=tuple(range(2, 20)), preferred=5)


def test_tables_refuse_partnerships():
    with pytest.raises(RulesError, match="no partnerships"):
        tables(OPTIONS, 2)


@pytest.mark.parametrize(
    ("players", "largest", "message"),
    [
        (
            9,
            8,
            r"^That's It seats at most 8 players at this event \(its largest table\), not 9$",
        ),
        (
            13,
            12,
            r"^That's It seats at most 12 players at this event \(its largest table\), not 13$",
        ),
        (
            20,
            19,
            r"^That's It seats at most 19 players, not 20: 136 tiles deal 7 each to "
            r"19 players and leave 3 in the boneyard$",
        ),
        (
            20,
            8,
            r"^That's It seats at most 19 players, not 20: 136 tiles deal",
        ),
        (
            1,
            8,
            r"^That's It is a game for 2 or more players, so a table needs at least 2, not 1$",
        ),
        (0, 8, r"needs at least 2, not 0$"),
        ("4", 8, r"^Players: '4' is not a whole number$"),
    ],
)
def test_a_table_refused_says_which_limit_and_why(players, largest, message):
    with pytest.raises(RulesError, match=message):
        check_players(players, largest=largest)


def test_the_largest_table_given_must_be_one_the_set_can_deal():
    with pytest.raises(RulesError, match=r"^The largest table: 20 is more than 19$"):
        check_players(4, largest=20)


def test_a_table_within_the_limits_is_accepted():
    assert check_players(19, largest=19) == 19
    assert check_players(2) == 2


def test_a_table_larger_than_the_events_largest_is_refused_everywhere():
    table = Table(9)
    message = r"at most 8 players at this event"
    with pytest.raises(RulesError, match=message):
        entry_fields(table, OPTIONS)
    with pytest.raises(RulesError, match=message):
        entry_from_data({}, table, OPTIONS)
    with pytest.raises(RulesError, match=message):
        score_entry(Entry(), table, OPTIONS)
    with pytest.raises(RulesError, match=message):
        fold([], table, OPTIONS)


def test_a_table_of_partners_is_refused():
    message = (
        r"^That's It has no partnerships: every player plays alone and only the caller scores$"
    )
    with pytest.raises(RulesError, match=message):
        entry_fields(Table(4, partnerships=True), OPTIONS)


# A hand's entry

TABLE = Table(3)
DOUBLED = "[7-0] [7-1] [7-2] [7-3] [7-8] [7-9] [7-10]"


def test_a_hand_asks_who_called_and_their_tiles_or_the_score():
    caller, tiles, points = entry_fields(TABLE, OPTIONS)
    assert (caller.name, caller.label, caller.kind) == ("caller", "Who called That's it", SEAT)
    assert caller.help == 'Choose "Nobody" when nobody called it (the boneyard ran out).'
    assert (tiles.name, tiles.label, tiles.kind) == ("tiles", "The caller's seven tiles", TILES)
    assert (points.name, points.label, points.kind) == ("points", "Or the score, typed", INT)
    assert [field.keys(TABLE) for field in (caller, tiles, points)] == [
        ("caller",),
        ("tiles",),
        ("points",),
    ]


def test_a_hand_is_read_from_the_forms_data_ignoring_other_keys():
    data = {"caller": 1, "tiles": DOUBLED, "points": None, "note": "x"}
    entry = entry_from_data(data, TABLE, OPTIONS)
    assert entry == Entry(
        caller=1,
        tiles=((0, 7), (1, 7), (2, 7), (3, 7), (7, 8), (7, 9), (7, 10)),
        points=None,
    )


@pytest.mark.parametrize("blank", [{}, {"caller": None, "tiles": "", "points": None}])
def test_a_hand_nobody_called_is_read_from_blank_fields(blank):
    assert entry_from_data(blank, TABLE, OPTIONS) == Entry()


def test_a_hand_with_a_typed_score_is_read():
    data = {"caller": 2, "tiles": "  ", "points": 16}
    assert entry_from_data(data, TABLE, OPTIONS) == Entry(caller=2, points=16)


def test_a_hand_is_given_back_as_the_forms_data():
    assert entry_to_data(Entry()) == {"caller": None, "tiles": "", "points": None}
    assert entry_to_data(Entry(0, ((0, 7), (1, 7)), 5)) == {
        "caller": 0,
        "tiles": "[0-7] [1-7]",
        "points": 5,
    }


@st.composite
def entries(draw, players):
    """Return an entry a table of players could make: nobody called, tiles, or a score."""
    kind = draw(st.sampled_from(["nobody", "tiles", "typed", "both"]))
    if kind == "nobody":
        return Entry()
    caller = draw(st.integers(0, players - 1))
    if kind == "typed":
        return Entry(caller, points=draw(st.sampled_from(sorted(POSSIBLE_SCORES))))
    tiles = tuple(draw(winning_hands()))
    points = score_hand(tiles) if kind == "both" else None
    return Entry(caller, tiles, points)


@given(st.integers(2, 19).flatmap(lambda players: st.tuples(st.just(players), entries(players))))
def test_a_hand_read_back_from_its_data_is_the_same_hand(table_and_entry):
    players, entry = table_and_entry
    table = Table(players)
    options = clean_options({"largest_table": 19})
    assert entry_from_data(entry_to_data(entry), table, options) == entry


NOT_AT_THE_TABLE = (
    "Who called That's it must be Player 1, Player 2 or Player 3 (the players at this table)"
)


def _refused(data):
    with pytest.raises(RulesError) as refused:
        entry_from_data(data, TABLE, OPTIONS)
    return refused.value.field, str(refused.value)


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (
            {"caller": 3},
            "caller",
            NOT_AT_THE_TABLE,
        ),
        (
            {"caller": "1"},
            "caller",
            NOT_AT_THE_TABLE,
        ),
        (
            {"caller": True, "points": 5},
            "caller",
            NOT_AT_THE_TABLE,
        ),
        (
            {"tiles": DOUBLED},
            "tiles",
            "Nobody called That's it, so there are no caller's tiles; "
            "choose who called it, or clear the tiles",
        ),
        (
            {"points": 16},
            "points",
            "Nobody called That's it, so nobody scores; choose who called it, or clear the score",
        ),
        (
            {"caller": 0},
            "tiles",
            "Player 1 called That's it: enter their seven tiles or type the score, "
            "so the hand can be scored",
        ),
        (
            {"caller": 0, "tiles": ""},
            "tiles",
            "Player 1 called That's it: enter their seven tiles or type the score, "
            "so the hand can be scored",
        ),
        (
            {"caller": 0, "tiles": ["7-0"]},
            "tiles",
            "The caller's tiles: write them as text, like [4-6] [1-1], not ['7-0']",
        ),
        (
            {"caller": 0, "tiles": "[7-0] [7-1] nonsense"},
            "tiles",
            'Cannot read "nonsense" as tiles; write tiles like [4-6] [1-1]',
        ),
        (
            {"caller": 0, "tiles": "[16-0] [7-1]"},
            "tiles",
            "[16-0] is not in a double-fifteen set",
        ),
        (
            {"caller": 0, "tiles": "[7-0] [0-7]"},
            "tiles",
            "The caller's tiles hold [0-7] twice",
        ),
        (
            {"caller": 1, "tiles": "[7-0] [7-1] [7-2] [7-3] [8-0] [8-2]"},
            "tiles",
            "The caller's tiles: 6 tiles entered, but Player 2's winning hand holds 7 "
            "(a meld of 4 and a meld of 3)",
        ),
        (
            {"caller": 1, "tiles": "[7-0]"},
            "tiles",
            "The caller's tiles: 1 tile entered, but Player 2's winning hand holds 7 "
            "(a meld of 4 and a meld of 3)",
        ),
        (
            {"caller": 1, "tiles": "[7-0] [7-1] [7-2] [7-3] [8-0] [9-2] [8-4]"},
            "tiles",
            "These seven tiles form no winning hand: "
            "they do not split into a meld of 4 and a meld of 3",
        ),
        (
            {"caller": 1, "points": "16"},
            "points",
            "The score typed: '16' is not a whole number",
        ),
        (
            {"caller": 1, "points": 7},
            "points",
            "The score typed: no That's It hand scores 7; a hand can score "
            "2, 3, 4, 5, 6, 8, 9, 10, 11, 16, 18, 20, 22 and 32",
        ),
        (
            {"caller": 1, "points": 0},
            "points",
            "The score typed: no That's It hand scores 0; a hand can score 2, 3,",
        ),
        (
            {"caller": 1, "tiles": DOUBLED, "points": 16},
            "points",
            "The tiles score 32 read the best way, but the score typed is 16; "
            "correct one of them or clear the typed score",
        ),
    ],
)
def test_each_refusal_names_its_field_and_says_why(data, field, message):
    refused_field, refused_message = _refused(data)
    assert refused_field == field
    assert refused_message.startswith(message)


def test_scoring_checks_an_entry_made_without_the_form():
    with pytest.raises(RulesError, match=r"^\[0-16\] is not in a double-fifteen set$") as refused:
        score_entry(Entry(0, ((0, 16),) * 7), TABLE, OPTIONS)
    assert refused.value.field == "tiles"


# A hand's score


def test_scoring_refuses_a_caller_with_fewer_than_seven_tiles():
    four = best_hand(DOUBLED).four.tiles
    with pytest.raises(RulesError, match=r"^The caller's tiles: 4 tiles entered") as refused:
        score_entry(Entry(1, four), TABLE, OPTIONS)
    assert refused.value.field == "tiles"


def test_the_callers_tiles_are_read_the_best_way():
    entry = entry_from_data({"caller": 1, "tiles": DOUBLED}, TABLE, OPTIONS)
    scored = score_entry(entry, TABLE, OPTIONS)
    assert scored.points == (0, 32, 0)
    assert scored.lines == ("did not call", "called That's it: 32 points", "did not call")
    assert scored.notes == (
        "[0-7] [1-7] [2-7] [3-7] as suit 7: 9 points",
        "[7-8] [7-9] [7-10] as suit 7: 7 points",
        "Both melds alike, so doubled: 32 points",
    )


def test_tiles_and_a_score_that_agree_are_accepted():
    entry = entry_from_data({"caller": 0, "tiles": DOUBLED, "points": 32}, TABLE, OPTIONS)
    assert score_entry(entry, TABLE, OPTIONS).points == (32, 0, 0)


def test_a_typed_score_counts_for_the_caller_and_says_it_was_typed():
    scored = score_entry(Entry(caller=2, points=16), TABLE, OPTIONS)
    assert scored.points == (0, 0, 16)
    assert scored.lines[2] == "called That's it: 16 points (typed)"
    assert scored.notes == ()


def test_a_hand_nobody_called_scores_nothing_and_says_why():
    scored = score_entry(Entry(), TABLE, OPTIONS)
    assert scored.points == (0, 0, 0)
    assert scored.lines == ("nobody called: no score",) * 3
    assert scored.notes == ("Nobody called That's it (the boneyard ran out), so nobody scores.",)


@given(st.integers(2, 8).flatmap(lambda players: st.tuples(st.just(players), entries(players))))
def test_only_the_caller_ever_scores(table_and_entry):
    players, entry = table_and_entry
    scored = score_entry(entry, Table(players), OPTIONS)
    scorers = [player for player, points in enumerate(scored.points) if points]
    assert scorers == ([] if entry.caller is None else [entry.caller])
    assert len(scored.lines) == players


# The game


def test_the_first_player_to_reach_the_events_target_wins():
    hands = [Entry(0, points=16), Entry(1, points=10), Entry(), Entry(0, points=9)]
    state = fold(hands, Table(2), OPTIONS)
    assert state == Fold((25, 10), True, (0,), 3)
    assert state.winner == 0


def test_the_events_target_is_used():
    options = clean_options({"target": 40})
    state = fold([Entry(0, points=32)], Table(2), options)
    assert state == Fold((32, 0))
    assert not state.finished


def test_a_game_with_no_hands_stands_at_nothing():
    assert fold([], Table(5), OPTIONS) == Fold((0, 0, 0, 0, 0))


def test_hands_after_the_win_are_refused():
    hands = [Entry(0, points=32), Entry(), Entry(1, points=2)]
    message = r"^The game was won at hand 1, so hands 2-3 cannot stand; delete them first$"
    with pytest.raises(RulesError, match=message):
        fold(hands, Table(2), OPTIONS)


def test_a_refused_hand_in_a_game_is_named_with_its_field():
    message = r"^Hand 2: The score typed: no That's It hand scores 7"
    with pytest.raises(RulesError, match=message) as refused:
        fold([Entry(0, points=5), Entry(1, points=7)], Table(2), OPTIONS)
    assert refused.value.field == "points"


def test_a_large_table_plays_when_the_event_allows_it():
    options = clean_options({"largest_table": 19, "table_size": 10})
    state = fold([Entry(18, points=32)], Table(19), options)
    assert state.finished
    assert state.winners == (18,)


def test_every_refused_box_of_a_hand_is_named_at_once():
    with pytest.raises(RulesError) as refused:
        entry_from_data({"caller": 9, "tiles": "[1-2] [99-1]", "points": 7}, TABLE, OPTIONS)
    assert set(dict(refused.value.problems)) == {"caller", "tiles", "points"}


def test_bad_tiles_and_a_score_no_hand_makes_are_refused_together():
    with pytest.raises(RulesError) as refused:
        entry_from_data({"caller": 0, "tiles": "[1-1] [2-2]", "points": 7}, TABLE, OPTIONS)
    assert set(dict(refused.value.problems)) == {"tiles", "points"}


def test_tiles_and_a_score_for_a_hand_nobody_called_are_refused_together():
    data = {"caller": None, "tiles": "[1-1] [2-2]", "points": 5}
    with pytest.raises(RulesError) as refused:
        entry_from_data(data, TABLE, OPTIONS)
    assert set(dict(refused.value.problems)) == {"tiles", "points"}
