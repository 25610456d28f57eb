"""Clocks: a round's and a bracket round's time left on the server's clock, starting,
restarting and stopping them, and closing every table still playing at time."""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from tests.factories import drawn_doubles
from tournaments import selectors, services
from tournaments.errors import DeskError
from tournaments.models import Activity, BracketClock, Event, Game, Round, Side
from tournaments.selectors.clocks import Clock, clock_text

from .rounds_setup import rounds_event, seat_and_start, settle, tables_of

pytestmark = pytest.mark.django_db

NOON = datetime(2026, 5, 2, 17, 0, tzinfo=UTC)


def set_minutes(event, **options):
    event.options = event.game.validate_options({**event.options, **options})
    event.save(update_fields=["options"])
    return event


def state(event):
    """What a refused action must leave as it was."""
    return (
        list(Round.objects.filter(event=event).values_list("number", "status", "started_at")),
        list(
            Game.objects.filter(event=event).order_by("pk").values_list("pk", "status", "version")
        ),
        list(BracketClock.objects.filter(event=event).values_list("stage", "round_number")),
        Event.objects.get(pk=event.pk).changed_at,
    )


# The clock itself ----------------------------------------------------------------------


def test_a_clock_counts_the_seconds_left_from_the_servers_now():
    clock = Clock("Round 2", NOON, 45, NOON + timedelta(minutes=44, seconds=30))
    assert clock.ends_at == NOON + timedelta(minutes=45)
    assert clock.seconds_left == 30
    assert clock.left_text == "0:30"
    assert not clock.is_up
    assert clock.ends_at_ms == int((NOON + timedelta(minutes=45)).timestamp() * 1000)


def test_a_clock_rounds_a_part_second_up_and_stops_at_zero():
    assert Clock("R", NOON, 1, NOON + timedelta(seconds=59.2)).seconds_left == 1
    late = Clock("R", NOON, 1, NOON + timedelta(minutes=5))
    assert late.seconds_left == 0 and late.is_up and late.left_text == "0:00"


def test_clock_text_shows_hours_when_there_are_any():
    assert clock_text(3723) == "1:02:03"
    assert clock_text(605) == "10:05"
    assert clock_text(-4) == "0:00"


# A round's clock -----------------------------------------------------------------------


def test_starting_a_round_records_its_start_on_the_server(tournament, official):
    event = rounds_event(tournament, players=8)
    before = timezone.now()
    round_ = seat_and_start(event, official)
    round_.refresh_from_db()
    assert before <= round_.started_at <= timezone.now()


def test_a_round_shows_a_clock_only_when_the_event_sets_minutes(tournament, official):
    event = rounds_event(tournament, players=8)
    round_ = seat_and_start(event, official)
    assert selectors.round_clock(event, round_) is None
    set_minutes(event, minutes_per_round=40)
    clock = selectors.round_clock(event, round_, now=round_.started_at)
    assert clock.label == "Round 1" and clock.seconds_left == 40 * 60
    assert selectors.playing_round_clock(event).label == "Round 1"


def test_a_finished_or_seated_round_has_no_clock(tournament, official):
    event = set_minutes(rounds_event(tournament, players=4), minutes_per_round=30)
    round_ = seat_and_start(event, official)
    for game in tables_of(round_):
        settle(game, official, [10, 5])
    round_.refresh_from_db()
    assert round_.status == Round.Status.FINISHED
    assert selectors.round_clock(event, round_) is None
    assert selectors.playing_round_clock(event) is None
    seated = services.seat_round(event=event, by=official, seed=3).round
    assert selectors.round_clock(event, seated) is None


def test_restarting_a_rounds_clock_starts_it_from_now(tournament, official):
    event = set_minutes(rounds_event(tournament, players=8), minutes_per_round=30)
    round_ = seat_and_start(event, official)
    Round.objects.filter(pk=round_.pk).update(started_at=NOON)
    services.restart_round_clock(round=round_, by=official)
    round_.refresh_from_db()
    assert round_.started_at > NOON
    assert Activity.objects.first().text == "Restarted the clock of Double Draw, Round 1"


def test_restarting_is_refused_without_minutes_per_round(tournament, official):
    event = rounds_event(tournament, players=8)
    round_ = seat_and_start(event, official)
    before = state(event)
    with pytest.raises(DeskError, match="Double Draw has no clock: set the minutes per round"):
        services.restart_round_clock(round=round_, by=official)
    assert state(event) == before


def test_restarting_a_seated_round_is_refused(tournament, official):
    event = set_minutes(rounds_event(tournament, players=8), minutes_per_round=30)
    seated = services.seat_round(event=event, by=official, seed=2).round
    before = state(event)
    with pytest.raises(DeskError, match="Round 1 is not being played: its clock cannot restart"):
        services.restart_round_clock(round=seated, by=official)
    assert state(event) == before


# A bracket round's clock ---------------------------------------------------------------


def test_a_bracket_round_clock_starts_restarts_and_stops(tournament, official):
    event = set_minutes(drawn_doubles(tournament, official, 8), minutes_per_game=30)
    clock = services.set_bracket_clock(
        event=event, stage=1, round_number=1, action="start", by=official
    )
    assert clock.started_at is not None
    bracket = selectors.bracket_for_event(event)
    assert bracket.rounds[0].clock.label == "Quarter-final"
    assert bracket.rounds[0].clock.minutes == 30
    assert bracket.rounds[1].clock is None
    BracketClock.objects.filter(pk=clock.pk).update(started_at=NOON)
    again = services.set_bracket_clock(
        event=event, stage=1, round_number=1, action="restart", by=official
    )
    assert again.pk == clock.pk and again.started_at > NOON
    assert (
        services.set_bracket_clock(event=event, stage=1, round_number=1, action="stop", by=official)
        is None
    )
    assert not BracketClock.objects.filter(event=event).exists()
    texts = list(Activity.objects.order_by("pk").values_list("text", flat=True))[-3:]
    assert texts == [
        "Started the clock of Doubles, Quarter-final",
        "Restarted the clock of Doubles, Quarter-final",
        "Stopped the clock of Doubles, Quarter-final",
    ]


@pytest.mark.parametrize(
    ("minutes", "stage", "number", "action", "message"),
    [
        (0, 1, 1, "start", "Doubles has no clock: set the minutes per game in its house rules"),
        (30, 1, 7, "start", "The bracket has no such round; reload the page."),
        (30, 1, 2, "start", "No game of the semi-final is ready or being played"),
        (30, 1, 1, "restart", "The clock of the quarter-final is not running."),
        (30, 1, 1, "stop", "The clock of the quarter-final is not running."),
        (30, 1, 1, "wind", "That form was not filled in properly"),
    ],
)
def test_a_bad_bracket_clock_is_refused_and_changes_nothing(
    tournament, official, minutes, stage, number, action, message
):
    event = set_minutes(drawn_doubles(tournament, official, 8), minutes_per_game=minutes)
    before = state(event)
    with pytest.raises(DeskError, match=message):
        services.set_bracket_clock(
            event=event, stage=stage, round_number=number, action=action, by=official
        )
    assert state(event) == before


def test_a_places_clock_is_its_own_stages(tournament, official):
    """The partners' games (stage 0) and a bracket round of the same number keep apart."""
    event = set_minutes(drawn_doubles(tournament, official, 4), minutes_per_game=20)
    early = timezone.now() - timedelta(minutes=5)
    BracketClock.objects.create(event=event, stage=0, round_number=1, started_at=early)
    BracketClock.objects.create(event=event, stage=1, round_number=1, started_at=timezone.now())
    partners = selectors.place_clock(event, number=1, bracket=True, stage=0)
    first = selectors.place_clock(event, number=1, bracket=True, stage=1)
    assert partners.label == "Partners' games" and first.label == "Semi-final"
    assert partners.ends_at < first.ends_at
    assert selectors.place_clock(event, number=2, bracket=True, stage=1) is None


def test_a_bracket_clock_started_twice_is_refused(tournament, official):
    event = set_minutes(drawn_doubles(tournament, official, 4), minutes_per_game=20)
    services.set_bracket_clock(event=event, stage=1, round_number=1, action="start", by=official)
    before = state(event)
    with pytest.raises(DeskError, match=r"The clock of the semi-final is already running\."):
        services.set_bracket_clock(
            event=event, stage=1, round_number=1, action="start", by=official
        )
    assert state(event) == before


def test_a_rounds_event_has_no_bracket_clock(tournament, official):
    event = set_minutes(rounds_event(tournament, players=8), minutes_per_round=30)
    seat_and_start(event, official)
    with pytest.raises(DeskError, match="is played in rounds: its rounds start their own clocks"):
        services.set_bracket_clock(
            event=event, stage=1, round_number=1, action="start", by=official
        )


def test_the_bracket_reads_its_clocks_in_one_more_query(
    tournament, official, django_assert_num_queries
):
    event = set_minutes(drawn_doubles(tournament, official, 8), minutes_per_game=30)
    services.set_bracket_clock(event=event, stage=1, round_number=1, action="start", by=official)
    event = Event.objects.select_related("tournament").get(pk=event.pk)
    with django_assert_num_queries(4):
        selectors.bracket_for_event(event)


# Close all at time -----------------------------------------------------------------------


def listed(round_):
    return {
        game.pk: game.version
        for game in Game.objects.filter(round=round_, status__in=["ready", "playing"])
    }


def test_close_all_closes_every_table_still_playing_by_the_close_at_time_rule(tournament, official):
    event = rounds_event(tournament, players=12)
    round_ = seat_and_start(event, official)
    first, second, third, *_ = tables_of(round_)
    settle(first, official, [100, 40, 20], winners=[0])  # finished: stays as it is
    settle(second, official, [30, 50, 10], finished=False)
    settle(third, official, [25, 25, 5], finished=False)
    closed = services.close_all_at_time(round=round_, by=official, tables=listed(round_))
    assert [game.pk for game in closed] == [game.pk for game in tables_of(round_)[1:]]
    second.refresh_from_db(), third.refresh_from_db(), first.refresh_from_db()
    assert (second.status, second.winner_seat) == (Game.Status.CLOSED, 1)
    assert (third.status, third.winner_seat) == (Game.Status.CLOSED, None)  # level: a tie
    assert first.status == Game.Status.FINISHED
    round_.refresh_from_db()
    assert round_.status == Round.Status.FINISHED
    closes = Activity.objects.filter(text__endswith="closed at time").count()
    assert closes == len(closed)


def test_close_all_is_refused_when_a_table_changed_since_the_list(tournament, official):
    event = rounds_event(tournament, players=8)
    round_ = seat_and_start(event, official)
    shown = listed(round_)
    game = tables_of(round_)[0]
    settle(game, official, [10, 5], finished=False)  # a hand saved meanwhile
    before = state(event)
    with pytest.raises(DeskError, match="Table 1 changed since the list was shown"):
        services.close_all_at_time(round=round_, by=official, tables=shown)
    assert state(event) == before


def test_close_all_is_refused_when_a_table_is_missing_or_foreign(tournament, official):
    event = rounds_event(tournament, players=8)
    round_ = seat_and_start(event, official)
    shown = listed(round_)
    before = state(event)
    missing = dict(list(shown.items())[1:])
    with pytest.raises(DeskError, match="changed since the list was shown"):
        services.close_all_at_time(round=round_, by=official, tables=missing)
    with pytest.raises(DeskError, match="not in this round"):
        services.close_all_at_time(round=round_, by=official, tables={**shown, 999_999: 0})
    assert state(event) == before


def test_close_all_is_refused_for_a_round_not_being_played(tournament, official):
    event = rounds_event(tournament, players=4)
    seated = services.seat_round(event=event, by=official, seed=1).round
    with pytest.raises(DeskError, match="Round 1 is not being played: there is nothing to close"):
        services.close_all_at_time(round=seated, by=official, tables={})


def test_closing_keeps_the_totals_of_each_table(tournament, official):
    event = rounds_event(tournament, players=4)
    round_ = seat_and_start(event, official)
    game = tables_of(round_)[0]
    settle(game, official, [35, 60, 10, 5], finished=False)
    services.close_all_at_time(round=round_, by=official, tables=listed(round_))
    totals = list(Side.objects.filter(game=game).order_by("seat").values_list("total", flat=True))
    assert totals == [35, 60, 10, 5]


def test_waiting_hands_lists_the_hands_entered_at_open_tables_and_not_counted(tournament, official):
    event = rounds_event(tournament, players=4)
    round_ = seat_and_start(event, official)
    tables = tables_of(round_)
    assert selectors.waiting_hands(tables) == []
    # scoring's table services keep Game.table_hand with the entry (their own tests).
    Game.objects.filter(pk=tables[0].pk).update(table_hand="waiting", hand_count=2)
    found = selectors.waiting_hands(tables)
    assert [(hand.game_id, hand.number, hand.disputed) for hand in found] == [
        (tables[0].pk, 3, False)
    ]
    assert selectors.with_waiting_hands(Event.objects.filter(pk=event.pk)).get().waiting_hands == 1
    Game.objects.filter(pk=tables[0].pk).update(status=Game.Status.CLOSED)
    assert selectors.waiting_hands(tables) == []
    assert selectors.with_waiting_hands(Event.objects.filter(pk=event.pk)).get().waiting_hands == 0
