"""A table's phones at once, on PostgreSQL: eight phones entering the same hand store one;
a confirmation racing the official's decision counts the hand once or not at all; a phone
resending the same hand eight times stores it once."""

import uuid

import pytest

from scoring.models import Hand, TableEntry
from scoring.services import table, table_links
from scoring.services.table_links import TableRefused
from tests.scoring.builders import make_ready_game, played
from tournaments.models import Game

from .threads import THREADS, run_together

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TRIALS = 3


def _ready(tournament):
    game = make_ready_game(tournament)
    link = table_links.links_for([game])[game.pk]
    seated = table.sitters(game.pk)
    return game, link, seated


def _data(game, entry):
    return game.event.game.entry_to_data(entry)


@pytest.mark.parametrize("trial", range(TRIALS))
def test_eight_phones_entering_the_same_hand_store_one(postgres, tournament, trial):
    game, link, seated = _ready(tournament)
    version = Game.objects.get(pk=game.pk).version

    def enter(index):
        return table.enter_hand(
            link=link,
            player=seated[index % len(seated)].pk,
            version=version,
            key=uuid.uuid4(),
            data=_data(game, played(5 * (index + 1), 5)),
        )

    results = run_together(enter)
    stored = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, TableRefused)]
    assert len(stored) == 1 and len(refused) == THREADS - 1, results
    assert TableEntry.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).table_hand == "waiting"


@pytest.mark.parametrize("trial", range(TRIALS))
def test_one_phone_resending_a_hand_eight_times_stores_it_once(postgres, tournament, trial):
    game, link, seated = _ready(tournament)
    version = Game.objects.get(pk=game.pk).version
    key = uuid.uuid4()

    def resend(index):
        return table.enter_hand(
            link=link,
            player=seated[0].pk,
            version=version,
            key=key,
            data=_data(game, played(35, 0)),
        )

    results = run_together(resend)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sum(not r.repeated for r in results) == 1
    assert TableEntry.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("trial", range(TRIALS))
def test_confirmations_racing_the_officials_decision_count_the_hand_at_most_once(
    postgres, tournament, official, trial
):
    game, link, seated = _ready(tournament)
    entry = table.enter_hand(
        link=link,
        player=seated[0].pk,
        version=Game.objects.get(pk=game.pk).version,
        key=uuid.uuid4(),
        data=_data(game, played(100, 5)),
    ).entry
    opponents = [s for s in seated if s.seat != 0]

    def answer(index):
        if index == 0:
            return table.delete_entry(entry=entry, by=official)
        if index == 1:
            return table.accept_hand(entry=entry, by=official)
        return table.confirm_hand(
            link=link,
            entry_id=entry.pk,
            revision=entry.revision,
            player=opponents[index % len(opponents)].pk,
        )

    run_together(answer)
    entry.refresh_from_db()
    hands = Hand.objects.filter(game=game).count()
    assert hands <= 1
    if entry.status == TableEntry.Status.DELETED:
        assert hands == 0
    else:
        assert entry.status in {"confirmed", "accepted"} and hands == 1
        assert Hand.objects.get(game=game).points == [100, 5]
    assert Game.objects.get(pk=game.pk).table_hand == ""
