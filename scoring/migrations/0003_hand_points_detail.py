"""Hands for every game: each side's points and the hand as entered, instead of _0/_1 columns.

Step 1 of 3: add the new fields (filled by 0004, then the old columns go in 0005).
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0002_hands"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="points",
            field=models.JSONField(
                null=True, help_text="Each side's points in this hand, in seat order"
            ),
        ),
        migrations.AddField(
            model_name="hand",
            name="detail",
            field=models.JSONField(
                default=dict, help_text="The hand as entered, checked by the rules"
            ),
        ),
    ]
