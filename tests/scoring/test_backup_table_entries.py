"""The backup carries hands entered at tables: where, who entered and confirmed, and the
entries still waiting; a restored copy is held to what the table services keep."""

import io
import json
import uuid

import pytest

from scoring import backup
from scoring.backup import BackupError, checksum_of, restore_backup
from scoring.models import Hand, HandChange, TableEntry
from scoring.services import table, table_links
from tests.scoring.builders import enter, make_bracket, played
from tournaments.models import Game, Tournament

pytestmark = pytest.mark.django_db


def backup_bytes(tournament) -> bytes:
    stream = io.BytesIO()
    backup.write_backup(tournament, stream)
    return stream.getvalue()


def resign(data: dict) -> bytes:
    data["checksum"] = checksum_of(data)
    return json.dumps(data).encode()


@pytest.fixture
def tables(tournament, official):
    """Two semi-finals: one with a desk hand and a table hand confirmed, then one waiting;
    the other with a disputed table hand."""
    _, games = make_bracket(tournament)
    first, second = games[(1, 0)], games[(1, 1)]
    enter(first, official, played(10, 5))
    for game, entries in ((first, [played(20, 5), played(30, 5)]), (second, [played(40, 0)])):
        link = table_links.links_for([game])[game.pk]
        seated = table.sitters(game.pk)
        ours = next(s for s in seated if s.seat == 0)
        theirs = next(s for s in seated if s.seat == 1)
        for index, entry in enumerate(entries):
            game.refresh_from_db()
            made = table.enter_hand(
                link=link,
                player=ours.pk,
                version=game.version,
                key=uuid.uuid4(),
                data=game.event.game.entry_to_data(entry),
            ).entry
            if game == first and index == 0:
                table.confirm_hand(
                    link=link, entry_id=made.pk, revision=made.revision, player=theirs.pk
                )
            elif game == second:
                table.dispute_hand(
                    link=link, entry_id=made.pk, revision=made.revision, player=theirs.pk
                )
    return first, second


def _story(tournament):
    hands = Hand.objects.filter(game__event__tournament=tournament).order_by(
        "game__position", "number"
    )
    entries = TableEntry.objects.filter(game__event__tournament=tournament).order_by(
        "game__position", "number", "status"
    )
    games = Game.objects.filter(event__tournament=tournament).order_by("round_number", "position")
    return {
        "hands": [
            (h.game.position, h.number, h.points, h.source, h.entered_by_name, h.confirmed_by_name)
            for h in hands
        ],
        "entries": [
            (e.game.position, e.number, e.points, e.status, e.entered_by_name, e.answered_by_name)
            for e in entries
        ],
        "games": [(g.position, g.table_hand, g.desk_only) for g in games],
        "sources": sorted(
            HandChange.objects.filter(game__event__tournament=tournament).values_list(
                "source", flat=True
            )
        ),
    }


def test_a_restored_copy_holds_the_tables_hands_and_what_waits(tables, tournament, official):
    before = _story(tournament)
    assert [row[3] for row in before["hands"]] == ["desk", "table"]
    assert {row[3] for row in before["entries"]} == {"confirmed", "waiting", "disputed"}
    copy = restore_backup(backup_bytes(tournament), by=official, slug="copy")
    assert _story(copy) == before
    waiting = TableEntry.objects.get(game__event__tournament=copy, status="waiting")
    # The restored copy's waiting hand can be confirmed there, through a new link.
    game = waiting.game
    link = table_links.links_for([game])[game.pk]
    theirs = next(s for s in table.sitters(game.pk) if s.seat == 1)
    table.confirm_hand(link=link, entry_id=waiting.pk, revision=waiting.revision, player=theirs.pk)
    assert Hand.objects.filter(game=game).count() == 3


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["games"][0].update(table_hand=""), "“table_hand” “” is not “waiting”"),
        (
            lambda d: next(e for e in d["table_entries"] if e["status"] == "waiting").update(
                points=[99, 0]
            ),
            "“points” [99, 0] are not the [30, 5] it scores",
        ),
        (
            lambda d: next(e for e in d["table_entries"] if e["status"] == "waiting").update(
                number=7
            ),
            "“number” 7 is not its game's next hand",
        ),
        (
            lambda d: next(e for e in d["table_entries"] if e["status"] == "waiting").update(
                status="bogus"
            ),
            "bogus",
        ),
    ],
    ids=["table state", "points", "number", "status"],
)
def test_a_table_entry_that_does_not_hold_is_refused(tables, tournament, official, change, message):
    data = json.loads(backup_bytes(tournament))
    data["games"].sort(key=lambda g: (g["round_number"], g["position"]))
    change(data)
    with pytest.raises(BackupError) as refused:
        restore_backup(resign(data), by=official, slug="bad")
    assert message in str(refused.value)
    assert not Tournament.objects.filter(slug="bad").exists()
