"""The last tables of a round decided at the same moment, on PostgreSQL: the round finishes.

Eight tables of one round get their deciding hand (or "Close at time") from eight
officials at once. Whoever decides the last open table must see every other table's
result, or the round stays "playing" with every table decided, and neither the next
round nor the event's finish can be done.
"""

import uuid

import pytest

from scoring import services as scoring
from tests.tournaments.rounds_setup import rounds_event, seat_and_start, tables_of
from tournaments import services
from tournaments.errors import DeskError
from tournaments.models import Event, Game, Round

from .threads import THREADS, run_together

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TRIALS = 5


def eight_tables(tournament, official) -> tuple[Event, Round, list[Game]]:
    """Return a Double Draw event whose round 1 is being played at eight tables of four."""
    event = rounds_event(tournament, players=4 * THREADS)
    round_ = seat_and_start(event, official)
    tables = tables_of(round_)
    assert [table.sides.count() for table in tables] == [4] * THREADS
    return event, round_, tables


def deciding_hand(table, official):
    """Enter a hand that takes seat 0 to 61 at once: the table's game is finished."""
    return scoring.add_hand(
        game=Game(pk=table.pk),
        by=official,
        version=table.version,
        key=uuid.uuid4(),
        data={"pips_0": 0, "pips_1": 20, "pips_2": 20, "pips_3": 21},
    )


def check_round_finished(event, round_, official, results):
    assert not [r for r in results if isinstance(r, Exception)], results
    assert set(Game.objects.filter(round=round_).values_list("status", flat=True)) <= {
        Game.Status.FINISHED,
        Game.Status.CLOSED,
    }
    round_.refresh_from_db()
    assert round_.status == Round.Status.FINISHED
    services.finish_event(event=event, by=official)


@pytest.mark.parametrize("trial", range(TRIALS))
def test_deciding_hands_at_every_table_at_once_finish_the_round(
    postgres, tournament, official, trial
):
    event, round_, tables = eight_tables(tournament, official)
    results = run_together(lambda index: deciding_hand(tables[index], official))
    assert all(result.won for result in results if not isinstance(result, Exception))
    check_round_finished(event, round_, official, results)


@pytest.mark.parametrize("trial", range(TRIALS))
def test_closing_every_table_at_time_at_once_finishes_the_round(
    postgres, tournament, official, trial
):
    event, round_, tables = eight_tables(tournament, official)
    results = run_together(lambda index: services.close_at_time(game=tables[index], by=official))
    check_round_finished(event, round_, official, results)


@pytest.mark.parametrize("trial", range(TRIALS))
def test_hands_and_closes_mixed_at_once_finish_the_round(postgres, tournament, official, trial):
    event, round_, tables = eight_tables(tournament, official)

    def decide(index):
        if index % 2:
            return services.close_at_time(game=tables[index], by=official)
        return deciding_hand(tables[index], official)

    check_round_finished(event, round_, official, run_together(decide))


def playing_round_has_only_open_tables(round_):
    round_.refresh_from_db()
    statuses = set(Game.objects.filter(round=round_).values_list("status", flat=True))
    if round_.status == Round.Status.PLAYING:
        assert statuses == {Game.Status.READY}
    else:
        assert statuses == {Game.Status.WAITING}


@pytest.mark.parametrize("trial", range(TRIALS))
def test_seating_again_and_starting_one_round_at_once(postgres, tournament, official, trial):
    event = rounds_event(tournament, players=4 * THREADS)
    round_ = services.seat_round(event=event, by=official, seed=1).round

    def work(index):
        if index % 2:
            return services.start_round(round=round_, by=official)
        return services.seat_round(event=event, by=official, seed=100 + index, again=True)

    results = run_together(work)
    assert not [r for r in results if isinstance(r, Exception) and not isinstance(r, DeskError)]
    assert Round.objects.filter(event=event).count() == 1
    playing_round_has_only_open_tables(round_)


@pytest.mark.parametrize("trial", range(TRIALS))
def test_moving_an_entrant_and_their_tables_first_hand_at_once(
    postgres, tournament, official, trial
):
    _, round_, tables = eight_tables(tournament, official)
    first, second = tables[0], tables[1]
    team = first.sides.get(seat=0).team
    # Read once, before the threads: a thread that read it after a swap had landed would
    # ask to swap the entrant with itself, a refusal that is not the race under test.
    other = f"team:{second.sides.get(seat=0).team_id}"

    def work(index):
        if index % 2:
            return services.move_entrant(round=round_, by=official, team=team, to=other)
        return deciding_hand(first, official)

    results = run_together(work)
    unexpected = [r for r in results if isinstance(r, Exception) and not isinstance(r, DeskError)]
    assert not unexpected, unexpected
    hands = [r for r in results if isinstance(r, scoring.HandResult)]
    moves = [r for r in results if isinstance(r, Round)]
    # Either the hand went first (every move is refused: the table has a hand), or a
    # move went first (the sheet changed: every hand is refused as stale).
    assert (len(hands), len(moves)) in {(1, 0), (0, THREADS // 2)}
    if hands:
        assert first.sides.get(seat=0).team_id == team.pk
