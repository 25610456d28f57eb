"""Event.shared_changed_at: what a game's public page is keyed on beside its own version."""

import django.utils.timezone
from django.db import migrations, models
from django.db.models import F


def copy_changed_at(apps, schema_editor):
    apps.get_model("tournaments", "Event").objects.update(shared_changed_at=F("changed_at"))


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0014_seasons_across_tournaments"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="shared_changed_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.RunPython(copy_changed_at, migrations.RunPython.noop),
    ]
