"""The one engine: tables, fields, folds and the registry's part for every game."""

import pytest

from games.engine import (
    INT,
    PER_PLAYER,
    PER_SIDE,
    Field,
    Fold,
    Table,
    TableRule,
    best_totals,
    close_at_time,
    plural,
    winner_at_time,
)
from games.registry import GAMES, get_game
from games.rules import RulesError


def test_a_partnership_table_has_half_as_many_sides_as_players():
    table = Table(players=4, partnerships=True)
    assert (table.sides, table.seat_word, table.side_name(1)) == (2, "Side", "Side 2")
    alone = Table(players=3)
    assert (alone.sides, alone.side_name(0)) == (3, "Player 1")


def test_a_table_rule_gives_the_table_for_a_legal_size_and_refuses_others():
    rule = TableRule(sizes=(2, 3, 4), preferred=4)
    assert rule.table(3) == Table(players=3)
    assert TableRule(sizes=(2,), preferred=2, team_size=2).table(2) == Table(4, True)
    with pytest.raises(RulesError, match=r"^A table here seats 2, 3, 4 players, not 5$"):
        rule.table(5)
    with pytest.raises(RulesError, match="partnerships, not 3"):
        TableRule(sizes=(2,), preferred=2, team_size=2).table(3)


def test_a_field_names_one_key_per_seat_it_is_asked_for():
    table = Table(players=4, partnerships=True)
    assert Field("pips", "pips", INT, per=PER_PLAYER).keys(table) == tuple(
        f"pips_{i}" for i in range(4)
    )
    assert Field("tricks", "tricks", INT, per=PER_SIDE).keys(table) == ("tricks_0", "tricks_1")
    assert Field("caller", "caller").keys(table) == ("caller",)


def test_a_fold_names_its_one_winner_or_its_tie():
    assert Fold((10, 5), True, (0,)).winner == 0
    tie = Fold((10, 10), True, (0, 1))
    assert (tie.winner, tie.tied) == (None, True)
    assert Fold((0, 0)).winner is None


def test_a_game_that_cannot_end_level_goes_at_time_to_the_highest_total_or_plays_on():
    assert winner_at_time([120, 95], hand_count=3) == 0
    assert winner_at_time([-10, 0], hand_count=1) == 1
    assert winner_at_time([50, 50], hand_count=4) is None  # level: play on
    assert winner_at_time([0, 0], hand_count=0) is None  # no hands: play it or a walkover


def test_closing_at_time_gives_the_game_to_the_highest_total_and_level_sides_tie():
    assert close_at_time([12, 30, 7]) == Fold((12, 30, 7), True, (1,))
    assert close_at_time([-5, 20, 20]).winners == (1, 2)
    with pytest.raises(RulesError, match="at least one side"):
        best_totals([])


def test_counts_take_the_word_that_fits():
    assert plural(1, "trick") == "1 trick"
    assert plural(2, "trick") == "2 tricks"
    assert plural(0, "penalty", "penalties") == "0 penalties"


@pytest.mark.parametrize("key", list(GAMES))
def test_every_game_offers_the_whole_engine(key):
    spec = get_game(key)
    for team_size in spec.team_sizes:
        rule = spec.tables({}, team_size)
        assert rule.preferred in rule.sizes
        for sides in rule.sizes:
            table = spec.table({}, sides=sides, team_size=team_size)
            fields = spec.entry_fields(table, {})
            assert fields and all(field.label for field in fields)
            assert spec.fold([], table, {}).totals == (0,) * table.sides
        assert all(rule.endswith(".") for rule in spec.house_rules({}, team_size))
    assert isinstance(spec.plays_on_after_withdrawal, bool)
    assert spec.plays_rounds == (spec.format == "rounds")


def test_a_team_size_the_game_does_not_play_is_refused_in_plain_words():
    with pytest.raises(
        RulesError, match=r"^Domino Pinochle is played by sides of 1 player, not 2$"
    ):
        get_game("domino_pinochle").tables({}, 2)
    with pytest.raises(RulesError, match=r"sides of 1 or 2 players, not 3$"):
        get_game("double_draw").check_team_size(3)


def test_texas_good_sams_is_the_bracket_game_and_the_rest_play_rounds():
    assert [spec.key for spec in GAMES.values() if not spec.plays_rounds] == ["texas_good_sams"]


def test_a_hand_goes_through_the_registry_from_form_data_to_the_games_state():
    spec = get_game("texas_good_sams")
    table = spec.table({}, sides=2, team_size=2)
    entry = spec.entry_from_data({"play_0": 10, "end": "out_0", "pips_1": 13}, table, {})
    assert spec.score_entry(entry, table, {}).points == (25, 0)
    assert spec.entry_from_data(spec.entry_to_data(entry), table, {}) == entry
    assert spec.fold([entry], table, {}).totals == (25, 0)


def test_a_stored_hand_is_described_by_its_game_for_the_history():
    spec = get_game("thats_it")
    table = spec.table({}, sides=3, team_size=1)
    data = {"caller": 1, "points": 16}
    assert spec.describe_hand(data, [0, 16, 0], table, {}) == (
        "Player 1 0, Player 2 16, Player 3 0 (Player 2: called That's it: 16 points (typed))"
    )
    assert spec.describe_hand({"caller": None}, [0, 0, 0], table, {}).startswith(
        "Player 1 0, Player 2 0, Player 3 0"
    )
    tgs = get_game("texas_good_sams")
    doubles = tgs.table({}, sides=2, team_size=2)
    text = tgs.describe_hand({"play_0": 10, "end": "none"}, [10, 0], doubles, {})
    assert text == "Side 1 10, Side 2 0 (Side 1 played 10; not finished)"


def test_a_games_target_may_depend_on_its_table():
    spec = get_game("double_draw")
    assert spec.table_target(spec.table({}, sides=2, team_size=1), {}) == 100
    assert spec.table_target(spec.table({}, sides=3, team_size=1), {}) == 61
    thats_it = get_game("thats_it")
    assert thats_it.table_target(thats_it.table({}, sides=2, team_size=1), {"target": 30}) == 30
