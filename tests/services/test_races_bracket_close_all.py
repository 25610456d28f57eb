"""A bracket round's "Close all at time" against hands saved at the same moment, on
PostgreSQL, 8 threads.

The official confirms Close all for the games the page listed (every game of the first
round leads) while seven of those games each save a hand. Whatever the order: nothing is
lost and nothing counts twice. Either Close all came first (every game closed, each
winner moved on, every later hand refused), or a hand came first (Close all refused
whole, nothing closed, the hands saved); a second Close all with the list as it stands
then closes every game on its totals, and each winner is in its next game.
"""

import uuid

import pytest

from scoring import services as scoring
from scoring.models import Hand
from tests.factories import drawn_doubles
from tests.scoring.builders import enter, played
from tournaments import services
from tournaments.errors import DeskError
from tournaments.models import Game, Side

from .test_races_close_all import totals_match_the_hands
from .threads import THREADS, run_together

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TRIALS = 5


def first_round(event):
    return list(Game.objects.filter(event=event, stage=1, round_number=1).order_by("position"))


def listed(event):
    return {game.pk: game.version for game in first_round(event) if game.is_open}


def hand(game, official):
    """A hand that keeps seat 0 ahead and ends nothing: 5 points to seat 0."""
    return scoring.add_hand(
        game=Game(pk=game.pk),
        by=official,
        version=game.version,
        key=uuid.uuid4(),
        entry=played(5, 0),
    )


def winners_moved_on(event):
    for game in first_round(event):
        assert (game.status, game.winner_seat) == (Game.Status.CLOSED, 0)
        winner = Side.objects.get(game=game, seat=0).team_id
        assert Side.objects.get(game_id=game.next_game_id, seat=game.next_slot).team_id == winner


@pytest.mark.parametrize("trial", range(TRIALS))
def test_close_all_and_hands_at_once_lose_nothing_and_count_nothing_twice(
    postgres, tournament, official, trial
):
    event = drawn_doubles(tournament, official, 2 * THREADS)
    for game in first_round(event):
        enter(game, official, played(15, 5))
    games = first_round(event)
    shown = listed(event)

    def work(index):
        if index == 0:
            return services.close_bracket_round_at_time(
                event=event, stage=1, round_number=1, by=official, games=shown
            )
        return hand(games[index], official)

    results = run_together(work)
    unexpected = [r for r in results if isinstance(r, Exception) and not isinstance(r, DeskError)]
    assert not unexpected, unexpected
    saved = [r for r in results[1:] if isinstance(r, scoring.HandResult)]
    closed = results[0]
    assert Hand.objects.filter(game__event=event).count() == THREADS + len(saved)
    totals_match_the_hands(games=first_round(event))
    if isinstance(closed, list):  # Close all went first: every hand was refused
        assert saved == [] and len(closed) == THREADS
        assert all(isinstance(r, DeskError) for r in results[1:])
    else:  # a hand went first: nothing is closed, the official sees the new list
        assert "changed since the list was shown" in str(closed)
        assert saved
        assert {game.status for game in first_round(event)} == {Game.Status.PLAYING}
        again = services.close_bracket_round_at_time(
            event=event, stage=1, round_number=1, by=official, games=listed(event)
        )
        assert len(again) == THREADS
        totals_match_the_hands(games=first_round(event))
    winners_moved_on(event)
