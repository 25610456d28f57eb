"""Adding a hand: the rules decide, one transaction writes, the bracket follows the winner."""

import re
import uuid

import pytest

from games.rules.texas_good_sams import entry as tgs
from games.rules.texas_good_sams.entry import Entry as HandEntry
from scoring import services
from scoring.models import Hand, HandChange
from scoring.services import HandError, StaleSheet
from tests.factories import EventFactory
from tests.scoring.builders import enter, make_game, make_ready_game, make_team, out, played
from tests.scoring.builders import penalty as PenaltyEntry
from tournaments.errors import DeskError
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def totals(game):
    return tuple(side.total for side in game.sides.order_by("seat"))


def players(game, seat):
    return [m.player for m in game.sides.get(seat=seat).team.members]


def rescored(hand):
    """Return the hand's parts as the rules score them again from its stored detail."""
    event = hand.game.event
    table = event.game.table(event.options, sides=2, team_size=event.team_size)
    entry = event.game.entry_from_data(hand.detail, table, event.options)
    return tgs.score_entry_parts(entry, event.game.game_options(event.options))


def pips(hand):
    return (hand.detail["pips_0"], hand.detail["pips_1"])


def test_a_hand_is_saved_and_the_game_totals_follow(game, official):
    event = game.event
    before = event.changed_at
    result = enter(game, official, out(0, 13, play=(10, 5)))
    hand = result.hand
    assert (hand.number, tuple(hand.points)) == (1, (25, 5))
    game.refresh_from_db()
    assert totals(game) == (25, 5)
    assert (game.hand_count, game.status, game.version) == (1, Game.Status.PLAYING, 1)
    event.refresh_from_db()
    assert event.changed_at > before


def test_the_opponents_raw_pips_are_kept_and_the_award_is_rounded(game, official):
    hand = enter(game, official, out(1, 13)).hand
    assert pips(hand) == (13, None)
    assert rescored(hand).end_award == (0, 15)
    assert rescored(hand).rounded_pips == (15, None)


def test_pips_typed_as_0_for_the_side_that_went_out_are_ignored(game, official):
    entry = HandEntry(end="out", out_seat=0, pips=(0, 22))
    hand = enter(game, official, entry).hand
    assert (rescored(hand).raw_pips, tuple(hand.points)) == ((None, 22), (20, 0))


def test_a_blocked_hand_gives_the_lower_side_the_other_sides_pips(game, official):
    hand = enter(game, official, HandEntry(end="blocked", pips=(12, 33))).hand
    assert tuple(hand.points) == (35, 0)
    assert pips(hand) == (12, 33)


def test_a_blocked_hand_scores_the_difference_when_the_event_says_so(tournament, official):
    event = EventFactory(
        tournament=tournament, name="Diff", options={"blocked_scoring": "difference"}
    )
    game = make_game(event, (make_team(event, 1), make_team(event, 2)))
    hand = enter(game, official, HandEntry(end="blocked", pips=(12, 33))).hand
    assert tuple(hand.points) == (20, 0)


def test_equal_blocked_pips_score_nothing(game, official):
    hand = enter(game, official, HandEntry(end="blocked", pips=(20, 20))).hand
    assert tuple(hand.points) == (0, 0)


def test_claimed_muggins_go_to_the_claiming_side(game, official):
    hand = enter(game, official, HandEntry(play=(10, 0), muggins=(0, 15))).hand
    muggins = (hand.detail["muggins_0"], hand.detail["muggins_1"])
    assert (*muggins, tuple(hand.points)) == (0, 15, (10, 15))


def test_a_penalty_gives_50_to_the_other_side_and_keeps_who_and_why(game, official):
    offender = players(game, 1)[0]
    entry = played(5, 0, penalties=[PenaltyEntry(1, "renege", offender)])
    hand = enter(game, official, entry).hand
    assert tuple(hand.points) == (55, 0)
    assert rescored(hand).penalty_points == (50, 0)
    (penalty,) = Hand.objects.get(pk=hand.pk).detail["penalties"]
    assert (penalty["side"], penalty["offender"], penalty["reason"]) == (1, offender.pk, "renege")


def test_each_penalty_counts(game, official):
    a, b = players(game, 0)
    entry = played(
        0,
        0,
        penalties=[
            PenaltyEntry(0, "talking", a),
            PenaltyEntry(0, "exposed", b),
        ],
    )
    assert tuple(enter(game, official, entry).hand.points) == (0, 100)


def test_hands_are_numbered_in_order(game, official):
    numbers = [enter(game, official, played(5, 0)).hand.number for _ in range(3)]
    assert numbers == [1, 2, 3]


def test_the_history_records_who_added_the_hand_and_what(game, official):
    hand = enter(game, official, out(0, 8, play=(20, 0))).hand
    change = HandChange.objects.get(game=game)
    assert (change.action, change.by, change.hand, change.hand_number) == (
        "added",
        official,
        hand,
        1,
    )
    assert change.before is None
    assert change.after["points"] == [30, 0]
    assert [change.after["detail"]["pips_0"], change.after["detail"]["pips_1"]] == [None, 8]


@pytest.mark.parametrize(
    ("entry", "field", "message"),
    [
        (played(12, 0), "play_0", "Side 1's play points: 12 is not a multiple of 5"),
        (played(0, -5), "play_1", "Side 2's play points: -5 is less than 0"),
        (HandEntry(muggins=(0, 7)), "muggins_1", "Side 2's muggins points: 7 is not a multiple"),
        (played(1005, 0), "play_0", "1005 is more than 1000"),
        (
            HandEntry(end="blocked", pips=(10, None)),
            "pips_1",
            "A blocked hand needs both sides' pips",
        ),
        (
            HandEntry(end="blocked", pips=(None, 10)),
            "pips_0",
            "A blocked hand needs both sides' pips",
        ),
        (HandEntry(end="blocked", pips=(100, 80)), "pips_1", "add up to 180, more than the 168"),
        (HandEntry(end="out", out_seat=0), "pips_1", "Enter the pips left in the opponents' hands"),
        (HandEntry(end="out", out_seat=0, pips=(169, None)), "pips_0", "169 is more than 168"),
        (HandEntry(end="out", out_seat=1, pips=(170, None)), "pips_0", "Side 1's pips left: 170"),
        (
            HandEntry(end="out", out_seat=1, pips=(10, 5)),
            "pips_1",
            "takes the opponents' pips only",
        ),
        (HandEntry(end="none", pips=(10, None)), "pips_0", "Pips are entered only for a hand"),
        (HandEntry(end="sideways"), "end", "is not a way a hand ends"),
    ],
)
def test_a_refused_hand_names_the_field_and_saves_nothing(game, official, entry, field, message):
    with pytest.raises(HandError, match=message) as refused:
        enter(game, official, entry)
    assert refused.value.field == field
    game.refresh_from_db()
    assert not Hand.objects.exists()
    assert not HandChange.objects.exists()
    assert (game.version, game.hand_count, totals(game)) == (0, 0, (0, 0))


def test_a_penalty_with_an_unknown_reason_is_refused_at_its_row(game, official):
    offender = players(game, 0)[0]
    data = {"end": "none", "penalties": [{"side": 0, "reason": "snoring", "offender": offender.pk}]}
    with pytest.raises(HandError, match='"snoring" is not a penalty reason') as refused:
        enter(game, official, data=data)
    assert refused.value.field == "penalty-0"
    assert not Hand.objects.exists()


def test_a_penalty_on_a_player_of_the_other_side_is_refused(game, official):
    stranger = players(game, 1)[0]
    entry = played(0, 0, penalties=[PenaltyEntry(0, "talking", stranger)])
    with pytest.raises(HandError, match=f"{stranger.name} does not play for Side 1") as refused:
        enter(game, official, entry)
    assert refused.value.field == "penalty-0"
    assert not Hand.objects.exists()


def test_the_game_is_won_at_250_and_the_winner_goes_on_in_the_bracket(bracket, official):
    _event, games = bracket
    game, final = games[(1, 0)], games[(2, 0)]
    winners = game.sides.get(seat=1).team
    enter(game, official, played(0, 200))
    result = enter(game, official, out(1, 48))
    assert result.won
    game.refresh_from_db()
    assert (game.status, game.winner_seat, totals(game)) == (Game.Status.FINISHED, 1, (0, 250))
    assert final.sides.get(seat=0).team == winners


def test_a_side_passing_250_wins_even_when_the_other_side_is_close(game, official):
    enter(game, official, played(240, 245))
    result = enter(game, official, played(0, 10))
    assert result.won
    assert result.game.winner_seat == 1


def test_both_sides_reaching_250_in_one_hand_asks_which_was_first(game, official):
    enter(game, official, played(240, 240))
    with pytest.raises(HandError, match="Hand 2 took both sides to 250: say which side") as asked:
        enter(game, official, played(10, 10))
    assert asked.value.field == "reached_first"
    assert Hand.objects.count() == 1
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING


def test_the_side_that_reached_250_first_wins(game, official):
    enter(game, official, played(240, 240))
    result = enter(game, official, played(10, 10, reached_first=1))
    assert result.won
    assert result.game.winner_seat == 1
    assert result.hand.detail["reached_first"] == 1


@pytest.mark.parametrize(
    ("status", "message"),
    [
        (Game.Status.FINISHED, "This game is finished: no more hands can be added"),
        (Game.Status.WALKOVER, "walkover (W/O): it has no hands"),
        (Game.Status.BYE, "This game is a bye"),
        (Game.Status.WAITING, "waiting for a side"),
        (Game.Status.VOID, "voided"),
    ],
)
def test_no_hand_is_added_to_a_game_that_is_not_being_played(game, official, status, message):
    Game.objects.filter(pk=game.pk).update(status=status)
    with pytest.raises(DeskError, match=re.escape(message)):
        enter(game, official, played(5, 0))
    assert not Hand.objects.exists()


def test_no_hand_is_added_once_the_game_is_won(game, official):
    enter(game, official, played(250, 0))
    with pytest.raises(DeskError, match="This game is finished"):
        enter(game, official, played(5, 0))
    assert Hand.objects.count() == 1


def test_a_game_at_a_table_its_rules_do_not_allow_is_not_scored(tournament, official):
    event = EventFactory(tournament=tournament, name="Three sides")
    teams = (make_team(event, 1), make_team(event, 2), make_team(event, 3))
    game = make_game(event, teams)
    with pytest.raises(DeskError, match="This game cannot be scored: A table here seats 2"):
        enter(game, official, played(5, 0))
    assert not Hand.objects.exists()


def test_a_form_sent_twice_records_one_hand(game, official):
    key = uuid.uuid4()
    first = services.add_hand(game=game, by=official, version=0, key=key, entry=played(5, 0))
    again = services.add_hand(game=game, by=official, version=0, key=key, entry=played(5, 0))
    assert again.repeated
    assert again.hand == first.hand
    game.refresh_from_db()
    assert (Hand.objects.count(), game.hand_count, totals(game)) == (1, 1, (5, 0))


def test_a_stale_sheet_is_refused_and_saves_nothing(game, official):
    enter(game, official, played(5, 0))
    with pytest.raises(StaleSheet, match="Another official changed this game"):
        services.add_hand(game=game, by=official, version=0, key=uuid.uuid4(), entry=played(10, 0))
    assert Hand.objects.count() == 1


def test_a_form_key_from_another_game_is_refused(tournament, game, official):
    other = make_ready_game(tournament, event=game.event, position=5)
    key = uuid.uuid4()
    services.add_hand(game=game, by=official, version=0, key=key, entry=played(5, 0))
    with pytest.raises(DeskError, match="That form was for another game"):
        services.add_hand(game=other, by=official, version=0, key=key, entry=played(5, 0))
    assert not other.hands.exists()


def test_who_reached_250_first_must_be_one_of_the_two_sides(game, official):
    with pytest.raises(HandError, match="The side that reached 250 first must be Side 1 or Side 2"):
        enter(game, official, played(5, 0, reached_first=2))
    assert not Hand.objects.exists()


def test_every_penalty_on_a_player_of_the_other_side_is_refused_at_its_row(game, official):
    first, second = players(game, 1)[:2]
    entry = played(
        0,
        0,
        penalties=[PenaltyEntry(0, "talking", first), PenaltyEntry(0, "renege", second)],
    )
    with pytest.raises(HandError) as refused:
        enter(game, official, entry)
    assert [field for field, _ in refused.value.problems] == ["penalty-0", "penalty-1"]
    assert second.name in refused.value.problems[1][1]
    assert not Hand.objects.exists()
