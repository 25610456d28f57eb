"""Store the placings of every tournament in a season as rows (`scoring.models.placings`).

Seasons store them on their own when a page first reads a tournament changed since; run
this once after upgrading (or after loading old data in bulk) so no page pays for it.
"""

from django.core.management.base import BaseCommand

from scoring.services.season_placings import keep_all_placings


class Command(BaseCommand):
    help = "Store the placings of every tournament that is in a season (those not current)."

    def handle(self, *args, **options):
        done = keep_all_placings()
        self.stdout.write(f"Placings stored for {done} tournament(s).")
