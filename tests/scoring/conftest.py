"""Fixtures for scoring tests: a bracket of four teams and a game ready for hands."""

import pytest

from tests.scoring.builders import make_bracket


@pytest.fixture
def bracket(tournament):
    """(event, games by (round, position)): two semi-finals feeding a final."""
    return make_bracket(tournament)


@pytest.fixture
def game(bracket):
    return bracket[1][(1, 0)]
