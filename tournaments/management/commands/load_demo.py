"""Load a demo tournament: 24 players over 5 chapters, a doubles and a singles event."""

import datetime

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from tournaments import services
from tournaments.models import Tournament
from tournaments.roster import Roster, RosterRow

CHAPTERS = {
    "Lone Star Roamers": [
        "Ada Pruitt",
        "Bill Hargrove",
        "Carla Mendez",
        "Dale Whitaker",
        "Edna Fox",
    ],
    "Hill Country Rovers": [
        "Frank Ortiz",
        "Gail Summers",
        "Hank Delgado",
        "Irma Baker",
        "Jack Nguyen",
    ],
    "Gulf Coast Gypsies": [
        "Kay Robertson",
        "Leon Price",
        "Mabel Stone",
        "Ned Carver",
        "Opal Reyes",
    ],
    "Panhandle Pioneers": ["Pete Lawson", "Queenie Hall", "Ray Dominguez", "Sue Ellen Park"],
    "Big Bend Wanderers": [
        "Tom Bradley",
        "Una Castillo",
        "Vern Moody",
        "Wanda Ellis",
        "Xavier Holt",
    ],
}


class Command(BaseCommand):
    help = "Create the demo tournament (address /t/demo/)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-empty", action="store_true", help="Only when the database has no tournament"
        )

    @transaction.atomic
    def handle(self, *args, if_empty=False, **options):
        if Tournament.objects.filter(slug="demo").exists() or (
            if_empty and Tournament.objects.exists()
        ):
            self.stdout.write("Demo not loaded: the database already holds tournaments.")
            return
        from django.contrib.auth import get_user_model

        system, _ = get_user_model().objects.get_or_create(username="official")
        today = timezone.localdate()
        tournament = services.create_tournament(
            by=system,
            name="Demo Rally",
            slug="demo",
            starts_on=today,
            ends_on=today + datetime.timedelta(days=2),
            venue="County Fairgrounds, Hall B",
        )
        doubles = services.create_event(
            tournament=tournament,
            by=system,
            name="Doubles",
            game_key="texas_good_sams",
            format="single_elimination",
            team_size=2,
        )
        services.create_event(
            tournament=tournament,
            by=system,
            name="Singles",
            game_key="texas_good_sams",
            format="single_elimination",
            team_size=1,
            fed_by=doubles,
        )
        rows = [
            RosterRow(line=i, name=name, chapter=chapter)
            for i, (chapter, name) in enumerate(
                ((c, n) for c, names in CHAPTERS.items() for n in names), start=2
            )
        ]
        services.import_roster(
            tournament=tournament, by=system, roster=Roster(rows=rows), events=[doubles]
        )
        tournament.players.update(checked_in=True)
        self.stdout.write(f"Loaded the demo tournament with {len(rows)} players: /t/demo/")
