"""Officials racing each other on PostgreSQL: registration loses nothing and imports once.

Each test starts 8 threads together (a barrier) against the real database, as 8
officials' requests would run in 8 gunicorn workers. On SQLite every write transaction
takes the database's write lock first, so these races cannot happen there.
"""

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.errors import DeskError
from tournaments.models import Chapter, Player, RosterUpload, Tournament
from tournaments.services import roster_files

from .threads import THREADS, run_together

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def checked_upload(tournament, official, text: str) -> RosterUpload:
    upload = roster_files.upload_roster(
        tournament=tournament, by=official, filename="r.csv", data=text.encode()
    )
    return roster_files.check_roster_upload(upload_id=upload.pk)


# Without chapters: no new chapter's unique key stands in the way of a second import.
ROSTER = "name\n" + "".join(f"Player {n:02d}\n" for n in range(30))
WITH_CHAPTERS = "name,chapter\n" + "".join(f"Player {n:02d},Club {n % 5}\n" for n in range(30))


def test_eight_confirms_of_one_preview_import_it_once(postgres, tournament, official):
    upload = checked_upload(tournament, official, ROSTER)
    assert upload.can_import

    def confirm(index):
        client = Client()
        client.force_login(official)
        response = client.post(
            reverse("desk:roster_confirm", args=[tournament.slug]),
            {"upload": upload.pk},
            follow=True,
        )
        assert response.status_code == 200
        return response.content.decode()

    pages = run_together(confirm)
    assert not [p for p in pages if isinstance(p, Exception)], pages
    assert sum("Imported 30 players." in page for page in pages) == 1
    assert sum("already been imported" in page for page in pages) == THREADS - 1
    assert Player.objects.filter(tournament=tournament).count() == 30


def test_eight_confirms_of_the_lines_that_pass_import_them_once(postgres, tournament, official):
    upload = checked_upload(tournament, official, ROSTER + "Player 03\n\u200b\n")
    assert upload.can_import and upload.refused_lines == [32, 33]

    def confirm(index):
        client = Client()
        client.force_login(official)
        response = client.post(
            reverse("desk:roster_confirm", args=[tournament.slug]),
            {"upload": upload.pk, "refused": "32,33"},
            follow=True,
        )
        assert response.status_code == 200
        return response.content.decode()

    pages = run_together(confirm)
    assert not [p for p in pages if isinstance(p, Exception)], pages
    assert sum("Imported 30 players. 2 lines were refused" in page for page in pages) == 1
    assert sum("already been imported" in page for page in pages) == THREADS - 1
    assert Player.objects.filter(tournament=tournament).count() == 30


def test_two_files_holding_the_same_names_confirmed_at_once_import_one(
    postgres, tournament, official
):
    uploads = [
        checked_upload(tournament, official, ROSTER if n % 2 else WITH_CHAPTERS)
        for n in range(THREADS)
    ]

    def confirm(index):
        return roster_files.import_roster_upload(upload=uploads[index], by=official)

    results = run_together(confirm)
    assert [r for r in results if not isinstance(r, Exception)] == [30]
    refused = [r for r in results if isinstance(r, DeskError)]
    assert len(refused) == THREADS - 1
    assert all("30 players are already registered" in str(r) for r in refused)
    assert Player.objects.filter(tournament=tournament).count() == 30


@pytest.mark.parametrize("attempt", range(10))
def test_officials_adding_players_with_one_new_chapter_at_once_lose_nobody(
    postgres, tournament, official, attempt
):
    spellings = ["Lone Star", "lone star", "LONE STAR", "Lone  Star", "lone Star", "LONE star"]

    def add(index):
        return services.add_player(
            tournament=tournament,
            by=official,
            name=f"Player {index}",
            chapter_name=spellings[index % len(spellings)] + f" {attempt}",
        )

    results = run_together(add)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert Player.objects.filter(tournament=tournament).count() == THREADS
    chapters = Chapter.objects.filter(tournament=tournament)
    assert chapters.count() == 1
    assert {p.chapter_id for p in results} == {chapters.get().pk}


def test_an_import_and_a_registration_adding_one_new_chapter_at_once(
    postgres, tournament, official
):
    uploads = checked_upload(tournament, official, "name,chapter\nAda,Hill Country\nBob,X\n")

    def work(index):
        if index == 0:
            return roster_files.import_roster_upload(upload=uploads, by=official)
        return services.add_player(
            tournament=tournament, by=official, name=f"Hand {index}", chapter_name="HILL COUNTRY"
        )

    results = run_together(work)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert Chapter.objects.filter(tournament=tournament, name_key="hill country").count() == 1
    assert Player.objects.filter(tournament=tournament).count() == 2 + THREADS - 1


def test_two_officials_taking_one_address_at_once(postgres, official):
    import datetime

    day = datetime.date(2026, 11, 21)

    def create(index):
        return services.create_tournament(
            by=official, name=f"Rally {index}", slug="fall-rally", starts_on=day, ends_on=day
        )

    results = run_together(create)
    assert len([r for r in results if isinstance(r, Tournament)]) == 1
    refused = [r for r in results if isinstance(r, DeskError)]
    assert len(refused) == THREADS - 1 and "is taken" in str(refused[0])
