"""The world `test_every_page.py` visits: the demo tournament plus what the demo lacks.

`load_demo` gives every game under way: a drawn doubles bracket with results, the
singles fed by it, four rounds events in their third round. Beside it:

- `early`: events before and after play: doubles with no partners drawn, doubles with
  partners drawn and no bracket, a rounds event with no round, one seated but not
  started, one between rounds, a finished rounds event and a finished bracket;
- `quiet`: a tournament with players only (no event), one of them not checked in;
- `elsewhere`: a tournament the official does not officiate (the 403 page);
- in the demo: a ready, a failed and a pending export, a chapter link, an API token,
  a checked, a partly refused and a pending roster upload, a locked colleague's sign-in.

Everything is made through the services (hands through the score sheet's, by the demo's
own `Player`), so the pages see what an official would have made.
"""

import datetime
import io
import random
import uuid
from dataclasses import dataclass, field

from axes.models import AccessAttempt
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone

from scoring.api.tokens import create_api_token
from scoring.exports import build_export, request_export
from scoring.exports.links import create_chapter_link
from scoring.management.commands.load_demo import Player as DemoPlayer
from scoring.models import Export, Hand
from scoring.seasons.exports import build_season_export, request_season_export
from tournaments import services
from tournaments.models import OPEN, Event, Game, RosterUpload, Round, Season, Tournament
from tournaments.services.house_rules import update_event_options
from tournaments.services.officials import invite_official
from tournaments.services.roster_files import check_roster_upload, upload_roster

ROSTER = b"name,chapter\nZelda Moore,Lone Star Roamers\nYuri Banks,\n"
# Some lines pass, some are refused: the page offers to import those that pass.
ROSTER_PARTLY = b"name,chapter\nXena Park,Hill Country\nXena Park,\n,Hill Country\n"


@dataclass
class World:
    """What the recipes fill URL arguments from: objects by what they are, not by id."""

    official: object
    colleague: object
    demo: Tournament
    early: Tournament
    quiet: Tournament
    elsewhere: Tournament  # not ours: its desk answers 403
    # demo events
    doubles: Event
    singles: Event
    rounds_events: list[Event]
    # early events
    doubles_new: Event
    doubles_drawn: Event
    rounds_new: Event
    rounds_seated: Event
    rounds_between: Event
    rounds_finished: Event
    bracket_finished: Event
    # objects
    games_in_play: list[Game] = field(default_factory=list)  # one with hands per event
    game_open: Game | None = None  # a bracket game with no result yet
    game_decided: Game | None = None  # a bracket game with a result
    export_ready: Export | None = None
    export_failed: Export | None = None
    export_pending: Export | None = None
    chapter_link: object = None
    api_token: object = None
    api_key: str = ""
    upload_checked: RosterUpload | None = None
    upload_pending: RosterUpload | None = None
    upload_partly: RosterUpload | None = None
    doubles_odd: Event | None = None  # partners drawn, one player left without a partner
    invitation: object = None  # an open invitation link to the early tournament
    game_given: Game | None = None  # a bracket game won by the "won" button, no hands
    player_in_play: object = None  # a demo player with a bracket game still to play
    table_link: object = None  # a table of a round being played, taking hands from phones
    table_waiting: object = None  # a hand entered at another table, waiting to be confirmed
    playing_round: object = None  # that round (of a demo rounds event)
    season: object = None  # the demo's season of two rallies (issue 24), the official's
    season_export: object = None  # a built file of it

    def hand_of(self, game: Game) -> Hand:
        return Hand.objects.filter(game=game).order_by("number").first()

    def current_round(self, event: Event) -> Round:
        return event.rounds.order_by("-number").first()

    def a_side(self, event: Event):
        return event.teams.order_by("number").first()

    def a_player(self, tournament: Tournament):
        return tournament.players.order_by("pk").first()

    def a_chapter(self, tournament: Tournament):
        return tournament.chapters.order_by("pk").first()


def _tournament(by, name: str, slug: str) -> Tournament:
    today = timezone.localdate()
    tournament = services.create_tournament(
        by=by,
        name=name,
        slug=slug,
        starts_on=today,
        ends_on=today + datetime.timedelta(days=1),
        venue="Civic Center",
    )
    return tournament


def _players(tournament, by, names: list[str]) -> list:
    chapters = ["Lone Star Roamers", "Hill Country Rovers", ""]
    players = [
        services.add_player(
            tournament=tournament, by=by, name=name, chapter_name=chapters[i % len(chapters)]
        )
        for i, name in enumerate(names)
    ]
    for player in players:
        services.set_checked_in(player=player, by=by, checked_in=True)
    return players


def _event(tournament, by, name, game_key, fmt, team_size, players):
    event = services.create_event(
        tournament=tournament,
        by=by,
        name=name,
        game_key=game_key,
        format=fmt,
        team_size=team_size,
    )
    services.enter_players(event=event, by=by, players=players)
    return event


def _play_round(event, by, play: DemoPlayer, *, seed: int) -> Round:
    """Seat, start and play one whole round."""
    overview = services.seat_round(event=event, by=by, seed=seed)
    services.start_round(round=overview.round, by=by)
    for game in Game.objects.filter(round=overview.round).select_related("event"):
        play.game(game)
    return overview.round


def _timed(event, by, **minutes) -> None:
    """Give an event a clock through the house rules' service (play has started)."""
    update_event_options(event=event, by=by, options={**event.options, **minutes}, confirmed=True)


def _tables_entering_hands(world: World, by) -> None:
    """Two tables of a demo round being played: one taking its next hand at the table,
    one with a hand entered there and waiting for a player of another side."""
    from scoring.selectors import table_of
    from scoring.services import table as table_services
    from scoring.services.table_links import links_for

    round_ = (
        Round.objects.filter(event__in=world.rounds_events, status=Round.Status.PLAYING)
        .order_by("event_id", "number")
        .first()
    )
    world.playing_round = round_
    games = list(Game.objects.filter(round=round_, status__in=OPEN).order_by("position")[:2])
    links = links_for(games, by=by)
    world.table_link = links[games[0].pk]
    waiting = games[1]
    totals = list(waiting.sides.order_by("seat").values_list("total", flat=True))
    data = waiting.event.game.example_hand(
        table_of(waiting), random.Random(5), waiting.hand_count + 1, totals
    )
    world.table_waiting = table_services.enter_hand(
        link=links[waiting.pk],
        player=table_services.sitters(waiting.pk)[0].pk,
        version=waiting.version,
        key=uuid.uuid4(),
        data=data,
    ).entry


def build_world(official, colleague) -> World:
    """Load the demo and add what it lacks; `official` officiates every tournament."""
    call_command("load_demo", stdout=io.StringIO())
    demo = Tournament.objects.get(slug="demo")
    by = official
    play = DemoPlayer(by, random.Random(12))

    early = _tournament(by, "Early Birds Social", "early")
    names = [f"{first} {last}" for first in ("Ann", "Bob", "Cy", "Di") for last in ("Lee", "Poe")]
    players = _players(early, by, names)
    doubles_new = _event(
        early, by, "Doubles (no draw yet)", "texas_good_sams", "single_elimination", 2, players
    )
    doubles_drawn = _event(
        early, by, "Doubles (partners drawn)", "texas_good_sams", "single_elimination", 2, players
    )
    services.draw_partners_for_event(event=doubles_drawn, by=by, seed=7)
    rounds_new = _event(early, by, "Double Draw (no round)", "double_draw", "rounds", 1, players)
    rounds_seated = _event(early, by, "That's It (seated)", "thats_it", "rounds", 1, players)
    services.seat_round(event=rounds_seated, by=by, seed=11)
    rounds_between = _event(
        early, by, "Double Takes (between rounds)", "double_takes", "rounds", 1, players[:4]
    )
    _play_round(rounds_between, by, play, seed=12)
    rounds_finished = _event(
        early, by, "Pinochle (finished)", "domino_pinochle", "rounds", 1, players[:4]
    )
    _play_round(rounds_finished, by, play, seed=13)
    services.finish_event(event=rounds_finished, by=by)
    bracket_finished = _event(
        early, by, "Singles (finished)", "texas_good_sams", "single_elimination", 1, players[:4]
    )
    services.draw_bracket(event=bracket_finished, by=by, seed=14)
    for _ in range(3):
        for game in Game.objects.filter(event=bracket_finished, status=Game.Status.READY):
            play.game(game)

    quiet = _tournament(by, "Quiet Players Only", "quiet")
    _players(quiet, by, ["Rita Hayes", "Sam Ortiz", "Tess Young"])
    # Not arrived yet: the Players page shows a box to tick them for a check-in of many.
    services.add_player(tournament=quiet, by=by, name="Uma Late", chapter_name="Lone Star Roamers")

    for tournament in (demo, early, quiet):
        tournament.officials.add(official, colleague)
    elsewhere = _tournament(colleague, "Someone Else's Rally", "elsewhere")

    events = {event.name: event for event in demo.events.all()}
    # Clocks: the demo's doubles times its bracket rounds (the current one running), its
    # first rounds event its rounds, so their pages offer the clocks' buttons.
    _timed(events["Doubles"], by, minutes_per_game=30)
    current = (
        Game.objects.filter(event=events["Doubles"], stage=1, status__in=["ready", "playing"])
        .order_by("round_number")
        .first()
    )
    services.set_bracket_clock(
        event=events["Doubles"], stage=1, round_number=current.round_number, action="start", by=by
    )
    first_rounds = demo.events.filter(format=Event.Format.ROUNDS).order_by("pk").first()
    _timed(first_rounds, by, minutes_per_round=45)
    world = World(
        official=official,
        colleague=colleague,
        demo=demo,
        early=early,
        quiet=quiet,
        elsewhere=elsewhere,
        doubles=events["Doubles"],
        singles=events["Singles"],
        rounds_events=list(demo.events.filter(format=Event.Format.ROUNDS).order_by("pk")),
        doubles_new=doubles_new,
        doubles_drawn=doubles_drawn,
        rounds_new=rounds_new,
        rounds_seated=rounds_seated,
        rounds_between=rounds_between,
        rounds_finished=rounds_finished,
        bracket_finished=bracket_finished,
    )
    for event in demo.events.order_by("pk"):
        game = (
            Game.objects.filter(event=event, hands__isnull=False, status=Game.Status.PLAYING)
            .order_by("pk")
            .first()
        )
        if game is not None:
            world.games_in_play.append(game)
    bracket_games = Game.objects.filter(event=world.doubles, stage=1)
    world.game_open = bracket_games.filter(status=Game.Status.READY).order_by("pk").first()
    world.game_decided = (
        bracket_games.filter(status=Game.Status.FINISHED).order_by("-round_number", "pk").first()
    )

    given = _event(
        early, by, "Doubles (a result given)", "texas_good_sams", "single_elimination", 2, players
    )
    services.draw_partners_for_event(event=given, by=by, seed=7)
    services.draw_bracket(event=given, by=by, seed=8)
    world.game_given = (
        Game.objects.filter(event=given, stage=1, status=Game.Status.READY).order_by("pk").first()
    )
    services.record_result(game=world.game_given, winner_seat=0, by=by)
    world.player_in_play = world.game_open.sides.first().team.members[0].player
    world.doubles_odd = _event(
        early, by, "Doubles (odd player)", "texas_good_sams", "single_elimination", 2, players[:7]
    )
    services.draw_partners_for_event(event=world.doubles_odd, by=by, seed=7)
    world.invitation = invite_official(tournament=early, by=by)
    _tables_entering_hands(world, by)

    world.export_ready = request_export(tournament=demo, by=by, kind="workbook", format="xlsx")
    build_export(export_id=world.export_ready.pk)
    world.export_failed = request_export(tournament=demo, by=by, kind="games")
    Export.objects.filter(pk=world.export_failed.pk).update(
        status=Export.Status.FAILED, error="The worker stopped (a test)."
    )
    world.export_pending = request_export(tournament=demo, by=by, kind="placings")
    world.chapter_link = create_chapter_link(tournament=demo, chapter=world.a_chapter(demo), by=by)
    world.api_token, world.api_key = create_api_token(tournament=demo, by=by, name="Club site")
    world.upload_checked = upload_roster(tournament=demo, by=by, filename="roster.csv", data=ROSTER)
    check_roster_upload(upload_id=world.upload_checked.pk)
    world.upload_partly = upload_roster(
        tournament=demo, by=by, filename="partly.csv", data=ROSTER_PARTLY
    )
    check_roster_upload(upload_id=world.upload_partly.pk)
    world.upload_pending = upload_roster(tournament=demo, by=by, filename="late.csv", data=ROSTER)
    AccessAttempt.objects.create(
        username=colleague.username,
        ip_address="192.0.2.7",
        user_agent="phone",
        failures_since_start=settings.AXES_FAILURE_LIMIT,
        get_data="",
        post_data="",
        http_accept="*/*",
        path_info="/login/",
    )
    world.season = Season.objects.get(name="Texas Good Sam flag")
    Season.objects.filter(pk=world.season.pk).update(owner=official)
    for rally in world.season.tournaments.all():
        rally.officials.add(official)
    world.season.refresh_from_db()
    world.season_export = request_season_export(season=world.season, by=by, format="xlsx")
    build_season_export(export_id=world.season_export.pk)
    return world
