"""Chapters compared by one name key on every database; roster files checked in the background.

The data step cleans stored chapter and player names (control and bidi characters
removed, spacing tidied) and fills each chapter's key. Chapters that SQLite kept apart
but that are one name under the key ("LONE STAR" and "Lone Star") are not merged
here: the later one is renamed "Lone Star (2)" so nothing is lost, and an official
merges them from the Chapters page.
"""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

from tournaments.names import clean_name, name_key

NAME_MAX = 80


def fill_name_keys(apps, schema_editor):
    Chapter = apps.get_model("tournaments", "Chapter")
    Player = apps.get_model("tournaments", "Player")
    taken: dict[int, set[str]] = {}
    for chapter in Chapter.objects.order_by("tournament_id", "pk"):
        keys = taken.setdefault(chapter.tournament_id, set())
        name = clean_name(chapter.name) or f"Chapter {chapter.pk}"
        base, number = name, 1
        while name_key(name) in keys:
            number += 1
            suffix = f" ({number})"
            name = base[: NAME_MAX - len(suffix)] + suffix
        keys.add(name_key(name))
        chapter.name, chapter.name_key = name, name_key(name)
        chapter.save(update_fields=["name", "name_key"])
    for player in Player.objects.only("pk", "name").iterator():
        cleaned = clean_name(player.name) or f"Player {player.pk}"
        if cleaned != player.name:
            Player.objects.filter(pk=player.pk).update(name=cleaned)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_team_size_out_of_options"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="chapter", name="chapter_name_unique"),
        migrations.AddField(
            model_name="chapter",
            name="name_key",
            field=models.CharField(default="", editable=False, max_length=320),
            preserve_default=False,
        ),
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="chapter",
            constraint=models.UniqueConstraint(
                fields=("tournament", "name_key"), name="chapter_name_key_unique"
            ),
        ),
        migrations.CreateModel(
            name="RosterUpload",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("pending", "Being prepared"),
                            ("ready", "Ready"),
                            ("failed", "Failed"),
                        ],
                        default="pending",
                        max_length=10,
                    ),
                ),
                ("error", models.CharField(blank=True, max_length=255)),
                ("queued_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                ("filename", models.CharField(max_length=255)),
                ("data", models.BinaryField(blank=True)),
                ("events", models.JSONField(blank=True, default=list)),
                ("rows", models.JSONField(blank=True, default=list)),
                ("problems", models.JSONField(blank=True, default=list)),
                ("imported_at", models.DateTimeField(blank=True, null=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="uploads",
                        to="tournaments.tournament",
                    ),
                ),
                (
                    "uploaded_by",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={"ordering": ["-created_at", "-pk"]},
        ),
    ]
