"""The locked rows of the general result path: read by column name, several statements
in one execute (issue 23, "Rows by name")."""

import pytest
from django.conf import settings
from django.db import connection

from tests.scoring.builders import make_bracket
from tournaments.services.locked_games import LockedGames

pytestmark = pytest.mark.django_db


def test_several_statements_in_one_execute_need_client_side_binding():
    # The lock and the read go in one execute on PostgreSQL, with nextset(): psycopg's
    # server-side binding refuses several statements, so the setting must stay off.
    assert not settings.DATABASES["default"].get("OPTIONS", {}).get("server_side_binding")


def test_a_locked_game_reads_each_column_by_its_name(tournament):
    event, games = make_bracket(tournament, team_count=4)
    first = games[(1, 1)]
    locked = LockedGames()
    row = locked.get(first.pk)
    assert (row.stage, row.round_number, row.position) == (1, 1, 1)
    assert (row.next_game_id, row.next_slot) == (games[(2, 0)].pk, 1)
    assert (row.loser_game_id, row.loser_slot, row.only_if_game_id, row.number) == (
        None,
        None,
        None,
        None,
    )
    assert row.event.name == event.name and row.event.team_size == event.team_size
    assert [side.team_number for side in row.seats] == [3, 4]
    assert row.bracket_rounds == 2
    assert connection.vendor in ("sqlite", "postgresql")
