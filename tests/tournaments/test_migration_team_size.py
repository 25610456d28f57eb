"""Team size moved out of Double Draw's and Double Takes' options, and back (0004).

The migration's two functions run here on today's models, which keep the two fields
they touch (`options` and `team_size`).
"""

import importlib

import pytest
from django.apps import apps

from tests.factories import EventFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db

migration = importlib.import_module("tournaments.migrations.0004_team_size_out_of_options")


def event(tournament, game_key, options, team_size=1):
    return EventFactory(
        tournament=tournament,
        name=f"{game_key} {Event.objects.count() + 1}",
        game_key=game_key,
        format=Event.Format.ROUNDS,
        team_size=team_size,
        options=options,
    )


def test_forwards_moves_players_and_partnerships_to_the_table_size_and_team_size(tournament):
    partners = event(tournament, "double_draw", {"players": 4, "partnerships": True})
    alone = event(tournament, "double_draw", {"players": 3, "partnerships": False})
    takes_4 = event(tournament, "double_takes", {"players": 4})
    takes_3 = event(tournament, "double_takes", {"players": 3})
    unset = event(tournament, "double_draw", {})
    other = event(tournament, "thats_it", {"players": 5})
    migration.forwards(apps, None)
    for found in (partners, alone, takes_4, takes_3, unset, other):
        found.refresh_from_db()
    assert (partners.options, partners.team_size) == ({}, 2)
    assert (alone.options, alone.team_size) == ({"table_size": 3}, 1)
    assert (takes_4.options, takes_4.team_size) == ({}, 2)
    assert (takes_3.options, takes_3.team_size) == ({"table_size": 3}, 1)
    assert (unset.options, unset.team_size) == ({}, 1)
    assert other.options == {"players": 5}


def test_backwards_puts_players_and_partnerships_back_in_the_options(tournament):
    partners = event(tournament, "double_draw", {"sit_out_points": 2}, team_size=2)
    alone = event(tournament, "double_draw", {"table_size": 3})
    alone_default = event(tournament, "double_draw", {})
    takes_partners = event(tournament, "double_takes", {}, team_size=2)
    takes_alone = event(tournament, "double_takes", {"table_size": 3})
    takes_default = event(tournament, "double_takes", {})
    migration.backwards(apps, None)
    found = {e.pk: e.options for e in Event.objects.all()}
    assert found[partners.pk] == {"players": 4, "partnerships": True}
    assert found[alone.pk] == {"players": 3, "partnerships": False}
    assert found[alone_default.pk] == {"players": 4, "partnerships": False}
    assert found[takes_partners.pk] == {"players": 4}
    assert found[takes_alone.pk] == {"players": 3}
    assert found[takes_default.pk] == {"players": 3}
