"""Chapters kept apart before the one name key migrate with nothing lost.

SQLite compared chapter names by ASCII case only, so a desk on SQLite can hold "ÉCOLE"
and "école" (PostgreSQL refused the second): the migration keeps both, renaming the
later one, so the move to PostgreSQL and the new unique key both succeed.
"""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0004_team_size_out_of_options")]
pytestmark = pytest.mark.django_db(transaction=True)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest():
    executor = MigrationExecutor(connection)
    return list(executor.loader.graph.leaf_nodes())


def test_chapters_that_are_one_name_under_the_key_are_kept_and_told_apart():
    # PostgreSQL refused the second spelling; the rest is the same on both databases.
    sqlite = connection.vendor == "sqlite"
    old = migrate(BEFORE)
    Tournament = old.get_model("tournaments", "Tournament")
    Chapter = old.get_model("tournaments", "Chapter")
    Player = old.get_model("tournaments", "Player")
    rally = Tournament.objects.create(
        name="Rally", slug="rally", starts_on="2026-11-21", ends_on="2026-11-21"
    )
    other = Tournament.objects.create(
        name="Other", slug="other", starts_on="2026-11-21", ends_on="2026-11-21"
    )
    first = Chapter.objects.create(tournament=rally, name="ÉCOLE")
    second = Chapter.objects.create(tournament=rally, name="école" if sqlite else "Lone Star")
    third = Chapter.objects.create(tournament=rally, name="\u202eHill Country")
    elsewhere = Chapter.objects.create(tournament=other, name="école")
    Player.objects.create(tournament=rally, name="\u202eAda\u202c  Pruitt", chapter=second)

    new = migrate(latest())
    Chapter = new.get_model("tournaments", "Chapter")
    Player = new.get_model("tournaments", "Player")
    names = {c.pk: (c.name, c.name_key) for c in Chapter.objects.all()}
    assert names[first.pk] == ("ÉCOLE", "école")
    assert names[second.pk] == (("école (2)",) * 2 if sqlite else ("Lone Star", "lone star"))
    assert names[third.pk] == ("Hill Country", "hill country")
    assert names[elsewhere.pk] == ("école", "école")
    player = Player.objects.get()
    assert (player.name, player.chapter_id) == ("Ada Pruitt", second.pk)
