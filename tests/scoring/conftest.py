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


@pytest.fixture
def played_tournament(official, tournament):
    """A bracket with a game won (a penalty in it, a hand corrected) and a rounds table."""
    from scoring.models import Hand
    from tests.scoring.builders import (
        edit,
        enter,
        make_bracket,
        make_rounds_game,
        out,
        penalty,
        played,
    )
    from tournaments.models import Chapter

    _, games = make_bracket(tournament)
    semi = games[(1, 0)]
    offender = semi.sides.get(seat=1).team.members[0].player
    enter(semi, official, out(0, 12, play=(20, 5), penalties=[penalty(1, "talking", offender)]))
    enter(semi, official, played(100, 5))
    edit(Hand.objects.get(game=semi, number=2), official, played(105, 5))
    enter(semi, official, played(250, 0))
    for chapter in Chapter.objects.filter(tournament=tournament):
        chapter.name = f"Bracket {chapter.name}"  # the builders name each event's chapters alike
        chapter.save()
    table = make_rounds_game(tournament, game_key="double_takes", sides=2)
    data = {"tricks_0": 17, "tricks_1": 0, "doubles_0": 4, "doubles_1": 0}
    enter(table, official, data={**data, "revokes_0": 0, "revokes_1": 1})
    return tournament
