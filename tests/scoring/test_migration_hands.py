"""Texas Good Sams hands stored before the one engine migrate with nothing lost.

The database is taken back to the migrations before the change, filled the old way (two
columns per figure, a penalties table, history in the old shape), then migrated forward.
"""

import uuid

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.registry import get_game
from scoring.history import HandWords, describe_hand

BEFORE = [("scoring", "0002_hands"), ("tournaments", "0002_game_fed_from")]
pytestmark = pytest.mark.django_db(transaction=True)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest():
    executor = MigrationExecutor(connection)
    return [
        key for key in executor.loader.graph.leaf_nodes() if key[0] in {"scoring", "tournaments"}
    ]


OLD_SNAPSHOT = {
    "number": 1,
    "play": [10, 0],
    "muggins": [5, 0],
    "end": "out",
    "out_side": 0,
    "pips": [None, 13],
    "award": [15, 0],
    "penalties": [{"side": 1, "reason": "talking", "offender": None, "offender_name": "Bo"}],
    "penalty_points": [50, 0],
    "points": [80, 0],
    "reached_first": None,
}


def fill_the_old_way(apps):
    Tournament = apps.get_model("tournaments", "Tournament")
    Event = apps.get_model("tournaments", "Event")
    Team = apps.get_model("tournaments", "Team")
    Player = apps.get_model("tournaments", "Player")
    TeamMember = apps.get_model("tournaments", "TeamMember")
    Game = apps.get_model("tournaments", "Game")
    Side = apps.get_model("tournaments", "Side")
    Hand = apps.get_model("scoring", "Hand")
    HandPenalty = apps.get_model("scoring", "HandPenalty")
    HandChange = apps.get_model("scoring", "HandChange")
    tournament = Tournament.objects.create(
        name="Rally", slug="rally", starts_on="2026-11-23", ends_on="2026-11-23"
    )
    event = Event.objects.create(
        tournament=tournament,
        name="Doubles",
        game_key="texas_good_sams",
        format="single_elimination",
        team_size=2,
        options={"blocked_scoring": "total"},
    )
    game = Game.objects.create(event=event, round_number=1, position=0, status="playing")
    offender = None
    for seat in (0, 1):
        team = Team.objects.create(event=event, number=seat + 1)
        for position in (0, 1):
            player = Player.objects.create(tournament=tournament, name=f"P{seat}{position}")
            TeamMember.objects.create(team=team, event=event, player=player, position=position)
            offender = offender or (player if seat == 1 else None)
        Side.objects.create(game=game, seat=seat, team=team, total=0)
    out = Hand.objects.create(
        game=game,
        number=1,
        play_0=10,
        muggins_0=5,
        end="out",
        out_seat=0,
        pips_1=13,
        award_0=15,
        penalty_0=50,
        points_0=80,
        entry_key=uuid.uuid4(),
    )
    HandPenalty.objects.create(hand=out, seat=1, offender=offender, reason="talking")
    Hand.objects.create(
        game=game,
        number=2,
        end="blocked",
        pips_0=12,
        pips_1=33,
        award_0=35,
        points_0=35,
        entry_key=uuid.uuid4(),
    )
    HandChange.objects.create(
        game=game, hand=out, hand_number=1, action="added", after=OLD_SNAPSHOT
    )
    return game.pk, offender.pk


def test_old_hands_penalties_and_history_come_through_the_migration_whole():
    old_apps = migrate(BEFORE)
    game_pk, offender_pk = fill_the_old_way(old_apps)

    new_apps = migrate(latest())
    Hand = new_apps.get_model("scoring", "Hand")
    HandChange = new_apps.get_model("scoring", "HandChange")
    out, blocked = Hand.objects.filter(game_id=game_pk).order_by("number")
    assert out.points == [80, 0]
    assert out.detail == {
        "end": "out_0",
        "reached_first": None,
        "play_0": 10,
        "muggins_0": 5,
        "pips_0": None,
        "play_1": 0,
        "muggins_1": 0,
        "pips_1": 13,
        "penalties": [{"side": 1, "reason": "talking", "offender": offender_pk}],
    }
    assert blocked.points == [35, 0]

    # The engine reads every migrated hand back and scores it the same.
    spec = get_game("texas_good_sams")
    table = spec.table({}, sides=2, team_size=2)
    for hand in (out, blocked):
        entry = spec.entry_from_data(hand.detail, table, {})
        assert list(spec.score_entry(entry, table, {}).points) == hand.points

    change = HandChange.objects.get(game_id=game_pk)
    assert change.after["points"] == [80, 0]
    assert change.after["detail"]["penalties"][0]["offender_name"] == "Bo"
    # The history reads as it did before the change.
    words = HandWords(spec=spec, table=table, options={})
    assert describe_hand(change.after, words) == (
        "Side 1 80, Side 2 0 (Side 1 played 10; Side 1 claimed 5 muggins; Side 1 went out, "
        "13 pips → 15; penalty on Bo: talking to a partner)"
    )

    # And back: the old columns and penalty rows are rebuilt from the new form.
    old_apps = migrate(BEFORE)
    OldHand = old_apps.get_model("scoring", "Hand")
    HandPenalty = old_apps.get_model("scoring", "HandPenalty")
    out = OldHand.objects.get(game_id=game_pk, number=1)
    assert (out.play_0, out.muggins_0, out.award_0, out.penalty_0, out.points_0) == (
        10,
        5,
        15,
        50,
        80,
    )
    assert (out.end, out.out_seat, out.pips_1) == ("out", 0, 13)
    assert HandPenalty.objects.get(hand=out).offender_id == offender_pk
    migrate(latest())
