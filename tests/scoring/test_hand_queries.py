"""A hand costs a fixed number of queries, however many hands the game already holds.

Counted at the 3rd hand and again at the 14th: the same count, under a ceiling. Hands
come every few seconds from every table, so each query saved here is saved many times.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.scoring.builders import enter, make_rounds_game, played

pytestmark = pytest.mark.django_db

# Inside the test's transaction, a service's own is a savepoint and its release (2). A
# bracket hand: the game's lock, its hands, the hand, its history, the bracket's read of
# the game and its writes (a savepoint of their own), the event's marker. A round's table
# on PostgreSQL also locks its round; its totals are one statement, and the round's
# status is looked at only when the table gains or loses a result (before: 14 and 15
# on PostgreSQL, the round's with three players).
BRACKET_HAND = 13
ROUND_HAND = 10


def _count(step) -> list[str]:
    with CaptureQueriesContext(connection) as seen:
        step()
    return [query["sql"][:120] for query in seen.captured_queries]


def _hand_at(game, official, number, hand):
    while game.hand_count < number - 1:
        enter(game, official, **hand)
        game.refresh_from_db()
    return _count(lambda: enter(game, official, **hand))


def test_a_bracket_hand_costs_the_same_queries_at_hand_3_and_hand_14(game, official):
    hand = {"entry": played(5, 5)}
    early = _hand_at(game, official, 3, hand)
    late = _hand_at(game, official, 14, hand)
    # + the fresh read of the game in `enter`
    assert len(early) == len(late) <= BRACKET_HAND + 1, "\n".join(late)


def test_a_round_tables_hand_costs_the_same_queries_at_hand_3_and_hand_14(tournament, official):
    game = make_rounds_game(tournament, game_key="double_draw", sides=3)
    hand = {"data": {"pips_0": 1, "pips_1": 2, "pips_2": 3}}
    early = _hand_at(game, official, 3, hand)
    late = _hand_at(game, official, 14, hand)
    assert len(early) == len(late) <= ROUND_HAND + 1, "\n".join(late)
