"""The draw's references (tournaments 0019) and the activity log's (0020) have no database
key: the check that stands in, and deleting as before.

tests/conftest.py runs `dangling_references()` after every test that used the database;
so every test of a draw, a result, a correction, an undo or a withdrawal checks them.
These show that it watches every such key and finds a reference that names nothing.
"""

import pytest
from django.db import connection

from tests.tournaments.double_setup import DoubleDesk
from tournaments import services
from tournaments.models import Activity, Game, Side, Team, TeamMember, Tournament
from tournaments.selectors.references import (
    UNCHECKED_MODELS,
    dangling_references,
    unchecked_references,
)

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
        "Activity.tournament",
        "Activity.user",
    }


def test_the_database_checks_none_of_them():
    """The migrations dropped the keys: a row pointing at nothing is written (and found)."""
    with connection.cursor() as cursor:
        for model in UNCHECKED_MODELS:
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
        (Activity, "tournament_id", "activity.tournament"),
        (Activity, "user_id", "activity.user"),
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


def _played(tournament, official) -> DoubleDesk:
    """A double elimination of 8 teams with its first round played (activity written)."""
    desk = DoubleDesk(tournament, official, 8, team_size=2)
    for planned in desk.structure.games:
        if planned.round_number == 1 and planned.stage == "winners":
            services.record_result(game=desk.game(planned.index), winner_seat=0, by=official)
    return desk


def test_deleting_a_tournament_deletes_its_activity(tournament, official, other_official):
    _played(tournament, official)
    elsewhere = Tournament.objects.get(slug="elsewhere")
    services.log_activity(tournament=elsewhere, by=other_official, text="Kept")
    assert Activity.objects.filter(tournament=tournament).count() > 4

    # The rows a played tournament protects first, as tests/scoring/test_backup.py does.
    Side.objects.filter(game__event__tournament=tournament).delete()
    TeamMember.objects.filter(event__tournament=tournament).delete()
    tournament.players.all().delete()
    tournament.delete()
    assert not Activity.objects.filter(tournament_id=tournament.pk).exists()
    assert list(Activity.objects.values_list("text", flat=True)) == ["Kept"]
    assert dangling_references() == {}


def test_deleting_an_account_keeps_its_activity_with_no_account(tournament, official):
    _played(tournament, official)
    lines = Activity.objects.filter(tournament=tournament).count()
    assert Activity.objects.filter(user=official).count() == lines > 4

    official.delete()
    assert Activity.objects.filter(tournament=tournament, user__isnull=True).count() == lines
    assert dangling_references() == {}
