"""Event.names_changed_at: what a visitor's pages keep the event's team lines under."""

import django.utils.timezone
from django.db import migrations, models
from django.db.models import F


def copy_shared_changed_at(apps, schema_editor):
    apps.get_model("tournaments", "Event").objects.update(names_changed_at=F("shared_changed_at"))


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0020_activity_references_without_database_keys"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="names_changed_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.RunPython(copy_shared_changed_at, migrations.RunPython.noop),
    ]
