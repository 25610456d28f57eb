"""A file past what the database or the parser can take is refused in one line, on the page
and on the command line: no 500, no traceback, nothing written."""

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from scoring.backup import BackupError, restore_backup
from tests.scoring.test_backup import backup_bytes, resign
from tournaments.models import Player, Tournament

pytestmark = pytest.mark.django_db

DEPTH = 100_000


def _deep(data) -> bytes:
    """The file with one hand's detail nested far deeper than any recursion limit."""
    data["hands"][0]["detail"] = "__deep__"
    return resign(data).replace(b'"__deep__"', b"[" * DEPTH + b"]" * DEPTH)


def _nul_in_detail(data):
    data["hands"][0]["detail"]["penalties"][0]["reason"] = "talk\x00ing"
    return resign(data)


CASES = {
    "deeply nested": (_deep, "The file is damaged: it nests values more than 24 deep"),
    "long name": (
        lambda d: resign(d["players"][0].update(name="A" * 10_000) or d),
        "Record 1 of the players: “name” is longer than the 80 characters the desk keeps",
    ),
    "NUL in text": (
        lambda d: resign(d["activity"][0].update(text="a\x00b") or d),
        "Record 1 of the activity: “text” holds a NUL character",
    ),
    "NUL in a hand": (_nul_in_detail, "Record 1 of the hands: “detail” holds a NUL character"),
    "huge team number": (
        lambda d: resign(d["teams"][0].update(number=2**40) or d),
        "Record 1 of the teams: “number” 1099511627776 is out of the range the desk stores",
    ),
    "huge round number": (
        lambda d: resign(d["games"][0].update(round_number=70_000) or d),
        "Record 1 of the games: “round_number” 70000 is out of the range the desk stores",
    ),
    "past 64 bits": (
        lambda d: resign(d["events"][0].update(partner_seed=2**70) or d),
        r"The file is damaged: it is not valid JSON \(parse error: integer overflow\)",
    ),
    "huge points": (
        lambda d: resign(d["hands"][0].update(points=[2**60, 0]) or d),
        "Record 1 of the hands: “points” holds a number larger than the desk ever stores",
    ),
}


def _plain(message: str) -> str:
    """The message's words up to its first pattern character, as the page shows them."""
    return message.split(" the desk")[0].split("\\")[0]


@pytest.fixture(params=list(CASES))
def bad_file(request, played_tournament):
    change, message = CASES[request.param]
    return change(json.loads(backup_bytes(played_tournament))), message


def test_the_restore_refuses_it_naming_the_record(bad_file, official):
    raw, message = bad_file
    before = (Tournament.objects.count(), Player.objects.count())
    with pytest.raises(BackupError, match=message):
        restore_backup(raw, by=official, slug="limits")
    assert (Tournament.objects.count(), Player.objects.count()) == before


def test_the_page_says_why_with_no_500(bad_file, official_client, settings, tmp_path):
    settings.DATA_DIR = tmp_path
    raw, message = bad_file
    upload = io.BytesIO(raw)
    upload.name = "edited.json"
    url = reverse("scoring:backup", args=["rally"])
    response = official_client.post(url, {"file": upload, "slug": "limits"}, follow=True)
    assert response.status_code == 200
    shown = response.content.decode()
    assert "Refused: " + _plain(message) in shown, shown[shown.find("Refused") :][:300]
    assert not Tournament.objects.filter(slug="limits").exists()


def test_the_command_says_why_in_one_line(bad_file, tmp_path):
    raw, message = bad_file
    path = tmp_path / "edited.json"
    path.write_bytes(raw)
    with pytest.raises(CommandError) as refused:
        call_command("import_tournament", str(path), "--slug", "limits", "--official", "olive")
    assert _plain(message) in str(refused.value)
    assert "\n" not in str(refused.value)
    assert not Tournament.objects.filter(slug="limits").exists()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (b'"talking"', b'"talk\\u0000ing"', "“detail” holds a NUL character"),
        (b'"penalties":[]', b'"penalties":' + b"[" * 30 + b"]" * 30, "nests values more than 24"),
        (b'"muggins_0":0', b'"muggins_0":12345678901234567', "holds a number larger than"),
    ],
    ids=["NUL", "deep", "huge"],
)
def test_a_file_in_the_desks_own_layout_is_checked_alike(
    played_tournament, official, old, new, message
):
    raw = backup_bytes(played_tournament)
    assert old in raw
    with pytest.raises(BackupError, match=message):
        restore_backup(raw.replace(old, new, 1), by=official, slug="limits")


def test_text_that_is_not_valid_unicode_is_refused_in_one_line(played_tournament, official):
    """Half of a surrogate pair (`\\ud800`) reads as JSON but no database takes it."""
    raw = backup_bytes(played_tournament)
    text = json.loads(raw)["activity"][0]["text"]
    edited = raw.replace(json.dumps(text, ensure_ascii=False).encode(), b'"Done\\ud800"', 1)
    assert edited != raw
    before = (Tournament.objects.count(), Player.objects.count())
    with pytest.raises(BackupError, match="not valid Unicode"):
        restore_backup(edited, by=official, slug="limits")
    assert (Tournament.objects.count(), Player.objects.count()) == before
