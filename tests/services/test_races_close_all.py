"""Close all at time against hands saved at the same moment, on PostgreSQL, 8 threads.

The official confirms "Close all at time" for the tables the page listed while seven
tables each save a hand. Whatever the order: nothing is lost and nothing counts twice.
Either every hand came first (Close all is refused: the tables changed since the list,
and nothing is closed), or Close all came first and every later hand is refused (the
table is closed at time); a mix leaves Close all refused and the hands saved. Each
saved hand is stored once and counted in its table's totals; a second Close all with
the list as it stands then closes every table on those totals.
"""

import uuid

import pytest

from scoring import services as scoring
from scoring.models import Hand
from tests.tournaments.rounds_setup import rounds_event, seat_and_start, tables_of
from tournaments import services
from tournaments.errors import DeskError
from tournaments.models import Game, Round, Side

from .threads import THREADS, run_together

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TRIALS = 5


def hand(table, official):
    """A hand that does not end the game: seat 0 scores 15 of Double Draw's 61."""
    return scoring.add_hand(
        game=Game(pk=table.pk),
        by=official,
        version=table.version,
        key=uuid.uuid4(),
        data={"pips_0": 0, "pips_1": 5, "pips_2": 5, "pips_3": 5},
    )


def listed(round_):
    return {g.pk: g.version for g in Game.objects.filter(round=round_, status__in=["ready"])}


def totals_match_the_hands(round_=None, *, games=None):
    """Each game's totals are the sum of its stored hands (a round's tables, or `games`)."""
    for game in Game.objects.filter(round=round_) if games is None else games:
        hands = list(Hand.objects.filter(game=game).values_list("points", flat=True))
        assert game.hand_count == len(hands)
        sides = list(
            Side.objects.filter(game=game).order_by("seat").values_list("total", flat=True)
        )
        assert sides == [sum(points[seat] for points in hands) for seat in range(len(sides))]


@pytest.mark.parametrize("trial", range(TRIALS))
def test_close_all_and_hands_at_once_lose_nothing_and_count_nothing_twice(
    postgres, tournament, official, trial
):
    event = rounds_event(tournament, players=4 * THREADS)
    round_ = seat_and_start(event, official)
    tables = tables_of(round_)
    shown = listed(round_)

    def work(index):
        if index == 0:
            return services.close_all_at_time(round=round_, by=official, tables=shown)
        return hand(tables[index], official)

    results = run_together(work)
    unexpected = [r for r in results if isinstance(r, Exception) and not isinstance(r, DeskError)]
    assert not unexpected, unexpected
    saved = [r for r in results[1:] if isinstance(r, scoring.HandResult)]
    closed = results[0]
    assert Hand.objects.filter(game__round=round_).count() == len(saved)
    totals_match_the_hands(round_)
    statuses = set(Game.objects.filter(round=round_).values_list("status", flat=True))
    if isinstance(closed, list):  # Close all went first: every hand was refused
        assert saved == [] and len(closed) == THREADS
        assert statuses == {Game.Status.CLOSED}
        assert all(isinstance(r, DeskError) for r in results[1:])
    else:  # a hand went first: nothing is closed, the official sees the new list
        assert "changed since the list was shown" in str(closed)
        assert saved and statuses <= {Game.Status.READY, Game.Status.PLAYING}
        again = services.close_all_at_time(round=round_, by=official, tables=listed_now(round_))
        assert len(again) == THREADS
        totals_match_the_hands(round_)
    round_.refresh_from_db()
    assert round_.status == Round.Status.FINISHED


def listed_now(round_):
    return {
        g.pk: g.version for g in Game.objects.filter(round=round_, status__in=["ready", "playing"])
    }
