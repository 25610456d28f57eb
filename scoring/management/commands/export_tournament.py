"""Back up one whole tournament to a file (the versioned JSON format of the README)."""

import os
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.backup import write_backup
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Back up a whole tournament to one JSON file, consistently, while the desk runs."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The tournament's short address")
        parser.add_argument("--out", required=True, metavar="FILE", help="The file to write")

    def handle(self, *args, slug, out, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"There is no tournament at the address “{slug}”.")
        target = Path(out).expanduser()
        if target.exists():
            raise CommandError(f"{target} exists already; choose another file.")
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".partial")
        try:
            with open(partial, "wb") as stream:
                os.chmod(partial, 0o600)
                counts = write_backup(tournament, stream)
            partial.rename(target)
        finally:
            partial.unlink(missing_ok=True)
        self.stdout.write(
            f"Backed up {tournament.name} to {target}: {counts['events']} events, "
            f"{counts['players']} players, {counts['hands']} hands."
        )
