"""What a restore refuses in a file's structure, saying what is wrong, writing nothing."""

import json

import pytest

from scoring.backup import BackupError, read_head, restore_backup
from tests.scoring.test_backup import backup_bytes, resign
from tournaments.models import Chapter, Tournament

pytestmark = pytest.mark.django_db


def _changed(tournament, change) -> bytes:
    data = json.loads(backup_bytes(tournament))
    change(data)
    data["counts"] = {key: len(data[key]) for key in data["counts"] if key in data}
    if "exported_at" not in data or "activity" not in data:
        return json.dumps(data).encode()  # no checksum can be taken: it is refused before
    return resign(data)


def _without(key):
    def change(data):
        del data[key]

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_without("exported_at"), "The file is damaged: it has no “exported_at”"),
        (lambda d: d.update(tournament=[]), "its tournament is not readable"),
        (lambda d: d["chapters"].append(7), "its chapters are not records"),
        (lambda d: d["games"][1].update(next_game=424242), "“next_game” points at nothing"),
        (_without("activity"), "The file is incomplete: it has no “activity”"),
        (lambda d: d["hands"][0].update(game=31337), "its “game” points at nothing"),
        (lambda d: d["tournament"].update(ends_on="2000-01-01"), "last day is before its first"),
        (
            lambda d: d["games"][0].update(walkover_reason=" two  spaces"),
            "“walkover_reason” is not one trimmed line",
        ),
        (lambda d: d["games"][0].update(walkover_reason="x" * 201), "“walkover_reason”"),
        (lambda d: d["events"][0].update(options=[1]), "“options”: the house rules are not"),
        (
            lambda d: d["hands"][0]["detail"].update(penalties=[{"offender": "Ann"}]),
            "a penalty's offender is no player of the file",
        ),
        (
            lambda d: d["hands"][0]["detail"].update(penalties="talking"),
            "its “penalties” are not a list of penalties",
        ),
    ],
    ids=[
        "no head key",
        "tournament not a record",
        "record not a record",
        "deferred dangling",
        "section missing",
        "hand of no game",
        "days backwards",
        "reason not trimmed",
        "reason too long",
        "options not named",
        "offender not an id",
        "penalties not a list",
    ],
)
def test_a_broken_file_is_refused_saying_what_is_wrong(
    played_tournament, official, change, message
):
    raw = _changed(played_tournament, change)
    tournaments = Tournament.objects.count()
    with pytest.raises(BackupError, match=message):
        restore_backup(raw, by=official, slug="broken")
    assert Tournament.objects.count() == tournaments


def test_a_restore_needs_the_official_who_owns_it(played_tournament):
    with pytest.raises(BackupError, match="Name the official restoring the file"):
        restore_backup(backup_bytes(played_tournament), by=None, slug="x")


def test_a_counts_line_missing_is_an_incomplete_file(played_tournament, official):
    raw = _changed(played_tournament, lambda d: None)
    data = json.loads(raw)
    del data["counts"]
    with pytest.raises(BackupError, match="The file is incomplete"):
        restore_backup(json.dumps(data).encode(), by=official, slug="x")


def test_ids_taken_midway_are_given_afresh(played_tournament, official):
    """The tournament's id is free here but its chapters' are not: new ids for all."""
    raw = _changed(played_tournament, lambda d: d["tournament"].update(id=987654))
    copy = restore_backup(raw, by=official, slug="fresh")
    assert copy.pk != 987654
    assert Chapter.objects.filter(tournament=copy).count() == played_tournament.chapters.count()


def test_the_head_is_read_alone(played_tournament):
    head = read_head(backup_bytes(played_tournament))
    assert head["version"] == 4 and head["tournament"]["slug"] == "rally"
    with pytest.raises(BackupError, match="format version 9"):
        read_head(_changed(played_tournament, lambda d: d.update(version=9)))
    with pytest.raises(BackupError, match="its tournament is not readable"):
        read_head(_changed(played_tournament, lambda d: d.update(tournament="x")))
