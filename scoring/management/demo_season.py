"""The demo's season: two small rallies played to the end and a season made of them.

Eight players of the demo's chapters play a Double Draw event of two rounds at each
rally, every hand entered through the score sheet's services and each event finished;
at the second rally one player has moved to another chapter, so the season's page asks
the official whether they are the same player (issue 24).
"""

import datetime

from django.utils import timezone

from tournaments import services
from tournaments.models import Event, Game, Season

PEOPLE = [
    ("Ann Keller", "Lone Star Roadrunners"),
    ("Bea Ortiz", "Lone Star Roadrunners"),
    ("Carl Dunn", "Hill Country Wanderers"),
    ("Dot Fields", "Hill Country Wanderers"),
    ("Earl Gibbs", "Gulf Coast Campers"),
    ("Fran Hale", "Gulf Coast Campers"),
    ("Gus Ibarra", "Panhandle Pioneers"),
    ("Hank Jones", "Panhandle Pioneers"),
]
MOVED = {"Gus Ibarra": "Gulf Coast Campers"}  # changed chapter before the fall rally


def play_rally(play, by, *, name: str, slug: str, starts_on, people) -> object:
    tournament = services.create_tournament(
        by=by, name=name, slug=slug, starts_on=starts_on, ends_on=starts_on, venue="Civic Center"
    )
    event = services.create_event(
        tournament=tournament,
        by=by,
        name="Double Draw",
        game_key="double_draw",
        format=Event.Format.ROUNDS,
        team_size=1,
    )
    players = [
        services.add_player(tournament=tournament, by=by, name=person, chapter_name=chapter)
        for person, chapter in people
    ]
    tournament.players.update(checked_in=True)  # as the demo's own roster is
    services.enter_players(event=event, by=by, players=players)
    for number in (1, 2):
        overview = services.seat_round(event=event, by=by, seed=number * 77 + len(slug))
        services.start_round(round=overview.round, by=by)
        for game in Game.objects.filter(round=overview.round).select_related("event"):
            play.game(game)
    services.finish_event(event=event, by=by)
    return tournament


def load_demo_season(play, by) -> Season:
    """Play the two rallies and make the season of them; return it."""
    today = timezone.localdate()
    spring = play_rally(
        play,
        by,
        name="Spring Rally",
        slug="spring-rally",
        starts_on=today - datetime.timedelta(days=180),
        people=PEOPLE,
    )
    fall = play_rally(
        play,
        by,
        name="Fall Rally",
        slug="fall-rally",
        starts_on=today - datetime.timedelta(days=30),
        people=[(person, MOVED.get(person, chapter)) for person, chapter in PEOPLE],
    )
    season = services.create_season(
        by=by, name="Texas Good Sam flag", year=today.year, organiser="Texas Good Sam chapters"
    )
    for tournament in (spring, fall):
        services.add_season_tournament(season=season, by=by, tournament=tournament)
    return season
