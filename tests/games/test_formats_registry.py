"""The formats' registry: one entry per format, its house rules, rounds without a bracket."""

import pytest

from games import registry
from games.formats import FORMATS, FormatError, FormatSpec, get_format
from games.rules import RulesError


def test_the_registry_holds_each_format_by_its_key():
    assert list(FORMATS) == ["single_elimination", "double_elimination", "rounds"]
    assert all(isinstance(spec, FormatSpec) and spec.key == key for key, spec in FORMATS.items())
    assert {registry.SINGLE_ELIMINATION, registry.ROUNDS} <= set(FORMATS)


def test_a_format_says_whether_it_makes_a_bracket():
    assert {key: spec.bracket for key, spec in FORMATS.items()} == {
        "single_elimination": True,
        "double_elimination": True,
        "rounds": False,
    }


def test_get_format_refuses_a_format_it_does_not_know():
    with pytest.raises(FormatError, match=r'^There is no format called "swiss"$'):
        get_format("swiss")


def test_a_rounds_event_refuses_to_lay_out_a_bracket():
    rounds = get_format("rounds")

    with pytest.raises(FormatError, match="A rounds event has no bracket"):
        rounds.make([1, 2, 3], seed=1)
    with pytest.raises(FormatError, match="A rounds event has no bracket"):
        rounds.from_first_round([(1, 2)])


def test_double_elimination_plays_the_reset_unless_the_event_says_not():
    double = get_format("double_elimination")

    assert [option.name for option in double.options] == ["reset"]
    assert double.validate_options({}) == {"reset": True}
    assert double.validate_options({"reset": "off"}) == {"reset": False}
    assert "played again" in double.house_rules({})[0]


def test_a_house_rule_a_format_does_not_have_is_refused_naming_the_format():
    with pytest.raises(RulesError, match=r'^Single elimination has no house rule called "reset"'):
        get_format("single_elimination").make([1, 2], seed=1, options={"reset": True})
    with pytest.raises(RulesError, match=r"Grand final reset: 'maybe' is not yes or no"):
        get_format("double_elimination").make([1, 2], seed=1, options={"reset": "maybe"})


def test_every_format_states_its_rules_in_plain_sentences():
    for spec in FORMATS.values():
        rules = spec.house_rules({})
        assert rules
        assert all(rule.endswith(".") for rule in rules)
        assert spec.summary.endswith(".")
