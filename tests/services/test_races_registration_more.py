"""Chapters and entries changed by eight officials at once, on PostgreSQL: a message for
whoever comes second, never a server error, nothing left half done."""

from copy import copy

import pytest

from tests.factories import EventFactory
from tournaments import services
from tournaments.errors import DeskError
from tournaments.models import Chapter, Entry, Player, TeamMember

from .threads import THREADS, run_together

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def outcomes(results):
    unexpected = [r for r in results if isinstance(r, Exception) and not isinstance(r, DeskError)]
    assert not unexpected, unexpected
    return [r for r in results if not isinstance(r, Exception)], [
        str(r) for r in results if isinstance(r, DeskError)
    ]


@pytest.mark.parametrize("trial", range(5))
def test_eight_chapters_renamed_to_one_name_at_once(postgres, tournament, official, trial):
    chapters = [Chapter.objects.create(tournament=tournament, name=f"Club {n}") for n in range(8)]

    def rename(index):
        return services.rename_chapter(chapter=chapters[index], by=official, name="Lone Star")

    done, refused = outcomes(run_together(rename))
    assert len(done) == 1
    assert refused == ["There is already a chapter called Lone Star: merge the two instead."] * (
        THREADS - 1
    )


@pytest.mark.parametrize("trial", range(5))
def test_two_chapters_merged_into_each_other_at_once(postgres, tournament, official, trial):
    a = Chapter.objects.create(tournament=tournament, name="Lone Star")
    b = Chapter.objects.create(tournament=tournament, name="Hill Country")
    for n in range(6):
        Player.objects.create(tournament=tournament, name=f"P{n}", chapter=(a, b)[n % 2])

    def merge(index):
        # Each request reads its own copies, before the other deletes one.
        source, target = (a, b) if index % 2 else (b, a)
        return services.merge_chapters(source=copy(source), target=copy(target), by=official)

    done, refused = outcomes(run_together(merge))
    assert len(done) == 1
    assert all("no longer" in text for text in refused), refused
    left = Chapter.objects.filter(tournament=tournament)
    assert left.count() == 1
    assert Player.objects.filter(tournament=tournament, chapter=left.get()).count() == 6


@pytest.mark.parametrize("trial", range(5))
def test_players_leaving_an_event_while_its_partners_are_drawn(
    postgres, tournament, official, trial
):
    event = EventFactory(tournament=tournament, name="Doubles")
    players = [
        Player.objects.create(tournament=tournament, name=f"P{n}", checked_in=True)
        for n in range(12)
    ]
    Entry.objects.bulk_create([Entry(event=event, player=p) for p in players])

    def work(index):
        if index % 2:
            return services.draw_partners_for_event(event=event, by=official, seed=index)
        return services.set_entries(player=players[index], by=official, events=[])

    outcomes(run_together(work))
    entered = set(Entry.objects.filter(event=event).values_list("player_id", flat=True))
    drawn = set(TeamMember.objects.filter(event=event).values_list("player_id", flat=True))
    assert drawn <= entered
