"""House-rule options: reading a form's values and refusing bad ones."""

import pytest

from games.rules import RulesError
from games.rules.options import BOOL, CHOICE, INT, Option, validate_options

TARGET = Option("target", "Points to win", INT, 25, min=1, max=1000)
OPEN_TARGET = Option("limit", "Limit", INT, 5)
WIDOW = Option("widow", "The widow may complete a meld", BOOL, True)
BLOCKED = Option(
    "blocked",
    "Blocked hand scoring",
    CHOICE,
    "total",
    choices=(("total", "Total"), ("difference", "Difference")),
)
OPTIONS = (TARGET, WIDOW, BLOCKED)


def test_it_fills_in_defaults_for_options_left_out():
    assert validate_options(OPTIONS, {}, game="A game") == {
        "target": 25,
        "widow": True,
        "blocked": "total",
    }


def test_it_fills_in_defaults_when_given_nothing():
    assert validate_options(OPTIONS, None, game="A game")["target"] == 25


def test_it_reads_form_strings_as_numbers_and_yes_or_no():
    options = validate_options(
        OPTIONS, {"target": " 40 ", "widow": "off", "blocked": "difference"}, game="A game"
    )
    assert options == {"target": 40, "widow": False, "blocked": "difference"}


def test_it_refuses_an_option_the_game_does_not_have():
    with pytest.raises(RulesError, match=r'^A game has no house rule called "colour"$'):
        validate_options(OPTIONS, {"colour": "red"}, game="A game")


@pytest.mark.parametrize("value", ["twenty", "2.5", 2.5, True, "--5"])
def test_it_refuses_a_number_option_that_is_not_a_whole_number(value):
    with pytest.raises(RulesError, match=r"^Points to win: .* is not a whole number$"):
        TARGET.clean(value)


def test_it_refuses_a_number_below_the_option_minimum():
    with pytest.raises(RulesError, match=r"^Points to win: 0 is less than 1$"):
        TARGET.clean("0")


def test_it_refuses_a_number_above_the_option_maximum():
    with pytest.raises(RulesError, match=r"^Points to win: 1001 is more than 1000$"):
        TARGET.clean(1001)


def test_it_accepts_any_whole_number_for_an_option_without_limits():
    assert OPEN_TARGET.clean("-5") == -5


@pytest.mark.parametrize(
    ("value", "expected"),
    [(True, True), (False, False), ("yes", True), ("On", True), ("0", False), ("", False)],
)
def test_it_reads_yes_or_no_options(value, expected):
    assert WIDOW.clean(value) is expected


@pytest.mark.parametrize("value", ["maybe", 1, None])
def test_it_refuses_a_yes_or_no_option_given_anything_else(value):
    with pytest.raises(RulesError, match=r"^The widow may complete a meld: .* is not yes or no$"):
        WIDOW.clean(value)


def test_it_refuses_a_choice_that_is_not_offered():
    message = '^Blocked hand scoring: \'half\' is not one of "total", "difference"$'
    with pytest.raises(RulesError, match=message):
        BLOCKED.clean("half")
