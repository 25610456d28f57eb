"""Load a demo tournament: 24 players over 5 chapters and an event of every game, under way.

Texas Good Sams doubles have played two rounds of their bracket and are in the third;
the singles event fed by them has its partners' games. Each rounds event (Double Draw,
That's It, Domino Pinochle, Double Takes) has played two rounds and has its third round
in progress, so a newcomer sees all five games at once. Hands are entered through the
same services as the score sheet, each game's plausible hands (`GameSpec.example_hand`,
beside the game's rules; seeded: the demo loads alike).

It lives in the scoring app because it enters hands; the tournaments app never imports
scoring.
"""

import datetime
import random
import uuid

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from scoring import services as scoring
from tournaments import services
from tournaments.models import Event, Game, Tournament
from tournaments.roster import Roster, RosterRow

from ..demo_season import load_demo_season

# The rounds events: name, game, team size, how many players (from the top of the list).
ROUNDS_EVENTS = [
    ("Double Draw", "double_draw", 1, 14),
    ("That's It", "thats_it", 1, 10),
    ("Pinochle", "domino_pinochle", 1, 10),
    ("Double Takes", "double_takes", 1, 8),
]
PLAYED_ROUNDS = 2

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
        tournament, doubles = create_demo_tournament(system)
        registered = register_players(tournament, system, doubles)
        play = Player(system, random.Random(2026))
        play.doubles(doubles)
        players = list(tournament.players.order_by("pk"))
        for index, (name, game_key, team_size, count) in enumerate(ROUNDS_EVENTS):
            event = services.create_event(
                tournament=tournament,
                by=system,
                name=name,
                game_key=game_key,
                format=Event.Format.ROUNDS,
                team_size=team_size,
            )
            services.enter_players(event=event, by=system, players=players[:count])
            # Seeds fixed by the event's place in the list: the demo loads alike every time.
            play.rounds(event, seed=index + 1)
        self.stdout.write(
            f"Loaded the demo tournament with {registered} players and "
            f"{1 + 1 + len(ROUNDS_EVENTS)} events: /t/demo/"
        )
        season = load_demo_season(play, system)
        self.stdout.write(f"Loaded a season of two rallies: /seasons/{season.pk}/")


def create_demo_tournament(by) -> tuple[Tournament, Event]:
    """Create the demo tournament with its doubles and the singles they feed; return both."""
    today = timezone.localdate()
    tournament = services.create_tournament(
        by=by,
        name="Demo Rally",
        slug="demo",
        starts_on=today,
        ends_on=today + datetime.timedelta(days=2),
        venue="County Fairgrounds, Hall B",
    )
    doubles = services.create_event(
        tournament=tournament,
        by=by,
        name="Doubles",
        game_key="texas_good_sams",
        format="single_elimination",
        team_size=2,
    )
    services.create_event(
        tournament=tournament,
        by=by,
        name="Singles",
        game_key="texas_good_sams",
        format="single_elimination",
        team_size=1,
        fed_by=doubles,
    )
    return tournament, doubles


def register_players(tournament: Tournament, by, doubles: Event) -> int:
    """Import the demo's chapters and players, entered in the doubles and checked in."""
    rows = [
        RosterRow(line=i, name=name, chapter=chapter)
        for i, (chapter, name) in enumerate(
            ((c, n) for c, names in CHAPTERS.items() for n in names), start=2
        )
    ]
    services.import_roster(tournament=tournament, by=by, roster=Roster(rows=rows), events=[doubles])
    tournament.players.update(checked_in=True)
    return len(rows)


class Player:
    """Plays the demo's games through the score sheet's services, hand by hand."""

    def __init__(self, by, rng):
        self.by = by
        self.rng = rng

    def game(self, game: Game, *, hands: int | None = None) -> None:
        """Enter hands until the game ends (or `hands` of them)."""
        table = scoring.table_of(game)
        fields = game.event.game.entry_fields(table, game.event.options)
        asked_when_needed = [field for field in fields if field.asked_when_needed]
        totals = (0,) * table.sides
        number = 0
        while hands is None or number < hands:
            number += 1
            data = game.event.game.example_hand(table, self.rng, number, totals)
            game.refresh_from_db()
            try:
                result = self.enter(game, data)
            except scoring.HandError as exc:
                if exc.field not in {field.name for field in asked_when_needed}:
                    raise
                # One hand took both sides to the target: say the first side got there first.
                result = self.enter(game, {**data, exc.field: 0})
            totals = result.fold.totals
            if result.fold.finished:
                return

    def enter(self, game, data):
        return scoring.add_hand(
            game=game, by=self.by, version=game.version, key=uuid.uuid4(), data=data
        )

    def doubles(self, event: Event) -> None:
        """Draw the doubles, play two bracket rounds, and start the third."""
        services.draw_partners_for_event(event=event, by=self.by, seed=1234)
        services.draw_bracket(event=event, by=self.by, seed=5678)
        for round_number in range(1, PLAYED_ROUNDS + 2):
            games = Game.objects.filter(
                event=event, stage=1, round_number=round_number, status=Game.Status.READY
            ).select_related("event")
            for index, game in enumerate(games):
                in_progress = round_number > PLAYED_ROUNDS
                if in_progress and index:
                    break
                self.game(game, hands=3 if in_progress else None)

    def rounds(self, event: Event, *, seed: int) -> None:
        """Seat and play two rounds of a rounds event, then start a third with a few hands."""
        for number in range(1, PLAYED_ROUNDS + 2):
            overview = services.seat_round(event=event, by=self.by, seed=number * 1000 + seed)
            services.start_round(round=overview.round, by=self.by)
            games = Game.objects.filter(round=overview.round).select_related("event")
            for index, game in enumerate(games):
                if number > PLAYED_ROUNDS:
                    if index % 2:
                        self.game(game, hands=1)
                    continue
                self.game(game)
