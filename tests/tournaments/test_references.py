"""The draw's references have no database key (tournaments 0019): the check that stands in.

tests/conftest.py runs `dangling_references()` after every test that used the database;
so every test of a draw, a result, a correction, an undo or a withdrawal checks them.
These show that it watches every such key and finds a reference that names nothing.
"""

import pytest
from django.db import connection

from tests.tournaments.double_setup import DoubleDesk
from tournaments.models import Game, Side, Team, TeamMember
from tournaments.selectors.references import dangling_references, unchecked_references

pytestmark = pytest.mark.django_db

MISSING = 2_000_000_000  # an id no row has


def test_every_key_of_the_draws_rows_is_watched():
    watched = {f"{f.model.__name__}.{f.name}" for f in unchecked_references()}
    assert watched == {
        "Game.event",
        "Game.next_game",
        "Game.loser_game",
        "Game.only_if_game",
        "Game.fed_from",
        "Game.round",
        "Side.game",
        "Side.team",
        "Team.event",
        "Team.fed_from",
        "TeamMember.team",
        "TeamMember.event",
        "TeamMember.player",
    }


def test_the_database_checks_none_of_them():
    """The migration dropped the keys: a row pointing at nothing is written (and found)."""
    with connection.cursor() as cursor:
        for model in (Game, Side, Team, TeamMember):
            table = model._meta.db_table
            assert connection.introspection.get_relations(cursor, table) == {}, table


@pytest.mark.parametrize(
    ("model", "attname", "name"),
    [
        (Game, "next_game_id", "game.next_game"),
        (Game, "loser_game_id", "game.loser_game"),
        (Side, "team_id", "side.team"),
        (Side, "game_id", "side.game"),
        (TeamMember, "player_id", "teammember.player"),
        (Team, "event_id", "team.event"),
    ],
)
def test_a_reference_to_nothing_is_found(tournament, official, model, attname, name):
    desk = DoubleDesk(tournament, official, 8, team_size=2)
    assert dangling_references() == {}
    row = model.objects.filter(**{f"{attname}__isnull": False}).first()
    before = getattr(row, attname)
    model.objects.filter(pk=row.pk).update(**{attname: MISSING})
    assert dangling_references() == {name: 1}
    model.objects.filter(pk=row.pk).update(**{attname: before})
    assert dangling_references() == {}
    assert desk.event.games.count() == 15  # 8 teams: 7 + 6 + grand final and reset
