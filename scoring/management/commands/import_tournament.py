"""Restore a tournament from a backup file: all or nothing, as a new tournament."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scoring.backup import backup_summary, restore_backup
from tournaments.errors import DeskError


class Command(BaseCommand):
    help = (
        "Restore a tournament from a backup file (refused whole if anything is wrong), "
        "owned by an existing account."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="The backup file (from export_tournament or the desk)")
        parser.add_argument(
            "--slug", default="", help="A new short address, when the file's is taken here"
        )
        parser.add_argument(
            "--official",
            required=True,
            metavar="USERNAME",
            help="An existing account: it owns the restored copy and is its official",
        )

    def handle(self, *args, file, slug, official, **options):
        path = Path(file).expanduser()
        if not path.is_file():
            raise CommandError(f"There is no file {path}.")
        by = get_user_model().objects.filter(username=official).first()
        if by is None:
            raise CommandError(
                f"There is no account “{official}” here: name an existing one with --official "
                "(a restore never makes accounts)."
            )
        try:
            tournament = restore_backup(path, by=by, slug=slug)
        except DeskError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            f"Restored {backup_summary(tournament)} Its address: /t/{tournament.slug}/ "
            f"(owner: {by.username})"
        )
