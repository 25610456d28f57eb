"""A doubles double elimination through the one statement and through the general path.

On PostgreSQL an ordinary double elimination result (a winners' game sends its winner on
and its loser to the losers' bracket; a losers' game sends its winner on) is the one
statement of `result_statements.py`; the grand final (both its teams go to the reset),
byes ahead and corrections take the general path, which is the reference. The same
results, corrections and take-backs played both ways must leave every game row, side
and log line the same, and both brackets as a replay from scratch of the results kept.
On SQLite both runs take the general path.
"""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engine import Fold
from games.formats.base import FINALS, LOSERS, WINNERS
from tests.conftest import needs_database
from tests.tournaments.double_setup import DoubleDesk
from tests.tournaments.test_services_results import snapshot
from tournaments import services
from tournaments.models import WITH_RESULT, Event, Game
from tournaments.services import result_statements

pytestmark = pytest.mark.django_db


def doubles(tournament, official, teams: int, **kwargs) -> DoubleDesk:
    """Teams of two drawn partners: the one statement takes teams only (a player alone is
    named in the log by name, which it does not read)."""
    return DoubleDesk(tournament, official, teams, team_size=2, **kwargs)


def finished(winner: int) -> Fold:
    totals = (255, 90) if winner == 0 else (120, 250)
    return Fold(totals=totals, finished=True, winners=(winner,), ended_at=0)


class Taken(list):
    """Stands in for `result_statements.decide`: whether each call wrote (True) or gave
    way to the general path (False)."""

    def __init__(self, monkeypatch):
        super().__init__()
        self.decide = result_statements.decide
        monkeypatch.setattr(result_statements, "decide", self)

    def __call__(self, **kwargs):
        written = self.decide(**kwargs)
        self.append(written is not None)
        return written


def correctable(desk: DoubleDesk) -> int | None:
    """A winners' round-1 game whose loser has played its first losers' game since (past
    a losers' bye)."""
    results = desk.results()
    games = desk.structure.games
    for planned in games:
        if (planned.stage, planned.round_number) != (WINNERS, 1) or planned.bye:
            continue
        target = planned.loser_to[0]
        while games[target].bye:
            target = games[target].winner_to[0]
        if planned.index in results and target in results:
            return planned.index
    return None


def play_everything(desk: DoubleDesk, seed: int) -> None:
    """Every kind of result, earliest game first, to the end: plain wins, hands that end
    a game, walkovers, a stale-page check, the losers' side winning the grand final (so
    the reset is played), a correction in the winners' first round after its loser
    played on (confirmed: it voids), and a take-back given again. The brackets match a
    replay from scratch after every step."""
    rng = random.Random(seed)
    official = desk.official
    corrected = reopened = False
    # A losers' game is taken back and given again (a winners' one with no losers' games).
    taken_back = LOSERS if any(g.stage == LOSERS for g in desk.structure.games) else WINNERS
    step = 0
    while ready := desk.playable():
        index = ready[0]
        planned = desk.structure.games[index]
        game = desk.game(index)
        slot = 1 if (planned.stage, planned.round_number) == (FINALS, 1) else rng.randrange(2)
        kind = step % 4
        if kind == 1:
            services.set_game_progress(game=game, totals=(40, 25), hand_count=2)
            services.settle_game(game=game, fold=finished(slot), hand_count=3, by=official)
        elif kind == 2 and not game.hand_count:
            desk.win(index, slot, walkover=True)
        else:
            desk.win(index, slot, expected_version=game.version if kind == 3 else None)
        step += 1
        desk.assert_as_replayed()
        if not corrected and (wrong := correctable(desk)) is not None:
            was = desk.results()[wrong]
            desk.win(wrong, 1 - was, confirm=True)
            corrected = True
            desk.assert_as_replayed()
        if not reopened and planned.stage == taken_back and index in desk.results():
            services.reopen_game(game=desk.game(index), by=official)
            reopened = True
            desk.assert_as_replayed()
    assert corrected and reopened
    assert desk.replayed().champion is not None


@pytest.mark.parametrize(
    ("teams", "reset"), [(12, True), (16, True), (8, False), (2, True), (5, True)]
)
def test_both_paths_leave_the_same_rows_and_the_brackets_of_a_replay(
    tournament, official, monkeypatch, results_path, teams, reset
):
    taken = Taken(monkeypatch)
    quick = doubles(tournament, official, teams, reset=reset, name="Quick")
    play_everything(quick, seed=teams)
    one_statement = taken.count(True)
    results_path(False)
    general = doubles(tournament, official, teams, reset=reset, name="General")
    play_everything(general, seed=teams)

    assert snapshot(quick.event) == snapshot(general.event)
    assert quick.event.status == Event.Status.FINISHED
    if connection.vendor == "postgresql" and teams > 2:
        # Winners' and losers' games with no bye ahead went in one statement.
        assert one_statement >= len(quick.structure.games) // 2
    elif connection.vendor == "postgresql":
        # Two teams: the winners' final sends both to the grand final, and both the
        # grand final's teams go to its reset: the general path takes those; the reset,
        # a last game, is one statement.
        assert one_statement == 1


def test_a_winners_result_sends_winner_and_loser_in_one_statement(tournament, official):
    needs_database("postgresql")
    desk = doubles(tournament, official, 8)
    first = next(g for g in desk.structure.games if (g.stage, g.round_number) == (WINNERS, 1))
    game = desk.game(first.index)
    with CaptureQueriesContext(connection) as queries:
        services.record_result(game=game, winner_seat=1, by=official)
    assert len(queries) == 1
    assert "SAVEPOINT" not in queries[0]["sql"]
    assert (game.refresh_from_db(), game.status, game.version) == (None, "finished", 1)
    desk.assert_as_replayed()
    winner, loser = (desk.game(g[0]) for g in (first.winner_to, first.loser_to))
    assert winner.version == loser.version == 1
    assert winner.status == loser.status == Game.Status.WAITING


def test_the_grand_final_takes_the_general_path_and_the_reset_the_statement(
    tournament, official, monkeypatch
):
    """Both of the grand final's teams go to its reset (one game, two slots): the general
    path seats them and settles whether the reset is played; the reset is then a final."""
    needs_database("postgresql")
    desk = doubles(tournament, official, 4)
    final = next(g.index for g in desk.structure.games if (g.stage, g.round_number) == (FINALS, 1))
    rng = random.Random(3)
    while (ready := desk.playable()) and ready[0] != final:
        desk.win(ready[0], rng.randrange(2))
    taken = Taken(monkeypatch)
    desk.win(final, 1)
    desk.win(final + 1, 0)
    assert taken == [False, True]
    desk.assert_as_replayed()
    event = Event.objects.get(pk=desk.event.pk)
    assert event.status == Event.Status.FINISHED
    assert all(g.status in WITH_RESULT for g in Game.objects.filter(event=event, stage=4))
