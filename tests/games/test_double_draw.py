"""Double Draw: scoring a hand from the pips left and following a game to 100 or 61."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import INT, PER_PLAYER, Fold, Table, TableRule
from games.rules import RulesError
from games.rules.double_draw import (
    PLAYS_ON_AFTER_WITHDRAWAL,
    TEAM_SIZES,
    Entry,
    clean_options,
    entry_fields,
    entry_from_data,
    entry_to_data,
    fold,
    fold_game,
    hand_size,
    house_rules,
    score_entry,
    score_hand,
    side_count,
    table_target,
    tables,
    target,
    target_score,
)

OPTIONS = clean_options({})
PARTNERS = Table(4, partnerships=True)


@pytest.mark.parametrize(("players", "tiles"), [(2, 6), (3, 5), (4, 4)])
def test_each_player_is_dealt_8_tiles_minus_the_number_of_players(players, tiles):
    assert hand_size(players) == tiles


@pytest.mark.parametrize("players", [1, 5])
def test_it_is_played_by_2_to_4_players(players):
    with pytest.raises(
        RulesError, match=rf"^Double Draw is played by 2, 3 or 4 players, not {players}$"
    ):
        hand_size(players)


def test_only_4_players_can_play_in_partnerships():
    with pytest.raises(RulesError, match=r"^Partnerships need 4 players, not 3$"):
        side_count(3, partnerships=True)


def test_partnerships_make_2_sides_and_players_alone_one_side_each():
    assert side_count(4, partnerships=True) == 2
    assert side_count(4) == 4
    assert side_count(3) == 3


def test_the_game_is_to_100_for_2_players_or_partnerships_and_61_for_3_or_4_alone():
    assert target(2) == 100
    assert target(4, partnerships=True) == 100
    assert target(3) == 61
    assert target(4) == 61


def test_the_lowest_player_scores_the_others_pips_minus_their_own():
    assert score_hand([5, 12, 20]) == [27, 0, 0]


def test_two_players_the_lower_scores_the_difference():
    assert score_hand([30, 8]) == [0, 22]


def test_a_tie_for_lowest_scores_nothing():
    assert score_hand([7, 7, 20, 30]) == [0, 0, 0, 0]


def test_a_tie_that_is_not_for_lowest_does_not_matter():
    assert score_hand([3, 10, 10, 1]) == [0, 0, 0, 22]


def test_going_out_with_no_pips_scores_all_the_others_pips():
    assert score_hand([0, 9, 11, 4]) == [24, 0, 0, 0]


def test_partners_pips_are_added_and_partners_sit_opposite():
    # Side 1 is players 1 and 3 (5 + 10), Side 2 players 2 and 4 (12 + 20).
    assert score_hand([5, 12, 10, 20], partnerships=True) == [17, 0]


def test_partnerships_with_equal_totals_score_nothing():
    assert score_hand([5, 12, 10, 3], partnerships=True) == [0, 0]


def test_it_names_the_player_whose_pips_are_wrong():
    with pytest.raises(RulesError, match=r"^Player 2's pips: -1 is less than 0$"):
        score_hand([5, -1])


def test_it_refuses_more_than_168_pips_for_a_player():
    with pytest.raises(RulesError, match=r"^Player 1's pips: 169 is more than 168$"):
        score_hand([169, 0])


def test_it_refuses_more_pips_than_the_set_holds_between_the_players():
    message = r"^The players' pips add up to 170, more than the 168 in a double-six set$"
    with pytest.raises(RulesError, match=message):
        score_hand([100, 70])


def test_it_refuses_a_hand_for_5_players():
    with pytest.raises(RulesError, match="not 5"):
        score_hand([1, 2, 3, 4, 5])


def test_it_refuses_partnerships_of_3_players():
    with pytest.raises(RulesError, match=r"^Partnerships need 4 players, not 3$"):
        score_hand([1, 2, 3], partnerships=True)


@given(
    st.integers(min_value=2, max_value=4).flatmap(
        lambda players: st.lists(
            st.integers(min_value=0, max_value=168 // players),
            min_size=players,
            max_size=players,
        )
    ),
    st.booleans(),
)
def test_no_legal_hand_scores_negative_and_at_most_one_side_scores(pips, partnerships):
    partnerships = partnerships and len(pips) == 4
    points = score_hand(pips, partnerships=partnerships)
    assert all(value >= 0 for value in points)
    assert sum(1 for value in points if value) <= 1


def test_a_game_for_3_players_is_won_at_61():
    hands = [score_hand([5, 12, 20]), score_hand([30, 2, 9]), score_hand([0, 15, 20])]
    state = fold_game(hands, players=3)
    assert state.totals == (62, 37, 0)
    assert state.finished
    assert state.winner == 0
    assert state.finished_at == 2


def test_a_partnership_game_is_won_at_100():
    state = fold_game([[60, 0], [0, 50], [40, 0]], players=4, partnerships=True)
    assert (state.winner, state.finished_at) == (0, 2)


def test_a_game_short_of_the_target_is_not_finished():
    state = fold_game([[60, 0], [0, 99]], players=2)
    assert not state.finished
    assert state.totals == (60, 99)


def test_hands_cannot_be_added_after_the_game_is_won():
    with pytest.raises(RulesError, match="won at hand 1, so hand 2 cannot stand"):
        fold_game([[0, 61, 0], [5, 0, 0]], players=3)


def test_a_game_names_the_player_in_a_bad_hand():
    with pytest.raises(RulesError, match=r"^Hand 1, Player 2's points: -5 is less than 0$"):
        fold_game([[0, -5, 0]], players=3)


def test_a_partnership_game_names_the_side_in_a_bad_hand():
    with pytest.raises(RulesError, match=r"^Hand 1: only one side scores in a hand$"):
        fold_game([[5, 5]], players=4, partnerships=True)


# House rules: the event's team size says partnerships; the table size is what rounds aim for


def test_the_options_default_to_tables_of_4():
    assert clean_options({}) == {"table_size": 4}
    assert clean_options({"table_size": "3"}) == {"table_size": 3}


@pytest.mark.parametrize(("size", "word"), [("1", "less than 2"), ("5", "more than 4")])
def test_the_options_refuse_tables_of_fewer_than_2_or_more_than_4(size, word):
    with pytest.raises(RulesError, match=rf"^Players at a table: {size} is {word}$"):
        clean_options({"table_size": size})


@pytest.mark.parametrize("name", ["players", "partnerships"])
def test_players_and_partnerships_are_no_longer_options(name):
    with pytest.raises(RulesError, match=rf'^Double Draw has no house rule called "{name}"$'):
        clean_options({name: 4})


def test_the_target_depends_on_the_table_not_on_the_options():
    assert target_score({}) is None
    assert target_score({"table_size": 2}) is None


def test_the_options_are_checked_even_though_they_give_no_target():
    with pytest.raises(RulesError, match="is more than 4"):
        target_score({"table_size": 5})


@pytest.mark.parametrize(
    ("table", "points"),
    [(Table(2), 100), (Table(3), 61), (Table(4), 61), (PARTNERS, 100)],
)
def test_a_table_plays_to_100_for_2_sides_and_61_for_3_or_4_alone(table, points):
    assert table_target(table) == points


def test_the_house_rules_describe_players_alone_at_tables_of_the_size_chosen():
    rules = house_rules({"table_size": 3})
    assert rules[0] == (
        "2 to 4 players at a table, each playing alone; tables of 3 where possible. "
        "Each player is dealt 8 tiles minus the players at the table (6 at 2, 5 at 3, 4 at 4)."
    )
    assert "The player with the lowest total scores the other totals minus its own." in rules[2]
    assert rules[-1] == (
        "The first to reach 100 points wins at a table of 2 players; "
        "at a table of 3 or 4, the first to reach 61."
    )
    assert house_rules({}) == house_rules({}, team_size=1)


def test_the_house_rules_describe_partnerships_when_the_event_plays_in_pairs():
    rules = house_rules({}, team_size=2)
    assert rules[0] == (
        "Each table seats 4 players in 2 partnerships, partners sitting opposite each other; "
        "each player is dealt 4 tiles."
    )
    assert rules[2].startswith("The partnership with the lower total (its two players' pips")
    assert rules[-1] == "The first partnership to reach 100 points wins the game."


def test_the_house_rules_refuse_teams_of_3():
    message = r"^Double Draw is played alone or in partnerships of 2, not in teams of 3$"
    with pytest.raises(RulesError, match=message):
        house_rules({}, team_size=3)


# Tables


def test_it_is_played_alone_or_in_partnerships_and_stops_when_a_player_withdraws():
    assert TEAM_SIZES == (1, 2)
    assert PLAYS_ON_AFTER_WITHDRAWAL is False


def test_players_alone_sit_2_to_4_at_a_table_aiming_for_the_size_chosen():
    assert tables(OPTIONS, 1) == TableRule(sizes=(2, 3, 4), preferred=4)
    assert tables(clean_options({"table_size": 3}), 1).preferred == 3


def test_partnerships_sit_two_to_a_table():
    rule = tables(OPTIONS, 2)
    assert rule == TableRule(sizes=(2,), preferred=2, team_size=2)
    assert rule.table(2) == PARTNERS


def test_tables_refuse_teams_of_3():
    with pytest.raises(RulesError, match="not in teams of 3"):
        tables(OPTIONS, 3)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (Table(5), r"^Double Draw is played by 2, 3 or 4 players, not 5$"),
        (Table(1), r"^Double Draw is played by 2, 3 or 4 players, not 1$"),
        (Table(2, partnerships=True), r"^Partnerships need 4 players, not 2$"),
    ],
)
def test_a_table_the_game_cannot_seat_is_refused_with_the_reason(table, message):
    with pytest.raises(RulesError, match=message):
        entry_fields(table, OPTIONS)
    with pytest.raises(RulesError, match=message):
        entry_from_data({}, table, OPTIONS)
    with pytest.raises(RulesError, match=message):
        score_entry(Entry((1, 2)), table, OPTIONS)
    with pytest.raises(RulesError, match=message):
        fold([], table, OPTIONS)


# A hand's entry


def test_a_hand_asks_for_the_pips_left_in_each_players_hand():
    (field,) = entry_fields(Table(3), OPTIONS)
    assert (field.name, field.label, field.kind, field.per, field.required) == (
        "pips",
        "pips left",
        INT,
        PER_PLAYER,
        True,
    )
    assert field.keys(Table(3)) == ("pips_0", "pips_1", "pips_2")
    assert field.keys(PARTNERS) == ("pips_0", "pips_1", "pips_2", "pips_3")


def test_a_hand_is_read_from_the_forms_data_ignoring_other_keys():
    data = {"pips_0": 5, "pips_1": 12, "pips_2": 20, "csrfmiddlewaretoken": "x"}
    assert entry_from_data(data, Table(3), OPTIONS) == Entry((5, 12, 20))


def test_a_hand_is_given_back_as_the_forms_data():
    assert entry_to_data(Entry((5, 12, 10, 20))) == {
        "pips_0": 5,
        "pips_1": 12,
        "pips_2": 10,
        "pips_3": 20,
    }


@st.composite
def hands(draw):
    """Return a table and a legal entry for it."""
    table = draw(st.sampled_from([Table(2), Table(3), Table(4), PARTNERS]))
    cap = 168 // table.players
    pips = draw(st.lists(st.integers(0, cap), min_size=table.players, max_size=table.players))
    return table, Entry(tuple(pips))


@given(hands())
def test_a_hand_read_back_from_its_data_is_the_same_hand(hand):
    table, entry = hand
    assert entry_from_data(entry_to_data(entry), table, OPTIONS) == entry


@pytest.mark.parametrize(
    ("pips", "field", "message"),
    [
        (
            {"pips_0": 5, "pips_2": 7},
            "pips_1",
            r"^Enter Player 2's pips left \(0 if they went out\): "
            r"every player's pips decide who scores$",
        ),
        (
            {"pips_0": 5, "pips_1": "12", "pips_2": 7},
            "pips_1",
            r"^Player 2's pips left: '12' is not a whole number$",
        ),
        (
            {"pips_0": True, "pips_1": 12, "pips_2": 7},
            "pips_0",
            r"^Player 1's pips left: True is not a whole number$",
        ),
        (
            {"pips_0": 5, "pips_1": 12, "pips_2": -1},
            "pips_2",
            r"^Player 3's pips left: -1 is less than 0; a hand with no tiles left has 0 pips$",
        ),
        (
            {"pips_0": 169, "pips_1": 0, "pips_2": 0},
            "pips_0",
            r"^Player 1's pips left: 169 is more than 168, the pips of a whole double-six set$",
        ),
        (
            {"pips_0": 100, "pips_1": 60, "pips_2": 10},
            None,
            r"^The players' pips add up to 170, more than the 168 in a double-six set$",
        ),
    ],
)
def test_each_refused_count_names_its_field_and_says_why(pips, field, message):
    with pytest.raises(RulesError, match=message) as refused:
        entry_from_data(pips, Table(3), OPTIONS)
    assert refused.value.field == field


def test_scoring_checks_an_entry_made_without_the_form():
    with pytest.raises(RulesError, match="more than 168") as refused:
        score_entry(Entry((0, 169)), Table(2), OPTIONS)
    assert refused.value.field == "pips_1"


def test_scoring_refuses_an_entry_for_another_number_of_players():
    message = r"^The hand gives pips for 3 players, but the table seats 2$"
    with pytest.raises(RulesError, match=message) as refused:
        score_entry(Entry((1, 2, 3)), Table(2), OPTIONS)
    assert refused.value.field is None


# A hand's score


def test_the_lowest_player_scores_and_the_lines_say_what_each_had():
    scored = score_entry(Entry((5, 12, 20)), Table(3), OPTIONS)
    assert scored.points == (27, 0, 0)
    assert scored.lines == ("5 pips, the lowest: scores 32 - 5 = 27", "12 pips", "20 pips")
    assert scored.notes == ()


def test_a_player_who_went_out_scores_all_the_others_pips():
    scored = score_entry(Entry((0, 9, 11, 4)), Table(4), OPTIONS)
    assert scored.points == (24, 0, 0, 0)
    assert scored.lines[0] == "0 pips, the lowest: scores 24 - 0 = 24"


def test_one_pip_is_said_in_the_singular():
    scored = score_entry(Entry((30, 1)), Table(2), OPTIONS)
    assert scored.points == (0, 29)
    assert scored.lines == ("30 pips", "1 pip, the lowest: scores 30 - 1 = 29")


def test_partners_pips_are_added_in_the_lines():
    scored = score_entry(Entry((5, 12, 10, 20)), PARTNERS, OPTIONS)
    assert scored.points == (17, 0)
    assert scored.lines == (
        "5 + 10 = 15 pips, the lowest: scores 32 - 15 = 17",
        "12 + 20 = 32 pips",
    )


def test_a_tie_for_lowest_scores_nothing_and_says_so():
    scored = score_entry(Entry((7, 7, 20, 30)), Table(4), OPTIONS)
    assert scored.points == (0, 0, 0, 0)
    assert scored.lines == (
        "7 pips, tied for lowest: no score",
        "7 pips, tied for lowest: no score",
        "20 pips",
        "30 pips",
    )
    assert scored.notes == ("Player 1 and Player 2 tie for lowest with 7 pips, so nobody scores.",)


def test_a_tie_between_partnerships_names_the_sides():
    scored = score_entry(Entry((5, 12, 10, 3)), PARTNERS, OPTIONS)
    assert scored.points == (0, 0)
    assert scored.notes == ("Side 1 and Side 2 tie for lowest with 15 pips, so nobody scores.",)


def test_a_three_way_tie_lists_every_player():
    scored = score_entry(Entry((4, 4, 4)), Table(3), OPTIONS)
    assert scored.notes == (
        "Player 1, Player 2 and Player 3 tie for lowest with 4 pips, so nobody scores.",
    )


@given(hands())
def test_score_entry_gives_the_points_of_score_hand_with_a_line_per_side(hand):
    table, entry = hand
    scored = score_entry(entry, table, OPTIONS)
    assert list(scored.points) == score_hand(entry.pips, partnerships=table.partnerships)
    assert len(scored.lines) == table.sides


# The game


def test_a_game_of_3_is_won_by_the_first_to_61():
    entries = [Entry((5, 12, 20)), Entry((30, 2, 9)), Entry((0, 15, 20))]
    state = fold(entries, Table(3), OPTIONS)
    assert state == Fold((62, 37, 0), True, (0,), 2)
    assert state.winner == 0


def test_a_partnership_game_is_won_by_the_first_to_100():
    entries = [Entry((0, 30, 10, 30)), Entry((0, 30, 10, 30))]
    assert fold(entries, PARTNERS, OPTIONS) == Fold((100, 0), True, (0,), 1)


def test_a_game_of_2_short_of_100_is_not_finished():
    state = fold([Entry((60, 0))], Table(2), OPTIONS)
    assert state == Fold((0, 60))
    assert state.winner is None
    assert not state.tied


def test_a_game_with_no_hands_stands_at_nothing():
    assert fold([], Table(4), OPTIONS) == Fold((0, 0, 0, 0))


def test_hands_after_the_game_is_won_are_refused():
    entries = [Entry((0, 40, 30)), Entry((5, 0, 1)), Entry((5, 0, 1))]
    with pytest.raises(RulesError, match=r"^The game was won at hand 1, so hands 2-3 cannot stand"):
        fold(entries, Table(3), OPTIONS)


def test_a_refused_hand_in_a_game_is_named_with_its_field():
    with pytest.raises(
        RulesError, match=r"^Hand 2: Player 1's pips left: -1 is less than 0"
    ) as refused:
        fold([Entry((1, 2)), Entry((-1, 2))], Table(2), OPTIONS)
    assert refused.value.field == "pips_0"


def test_every_missing_or_refused_count_is_named_at_once():
    data = {"pips_0": None, "pips_1": -3, "pips_2": 200}
    with pytest.raises(RulesError) as refused:
        entry_from_data(data, Table(players=3), OPTIONS)
    assert set(dict(refused.value.problems)) == {"pips_0", "pips_1", "pips_2"}


def test_a_typed_entry_with_several_wrong_counts_names_each():
    with pytest.raises(RulesError) as refused:
        score_entry(Entry((-1, 5, 999)), Table(players=3), OPTIONS)
    assert set(dict(refused.value.problems)) == {"pips_0", "pips_2"}
