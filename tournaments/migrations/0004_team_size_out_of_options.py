"""Team size is the event's own field, no longer also a house rule of Double Draw and Double Takes.

Double Draw's "players" and "partnerships" options become its "table_size" (the size a
round aims for) and the event's team size; Double Takes' "players" likewise (4 players
always played as two partnerships). Other games' options are left as they are.
"""

from django.db import migrations


def forwards(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    for event in Event.objects.filter(game_key__in=["double_draw", "double_takes"]):
        options = dict(event.options or {})
        players = options.pop("players", None)
        partnerships = options.pop("partnerships", False)
        if event.game_key == "double_takes":
            partnerships = players == 4
        if partnerships:
            event.team_size = 2
        elif players is not None:
            options["table_size"] = min(players, 3) if event.game_key == "double_takes" else players
        event.options = options
        event.save(update_fields=["options", "team_size"])


def backwards(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    for event in Event.objects.filter(game_key__in=["double_draw", "double_takes"]):
        options = dict(event.options or {})
        size = options.pop("table_size", None)
        options.pop("sit_out_points", None)
        if event.game_key == "double_draw":
            options["players"] = 4 if event.team_size == 2 else (size or 4)
            options["partnerships"] = event.team_size == 2
        else:
            options["players"] = 4 if event.team_size == 2 else (size or 3)
        event.options = options
        event.save(update_fields=["options"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_rounds"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
