"""A match of several games in the files: the exports, the backup and the API carry each
match's games (docs/rules.md, matches)."""

import csv
import json

import pytest

from scoring.backup import restore_backup
from scoring.backup.format import BackupError, checksum_of
from scoring.exports import write_results
from scoring.models import Hand
from tests.scoring.builders import enter, make_bracket, played
from tests.scoring.test_backup import backup_bytes
from tournaments.models import Side, Tournament

pytestmark = pytest.mark.django_db

API = "/api"


@pytest.fixture
def match(tournament, official):
    """A bracket whose first round is best of 3: one match won 2-1, one in its game 2."""
    event, games = make_bracket(tournament)
    event.options = {"games_to_win_first": 2}
    event.save(update_fields=["options"])
    first, second = games[(1, 0)], games[(1, 1)]
    for hand in [(250, 0), (0, 100), (0, 150), (250, 5)]:
        enter(first, official, played(*hand))
    enter(second, official, played(0, 250))
    enter(second, official, played(30, 0))
    return first, second


def _rows(path, name):
    with open(path / name, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_the_files_carry_each_matchs_length_games_won_and_each_hands_game(match, tmp_path):
    first, _ = match
    write_results(first.event.tournament, tmp_path)
    games = _rows(tmp_path, "games.csv")
    won = {(row["game"], row["side"]): (row["best_of"], row["games_won"]) for row in games}
    assert sorted(won.values()) == [("3", "0"), ("3", "1"), ("3", "1"), ("3", "2")]
    hands = _rows(tmp_path, "hands.csv")
    assert [row["match_game"] for row in hands if row["side"] == hands[0]["side"]][:4] == [
        "1",
        "2",
        "2",
        "3",
    ]


def test_a_backup_restores_the_matches_as_they_stand(match, official):
    first, _ = match
    raw = backup_bytes(first.event.tournament)
    copy = restore_backup(raw, by=official, slug="copy-of-matches")
    kept = Hand.objects.filter(game__event__tournament=copy).order_by("game__position", "number")
    assert list(kept.values_list("match_game", flat=True)) == [1, 2, 2, 3, 1, 2]
    sides = Side.objects.filter(game__event__tournament=copy, game__round_number=1)
    assert sorted(sides.values_list("games_won", flat=True)) == [0, 1, 1, 2]


def test_a_backup_whose_games_won_are_not_what_its_hands_make_is_refused(match, official):
    first, _ = match
    data = json.loads(backup_bytes(first.event.tournament))
    for side in data["sides"]:
        side["games_won"] = 0
    data["checksum"] = checksum_of(data)
    with pytest.raises(BackupError, match="games won"):
        restore_backup(json.dumps(data).encode(), by=official, slug="wrong-games")
    assert not Tournament.objects.filter(slug="wrong-games").exists()


def test_the_api_carries_the_games_of_each_match(client, match):
    _, second = match
    found = client.get(f"{API}/tournaments/rally/games/{second.pk}").json()
    assert found["best_of"] == 3 and found["status"] == "playing"
    assert [side["games_won"] for side in found["sides"]] == [0, 1]
    assert [side["score"] for side in found["sides"]] == [30, 0]
    assert [hand["match_game"] for hand in found["hands"]] == [1, 2]
