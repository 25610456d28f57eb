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


# The pages' own reads around the hand (htmx: each answer is the sheet, or the table's
# page, drawn again): the login or the table's link, and the sides once. The hands are
# read once, under the game's lock: the page after the step is drawn from them
# (`HandResult.hands`; before, read again for it: 18, 14 and 21).
DESK_POST = 17
TABLE_ENTRY = 13
TABLE_CONFIRM = 20


def _desk_post(client, game):
    from django.urls import reverse

    from tests.scoring.builders import form_data

    game.refresh_from_db()
    url = reverse("scoring:sheet", args=[game.event.tournament.slug, game.pk])
    data = form_data(version=game.version, play_0="5", play_1="5")
    return _count(lambda: client.post(url, data, HTTP_HX_REQUEST="true"))


def _table_steps(client, game):
    from django.urls import reverse

    from scoring.models import TableEntry
    from scoring.services import table, table_links
    from tests.scoring.builders import form_data

    game.refresh_from_db()
    link = table_links.links_for([game])[game.pk]
    args = [game.event.tournament.slug, link.code]
    seated = table.sitters(game.pk)
    data = form_data(version=game.version, play_0="5", play_1="5")
    data["player"] = str(seated[0].pk)
    page = reverse("scoring_public:table", args=args)
    entry = _count(lambda: client.post(page, data, HTTP_HX_REQUEST="true"))
    waiting = TableEntry.objects.get(game=game, status="waiting")
    answer = {
        "entry": waiting.pk,
        "revision": waiting.revision,
        "player": seated[-1].pk,
        "answer": "confirm",
    }
    url = reverse("scoring_public:table_answer", args=args)
    confirm = _count(lambda: client.post(url, answer, HTTP_HX_REQUEST="true"))
    return entry, confirm


def test_the_desk_post_costs_the_same_queries_at_hand_3_and_hand_14(
    official_client, game, official
):
    _hand_at(game, official, 2, {"entry": played(5, 5)})
    early = _desk_post(official_client, game)
    _hand_at(game, official, 13, {"entry": played(5, 5)})
    late = _desk_post(official_client, game)
    assert len(early) == len(late) <= DESK_POST, "\n".join(late)


def test_a_tables_entry_and_confirmation_cost_the_same_queries_at_hand_3_and_hand_14(
    client, game, official
):
    _hand_at(game, official, 2, {"entry": played(5, 5)})
    early = _table_steps(client, game)
    _hand_at(game, official, 13, {"entry": played(5, 5)})
    late = _table_steps(client, game)
    assert [len(q) for q in early] == [len(q) for q in late], late
    assert len(late[0]) <= TABLE_ENTRY, "\n".join(late[0])
    assert len(late[1]) <= TABLE_CONFIRM, "\n".join(late[1])
