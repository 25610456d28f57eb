"""Correcting hands: edits and deletes recompute totals, winner and bracket, with history."""

import uuid

import pytest

from scoring import services
from scoring.models import Hand, HandChange
from scoring.services import ConfirmationNeeded, HandError, StaleSheet
from tests.scoring.builders import delete, edit, enter, out, played
from tournaments import services as desk
from tournaments.models import Activity, Game

pytestmark = pytest.mark.django_db


def totals(game):
    return tuple(side.total for side in game.sides.order_by("seat"))


def team(game, seat):
    return game.sides.get(seat=seat).team


def fresh(obj):
    obj.refresh_from_db()
    return obj


def test_an_edit_replaces_the_figures_and_the_totals_follow(game, official):
    first = enter(game, official, played(10, 0)).hand
    enter(game, official, played(0, 20))
    result = edit(first, official, out(0, 13, play=(30, 0)))
    hand = result.hand
    assert tuple(hand.points) == (45, 0)
    assert hand.edited
    assert totals(fresh(game)) == (45, 20)
    assert game.hand_count == 2


def test_an_edit_is_kept_in_the_history_with_before_and_after(game, official, other_official):
    hand = enter(game, official, played(10, 0)).hand
    edit(hand, other_official, played(15, 5))
    change = HandChange.objects.get(action="edited")
    assert (change.by, change.hand, change.hand_number) == (other_official, hand, 1)
    assert change.before["points"] == [10, 0]
    assert change.after["points"] == [15, 5]
    assert Activity.objects.filter(text__startswith="Edited hand 1 of").exists()


def test_an_edit_that_wins_earlier_refuses_to_drop_the_later_hands(game, official):
    first = enter(game, official, played(100, 0)).hand
    enter(game, official, played(100, 0))
    enter(game, official, played(5, 0))
    with pytest.raises(HandError, match="won at hand 2, so hand 3 cannot stand; delete them"):
        edit(first, official, played(150, 0))
    assert tuple(fresh(first).points) == (100, 0)
    assert not HandChange.objects.filter(action="edited").exists()


def test_an_edit_that_takes_the_winner_below_250_reopens_the_game(bracket, official):
    _event, games = bracket
    game, final = games[(1, 0)], games[(2, 0)]
    enter(game, official, played(200, 0))
    last = enter(game, official, played(50, 0)).hand
    assert final.sides.get(seat=0).team == team(game, 0)
    result = edit(last, official, played(45, 0))
    assert result.reopened
    game = fresh(game)
    assert (game.status, game.winner_seat, totals(game)) == (Game.Status.PLAYING, None, (245, 0))
    assert final.sides.get(seat=0).team is None


def test_an_edit_that_changes_the_winner_moves_the_new_winner_on(bracket, official):
    _event, games = bracket
    game, final = games[(1, 0)], games[(2, 0)]
    last = enter(game, official, played(250, 0)).hand
    result = edit(last, official, played(0, 250))
    assert result.game.winner_seat == 1
    assert final.sides.get(seat=0).team == team(game, 1)


def test_an_edit_that_would_void_a_later_game_asks_first_and_saves_nothing(bracket, official):
    _event, games = bracket
    semi, other_semi, final = games[(1, 0)], games[(1, 1)], games[(2, 0)]
    deciding = enter(semi, official, played(250, 0)).hand
    enter(other_semi, official, played(0, 250))
    enter(final, official, played(20, 0))
    with pytest.raises(ConfirmationNeeded) as asked:
        edit(deciding, official, played(0, 250))
    assert asked.value.games == [final]
    assert tuple(fresh(deciding).points) == (250, 0)
    assert final.hands.count() == 1
    assert fresh(semi).winner_seat == 0


def test_a_confirmed_edit_voids_the_later_game_and_deletes_its_hands_into_history(
    bracket, official
):
    _event, games = bracket
    semi, other_semi, final = games[(1, 0)], games[(1, 1)], games[(2, 0)]
    deciding = enter(semi, official, played(250, 0)).hand
    enter(other_semi, official, played(0, 250))
    enter(final, official, played(20, 0))
    result = edit(deciding, official, played(0, 250), confirm=True)
    assert result.voided == [final]
    final = fresh(final)
    assert not final.hands.exists()
    assert (final.hand_count, totals(final)) == (0, (0, 0))
    assert final.sides.get(seat=0).team == team(semi, 1)
    voided = HandChange.objects.get(game=final, action="voided")
    assert (voided.hand_number, voided.before["points"], voided.by) == (1, [20, 0], official)


def test_a_result_corrected_on_the_bracket_clears_the_voided_games_hands(bracket, official):
    _event, games = bracket
    semi, other_semi, final = games[(1, 0)], games[(1, 1)], games[(2, 0)]
    desk.record_result(game=semi, winner_seat=0, by=official)
    desk.record_result(game=other_semi, winner_seat=0, by=official)
    enter(final, official, played(20, 0))
    desk.record_result(game=fresh(semi), winner_seat=1, by=official, confirm=True)
    assert not Hand.objects.filter(game=final).exists()
    assert HandChange.objects.filter(game=final, action="voided").count() == 1


def test_a_delete_numbers_the_later_hands_down_and_keeps_the_hand_in_history(game, official):
    hands = [enter(game, official, played(5 * n, 0)).hand for n in (1, 2, 3, 4)]
    delete(hands[1], official)
    assert [(hand.number, hand.points[0]) for hand in game.hands.order_by("number")] == [
        (1, 5),
        (2, 15),
        (3, 20),
    ]
    assert totals(fresh(game)) == (40, 0)
    assert game.hand_count == 3
    change = HandChange.objects.get(action="deleted")
    assert (change.hand, change.hand_number, change.by) == (None, 2, official)
    assert change.before["points"] == [10, 0]
    assert change.after is None


def test_deleting_the_winning_hand_reopens_the_game(bracket, official):
    _event, games = bracket
    game, final = games[(1, 0)], games[(2, 0)]
    enter(game, official, played(200, 0))
    last = enter(game, official, played(50, 0)).hand
    result = delete(last, official)
    assert result.reopened
    assert fresh(game).status == Game.Status.PLAYING
    assert final.sides.get(seat=0).team is None


def test_deleting_every_hand_makes_the_game_ready_again(game, official):
    hand = enter(game, official, played(5, 0)).hand
    delete(hand, official)
    game = fresh(game)
    assert (game.status, game.hand_count, totals(game)) == (Game.Status.READY, 0, (0, 0))


def test_editing_the_hand_that_took_both_sides_to_250_needs_who_was_first(game, official):
    enter(game, official, played(240, 240))
    last = enter(game, official, played(10, 10, reached_first=0)).hand
    with pytest.raises(HandError, match="say which side got there first") as asked:
        edit(last, official, played(15, 10))
    assert asked.value.field == "reached_first"
    result = edit(last, official, played(15, 10, reached_first=1))
    assert result.game.winner_seat == 1


def test_a_stale_edit_or_delete_is_refused(game, official):
    hand = enter(game, official, played(5, 0)).hand
    with pytest.raises(StaleSheet):
        services.edit_hand(hand=hand, by=official, version=0, key=uuid.uuid4(), entry=played(10, 0))
    with pytest.raises(StaleSheet):
        services.delete_hand(hand=hand, by=official, version=0, key=uuid.uuid4())
    assert tuple(fresh(hand).points) == (5, 0)


def test_an_edit_or_delete_sent_twice_is_done_once(game, official):
    hand = enter(game, official, played(5, 0)).hand
    key, version = uuid.uuid4(), fresh(game).version
    services.edit_hand(hand=hand, by=official, version=version, key=key, entry=played(10, 0))
    again = services.edit_hand(
        hand=hand, by=official, version=version, key=key, entry=played(10, 0)
    )
    assert again.repeated
    assert HandChange.objects.filter(action="edited").count() == 1
    key, version = uuid.uuid4(), fresh(game).version
    services.delete_hand(hand=hand, by=official, version=version, key=key)
    assert services.delete_hand(hand=hand, by=official, version=version, key=key).repeated
    assert HandChange.objects.filter(action="deleted").count() == 1


def test_a_hand_deleted_meanwhile_cannot_be_edited(game, official):
    hand = enter(game, official, played(5, 0)).hand
    delete(hand, official)
    with pytest.raises(services.DeskError, match="no longer on this sheet"):
        edit(hand, official, played(10, 0))


def test_corrections_are_refused_in_a_walkover(game, official):
    hand = enter(game, official, played(5, 0)).hand
    Game.objects.filter(pk=game.pk).update(status=Game.Status.WALKOVER)
    with pytest.raises(services.DeskError, match=r"walkover \(W/O\)"):
        edit(hand, official, played(10, 0))


def test_a_correction_that_takes_both_sides_to_250_in_a_later_hand_asks_and_stores_it_there(
    game, official
):
    first = enter(game, official, played(100, 100)).hand
    enter(game, official, played(100, 100))
    last = enter(game, official, played(50, 40)).hand  # 250 - 240: side 1 won
    with pytest.raises(HandError, match="Hand 3 took both sides to 250") as asked:
        edit(first, official, played(100, 110))
    assert asked.value.field == "reached_first"
    # The official answers on the correction form; the answer is about hand 3.
    result = edit(first, official, played(100, 110, reached_first=1))
    assert (result.game.winner_seat, result.won) == (1, True)
    answers = (fresh(last).detail["reached_first"], fresh(first).detail["reached_first"])
    assert answers == (1, None)
    change = HandChange.objects.get(action="edited", hand=last)
    before, after = change.before["detail"], change.after["detail"]
    assert (before["reached_first"], after["reached_first"]) == (None, 1)


def test_an_edit_that_gives_the_game_to_the_other_side_says_so(game, official):
    last = enter(game, official, played(250, 0)).hand
    assert edit(last, official, played(0, 250)).won


def test_a_correction_to_the_same_figures_is_no_change(game, official):
    hand = enter(game, official, played(10, 0)).hand
    result = edit(hand, official, data={"play_0": 10, "play_1": None, "end": "none"})
    assert result.unchanged
    assert not HandChange.objects.filter(action="edited").exists()
    game.refresh_from_db()
    assert game.version == 1
