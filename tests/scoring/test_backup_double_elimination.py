"""A double elimination tournament backed up and restored keeps its brackets whole: every
game's winner and loser pointers, the reset's condition, the stored numbers and the
format's house rules; play goes on in the copy as a replay says."""

import io
import random

import pytest

from scoring import backup
from scoring.backup import restore_backup
from tests.tournaments.double_setup import DoubleDesk
from tests.tournaments.test_double_elimination_services import play_on
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def _layout(event) -> dict:
    games = {g.pk: g for g in Game.objects.filter(event=event)}

    def place(pk):
        return None if pk is None else (games[pk].stage, games[pk].round_number, games[pk].position)

    return {
        place(g.pk): (
            place(g.next_game_id),
            g.next_slot,
            place(g.loser_game_id),
            g.loser_slot,
            place(g.only_if_game_id),
            g.only_if_slot,
            g.number,
            g.status,
            g.winner_seat,
        )
        for g in games.values()
    }


def test_a_restored_double_elimination_plays_on_as_a_replay(tournament, official):
    desk = DoubleDesk(tournament, official, 10, reset=False)
    rng = random.Random(9)
    play_on(desk, rng, until=lambda d: len(d.results()) >= 8)
    stream = io.BytesIO()
    backup.write_backup(tournament, stream)
    copy = restore_backup(stream.getvalue(), by=official, slug="copy")
    restored = copy.events.get(name=desk.event.name)
    assert restored.format_options == {"reset": False}
    assert _layout(restored) == _layout(desk.event)
    desk.event, desk.team_number = restored, dict(restored.teams.values_list("pk", "number"))
    desk.assert_as_replayed()
    play_on(desk, rng)
    assert desk.replayed().champion is not None
