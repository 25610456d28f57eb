"""The games' hands are scored and folded as the file is read (`meaning_games`): a file
whose hands come in another order, a hand past its game's count, or more hands held than
the restore keeps at once are all still held to the rules, from the hands as written."""

import json
import uuid

import pytest

from scoring.backup import BackupError, meaning_games, restore_backup
from scoring.models import Hand
from tests.scoring.test_backup import backup_bytes, resign
from tests.scoring.test_backup_meaning import _bigger_hand, _hand_of, _played_game
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_hands_out_of_their_order_in_the_file_are_folded_by_number(played_tournament, official):
    data = json.loads(backup_bytes(played_tournament))
    data["hands"].reverse()
    copy = restore_backup(resign(data), by=official, slug="reversed")
    numbers = Hand.objects.filter(game__event__tournament=copy).values_list("number", flat=True)
    assert sorted(numbers) == sorted(h["number"] for h in data["hands"])


def test_a_hand_past_its_games_count_is_refused(played_tournament, official):
    data = json.loads(backup_bytes(played_tournament))
    game = _played_game(data)
    extra = dict(_hand_of(data, game["id"]))
    extra.update(
        id=max(h["id"] for h in data["hands"]) + 1,
        number=game["hand_count"] + 1,
        entry_key=str(uuid.uuid4()),
    )
    data["hands"].append(extra)
    data["counts"]["hands"] += 1
    hands = Hand.objects.count()
    with pytest.raises(BackupError, match=f"“hand_count” {game['hand_count']} is not its"):
        restore_backup(resign(data), by=official, slug="edited")
    assert Hand.objects.count() == hands
    assert not Tournament.objects.filter(slug="edited").exists()


@pytest.fixture
def hold_none(monkeypatch):
    """The restore holds no hand: every game is checked from its hands as written."""
    monkeypatch.setattr(meaning_games, "HOLD", 0)


def test_games_checked_from_their_hands_as_written_refuse_a_bad_hand(
    played_tournament, official, hold_none
):
    data = json.loads(backup_bytes(played_tournament))
    _bigger_hand(data)
    with pytest.raises(
        BackupError, match=r"hand record \d+ \(hand 1 of game record \d+\): “points”"
    ):
        restore_backup(resign(data), by=official, slug="edited")
    assert not Tournament.objects.filter(slug="edited").exists()


def test_games_checked_from_their_hands_as_written_restore_a_whole_file(
    played_tournament, official, hold_none
):
    copy = restore_backup(backup_bytes(played_tournament), by=official, slug="whole")
    assert Hand.objects.filter(game__event__tournament=copy).count() == 4
