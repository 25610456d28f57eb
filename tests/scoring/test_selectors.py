"""Reads for the sheet: sides with their players, hands with running totals."""

import pytest

from scoring import selectors
from tests.scoring.builders import enter, penalty, played

pytestmark = pytest.mark.django_db


def names(side):
    return [player.name for player in side.players]


def test_a_team_that_went_on_shows_once_on_each_of_its_sheets(bracket, official):
    _event, games = bracket
    semi, other, final = games[(1, 0)], games[(1, 1)], games[(2, 0)]
    enter(semi, official, played(0, 250))
    enter(other, official, played(250, 0))
    semi_sides = selectors.game_sides(semi)
    final_sides = selectors.game_sides(final)
    assert names(final_sides[0]) == names(semi_sides[1])
    assert names(final_sides[1]) == names(selectors.game_sides(other)[0])
    assert [len(side.players) for side in final_sides] == [2, 2]


def test_a_side_not_known_yet_says_so(bracket):
    final = bracket[1][(2, 0)]
    sides = selectors.game_sides(final)
    assert [side.label for side in sides] == ["not decided yet", "not decided yet"]


def test_the_sheet_keeps_running_totals_and_each_hands_penalties(game, official):
    offender = selectors.game_sides(game)[1].players[0]
    enter(game, official, played(10, 5))
    enter(game, official, played(0, 20, penalties=[penalty(1, "talking", offender)]))
    sheet = selectors.game_sheet(game)
    assert [row.totals for row in sheet.rows] == [(10, 5), (60, 25)]
    assert [len(row.penalties) for row in sheet.rows] == [0, 1]
    assert sheet.rows[1].penalties[0].who == offender.name
    assert [side.total for side in sheet.sides] == [60, 25]
    assert sheet.next_heading == "Hand 3"
