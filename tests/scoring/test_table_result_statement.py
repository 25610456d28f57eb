"""A table decided by its hands is one statement on PostgreSQL (`progress_after`: the
hand, its history line, the table's result and its round's status); it leaves the rows
`settle_table` leaves, whatever the round's other tables are, for a winner or a tie, and
gives a table it does not take (a seat without a team) to `settle_table`.
"""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games.engine import Fold
from tests.factories import TournamentFactory
from tests.scoring.builders import make_rounds_game, make_team
from tournaments.models import Event, Game, Round, Side
from tournaments.services import Leading, progress_after, settle_after, settle_game

pytestmark = pytest.mark.django_db


# A step that writes nothing, in place of the hand's: the table's own rows are compared.
_NOTHING = Leading(steps="x AS (SELECT 1 AS id)", params={}, returns="(SELECT id FROM x)")

_OTHERS = {
    "no other table": None,
    "another table playing": Game.Status.PLAYING,
    "another table ready": Game.Status.READY,
    "another table finished": Game.Status.FINISHED,
    "another table closed at time": Game.Status.CLOSED,
}
_FOLDS = {
    "a winner": Fold(totals=(120, 150, 40), finished=True, winners=(1,), ended_at=3),
    "a tie": Fold(totals=(150, 150, 40), finished=True, winners=(0, 1), ended_at=3),
}


def _table(tournament, other: str | None) -> Game:
    game = make_rounds_game(tournament, sides=3)
    game.hand_count = 3
    Game.objects.filter(pk=game.pk).update(status=Game.Status.PLAYING, hand_count=3)
    game.refresh_from_db()
    if other is not None:
        table = Game.objects.create(
            event=game.event, round=game.round, stage=1, round_number=1, position=1, status=other
        )
        for seat in range(3):
            Side.objects.create(game=table, seat=seat, team=make_team(game.event, seat + 4))
    return game


def _rows(game: Game, before: Event) -> tuple:
    game = Game.objects.select_related("round", "event").get(pk=game.pk)
    event = game.event
    return (
        game.status,
        game.winner_seat,
        game.hand_count,
        game.version,
        list(game.sides.order_by("seat").values_list("seat", "total")),
        game.round.status,
        event.changed_at > before.changed_at,
        event.shared_changed_at > before.shared_changed_at,
        event.names_changed_at > before.names_changed_at,
    )


def _settle(game: Game, fold: Fold, *, fast: bool):
    before = Event.objects.get(pk=game.event_id)
    with transaction.atomic():
        if fast:
            settled, value = settle_after(_NOTHING, game=game, fold=fold, hand_count=4)
            assert value == 1
        else:
            settled = settle_game(game=game, fold=fold, hand_count=4, by=None)
    assert (settled.won, settled.reopened, settled.voided) == (True, False, [])
    assert settled.game.status == Game.Status.FINISHED
    assert settled.game.winner_seat == fold.winner
    assert settled.game.version == Game.objects.get(pk=game.pk).version
    return _rows(game, before)


@pytest.mark.parametrize("fold", list(_FOLDS.values()), ids=list(_FOLDS))
@pytest.mark.parametrize("other", list(_OTHERS.values()), ids=list(_OTHERS))
def test_a_tables_result_leaves_the_rows_settle_table_leaves(on_postgres, fold, other):
    fast = _table(TournamentFactory(), other)
    general = _table(TournamentFactory(), other)
    assert progress_after.settles_in_one_statement(fast, fold, 4)
    with CaptureQueriesContext(connection) as seen:
        rows = _settle(fast, fold, fast=True)
    sent = [q["sql"] for q in seen.captured_queries]
    assert len([sql for sql in sent if sql.startswith("WITH x AS")]) == 1
    assert not [sql for sql in sent if sql.startswith(("UPDATE", "INSERT"))]
    assert rows == _settle(general, fold, fast=False)
    open_other = other in (Game.Status.PLAYING, Game.Status.READY)
    assert rows[5] == (Round.Status.PLAYING if open_other else Round.Status.FINISHED)
    assert rows[6:] == (True, True, False)  # a result: every page, but no names changed


def test_a_table_the_statement_does_not_take_is_settled_by_settle_table(on_postgres, monkeypatch):
    """A seat without a team: the statement writes nothing of the table's, and
    `settle_table` stores it."""
    calls = []
    real = progress_after.settle_table
    monkeypatch.setattr(
        progress_after, "settle_table", lambda **kwargs: calls.append(1) or real(**kwargs)
    )
    fast, general = (_table(TournamentFactory(), Game.Status.FINISHED) for _ in range(2))
    Side.objects.filter(game__in=[fast, general], seat=2).update(team=None)
    fold = _FOLDS["a winner"]
    rows = _settle(fast, fold, fast=True)
    assert calls == [1]
    assert rows == _settle(general, fold, fast=False)


def test_a_closed_or_bracket_game_is_not_the_tables_statements():
    table, fold = Game(round_id=1, status=Game.Status.CLOSED), _FOLDS["a winner"]
    assert not progress_after.settles_in_one_statement(table, fold, 4)
    bracket = Game(round_id=None, status=Game.Status.PLAYING)
    assert not progress_after.settles_in_one_statement(bracket, fold, 4)
    assert progress_after.settles_in_one_statement(bracket, Fold(totals=(5, 0)), 1) == (
        progress_after._one_statement()
    )


def test_the_tables_statement_stays_short_enough_for_psycopg_to_keep_its_parsing():
    from scoring.services import hand_rows_sql
    from tournaments.services import result_statements

    text = progress_after._statement(hand_rows_sql._steps(), "(SELECT id FROM h)", decides=True)
    assert len(text.encode()) <= result_statements.CACHED_TEXT_MAX
