"""Many officials at once on PostgreSQL: nothing lost, nothing entered twice, totals add up."""

import threading
import uuid

import pytest
from django.db import connection

from games.rules.texas_good_sams.entry import Entry as HandEntry
from games.rules.tiles import round_to_nearest_five
from scoring import services
from scoring.models import Hand, HandChange
from scoring.services import StaleSheet
from tests.scoring.builders import make_ready_game
from tournaments.models import Game

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

THREADS = 8


def run_threads(work, count):
    """Run work(index) in `count` threads started together; re-raise the first failure."""
    barrier = threading.Barrier(count)
    failures = []

    def runner(index):
        try:
            barrier.wait()
            work(index)
        except Exception as exc:  # pragma: no cover - reported below
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=runner, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not failures, failures


def enter_until_saved(game_id, by, entry, *, twice=False):
    """Enter one hand as an official does: on a stale sheet, look again and resend.

    With twice=True the same form goes off twice (a double tap): it must count once.
    Return how many times the sheet was stale.
    """
    key, stale = uuid.uuid4(), 0
    while True:
        version = Game.objects.values_list("version", flat=True).get(pk=game_id)
        game = Game(pk=game_id)
        try:
            services.add_hand(game=game, by=by, version=version, key=key, entry=entry)
            if twice:
                again = services.add_hand(game=game, by=by, version=version, key=key, entry=entry)
                assert again.repeated
            return stale
        except StaleSheet:
            stale += 1


def check_game(game, expected_hands):
    game.refresh_from_db()
    hands = Hand.objects.filter(game=game)
    assert hands.count() == expected_hands
    assert sorted(hands.values_list("number", flat=True)) == list(range(1, expected_hands + 1))
    points = list(hands.values_list("points", flat=True))
    sums = (sum(p[0] for p in points), sum(p[1] for p in points))
    totals = tuple(side.total for side in game.sides.order_by("seat"))
    assert totals == sums
    assert game.hand_count == expected_hands
    assert HandChange.objects.filter(game=game, action="added").count() == expected_hands
    return totals


def test_eight_officials_entering_hands_into_one_game(postgres, tournament, official):
    game = make_ready_game(tournament)
    per_thread = 5
    stale_counts = [0] * THREADS

    def work(index):
        for n in range(per_thread):
            entry = HandEntry(play=(5, 0) if index % 2 else (0, 5), muggins=(0, 0))
            stale_counts[index] += enter_until_saved(game.pk, official, entry, twice=n == 0)

    run_threads(work, THREADS)
    totals = check_game(game, THREADS * per_thread)
    assert totals == (5 * per_thread * THREADS // 2, 5 * per_thread * THREADS // 2)
    assert game.status == Game.Status.PLAYING
    # The lock makes the officials queue; those who lose the race see a stale sheet.
    assert sum(stale_counts) > 0


def test_eight_officials_entering_hands_into_eight_games(postgres, tournament, official):
    first = make_ready_game(tournament)
    games = [first] + [
        make_ready_game(tournament, event=first.event, position=n) for n in range(1, THREADS)
    ]
    per_game = 10

    def work(index):
        for n in range(per_game):
            entry = HandEntry(play=(5 * (n % 3), 5), end="blocked", pips=(10, 12 + index))
            assert enter_until_saved(games[index].pk, official, entry, twice=n % 4 == 0) == 0

    run_threads(work, THREADS)
    for index, game in enumerate(games):
        totals = check_game(game, per_game)
        award = round_to_nearest_five(12 + index)
        assert totals == (sum(5 * (n % 3) for n in range(per_game)) + per_game * award, 50)
