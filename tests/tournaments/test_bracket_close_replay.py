"""A bracket game closed at time is a result like any other: every correction or undo
after it leaves the tournament as a replay from scratch of the right hands and results
would (snapshots compared as in `test_corrections_replay.py`)."""

import pytest

from tests.scoring.builders import delete, edit, enter, played
from tournaments import services
from tournaments.models import Game

from .test_corrections_replay import Desk, assert_same

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_desks(official):
    return Desk(official, "played"), Desk(official, "replayed")


def close(desk, round_number, position):
    return services.close_bracket_game_at_time(
        game=desk.game(round_number, position), by=desk.official
    )


def test_a_hand_edit_after_closing_gives_the_game_to_the_new_highest_total(two_desks):
    played_desk, replayed = two_desks
    official = played_desk.official
    wrong = enter(played_desk.game(1, 0), official, played(100, 0)).hand
    enter(played_desk.game(1, 0), official, played(0, 60))
    close(played_desk, 1, 0)
    assert played_desk.game(1, 0).winner_seat == 0
    result = edit(wrong, official, played(20, 0))
    assert result.won and played_desk.game(1, 0).status == Game.Status.CLOSED

    enter(replayed.game(1, 0), official, played(20, 0))
    enter(replayed.game(1, 0), official, played(0, 60))
    close(replayed, 1, 0)
    assert_same(played_desk, replayed)


def test_a_hand_deleted_after_closing_that_leaves_the_sides_level_reopens_the_game(two_desks):
    played_desk, replayed = two_desks
    official = played_desk.official
    for desk in two_desks:
        enter(desk.game(1, 0), official, played(50, 0))
        enter(desk.game(1, 0), official, played(0, 50))
    wrong = enter(played_desk.game(1, 0), official, played(10, 0)).hand
    close(played_desk, 1, 0)
    result = delete(wrong, official)
    assert result.reopened
    assert played_desk.game(1, 0).status == Game.Status.PLAYING
    assert_same(played_desk, replayed)  # level: the replay cannot close it either


def test_a_hand_edit_that_reaches_the_target_finishes_the_closed_game(two_desks):
    played_desk, replayed = two_desks
    official = played_desk.official
    enter(played_desk.game(1, 0), official, played(200, 0))
    wrong = enter(played_desk.game(1, 0), official, played(0, 40)).hand
    close(played_desk, 1, 0)
    edit(wrong, official, played(50, 40))
    assert played_desk.game(1, 0).status == Game.Status.FINISHED

    enter(replayed.game(1, 0), official, played(200, 0))
    enter(replayed.game(1, 0), official, played(50, 40))
    assert_same(played_desk, replayed)


def test_taking_a_closed_result_back_and_undoing_that(two_desks):
    played_desk, replayed = two_desks
    official = played_desk.official
    for desk in two_desks:
        enter(desk.game(1, 1), official, played(30, 0))
    game = close(played_desk, 1, 1)
    before = services.Before.of(game)
    assert before == services.Before(0, False, "", closed=True)
    services.take_back_result(game=game, by=official)
    assert_same(played_desk, replayed)  # as if never closed: the game plays on

    services.undo_result(game=game, by=official, version=game.version, before=before)
    close(replayed, 1, 1)
    assert_same(played_desk, replayed)
    assert played_desk.game(1, 1).status == Game.Status.CLOSED


def test_a_correction_after_close_all_voids_the_next_game_as_if_never_played(two_desks):
    played_desk, replayed = two_desks
    official = played_desk.official
    for desk in two_desks:
        for position in (1, 2, 3):
            enter(desk.game(1, position), official, played(10 * position, 5))
    wrong = enter(played_desk.game(1, 0), official, played(40, 0)).hand
    enter(played_desk.game(1, 0), official, played(0, 30))
    services.close_bracket_round_at_time(
        event=played_desk.doubles,
        stage=1,
        round_number=1,
        by=official,
        games={g.pk: g.version for g in played_desk.doubles.games.filter(round_number=1)},
    )
    enter(played_desk.game(2, 0), official, played(15, 0))  # the semi-final begins
    with pytest.raises(services.ConfirmationNeeded):
        edit(wrong, official, played(10, 0))
    result = edit(wrong, official, played(10, 0), confirm=True)
    assert [game.pk for game in result.voided] == [played_desk.game(2, 0).pk]

    enter(replayed.game(1, 0), official, played(10, 0))
    enter(replayed.game(1, 0), official, played(0, 30))
    for position in range(4):
        close(replayed, 1, position)
    assert_same(played_desk, replayed)
