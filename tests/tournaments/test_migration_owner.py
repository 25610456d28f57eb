"""Tournaments made before owners existed get one: their creator, else their first official."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0005_chapter_name_key_roster_uploads")]
AFTER = [("tournaments", "0006_officials_owner_invitations")]
pytestmark = pytest.mark.django_db(transaction=True)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest():
    executor = MigrationExecutor(connection)
    return list(executor.loader.graph.leaf_nodes())


def test_each_tournament_gets_its_creator_or_its_first_official_as_owner():
    old = migrate(BEFORE)
    Tournament = old.get_model("tournaments", "Tournament")
    Activity = old.get_model("tournaments", "Activity")
    User = old.get_model("auth", "User")
    ann, ben = User.objects.create(username="ann"), User.objects.create(username="ben")
    day = {"starts_on": "2026-11-21", "ends_on": "2026-11-21"}
    made = Tournament.objects.create(name="Made", slug="made", **day)
    made.officials.add(ben, ann)
    Activity.objects.create(tournament=made, user=ann, text="Created the tournament Made")
    plain = Tournament.objects.create(name="Plain", slug="plain", **day)
    plain.officials.add(ben)
    plain.officials.add(ann)
    nobody = Tournament.objects.create(name="Nobody", slug="nobody", **day)
    try:
        new = migrate(AFTER)
        owners = dict(
            new.get_model("tournaments", "Tournament").objects.values_list(
                "slug", "owner__username"
            )
        )
        assert owners == {"made": "ann", "plain": "ben", "nobody": None}
        assert nobody.pk
    finally:
        migrate(latest())
