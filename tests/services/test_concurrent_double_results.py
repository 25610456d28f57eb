"""A double elimination's first round given all at once on PostgreSQL.

Two sibling winners' games send their winners to the same winners' game and their
losers to the same losers' game. In one statement each result locks both of those
games first (highest id first, as the general path locks), so results arriving together
wait for each other instead of deadlocking, and whatever a result read before it waited
is checked again: every team must reach both games, as a replay of the results says.
"""

import pytest
from django.db import connection

from tests.services.test_concurrent_hands import run_threads
from tests.tournaments.double_setup import DoubleDesk
from tournaments import services
from tournaments.models import Game
from tournaments.services import result_statements

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ATTEMPTS = 5


@pytest.mark.parametrize("one_statement", [True, False], ids=["one statement", "general path"])
def test_a_whole_first_round_at_once_reaches_both_brackets(
    postgres, tournament, official, results_path, one_statement, monkeypatch
):
    results_path(one_statement)
    written = []
    decide = result_statements.decide

    def counted(**kwargs):
        done = decide(**kwargs)
        written.append(done is not None)  # list.append holds under threads
        return done

    monkeypatch.setattr(result_statements, "decide", counted)
    for attempt in range(ATTEMPTS):
        desk = DoubleDesk(tournament, official, 8, team_size=2, name=f"Double {attempt}")
        first = [g for g in desk.structure.games if g.round_number == 1 and g.stage == "winners"]
        games = [desk.game(planned.index) for planned in first]

        def record(index, games=games):
            game = games[index]
            services.record_result(game=game, winner_seat=index % 2, by=official)

        run_threads(record, len(games))
        assert desk.results() == {planned.index: n % 2 for n, planned in enumerate(first)}
        desk.assert_as_replayed()
        targets = {p.winner_to[0] for p in first} | {p.loser_to[0] for p in first}
        for index in targets:
            later = desk.game(index)
            assert later.status == Game.Status.READY
            assert later.version == 2  # once for each team seated
    # A result that found a game ahead changed while it waited gives way to the general
    # path; the first of each pair is one statement.
    assert any(written) == (one_statement and connection.vendor == "postgresql")
    connection.close()
