"""The game contract: every registered game offers what `games.contract` names.

Each protocol's parts are read from the protocol itself, so a part added to it is checked
for every game at once.
"""

import inspect

import pytest

from games.contract import GameExamples, GameHands, GameRules
from games.registry import GAMES

# Which of a game's modules meets which protocol (GameSpec's field for it).
PARTS = {"rules": GameRules, "hands": GameHands, "examples": GameExamples}


def functions(protocol):
    return [
        name
        for name, value in vars(protocol).items()
        if inspect.isfunction(value) and not name.startswith("_")
    ]


def optional(protocol):
    annotations = vars(protocol).get("__annotations__", {})
    return [name for name, kind in annotations.items() if "| None" in kind]


def data(protocol):
    annotations = vars(protocol).get("__annotations__", {})
    return [name for name in annotations if name not in optional(protocol)]


CASES = [(key, field) for key in GAMES for field in PARTS]


def test_the_contract_names_its_required_and_optional_parts():
    assert set(data(GameRules)) == {
        "NAME",
        "MAX_PIP",
        "OPTIONS",
        "TEAM_SIZES",
        "PLAYS_ON_AFTER_WITHDRAWAL",
    }
    assert set(functions(GameRules)) == {"clean_options", "target_score", "house_rules"}
    assert set(functions(GameHands)) == {
        "tables",
        "entry_fields",
        "entry_from_data",
        "entry_to_data",
        "score_entry",
        "fold",
    }
    assert set(optional(GameHands)) == {
        "describe_hand",
        "table_target",
        "hand_points",
        "fold_points",
    }
    assert functions(GameExamples) == ["example_hand"]
    assert not optional(GameRules) and not optional(GameExamples) and not data(GameHands)


@pytest.mark.parametrize(("key", "field"), CASES)
def test_every_registered_game_offers_each_required_part(key, field):
    protocol, module = PARTS[field], getattr(GAMES[key], field)
    assert isinstance(module, protocol)
    for name in functions(protocol):
        assert callable(getattr(module, name)), f"{key}: {name} is not a function"
    for name in data(protocol):
        assert getattr(module, name) is not None, f"{key}: {name} is None"


@pytest.mark.parametrize(("key", "field"), CASES)
def test_every_registered_game_gives_none_or_a_function_for_each_optional_part(key, field):
    protocol, module = PARTS[field], getattr(GAMES[key], field)
    for name in optional(protocol):
        part = getattr(module, name)  # present: a game without the part sets it to None
        assert part is None or callable(part), f"{key}: {name} is neither None nor a function"


@pytest.mark.parametrize("key", list(GAMES))
def test_the_rules_data_has_the_types_the_contract_names(key):
    rules = GAMES[key].rules
    assert isinstance(rules.NAME, str) and rules.NAME
    assert isinstance(rules.MAX_PIP, int)
    assert isinstance(rules.OPTIONS, tuple)
    assert rules.TEAM_SIZES and set(rules.TEAM_SIZES) <= {1, 2}
    assert isinstance(rules.PLAYS_ON_AFTER_WITHDRAWAL, bool)


def test_the_optional_parts_are_offered_by_the_games_that_need_them():
    hands = {key: spec.hands for key, spec in GAMES.items()}
    assert [key for key, part in hands.items() if part.describe_hand] == ["texas_good_sams"]
    assert [key for key, part in hands.items() if part.table_target] == ["double_draw"]
    assert [key for key, part in hands.items() if part.hand_points] == ["double_draw"]
    assert [key for key, part in hands.items() if part.fold_points] == [
        "double_draw",
        "thats_it",
    ]


def test_a_module_missing_a_part_does_not_meet_the_contract():
    class Partial:
        NAME = "Partial"
        describe_hand = None

    for protocol in PARTS.values():
        assert not isinstance(Partial(), protocol)
