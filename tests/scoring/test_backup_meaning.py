"""A restore holds the file to what the desk itself enforces, not only to its structure: a
hand-edited file with its checksum made to match is refused, naming the record, the field
and why, and nothing is written."""

import json

import pytest
from django.contrib.auth import get_user_model

from scoring.backup import BackupError, restore_backup
from scoring.models import Hand
from tests.scoring.test_backup import backup_bytes, resign
from tournaments.models import Game, Player, Tournament

pytestmark = pytest.mark.django_db


def _first(data, section, **match):
    return next(r for r in data[section] if all(r[k] == v for k, v in match.items()))


def _hand_of(data, game_id):
    return next(h for h in data["hands"] if h["game"] == game_id)


def _played_game(data):
    """The bracket game with three hands, won by seat 0."""
    return _first(data, "games", status="finished", event=data["events"][0]["id"])


def _other_events_team(data):
    game = _played_game(data)
    return _first(data, "teams", event=data["events"][1]["id"])["id"], game


def _bigger_hand(data):
    _hand_of(data, _played_game(data)["id"])["points"] = [99999, 5]


def _text_points(data):
    _hand_of(data, _played_game(data)["id"])["points"] = "x"


def _negative_total(data):
    _first(data, "sides", game=_played_game(data)["id"], seat=0)["total"] = -5000


def _winner_seat_7(data):
    _played_game(data)["winner_seat"] = 7


def _side_of_another_event(data):
    team, game = _other_events_team(data)
    _first(data, "sides", game=game["id"], seat=1)["team"] = team


def _player_twice_in_a_team(data):
    members = [m for m in data["team_members"] if m["team"] == data["teams"][0]["id"]]
    members[1]["player"] = members[0]["player"]


CASES = [
    (_bigger_hand, r"hand record \d+ \(hand 1 of game record \d+\): “points” \[99999, 5\] are not"),
    (_text_points, r"“points” x are not the \[\d+, \d+\] it scores"),
    (_negative_total, r"game record \d+: its side totals \[-5000, \d+\] are not the"),
    (_winner_seat_7, r"game record \d+: “winner_seat” 8 is none of its 2 sides"),
    (lambda d: d["games"][0].update(status="bogus"), "“status” “bogus” is none of the desk"),
    (lambda d: d["events"][0].update(format="bogus"), "“format” “bogus” is none of the desk"),
    (
        lambda d: d["events"][1].update(options={"sit_out_points": -3}),
        r"Record 2 of the events \(Double Takes\): “options”: .*sat out: -3 is less than 0",
    ),
    (
        lambda d: d["events"][0].update(options={"blocked_scoring": "bogus"}),
        r"Record 1 of the events \(Doubles\): “options”",
    ),
    (lambda d: d["players"][0].update(name=""), "Record 1 of the players: “name”: Type the"),
    (lambda d: d["players"][0].update(name="   "), "Record 1 of the players: “name”: Type the"),
    (
        lambda d: d["players"][0].update(name="Ann\x07 Bell"),
        "Record 1 of the players: “name” holds control characters",
    ),
    (lambda d: d["chapters"][0].update(name="\u202eLone"), "chapters: “name” holds control"),
    (lambda d: d["events"][0].update(name=""), "Record 1 of the events: “name”: Type the"),
    (lambda d: d["tournament"].update(name="\x00"), "The tournament: “name” holds a NUL"),
    (_player_twice_in_a_team, "break a rule of the desk"),
    (_side_of_another_event, r"game record \d+, side 2: its team plays another event"),
    (lambda d: d["events"][0].update(team_size=3), "“options”: Texas Good Sams is played by"),
]


@pytest.mark.parametrize(("change", "message"), CASES, ids=[c[0].__name__ for c in CASES])
def test_a_file_that_does_not_hold_together_is_refused_whole(
    played_tournament, official, change, message
):
    data = json.loads(backup_bytes(played_tournament))
    change(data)
    before = (Tournament.objects.count(), Player.objects.count(), Hand.objects.count())
    accounts = get_user_model().objects.count()
    with pytest.raises(BackupError, match=message):
        restore_backup(resign(data), by=official, slug="edited")
    after = (Tournament.objects.count(), Player.objects.count(), Hand.objects.count())
    assert after == before
    assert get_user_model().objects.count() == accounts


def test_the_first_few_problems_are_named_together(played_tournament, official):
    data = json.loads(backup_bytes(played_tournament))
    _negative_total(data)
    _winner_seat_7(data)
    with pytest.raises(BackupError) as refused:
        restore_backup(resign(data), by=official, slug="edited")
    said = str(refused.value)
    assert said.startswith("The file does not hold together: ")
    assert "“winner_seat” 8" in said and "side totals [-5000" in said
    assert said.endswith("Nothing was restored.")


def test_a_result_the_hands_do_not_make_is_refused(played_tournament, official):
    data = json.loads(backup_bytes(played_tournament))
    game = _played_game(data)
    game["winner_seat"] = 1
    with pytest.raises(BackupError, match=r"its result \(finished, winner seat 1\) is not what"):
        restore_backup(resign(data), by=official, slug="edited")


def test_a_hand_count_that_is_not_its_hands_is_refused(played_tournament, official):
    data = json.loads(backup_bytes(played_tournament))
    _played_game(data)["hand_count"] = 9
    with pytest.raises(BackupError, match="“hand_count” 9 is not its 3 hands"):
        restore_backup(resign(data), by=official, slug="edited")


def test_a_game_without_hands_keeps_no_totals(played_tournament, official):
    data = json.loads(backup_bytes(played_tournament))
    waiting = _first(data, "games", status="waiting")
    _first(data, "sides", game=waiting["id"], seat=0)["total"] = 40
    with pytest.raises(BackupError, match="its sides have totals but it has no hands"):
        restore_backup(resign(data), by=official, slug="edited")


def test_seats_run_from_one_to_the_number_of_sides(played_tournament, official):
    data = json.loads(backup_bytes(played_tournament))
    _first(data, "sides", game=_played_game(data)["id"], seat=1)["seat"] = 5
    with pytest.raises(BackupError, match="its sides sit at seats 1, 6, not 1 to 2"):
        restore_backup(resign(data), by=official, slug="edited")


def test_an_untouched_file_holds_together_and_is_restored(played_tournament, official):
    copy = restore_backup(backup_bytes(played_tournament), by=official, slug="whole")
    for tournament in (played_tournament, copy):
        games = Game.objects.filter(event__tournament=tournament)
        assert games.filter(status="finished").count() == 1
        assert games.filter(status="playing").count() == 1
