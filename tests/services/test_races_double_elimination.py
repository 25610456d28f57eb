"""Double elimination results given at once by 8 officials on PostgreSQL: each game sends
its winner and its loser on, games share the games they send to, and the winners' and
losers' finals both feed the grand final. Nothing is lost, nobody waits for ever, and
the brackets stay exactly as a replay of the results says."""

import pytest

from tests.services.threads import run_together
from tests.tournaments.double_setup import DoubleDesk
from tournaments import services
from tournaments.models import Game

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_every_ready_game_given_at_once_round_after_round(postgres, tournament, official):
    desk = DoubleDesk(tournament, official, 16)
    rounds = 0
    while ready := desk.playable():
        rounds += 1
        games = [desk.game(index) for index in ready]

        def give(i, games=games):
            game = Game.objects.get(pk=games[i % len(games)].pk)
            if i >= len(games):
                return None  # more threads than games: the rest stand by
            return services.record_result(game=game, winner_seat=game.pk % 2, by=official)

        outcomes = run_together(give)
        assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
        desk.assert_as_replayed()
    assert desk.replayed().champion is not None
    assert rounds >= 8
