"""A double elimination event in the files: games named and labelled by their bracket,
placings as the format gives them (1st, 2nd, 3rd, then shared)."""

import random

import pytest

from scoring.exports.tables import games_rows, placings_rows, read_snapshot
from tests.tournaments.double_setup import DoubleDesk
from tests.tournaments.test_double_elimination_services import play_on

pytestmark = pytest.mark.django_db


def test_the_files_carry_every_bracket_and_the_formats_places(tournament, official):
    desk = DoubleDesk(tournament, official, 8)
    play_on(desk, random.Random(4))
    snapshot = read_snapshot(tournament)
    games = list(games_rows(snapshot))
    labels = {row[4] for row in games}
    assert any(label.startswith("E1-W1-") for label in labels)
    assert any(label.startswith("E1-L1-") for label in labels)
    assert any(label.startswith("E1-F1-") for label in labels)
    names = {row[10] for row in games}
    assert any("(Losers' round 1)" in name for name in names)
    assert any("(Grand final)" in name for name in names)
    places = [(row[2], row[3], row[7]) for row in placings_rows(snapshot)]
    assert [place for place, _, _ in places] == [1, 2, 3, 4, 5, 5, 7, 7]
    assert places[0][2] == "winner"
    assert places[2][2] == "lost in the losers' final"
    assert places[4][1] is True
