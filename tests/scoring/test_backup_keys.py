"""A restored hand keeps its form key unless this database holds that key already (the
copy restored beside its original): then it gets a new one, drawn where it is written."""

import json

import pytest

from scoring.backup import restore_backup
from scoring.models import Hand, HandChange
from tests.scoring.test_backup import backup_bytes

pytestmark = pytest.mark.django_db


def test_free_form_keys_are_kept_and_taken_ones_renewed(played_tournament, official):
    raw = backup_bytes(played_tournament)
    filed = {hand["entry_key"] for hand in json.loads(raw)["hands"]}
    originals = Hand.objects.filter(game__event__tournament=played_tournament).order_by("pk")
    kept = originals.first()
    originals.exclude(pk=kept.pk).delete()
    copy = restore_backup(raw, by=official, slug="keys")
    restored = {
        str(key)
        for key in Hand.objects.filter(game__event__tournament=copy).values_list(
            "entry_key", flat=True
        )
    }
    assert len(restored) == len(filed)
    assert restored & filed == filed - {str(kept.entry_key)}


def test_small_batches_with_ids_taken_ahead_restore_the_same_records(
    played_tournament, official, monkeypatch
):
    """Every batch of two rows, the next batch's ids taken ahead (PostgreSQL's sender)."""
    from scoring.backup import restore as restoring
    from scoring.backup import rows

    monkeypatch.setattr(restoring, "BATCH", 2)
    monkeypatch.setattr(rows, "AHEAD", 1)
    copy = restore_backup(backup_bytes(played_tournament), by=official, slug="batches")
    hands = Hand.objects.filter(game__event__tournament=copy)
    changes = HandChange.objects.filter(game__event__tournament=copy)
    assert hands.count() == Hand.objects.filter(game__event__tournament=played_tournament).count()
    assert len(set(hands.values_list("pk", flat=True))) == hands.count()
    assert all(change.hand is None or change.hand.game_id == change.game_id for change in changes)
    assert set(changes.exclude(hand=None).values_list("hand_id", flat=True)) <= set(
        hands.values_list("pk", flat=True)
    )
    assert (
        json.loads(backup_bytes(copy))["counts"]
        == json.loads(backup_bytes(played_tournament))["counts"]
    )
