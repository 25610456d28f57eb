"""Write a tournament's results to a folder, with no server running.

games.csv, hands.csv and standings.csv (the three files whose columns the README
fixes), placings.csv, penalties.csv, chapters.csv, players.csv, and the whole-tournament
workbook <slug>.xlsx.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.exports import write_results
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament's results (CSV files and a workbook) to a folder."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The tournament's short address")
        parser.add_argument("--out", required=True, metavar="DIR", help="Folder to write to")

    def handle(self, *args, slug, out, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"There is no tournament at the address “{slug}”.")
        folder = Path(out).expanduser()
        if folder.exists() and not folder.is_dir():
            raise CommandError(f"{folder} is a file, not a folder.")
        for path in write_results(tournament, folder):
            self.stdout.write(f"Wrote {path} ({path.stat().st_size:,} bytes)")
