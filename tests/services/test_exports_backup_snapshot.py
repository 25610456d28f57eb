"""A backup taken while an official keeps entering hands is one consistent snapshot: in the
file every side's total is the sum of its hands, and every game's hand count its hands."""

import io
import json
import threading
import uuid
from collections import defaultdict

import pytest
from django.contrib.auth import get_user_model
from django.db import connections

from scoring import services
from scoring.backup import restore_backup, write_backup
from tests.scoring.builders import make_bracket, played
from tournaments.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


def check(raw: bytes) -> int:
    """Check a backup's totals against its hands; return how many hands it holds."""
    data = json.loads(raw)
    by = get_user_model().objects.first()
    restore_backup(raw, by=by, slug=f"check-{uuid.uuid4().hex[:8]}")  # the desk accepts it
    sums = defaultdict(int)
    counts = defaultdict(int)
    for hand in data["hands"]:
        counts[hand["game"]] += 1
        for seat, points in enumerate(hand["points"]):
            sums[(hand["game"], seat)] += points
    for side in data["sides"]:
        assert side["total"] == sums[(side["game"], side["seat"])], side
    for game in data["games"]:
        assert game["hand_count"] == counts[game["id"]], game
    return len(data["hands"])


def test_a_backup_is_consistent_while_hands_are_entered(postgres, official, tournament):
    _, games = make_bracket(tournament)
    ids = [games[(1, 0)].pk, games[(1, 1)].pk]
    stop = threading.Event()
    entered = []
    errors = []

    def enter_hands():
        try:
            while not stop.is_set() and len(entered) < 90:
                for game_id in ids:
                    game = Game.objects.get(pk=game_id)
                    services.add_hand(
                        game=game,
                        by=official,
                        version=game.version,
                        key=uuid.uuid4(),
                        entry=played(5, 5),
                    )
                    entered.append(game_id)
        except Exception as exc:  # pragma: no cover - shown by the assertion below
            errors.append(exc)
        finally:
            connections.close_all()

    writer = threading.Thread(target=enter_hands)
    writer.start()
    seen = []
    try:
        while writer.is_alive() and len(seen) < 30:
            stream = io.BytesIO()
            write_backup(tournament, stream)
            seen.append(check(stream.getvalue()))
    finally:
        stop.set()
        writer.join(timeout=60)
    assert not errors, errors
    assert len(set(seen)) > 1, "backups were taken while hands went in"
    stream = io.BytesIO()
    write_backup(tournament, stream)
    assert check(stream.getvalue()) == len(entered)
