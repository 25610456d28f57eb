"""Room on every page of games and sides for their updates (PostgreSQL only).

A draw writes a bracket's games and sides in bulk, so their pages are full. Without
room, every update of a game or a side (a result, a winner seated, a hand's totals)
writes its new row on another page and a new entry in each of the table's indexes
(a game has five). With room, an update that changes no indexed column stays on its
page with no index entry (a heap-only tuple, HOT), and the old rows are pruned in place.
A result changes no indexed column of a game, and a hand none of a game or its sides
(seating a team changes the side's ``team_id``, which its index needs). The figures are
in bench/bracket.py (``pg_stat_user_tables.n_tup_hot_upd`` against ``n_tup_upd``).

SQLite has no such setting: there this migration does nothing.
"""

from django.db import migrations

# Percent of each page a bulk insert fills; the rest is left for the rows' updates.
FILLFACTOR = {"tournaments_game": 90, "tournaments_side": 90}


def forwards(apps, schema_editor):
    _alter(schema_editor, lambda percent: f"SET (fillfactor = {percent})")


def backwards(apps, schema_editor):
    _alter(schema_editor, lambda percent: "RESET (fillfactor)")


def _alter(schema_editor, setting) -> None:
    """Give each table ``setting(percent)``: on PostgreSQL only."""
    if schema_editor.connection.vendor != "postgresql":
        return
    for table, percent in FILLFACTOR.items():
        schema_editor.execute(f"ALTER TABLE {schema_editor.quote_name(table)} {setting(percent)}")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0017_side_games_won"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
