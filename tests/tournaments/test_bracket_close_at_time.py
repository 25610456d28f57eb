"""Closing bracket games at time: one game, and "Close all at time" for a bracket round.

The bracket's rule at time: the highest total wins and moves on through the one result
path (winner's and loser's pointers, the singles' partners' games); level sides play
on until a hand separates them; a game with no hands is not closed.
"""

import re

import pytest

from tests.factories import drawn_doubles, game_at
from tests.scoring.builders import enter, played
from tournaments import selectors, services
from tournaments.errors import DeskError
from tournaments.models import Activity, Game, Side

from .double_setup import DoubleDesk
from .rounds_setup import rounds_event, seat_and_start, tables_of
from .test_clocks import state
from .test_corrections_replay import Desk

pytestmark = pytest.mark.django_db


def listed(event, stage=1, round_number=1):
    games = Game.objects.filter(
        event=event, stage=stage, round_number=round_number, status__in=["ready", "playing"]
    )
    return {game.pk: game.version for game in games}


def close_all(event, official, stage=1, round_number=1, games=None):
    return services.close_bracket_round_at_time(
        event=event,
        stage=stage,
        round_number=round_number,
        by=official,
        games=listed(event, stage, round_number) if games is None else games,
    )


def totals(game):
    return list(Side.objects.filter(game=game).order_by("seat").values_list("total", flat=True))


@pytest.fixture
def desk(official):
    return Desk(official, "closing")


# One game -------------------------------------------------------------------------------


def test_closing_a_bracket_game_gives_it_to_the_highest_total_and_moves_the_winner_on(desk):
    official = desk.official
    first = desk.game(1, 0)
    enter(first, official, played(100, 0))
    enter(first, official, played(20, 60))
    game = services.close_bracket_game_at_time(game=desk.game(1, 0), by=official)
    game.refresh_from_db()
    assert (game.status, game.winner_seat, game.hand_count) == (Game.Status.CLOSED, 0, 2)
    assert totals(game) == [120, 60]
    winner = Side.objects.get(game=game, seat=0).team_id
    assert Side.objects.get(game=game.next_game, seat=game.next_slot).team_id == winner
    # The losing partners play each other for their place in singles, as after any result.
    assert Game.objects.filter(fed_from=game, event=desk.singles).count() == 1
    text = Activity.objects.order_by("pk").last().text
    assert text.startswith("Doubles, Game 1 (Quarter-final): Team") and "(closed at time)" in text


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([], "Game 1 (Quarter-final) has no hands yet: play it, or give it as a walkover."),
        ([(50, 10), (0, 40)], "Game 1 (Quarter-final) is level: the sides play on until a hand"),
    ],
)
def test_a_level_game_or_one_without_hands_is_not_closed(desk, hands, message):
    for hand in hands:
        enter(desk.game(1, 0), desk.official, played(*hand))
    before = state(desk.doubles), state(desk.singles)
    with pytest.raises(DeskError, match=re.escape(message)):
        services.close_bracket_game_at_time(game=desk.game(1, 0), by=desk.official)
    assert (state(desk.doubles), state(desk.singles)) == before


def test_closing_a_game_refuses_a_stale_page_a_decided_game_and_a_table(desk, tournament, official):
    enter(desk.game(1, 0), desk.official, played(50, 0))
    game = desk.game(1, 0)
    with pytest.raises(services.StaleGame, match="changed while you were looking at it"):
        services.close_bracket_game_at_time(game=game, by=official, version=game.version - 1)
    desk.win(1, 1, 0)
    with pytest.raises(DeskError, match=r"Game 2 \(Quarter-final\) is finished already\."):
        services.close_bracket_game_at_time(game=desk.game(1, 1), by=official)
    table = tables_of(seat_and_start(rounds_event(tournament, players=4), official))[0]
    with pytest.raises(DeskError, match="closed at time from its round's page"):
        services.close_bracket_game_at_time(game=table, by=official)


# Close all at time ------------------------------------------------------------------------


def test_close_all_closes_the_games_with_a_leader_and_leaves_level_and_unplayed_ones(desk):
    official = desk.official
    enter(desk.game(1, 0), official, played(100, 50))
    enter(desk.game(1, 1), official, played(50, 50))
    enter(desk.game(1, 3), official, played(0, 60))
    closed = close_all(desk.doubles, official)
    assert [(game.position, game.winner_seat) for game in closed] == [(0, 0), (3, 1)]
    found = {
        game.position: game
        for game in Game.objects.filter(event=desk.doubles, stage=1, round_number=1)
    }
    assert [found[n].status for n in range(4)] == [
        Game.Status.CLOSED,
        Game.Status.PLAYING,
        Game.Status.READY,
        Game.Status.CLOSED,
    ]
    assert totals(found[0]) == [100, 50] and totals(found[3]) == [0, 60]
    semi = desk.game(2, 0)
    assert [side.team_id for side in semi.sides_by_seat] == [
        found[0].sides_by_seat[0].team_id,
        None,
    ]


def test_close_all_sends_each_winner_on_to_the_next_round(desk):
    official = desk.official
    for position in range(4):
        enter(desk.game(1, position), official, played(10 * (position + 1), 5))
    close_all(desk.doubles, official)
    for semi in (0, 1):
        sides = Game.objects.get(event=desk.doubles, stage=1, round_number=2, position=semi)
        feeders = [desk.game(1, 2 * semi), desk.game(1, 2 * semi + 1)]
        assert [side.team_id for side in sides.sides_by_seat] == [
            game.sides_by_seat[0].team_id for game in feeders
        ]
        assert sides.status == Game.Status.READY


def test_close_all_is_refused_whole_when_a_game_changed_since_the_list(desk):
    official = desk.official
    enter(desk.game(1, 0), official, played(100, 50))
    enter(desk.game(1, 1), official, played(50, 50))
    shown = listed(desk.doubles)
    enter(desk.game(1, 1), official, played(5, 0))  # the level game now has a leader
    before = state(desk.doubles), state(desk.singles)
    with pytest.raises(DeskError, match=r"Game 2 \(Quarter-final\) changed since the list"):
        close_all(desk.doubles, official, games=shown)
    assert (state(desk.doubles), state(desk.singles)) == before


def test_close_all_is_refused_for_a_list_that_misses_or_adds_a_game(desk):
    official = desk.official
    enter(desk.game(1, 0), official, played(100, 50))
    shown = listed(desk.doubles)
    before = state(desk.doubles)
    missing = {pk: version for pk, version in shown.items() if pk != desk.game(1, 2).pk}
    with pytest.raises(DeskError, match=r"Game 3 \(Quarter-final\) changed since the list"):
        close_all(desk.doubles, official, games=missing)
    for foreign in (desk.game(2, 0).pk, 999_999):
        with pytest.raises(DeskError, match="A game on that list is not in this round"):
            close_all(desk.doubles, official, games={**shown, foreign: 0})
    assert state(desk.doubles) == before


def test_close_all_with_nothing_to_close_is_refused(desk, tournament, official):
    enter(desk.game(1, 0), official, played(50, 50))
    with pytest.raises(DeskError, match="No game of the quarter-final can be closed at time"):
        close_all(desk.doubles, official)
    with pytest.raises(DeskError, match="The bracket has no such round"):
        close_all(desk.doubles, official, round_number=9)
    for position in range(4):
        desk.win(1, position, 0, confirm=True)
    with pytest.raises(DeskError, match="Every game of the quarter-final has a result already"):
        close_all(desk.doubles, official)
    rounds = rounds_event(tournament, players=4)
    with pytest.raises(DeskError, match="is played in rounds: close its tables"):
        close_all(rounds, official)


def test_close_all_closes_the_singles_partners_games(desk):
    official = desk.official
    desk.win(1, 0, 0)
    desk.win(1, 1, 1)
    partners = Game.objects.filter(event=desk.singles, stage=0).order_by("position")
    enter(partners[0], official, played(0, 30))
    closed = close_all(desk.singles, official, stage=0, round_number=1)
    assert [(game.pk, game.winner_seat) for game in closed] == [(partners[0].pk, 1)]
    assert Game.objects.get(pk=partners[1].pk).status == Game.Status.READY


def test_a_double_elimination_game_closed_at_time_sends_its_loser_to_the_losers_bracket(
    tournament, official
):
    double = DoubleDesk(tournament, official, 8)
    first = next(i for i, g in enumerate(double.structure.games) if not g.bye)
    enter(double.game(first), official, played(0, 40))
    game = double.game(first)
    closed = close_all(double.event, official, stage=game.stage, round_number=game.round_number)
    assert [g.pk for g in closed] == [game.pk]
    game.refresh_from_db()
    assert (game.status, game.winner_seat) == (Game.Status.CLOSED, 1)
    loser = game.sides_by_seat[0].team_id
    assert Side.objects.get(game=game.loser_game, seat=game.loser_slot).team_id == loser
    double.assert_as_replayed()


def test_the_confirmation_says_what_closing_does_to_each_game(desk):
    official = desk.official
    enter(desk.game(1, 0), official, played(100, 50))
    enter(desk.game(1, 1), official, played(50, 50))
    Game.objects.filter(pk=desk.game(1, 0).pk).update(table_hand="waiting")
    closing = selectors.bracket_closing(desk.doubles, 1, 1)
    assert closing.name == "Quarter-final" and closing.title == "the quarter-final"
    words = [line.if_closed_now for line in closing.lines]
    assert words[0].endswith("would win with 100")
    assert words[1] == "Level on 50: play on until a hand separates them"
    assert words[2] == words[3] == "No hands yet: play it or give a walkover"
    assert [line.closes for line in closing.lines] == [True, False, False, False]
    assert [(w.name, w.hand.number) for w in closing.waiting] == [("Game 1 (Quarter-final)", 2)]
    assert selectors.bracket_closing(desk.doubles, 1, 9) is None


def test_a_hand_waiting_at_the_table_does_not_count_when_closing(desk):
    """The waiting hand is not in the totals (scoring keeps it apart until confirmed): the
    game closes on its counted hands, and the waiting hand can no longer be counted."""
    official = desk.official
    enter(desk.game(1, 0), official, played(60, 50))
    Game.objects.filter(pk=desk.game(1, 0).pk).update(table_hand="waiting")
    close_all(desk.doubles, official)
    game = desk.game(1, 0)
    assert (game.status, game.winner_seat, totals(game)) == (Game.Status.CLOSED, 0, [60, 50])
    assert selectors.waiting_hands([game]) == []


def test_drawn_doubles_without_hands_have_nothing_to_close(tournament, official):
    event = drawn_doubles(tournament, official, 4)
    with pytest.raises(DeskError, match="No game of the semi-final can be closed at time"):
        close_all(event, official)
    assert game_at(event, 1, 0).status == Game.Status.READY
