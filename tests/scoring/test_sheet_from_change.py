"""The sheet drawn after a step from the hands the step read under its game's lock
(`HandResult.hands`, `TableResult.hands`: the desk's POST and a table's page draw it so,
without reading the hands again) is the sheet read afresh from the database.

Checked hand after hand for every game to its end, through the one statement and the
general path, with a corrected hand among them (its time shown), and for a table's
entry and confirmation."""

import random
import uuid

import pytest

from games.registry import GAMES, ROUNDS
from scoring import services, written_sheet
from scoring.selectors import game_sheet
from scoring.services import table as table_steps
from scoring.services.table_links import links_for
from tests.scoring.builders import edit, enter, make_bracket, make_rounds_game, played
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def _drawn(sheet) -> tuple:
    """What a sheet shows: its sides, its hands (an official's and a visitor's), its
    totals, result and next hand's heading."""
    return (
        written_sheet.sheet_sides(sheet),
        written_sheet.sheet_hands(sheet, True, "/sheet/"),
        written_sheet.sheet_hands(sheet, False),
        sheet.totals,
        sheet.outcome,
        sheet.next_heading,
        sheet.can_add,
        sheet.match.headline if sheet.match is not None else None,
    )


def _same_as_read_afresh(result) -> None:
    assert result.hands is not None
    given = game_sheet(result.game, hands=result.hands)
    read = game_sheet(result.game)
    assert [row.hand.pk for row in given.rows] == [row.hand.pk for row in read.rows]
    assert _drawn(given) == _drawn(read)


def _game(tournament, key: str) -> Game:
    if GAMES[key].format == ROUNDS:
        return make_rounds_game(tournament, game_key=key, sides=max(GAMES[key].sides_per_game))
    _, games = make_bracket(tournament)
    return games[(1, 0)]


@pytest.mark.parametrize("one_statement", [True, False], ids=["one statement", "general"])
@pytest.mark.parametrize("key", list(GAMES), ids=str)
def test_the_sheet_after_each_hand_is_the_sheet_read_afresh(
    tournament, official, results_path, key, one_statement
):
    results_path(one_statement)
    game = _game(tournament, key)
    spec, table = game.event.game, services.table_of(game)
    rng = random.Random(7)
    for number in range(1, 200):
        totals = list(game.sides.order_by("seat").values_list("total", flat=True))
        try:
            result = enter(game, official, data=spec.example_hand(table, rng, number, totals))
        except services.HandError as exc:  # both sides past the target: one got there first
            hand = spec.example_hand(table, random.Random(number), number, totals)
            result = enter(game, official, data={**hand, exc.field: 0})
        assert [row.number for row in result.hands] == list(range(1, number + 1))
        _same_as_read_afresh(result)
        if result.game.status != Game.Status.PLAYING:
            return
    raise AssertionError("the example hands never ended the game")


def test_a_corrected_hand_shows_as_corrected_in_the_sheet_after_the_next(tournament, official):
    _, games = make_bracket(tournament)
    game = games[(1, 0)]
    first = enter(game, official, played(10, 5)).hand
    enter(game, official, played(5, 5))
    edit(first, official, played(15, 5))
    result = enter(game, official, played(0, 5))
    corrected = result.hands[0]
    assert (
        corrected.edited and corrected.edited_at == type(first).objects.get(pk=first.pk).edited_at
    )
    assert corrected.edited_at.utcoffset() is not None  # an aware time, as the ORM gives
    _same_as_read_afresh(result)
    assert "edited" in written_sheet.sheet_hands(game_sheet(result.game, hands=result.hands), True)


def test_a_tables_entry_and_its_confirmation_give_the_hands_as_read_afresh(tournament, official):
    _, games = make_bracket(tournament)
    game = games[(1, 0)]
    enter(game, official, played(10, 5))
    game.refresh_from_db()
    link = links_for([game], by=official)[game.pk]
    seated = table_steps.sitters(game.pk)
    data = {"play_0": 5, "play_1": 10, "end": "none"}
    entered = table_steps.enter_hand(
        link=link, player=seated[0].pk, version=game.version, key=uuid.uuid4(), data=data
    )
    assert [row.number for row in entered.hands] == [1]  # the entry waits: nothing counts yet
    _same_as_read_afresh(entered)
    confirmed = table_steps.confirm_hand(
        link=link,
        entry_id=entered.entry.pk,
        revision=entered.entry.revision,
        player=seated[-1].pk,
    )
    assert [row.number for row in confirmed.hands] == [1, 2]
    _same_as_read_afresh(confirmed)
