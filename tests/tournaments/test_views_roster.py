"""Roster import: the file is checked in a background task, previewed, then imported once."""

import datetime
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from tests.factories import ChapterFactory, EventFactory, PlayerFactory
from tournaments import background
from tournaments.models import Player, RosterUpload

pytestmark = pytest.mark.django_db


def upload(text: str, name="roster.csv"):
    return SimpleUploadedFile(name, text.encode("utf-8"), content_type="text/csv")


def preview(client, tournament, text, **data):
    """Upload a file and follow to its preview, as the browser does."""
    return client.post(
        reverse("desk:roster_import", args=[tournament.slug]),
        {"file": upload(text), **data},
        follow=True,
    )


def confirm(client, tournament, upload_id, refused=None, **kwargs):
    data = {"upload": upload_id} if refused is None else {"upload": upload_id, "refused": refused}
    return client.post(reverse("desk:roster_confirm", args=[tournament.slug]), data, **kwargs)


def test_preview_lists_the_rows_and_saves_nothing(official_client, tournament):
    response = preview(official_client, tournament, "name,chapter\nAda,Lone Star\nBob,\n")
    assert response.status_code == 200
    assert response.redirect_chain[0][0].endswith(f"?upload={RosterUpload.objects.get().pk}")
    assert "Check before importing: 2 players" in response.text
    assert not Player.objects.exists()


def test_confirming_the_preview_imports_everyone(official_client, tournament):
    event = EventFactory(tournament=tournament)
    response = preview(
        official_client, tournament, "name,chapter\nAda,Lone Star\nBob,\n", events=[event.pk]
    )
    upload_id = response.context["upload"].pk
    response = confirm(official_client, tournament, upload_id, follow=True)
    assert "Imported 2 players." in response.text
    assert set(tournament.players.values_list("name", flat=True)) == {"Ada", "Bob"}
    assert event.entries.count() == 2


def test_confirming_twice_imports_once_and_says_so(official_client, tournament):
    response = preview(official_client, tournament, "name\nAda\nBob\n")
    upload_id = response.context["upload"].pk
    confirm(official_client, tournament, upload_id)
    response = confirm(official_client, tournament, upload_id, follow=True)
    assert "This file has already been imported. Nobody was added twice." in response.text
    assert tournament.players.count() == 2


def test_bad_rows_are_listed_with_line_numbers_and_nothing_is_imported_yet(
    official_client, tournament
):
    response = preview(official_client, tournament, "name,chapter\nAda,X\n,Y\nAda,Z\n")
    assert "Nothing has been imported yet." in response.text
    # Each line: its number, the name on it, what is wrong and why.
    assert "<tr><td>3</td><td>—</td><td><bdi>Missing name.</bdi></td>" in response.text
    assert (
        "<tr><td>4</td><td><bdi>Ada</bdi></td><td><bdi>Duplicate: Ada is already on line 2."
        "</bdi></td><td>Importing both lines would register the same player twice.</td>"
    ) in response.text
    assert "Import the 1 players that pass (2 lines left out)" in response.text
    assert 'name="refused" value="3,4"' in response.text
    assert not Player.objects.exists()


def test_the_official_imports_the_lines_that_pass_and_is_told_which_were_left_out(
    official_client, tournament
):
    event = EventFactory(tournament=tournament)
    response = preview(
        official_client, tournament, "name,chapter\nAda,X\n,Y\nAda,Z\nBob,\n", events=[event.pk]
    )
    upload_id = response.context["upload"].pk
    response = confirm(official_client, tournament, upload_id, refused="3,4", follow=True)
    assert "Imported 2 players. 2 lines were refused and not imported (lines 3, 4)" in response.text
    assert "without the 2 lines below" in response.text
    assert "<tr><td>3</td><td>—</td><td><bdi>Missing name.</bdi></td>" in response.text
    assert sorted(tournament.players.values_list("name", flat=True)) == ["Ada", "Bob"]
    assert tournament.players.get(name="Ada").chapter.name == "X"
    assert not tournament.chapters.filter(name__in=["Y", "Z"]).exists()
    assert event.entries.count() == 2
    from tournaments.models import Activity

    assert Activity.objects.filter(
        text="Imported 2 players from a file; 2 lines refused and not imported (lines 3, 4)"
    ).exists()


def test_a_confirm_that_does_not_leave_out_the_refused_lines_imports_nothing(
    official_client, tournament
):
    response = preview(official_client, tournament, "name\nAda\n\u200b\nBob\n")
    upload_id = response.context["upload"].pk
    for refused in ("", "3,4", "4", "1,3"):
        response = confirm(official_client, tournament, upload_id, refused=refused, follow=True)
        assert "Nothing was imported. Fix the problems listed before importing" in response.text
        # The page still lists the refused line and offers the same choice.
        assert "<tr><td>3</td><td>—</td><td><bdi>Missing name.</bdi></td>" in response.text
        assert 'name="refused" value="3"' in response.text
    assert not Player.objects.exists()
    assert RosterUpload.objects.get().imported_at is None


@pytest.mark.parametrize("junk", ["x", "3;4", "-3", "\uff13", "9" * 40, "3," * 20000])
def test_junk_in_the_refused_lines_is_refused_with_a_message(official_client, tournament, junk):
    response = preview(official_client, tournament, "name\nAda\n,\nBob\n")
    upload_id = response.context["upload"].pk
    response = confirm(official_client, tournament, upload_id, refused=junk, follow=True)
    assert "Nothing was imported: press one of the Import buttons." in response.text
    assert not Player.objects.exists()


def test_the_lines_that_pass_are_imported_once_however_often_confirmed(official_client, tournament):
    response = preview(official_client, tournament, "name\nAda\nAda\nBob\n")
    upload_id = response.context["upload"].pk
    confirm(official_client, tournament, upload_id, refused="3")
    response = confirm(official_client, tournament, upload_id, refused="3", follow=True)
    assert "This file has already been imported. Nobody was added twice." in response.text
    assert tournament.players.count() == 2


def test_a_problem_with_the_file_itself_offers_no_import(official_client, tournament):
    response = preview(official_client, tournament, "name,age\nAda,70\nBob,71\n")
    assert "Nothing was imported." in response.text and "Upload the file again" in response.text
    assert "/roster/confirm/" not in response.text
    upload_id = response.context["upload"].pk
    response = confirm(official_client, tournament, upload_id, refused="1", follow=True)
    assert "Nothing was imported. Fix the problems listed before importing" in response.text
    assert not Player.objects.exists()


def test_a_file_whose_every_line_is_refused_offers_no_import(official_client, tournament):
    PlayerFactory(tournament=tournament, name="Ada")
    response = preview(official_client, tournament, "name\nAda\n\u200b\n")
    assert "/roster/confirm/" not in response.text
    upload_id = response.context["upload"].pk
    response = confirm(official_client, tournament, upload_id, refused="2,3", follow=True)
    assert "No line of the file can be imported: fix the lines listed." in response.text
    assert tournament.players.count() == 1


def test_the_check_finds_names_already_registered(official_client, tournament):
    """What Import would refuse, the check shows first (it used to pass the check)."""
    PlayerFactory(tournament=tournament, name="ADA  pruitt")
    response = preview(official_client, tournament, "name\nBob\nAda Pruitt\n")
    assert (
        "<tr><td>3</td><td><bdi>Ada Pruitt</bdi></td><td><bdi>Ada Pruitt is already "
        "registered.</bdi></td><td>Importing the line would register them a second time"
    ) in response.text
    assert "Import the 1 players that pass (1 line left out)" in response.text
    confirm(official_client, tournament, response.context["upload"].pk, refused="3")
    assert sorted(tournament.players.values_list("name", flat=True)) == ["ADA  pruitt", "Bob"]


def test_a_drawn_event_is_not_offered(official_client, tournament):
    event = EventFactory(tournament=tournament, status="drawn")
    response = preview(official_client, tournament, "name\nBob\n", events=[event.pk])
    assert "An event chosen is not open for entries" in response.text
    assert not RosterUpload.objects.exists()


def test_an_unknown_column_is_reported(official_client, tournament):
    response = preview(official_client, tournament, "name,age\nAda,70\n")
    assert "<tr><td>1</td><td>—</td><td><bdi>Unknown column “age”" in response.text


def test_a_wrong_file_type_is_refused(official_client, tournament):
    response = official_client.post(
        reverse("desk:roster_import", args=[tournament.slug]),
        {"file": SimpleUploadedFile("roster.pdf", b"%PDF")},
    )
    assert response.status_code == 422
    assert "Upload a .csv or .xlsx file." in response.text


def test_a_missing_file_is_refused(official_client, tournament):
    response = official_client.post(reverse("desk:roster_import", args=[tournament.slug]), {})
    assert "This field is required." in response.text


@pytest.mark.parametrize("value", ["forged", "", "-1", "99999999", "1e3", "\uff11"])
def test_an_unknown_upload_is_refused_with_a_message(official_client, tournament, value):
    response = confirm(official_client, tournament, value, follow=True)
    assert "That file is no longer here" in response.text
    response = official_client.get(
        reverse("desk:roster_import", args=[tournament.slug]), {"upload": value}, follow=True
    )
    assert "That file is no longer here" in response.text
    assert not Player.objects.exists()


def test_an_upload_of_another_tournament_is_refused(official_client, tournament, other_official):
    from tournaments.models import Tournament
    from tournaments.services import roster_files

    theirs = Tournament.objects.get(slug="elsewhere")
    upload_row = roster_files.upload_roster(
        tournament=theirs, by=other_official, filename="r.csv", data=b"name\nAda\n"
    )
    roster_files.check_roster_upload(upload_id=upload_row.pk)
    response = confirm(official_client, tournament, upload_row.pk, follow=True)
    assert "That file is no longer here" in response.text
    assert not Player.objects.exists()


def test_a_confirm_after_someone_registered_the_same_name_imports_nothing(
    official_client, official, tournament
):
    response = preview(official_client, tournament, "name\nAda\n")
    upload_id = response.context["upload"].pk
    # Someone registers Ada by hand meanwhile: the confirm is refused whole.
    PlayerFactory(tournament=tournament, name="ada")
    response = confirm(official_client, tournament, upload_id, follow=True)
    assert "1 players are already registered (lines 2)" in response.text
    assert tournament.players.count() == 1
    assert RosterUpload.objects.get().imported_at is None


def test_the_import_page_shows_an_example(official_client, tournament):
    response = official_client.get(reverse("desk:roster_import", args=[tournament.slug]))
    assert "name,chapter" in response.text


# A broken network: the broker down, a worker killed.


def test_a_dead_broker_gives_a_message_and_a_retry_never_a_500(
    official_client, tournament, monkeypatch
):
    monkeypatch.setattr(background, "enqueue", lambda task, *args: False)
    response = preview(official_client, tournament, "name\nAda\n")
    assert response.status_code == 200
    upload_row = RosterUpload.objects.get()
    assert upload_row.status == "failed"
    assert "The background worker could not be reached" in response.text
    assert 'name="retry"' in response.text and "Try again" in response.text
    monkeypatch.undo()
    response = official_client.post(
        reverse("desk:roster_import", args=[tournament.slug]),
        {"retry": upload_row.pk},
        follow=True,
    )
    assert "Check before importing: 1 players" in response.text


def test_a_job_nobody_finishes_is_marked_failed_and_can_be_retried(
    official_client, tournament, monkeypatch
):
    monkeypatch.setattr(background, "enqueue", lambda task, *args: True)  # a worker that died
    response = preview(official_client, tournament, "name\nAda\n")
    assert "Checking <bdi>roster.csv</bdi>" in response.text
    assert 'hx-trigger="every 1s"' in response.text
    url = response.redirect_chain[0][0]
    poll = official_client.get(url, headers={"HX-Request": "true"})
    assert "<html" not in poll.text and "Checking" in poll.text
    RosterUpload.objects.update(queued_at=timezone.now() - datetime.timedelta(minutes=10))
    poll = official_client.get(url, headers={"HX-Request": "true"})
    assert "did not finish this in time" in poll.text and "Try again" in poll.text
    assert RosterUpload.objects.get().status == "failed"
    monkeypatch.undo()
    response = official_client.post(
        reverse("desk:roster_import", args=[tournament.slug]),
        {"retry": RosterUpload.objects.get().pk},
        follow=True,
    )
    assert "Check before importing: 1 players" in response.text


def test_a_task_that_fails_leaves_a_message_not_a_500(official_client, tournament, monkeypatch):
    from tournaments.services import roster_files

    def broken(**kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(roster_files, "check_roster_upload", broken)
    response = preview(official_client, tournament, "name\nAda\n")
    assert response.status_code == 200
    assert "could not be checked because of a fault" in response.text
    assert RosterUpload.objects.get().status == "failed"


def test_only_the_latest_uploads_are_kept(official_client, tournament):
    for _ in range(23):
        preview(official_client, tournament, "name\nAda\n")
    assert RosterUpload.objects.filter(tournament=tournament).count() == 20


def test_a_name_registered_after_the_check_is_listed_on_its_line_when_import_refuses(
    official_client, tournament
):
    """The check passed; meanwhile Bob was typed in at the desk: Import refuses, and the
    page lists that line (number, name, what, why) as the check would have."""
    response = preview(official_client, tournament, "name\nAda\nBob\n")
    upload_id = response.context["upload"].pk
    assert "Import 2 players" in response.text
    PlayerFactory(tournament=tournament, name="BOB")
    response = confirm(official_client, tournament, upload_id, follow=True)
    assert "Nothing was imported. 1 players are already registered (lines 3)." in response.text
    assert "<tr><td>3</td><td><bdi>Bob</bdi></td><td><bdi>Bob is already registered." in (
        response.text
    )
    # Ada still passes: the page offers her alone, leaving line 3 out.
    assert "Import the 1 players that pass (1 line left out)" in response.text
    assert list(tournament.players.values_list("name", flat=True)) == ["BOB"]


def test_a_name_registered_after_the_check_refuses_a_confirm_of_the_lines_that_passed(
    official_client, tournament
):
    response = preview(official_client, tournament, "name\nAda\n\u200b\nBob\n")
    upload_id = response.context["upload"].pk
    PlayerFactory(tournament=tournament, name="BOB")
    response = confirm(official_client, tournament, upload_id, refused="3", follow=True)
    assert "Nothing was imported. 1 players are already registered (lines 4)." in response.text
    assert 'name="refused" value="3,4"' in response.text
    assert list(tournament.players.values_list("name", flat=True)) == ["BOB"]


def test_an_upload_checked_before_problems_had_names_still_shows_its_lines(
    official_client, tournament
):
    old = RosterUpload.objects.create(
        tournament=tournament, filename="r.csv", status="ready", problems=[[3, "Missing name."]]
    )
    response = official_client.get(
        reverse("desk:roster_import", args=[tournament.slug]), {"upload": old.pk}
    )
    assert "<tr><td>3</td><td>—</td><td><bdi>Missing name.</bdi></td><td></td></tr>" in (
        response.text
    )


def test_the_check_lists_problems_in_line_order(official_client, tournament):
    PlayerFactory(tournament=tournament, name="P10")
    rows = "".join(f"P{n},C\n" for n in range(2, 14))
    response = preview(official_client, tournament, f"name,chapter\n{rows}P2,\n")
    refused = response.text.split('class="list roster-problems"')[1].split("</table>")[0]
    lines = re.findall(r"<tr><td>(\d+)</td>", refused)
    assert lines == ["10", "14"]  # in line order, not the duplicate first


def test_the_preview_says_which_chapter_a_differently_written_one_is_filed_under(
    official_client, tournament
):
    ChapterFactory(tournament=tournament, name="Victoria")
    text = "name,chapter\nAda,victoria\nBob,Lone Star\nCy,LONE STAR\nDee,Victoria\n"
    response = preview(official_client, tournament, text)
    html = response.text
    assert escape("Line 2: chapter “victoria” taken as the existing “Victoria”.") in html
    assert (
        escape("Line 4: chapter “LONE STAR” taken as the file's first spelling, “Lone Star”.")
        in html
    )
    assert "Line 5" not in html


def test_a_roster_with_every_chapter_as_registered_has_no_notes(official_client, tournament):
    ChapterFactory(tournament=tournament, name="Victoria")
    response = preview(official_client, tournament, "name,chapter\nAda,Victoria\nBob,\n")
    assert "filed under the chapter of the same name" not in response.text
