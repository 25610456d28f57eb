"""Results at two tables at once on PostgreSQL: both winners reach the game they meet in.

Two sibling games send their winners to the same next game. When both results arrive
together, one waits for the other's lock; what it read before waiting is stale, and the
next game must still end up with both teams, ready, its version bumped once per team.
"""

import threading

import pytest
from django.db import connection

from tests.factories import ChapterFactory, EntryFactory, EventFactory, PlayerFactory
from tests.services.test_concurrent_hands import run_threads
from tournaments import services
from tournaments.models import Activity, Game

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ROUNDS = 8


def doubles_bracket(tournament, official, name):
    """A drawn doubles bracket of 8 teams: round 1 is four games in two pairs of siblings."""
    event = EventFactory(tournament=tournament, name=name)
    chapters = [ChapterFactory(tournament=tournament) for _ in range(4)]
    for n in range(16):
        player = PlayerFactory(tournament=tournament, chapter=chapters[n % 4])
        EntryFactory(event=event, player=player)
    services.draw_partners_for_event(event=event, by=official, seed=7)
    services.draw_bracket(event=event, by=official, seed=7)
    return event


@pytest.mark.parametrize("one_statement", [True, False], ids=["one statement", "general path"])
def test_sibling_results_at_the_same_moment_seat_both_winners(
    postgres, tournament, official, results_path, one_statement
):
    results_path(one_statement)
    for attempt in range(ROUNDS):
        event = doubles_bracket(tournament, official, f"Doubles {attempt}")
        games = list(Game.objects.filter(event=event, stage=1, round_number=1).order_by("position"))
        winners = {game.pk: game.sides.get(seat=game.position % 2).team_id for game in games}
        lock = threading.Lock()
        done = []

        def record(index, games=games, done=done, lock=lock):
            game = Game(pk=games[index].pk, next_game_id=games[index].next_game_id)
            services.record_result(game=game, winner_seat=games[index].position % 2, by=official)
            with lock:
                done.append(index)

        run_threads(record, len(games))
        assert sorted(done) == [0, 1, 2, 3]
        for game in games:
            game.refresh_from_db()
            assert game.status == Game.Status.FINISHED
            later = game.next_game
            assert later.sides.get(seat=game.next_slot).team_id == winners[game.pk]
        for later in Game.objects.filter(event=event, stage=1, round_number=2):
            assert later.status == Game.Status.READY
            assert later.version == 2
            assert all(side.team_id for side in later.sides.all())
        logged = Activity.objects.filter(
            text__startswith=f"{event.name}, Game ", text__contains=" (Quarter-final): "
        )
        assert logged.count() == 4
    connection.close()
