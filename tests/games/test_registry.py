"""The registry of games: names, sets, players, options and house rules."""

from pathlib import Path

import pytest

import games
from games.registry import GAME_CHOICES, GAMES, GameSpec, Option, get_game
from games.rules import RulesError


def test_the_registry_holds_the_five_games_by_key():
    assert list(GAMES) == [
        "texas_good_sams",
        "double_draw",
        "thats_it",
        "domino_pinochle",
        "double_takes",
    ]
    assert all(spec.key == key for key, spec in GAMES.items())
    assert all(isinstance(spec, GameSpec) for spec in GAMES.values())


def test_the_form_choices_pair_each_key_with_its_name():
    assert GAME_CHOICES == [
        ("texas_good_sams", "Texas Good Sams"),
        ("double_draw", "Double Draw"),
        ("thats_it", "That's It"),
        ("domino_pinochle", "Domino Pinochle"),
        ("double_takes", "Double Takes"),
    ]


@pytest.mark.parametrize(
    ("key", "max_pip", "player_counts", "partnerships"),
    [
        ("texas_good_sams", 6, (2, 4), True),
        ("double_draw", 6, (2, 3, 4), True),
        ("thats_it", 15, (2, 3, 4, 5, 6, 7, 8), False),
        ("domino_pinochle", 6, (3,), False),
        ("double_takes", 15, (2, 3, 4), True),
    ],
)
def test_each_game_gives_its_set_and_players(key, max_pip, player_counts, partnerships):
    spec = get_game(key)
    assert spec.max_pip == max_pip
    assert spec.player_counts == player_counts
    assert spec.partnerships is partnerships


def test_each_game_has_a_summary_for_the_event_page():
    for spec in GAMES.values():
        assert len(spec.summary) > 80
        assert spec.summary.endswith(".")


def test_get_game_refuses_a_game_it_does_not_know():
    with pytest.raises(RulesError, match=r'^There is no game called "chess"$'):
        get_game("chess")


def test_every_option_is_described_and_its_default_is_valid():
    for spec in GAMES.values():
        for option in spec.options:
            assert isinstance(option, Option)
            assert option.label
            assert option.help
            assert option.clean(option.default) == option.default


def test_validating_no_options_gives_the_defaults():
    assert get_game("texas_good_sams").validate_options({}) == {
        "blocked_scoring": "total",
        "minutes_per_game": 0,
        "games_to_win_first": 1,
        "games_to_win_later": 1,
        "games_to_win_final": 1,
        "clock_per": "game",
    }
    assert get_game("thats_it").validate_options({}) == {
        "target": 25,
        "largest_table": 8,
        "table_size": 4,
        "minutes_per_round": 0,
        "sit_out_points": 2,
    }


def test_validating_reads_form_strings():
    spec = get_game("domino_pinochle")
    assert spec.validate_options({"four_tile_bonus": "3", "widow_completes_melds": "false"}) == {
        "four_tile_bonus": 3,
        "widow_completes_melds": False,
        "doubles_melds": True,
        "minutes_per_round": 0,
        "sit_out_points": 2,
    }


def test_every_rounds_event_sets_the_points_of_a_round_sat_out():
    spec = get_game("double_takes")
    assert spec.sit_out_points({}) == 2
    assert spec.sit_out_points({"sit_out_points": "1"}) == 1
    # A game without the option (a bracket game) reads the house rule's default, 2.
    assert get_game("texas_good_sams").sit_out_points({}) == 2
    assert "a round sat out earns 1 match point." in spec.house_rules({"sit_out_points": 1})[-1]
    assert "earns 0 match points." in spec.house_rules({"sit_out_points": 0})[-1]
    with pytest.raises(RulesError, match="Match points for a round sat out: 3 is more than 2"):
        spec.validate_options({"sit_out_points": 3})
    with pytest.raises(RulesError, match='Texas Good Sams has no house rule called "sit_out'):
        get_game("texas_good_sams").validate_options({"sit_out_points": 1})


def test_a_rounds_event_has_minutes_per_round_and_none_by_default():
    spec = get_game("double_draw")
    assert spec.clock_minutes({}) is None
    assert spec.clock_minutes({"minutes_per_round": "45"}) == 45
    rules = spec.house_rules({"minutes_per_round": 45})
    assert (
        "Each round lasts 45 minutes on the desk's clock, from its start; at time the official "
        "may close the tables still playing: the highest total wins, sides level on it tie."
    ) in rules
    assert "a round sat out earns" in rules[-1]
    assert not any("clock" in rule for rule in spec.house_rules({}))
    assert "lasts 1 minute on" in " ".join(spec.house_rules({"minutes_per_round": 1}))


def test_a_bracket_event_has_minutes_per_game_and_none_by_default():
    spec = get_game("texas_good_sams")
    assert spec.clock_minutes({}) is None
    assert spec.clock_minutes({"minutes_per_game": 30}) == 30
    rules = " ".join(spec.house_rules({"minutes_per_game": 30}))
    assert "Each bracket round lasts 30 minutes on the desk's clock" in rules
    assert "level sides play on until a hand separates them" in rules


def test_the_clock_options_are_checked_like_the_others():
    with pytest.raises(RulesError, match=r"^Minutes per round: -5 is less than 0$"):
        get_game("thats_it").validate_options({"minutes_per_round": "-5"})
    with pytest.raises(RulesError, match=r"^Minutes per game: 601 is more than 600$"):
        get_game("texas_good_sams").validate_options({"minutes_per_game": 601})
    with pytest.raises(RulesError, match=r"^Minutes per game: 'soon' is not a whole number$"):
        get_game("texas_good_sams").validate_options({"minutes_per_game": "soon"})
    with pytest.raises(RulesError, match='Texas Good Sams has no house rule called "minutes_per_r'):
        get_game("texas_good_sams").validate_options({"minutes_per_round": 30})
    with pytest.raises(RulesError, match='Double Draw has no house rule called "minutes_per_game"'):
        get_game("double_draw").validate_options({"minutes_per_game": 30})


def test_validating_refuses_an_unknown_option_naming_the_game():
    with pytest.raises(RulesError, match=r'^Texas Good Sams has no house rule called "target"$'):
        get_game("texas_good_sams").validate_options({"target": 300})


def test_validating_names_the_option_with_a_bad_value():
    with pytest.raises(RulesError, match=r"^Points to win: 0 is less than 1$"):
        get_game("thats_it").validate_options({"target": "0"})


def test_validating_checks_options_against_each_other():
    with pytest.raises(RulesError, match="largest table"):
        get_game("thats_it").validate_options({"largest_table": 4, "table_size": 6})


def test_team_size_is_not_a_house_rule_but_the_events_own_choice():
    with pytest.raises(RulesError, match=r'^Double Draw has no house rule called "partnerships"$'):
        get_game("double_draw").validate_options({"partnerships": True})
    assert get_game("double_draw").team_sizes == (1, 2)
    assert get_game("thats_it").team_sizes == (1,)


@pytest.mark.parametrize(
    ("key", "options", "target"),
    [
        ("texas_good_sams", {}, 250),
        # Double Draw's target depends on the table (100 for 2 sides, 61 for 3 or 4).
        ("double_draw", {}, None),
        ("thats_it", {}, 25),
        ("thats_it", {"target": "50"}, 50),
        ("domino_pinochle", {}, 250),
        ("double_takes", {}, None),
    ],
)
def test_each_game_gives_the_score_that_wins(key, options, target):
    assert get_game(key).target_score(options) == target


def test_the_house_rules_reflect_the_options_chosen():
    spec = get_game("texas_good_sams")
    assert (
        "A blocked hand: the side with fewer pips scores the other side's pips, rounded to "
        "the nearest 5. Equal pips score nothing." in spec.house_rules({})
    )
    difference = spec.house_rules({"blocked_scoring": "difference"})
    assert any("scores the difference" in rule for rule in difference)


def test_every_game_has_house_rules_in_plain_sentences():
    for spec in GAMES.values():
        rules = spec.house_rules({})
        assert rules
        assert all(rule.endswith(".") for rule in rules)


def test_house_rules_refuse_bad_options():
    with pytest.raises(RulesError, match="Players at a table: 5 is more than"):
        get_game("double_draw").house_rules({"table_size": 5})


def test_no_module_of_the_games_package_imports_django():
    package = Path(games.__file__).parent
    for path in package.rglob("*.py"):
        source = path.read_text()
        assert "import django" not in source, path
        assert "from django" not in source, path
        assert "Django" in source.split('"""')[1], f"{path} should say it imports no Django"


def test_options_checked_once_are_told_apart_by_type_and_handed_out_as_copies():
    spec = GAMES["double_draw"]
    assert spec.tables({"table_size": 3}, 1).preferred == 3
    # 3.0 and True equal 3 and 1 in Python; kept options must not answer for them.
    with pytest.raises(RulesError, match="whole number"):
        spec.tables({"table_size": 3.0}, 1)
    with pytest.raises(RulesError, match="whole number"):
        spec.tables({"table_size": True}, 1)
    first = spec.game_options({"table_size": 3})
    first["table_size"] = 2
    assert spec.game_options({"table_size": 3}) == {"table_size": 3}
    # Bad options are refused every time, and options that cannot be kept still check.
    for _ in range(2):
        with pytest.raises(RulesError):
            spec.tables({"table_size": 9}, 1)
    with pytest.raises(RulesError):
        spec.tables({"table_size": [3]}, 1)
    assert spec.tables(None, 1).preferred == 4


def test_options_of_another_mapping_type_are_checked_each_time_and_the_store_empties_when_full(
    monkeypatch,
):
    from collections import OrderedDict

    from games import registry

    spec = GAMES["double_draw"]
    # Not a plain dict: never kept, checked (and read) every time.
    assert spec.game_options(OrderedDict(table_size=3)) == {"table_size": 3}
    # A full store is emptied before the next set of options is kept.
    monkeypatch.setattr(registry, "_CHECKED", {})
    monkeypatch.setattr(registry, "_CHECKED_MOST", 1)
    spec.game_options({"table_size": 3})
    spec.game_options({"table_size": 4})
    assert len(registry._CHECKED) == 1
    assert spec.game_options({"table_size": 3}) == {"table_size": 3}


def test_only_a_bracket_game_played_alone_and_in_partnerships_feeds_singles():
    assert GAMES["texas_good_sams"].feeds_singles
    assert not GAMES["double_draw"].feeds_singles


def test_the_clock_sit_outs_and_match_rule_read_options_checked_once(monkeypatch):
    """What the pages read of an event's options (its clock, a sit-out's points, the match
    rule) is checked once for the same options, kept apart from `game_options`, and bad
    options are refused every time."""
    from games import registry

    monkeypatch.setattr(registry, "_CHECKED", {})
    bracket, rounds = GAMES["texas_good_sams"], GAMES["double_draw"]
    checked = []
    check = type(bracket).validate_options
    monkeypatch.setattr(
        type(bracket),
        "validate_options",
        lambda spec, raw: [checked.append(spec.key), check(spec, raw)][1],
    )
    options = {"minutes_per_game": 20, "games_to_win_final": 3}
    for _ in range(3):
        assert bracket.clock_minutes(options) == 20
        assert bracket.match_rule(options).final == 3
    assert checked == ["texas_good_sams"]
    assert rounds.sit_out_points({"sit_out_points": 2}) == 2
    assert rounds.sit_out_points({"sit_out_points": 2}) == 2
    assert rounds.game_options({"sit_out_points": 2}) == {"table_size": 4}
    assert checked == ["texas_good_sams", "double_draw", "double_draw"]
    for _ in range(2):
        with pytest.raises(RulesError):
            bracket.clock_minutes({"minutes_per_game": -5})
    assert checked[-2:] == ["texas_good_sams", "texas_good_sams"]
