"""A tournament's owner (who adds and removes officials) and invitation links.

The data step names an owner for each existing tournament: the official who created
it (its "Created the tournament" activity), else its first official. A tournament
with neither keeps no owner, and every official may manage its officials.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def name_owners(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Activity = apps.get_model("tournaments", "Activity")
    Officials = Tournament.officials.through
    for tournament in Tournament.objects.filter(owner__isnull=True):
        creator = (
            Activity.objects.filter(
                tournament=tournament,
                text__startswith="Created the tournament",
                user__isnull=False,
            )
            .order_by("at", "pk")
            .values_list("user_id", flat=True)
            .first()
        )
        first = (
            Officials.objects.filter(tournament_id=tournament.pk)
            .order_by("pk")
            .values_list("user_id", flat=True)
            .first()
        )
        owner = creator or first
        if owner is not None:
            Tournament.objects.filter(pk=tournament.pk).update(owner_id=owner)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_chapter_name_key_roster_uploads"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="owner",
            field=models.ForeignKey(
                blank=True,
                help_text="Adds and removes the tournament's officials; cannot leave it.",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="owned_tournaments",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.CreateModel(
            name="OfficialInvitation",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("token", models.CharField(max_length=64, unique=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("expires_at", models.DateTimeField()),
                ("used_at", models.DateTimeField(blank=True, null=True)),
                ("revoked_at", models.DateTimeField(blank=True, null=True)),
                (
                    "made_by",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="invitations",
                        to="tournaments.tournament",
                    ),
                ),
                (
                    "used_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-created_at", "-pk"],
            },
        ),
        migrations.RunPython(name_owners, migrations.RunPython.noop),
    ]
