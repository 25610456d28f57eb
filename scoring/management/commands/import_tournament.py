"""Restore a tournament from a backup file: all or nothing, as a new tournament."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scoring.backup import backup_summary, import_tournament, read_backup
from tournaments.errors import DeskError


class Command(BaseCommand):
    help = "Restore a tournament from a backup file (refused whole if anything is wrong)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="The backup file (from export_tournament or the desk)")
        parser.add_argument(
            "--slug", default="", help="A new short address, when the file's is taken here"
        )
        parser.add_argument(
            "--official", default="", help="Username to make an official of the restored copy"
        )

    def handle(self, *args, file, slug, official, **options):
        path = Path(file).expanduser()
        if not path.is_file():
            raise CommandError(f"There is no file {path}.")
        by = None
        if official:
            by = get_user_model().objects.filter(username=official).first()
            if by is None:
                raise CommandError(f"There is no user “{official}”.")
        try:
            found = read_backup(path.read_bytes())
            tournament = import_tournament(found=found, by=by, slug=slug)
        except DeskError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"Restored {backup_summary(found)} Its address: /t/{tournament.slug}/")
