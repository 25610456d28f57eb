"""A restored hand keeps its form key unless this database holds that key already (the
copy restored beside its original): then it gets a new one, drawn where it is written."""

import json

import pytest

from scoring.backup import restore_backup
from scoring.models import Hand
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
