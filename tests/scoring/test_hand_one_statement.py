"""A hand that decides nothing is written in one statement on PostgreSQL (the hand, its
history line and the game's running score: `scoring.services.hand_rows_sql`), in a
bracket or at a table, and so is the hand that decides a table; it leaves the same rows
as the general path (its ORM inserts, then `set_game_progress` or `settle_table`)."""

import random

import pytest
from django.db import connection
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext

from games.registry import GAMES, ROUNDS
from scoring.models import Hand, HandChange
from scoring.services import hand_rows_sql, table_of
from tests.factories import TournamentFactory
from tests.scoring.builders import enter, make_bracket, make_rounds_game, penalty, played
from tournaments.models import Event, Game, Round, Side, TeamMember
from tournaments.services import progress_after, result_statements

pytestmark = pytest.mark.django_db

_KEPT_APART = {"id", "game", "hand", "entry_key", "request_key", "entered_at", "at"}


def _same_players(value):
    """The two games' offenders are different players: compared by where they stand."""
    if isinstance(value, dict):
        return {
            k: "someone" if k in ("offender", "offender_name") else _same_players(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_same_players(v) for v in value]
    return value


def _rows(game) -> list:
    game.refresh_from_db()
    hands = [
        {k: v for k, v in model_to_dict(h).items() if k not in _KEPT_APART}
        for h in Hand.objects.filter(game=game).order_by("number")
    ]
    changes = [
        {k: v for k, v in model_to_dict(c).items() if k not in _KEPT_APART}
        for c in HandChange.objects.filter(game=game).order_by("pk")
    ]
    assert all(
        c.hand_id == h.pk
        for c, h in zip(
            HandChange.objects.filter(game=game).order_by("pk"),
            Hand.objects.filter(game=game).order_by("number"),
            strict=True,
        )
    )
    sides = [(s.seat, s.team_id is not None, s.total) for s in game.sides.order_by("seat")]
    return _same_players([hands, changes, sides, game.status, game.hand_count, game.version])


def _play(game, official):
    offender = TeamMember.objects.filter(team__sides__game=game, team__sides__seat=1).first()
    enter(game, official, played(10, 5))
    enter(game, official, played(5, 0, penalties=(penalty(1, "talking", offender.player),)))
    return _rows(game)


def test_a_hand_leaves_the_same_rows_in_one_statement_and_through_the_general_path(
    tournament, official, results_path
):
    _, games = make_bracket(tournament)
    first, second = games[(1, 0)], games[(1, 1)]
    results_path(True)
    with CaptureQueriesContext(connection) as seen:
        fast = _play(first, official)
    one = [q for q in seen.captured_queries if q["sql"].startswith("WITH h AS (INSERT")]
    assert len(one) == (2 if connection.vendor == "postgresql" else 0)
    results_path(False)
    general = _play(second, official)
    assert fast == general
    assert Event.objects.get(pk=first.event_id).changed_at is not None
    assert Game.objects.get(pk=first.pk).status == Game.Status.PLAYING


def test_the_statement_stays_short_enough_for_psycopg_to_keep_its_parsing():
    text = progress_after._statement(hand_rows_sql._steps(), "(SELECT id FROM h)")
    assert len(text.encode()) <= result_statements.CACHED_TEXT_MAX


def _table_rows(game) -> list:
    rows = _rows(game)
    return [*rows, game.winner_seat, game.round.status]


def _play_table(game, official, *, seed: int) -> list[list]:
    """Play the table to its end with the game's example hands; its rows after each."""
    spec, table = game.event.game, table_of(game)
    rng, after = random.Random(seed), []
    for number in range(1, 200):
        totals = list(game.sides.order_by("seat").values_list("total", flat=True))
        enter(game, official, data=spec.example_hand(table, rng, number, totals))
        after.append(_table_rows(game))
        if game.status != Game.Status.PLAYING:
            return after
    raise AssertionError("the example hands never ended the game")


@pytest.mark.parametrize(
    "key", [key for key, spec in GAMES.items() if spec.format == ROUNDS], ids=str
)
def test_a_tables_hands_leave_the_same_rows_in_one_statement_and_through_the_general_path(
    tournament, official, results_path, key
):
    """A table's hand is one statement too, the hand that decides it with its result
    and its round's status (tests/scoring/test_table_result_statement.py). Hand for hand,
    the rows match the general path's, the round's status with them."""
    sides = max(GAMES[key].sides_per_game)
    fast_game = make_rounds_game(tournament, game_key=key, sides=sides)
    general_game = make_rounds_game(TournamentFactory(), game_key=key, sides=sides)
    results_path(True)
    with CaptureQueriesContext(connection) as seen:
        fast = _play_table(fast_game, official, seed=5)
    one = [q for q in seen.captured_queries if q["sql"].startswith("WITH h AS (INSERT")]
    on_postgres = connection.vendor == "postgresql"
    assert len(one) == (len(fast) if on_postgres else 0)
    writes = [q for q in seen.captured_queries if q["sql"].startswith(("UPDATE", "INSERT"))]
    if on_postgres:
        assert not writes  # no ORM write: the round's status is in the statement too
    results_path(False)
    general = _play_table(general_game, official, seed=5)
    assert fast == general
    assert fast[-1][3] == Game.Status.FINISHED
    assert fast[-1][-1] == Round.Status.FINISHED


def test_a_table_the_statement_does_not_take_goes_through_settle_table(
    tournament, official, results_path, monkeypatch
):
    """A table with a seat the statement does not count as seated (no team) is not the
    ordinary case: the statement writes the hand and leaves the score to `settle_table`,
    which stores what the general path stores."""
    games = {
        path: make_rounds_game(TournamentFactory(), game_key="double_draw", sides=3)
        for path in (True, False)
    }
    rows, settled = {}, []
    real = progress_after.settle_table
    monkeypatch.setattr(
        progress_after, "settle_table", lambda **kwargs: settled.append(1) or real(**kwargs)
    )
    for path, game in games.items():
        Side.objects.filter(game=game, seat=2).update(team=None)
        results_path(path)
        spec, table = game.event.game, table_of(game)
        enter(game, official, data=spec.example_hand(table, random.Random(1), 1, [0, 0, 0]))
        rows[path] = _table_rows(game)
    assert rows[True] == rows[False]
    assert rows[True][3] == Game.Status.PLAYING
    assert settled == ([1] if connection.vendor == "postgresql" else [])
