"""Export pages and services: asked for, built by a Celery task (eager here), watched,
downloaded, retried, failed when stuck, cleaned up; chapter links and API tokens."""

import csv
import datetime
import io
import os
from pathlib import Path

import openpyxl
import pytest
from django.urls import reverse
from django.utils import timezone

from scoring import exports
from scoring.exports import KIND_FORMATS, request_export
from scoring.models import ApiToken, ChapterLink, Export
from scoring.tasks import build_export
from tests.factories import ChapterFactory, EntryFactory, EventFactory, PlayerFactory
from tests.scoring.builders import enter, make_bracket, played
from tournaments import background
from tournaments.background import SEND_FAILED, STUCK

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    return tmp_path


def built(tournament, official, kind, format="", chapter=None) -> Export:
    export = request_export(
        tournament=tournament, by=official, kind=kind, format=format, chapter=chapter
    )
    assert background.start(export, build_export), export.error
    export.refresh_from_db()
    return export


def rows_of(export) -> list[list[str]]:
    path = exports.export_file(export)
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.reader(f))


def test_a_players_export_lists_everyone_by_chapter(official, tournament):
    lone = ChapterFactory(tournament=tournament, name="Lone Star")
    entry = EntryFactory(
        event=EventFactory(tournament=tournament, name="Doubles"),
        player=PlayerFactory(tournament=tournament, name="Ada", chapter=lone),
    )
    PlayerFactory(tournament=tournament, name="Bob", chapter=None, checked_in=False)
    export = built(tournament, official, "players")
    assert export.status == Export.Status.READY and export.progress == 100
    rows = rows_of(export)
    assert rows[0] == ["chapter", "name", "checked_in", "withdrawn", "events"]
    assert ["", "Bob", "no", "no", ""] in rows
    assert ["Lone Star", "Ada", "yes", "no", entry.event.name] in rows
    assert export.filename == "rally-players.csv"
    assert exports.export_file(export).parent.parent == Path(exports.exports_folder())


@pytest.mark.parametrize(
    ("kind", "format"),
    [(kind, format) for kind, formats in KIND_FORMATS.items() for format in formats],
)
def test_every_kind_is_built_in_every_format_it_comes_in(official, tournament, kind, format):
    _event, games = make_bracket(tournament)
    enter(games[(1, 0)], official, played(250, 5))
    export = built(tournament, official, kind, format)
    assert export.status == Export.Status.READY, export.error
    path = exports.export_file(export)
    assert path.name == export.filename and export.filename.endswith(f".{format}")
    assert export.size == path.stat().st_size > 0
    if format == "xlsx":
        assert openpyxl.load_workbook(path, read_only=True).sheetnames
    if format == "csv":
        assert path.read_bytes().decode("utf-8").count("\r\n") >= 1


def test_a_format_a_kind_does_not_come_in_is_refused(official, tournament):
    with pytest.raises(exports.ExportError, match="comes as Excel workbook"):
        request_export(tournament=tournament, by=official, kind="workbook", format="csv")
    assert not Export.objects.exists()


def test_an_unknown_kind_is_refused(official_client, tournament):
    response = official_client.post(
        reverse("scoring:export_create", args=[tournament.slug]), {"kind": "secrets"}, follow=True
    )
    assert "Choose which file to export." in response.text
    assert not Export.objects.exists()


def test_an_official_builds_and_downloads_the_games_file(official_client, official, tournament):
    _, games = make_bracket(tournament)
    enter(games[(1, 0)], official, played(250, 5))
    response = official_client.post(
        reverse("scoring:export_create", args=[tournament.slug]),
        {"kind": "games", "format": "csv"},
        follow=True,
    )
    assert "The file is being built" in response.text
    export = Export.objects.get()
    assert f"Download {export.filename}" in response.text
    download = official_client.get(
        reverse("scoring:export_download", args=[tournament.slug, export.pk])
    )
    assert download["Content-Disposition"] == 'attachment; filename="rally-games.csv"'
    text = b"".join(download.streaming_content).decode("utf-8")
    assert text.startswith(
        "event,game_key,round,table,game,status,side,players,score,result,game_name,decided_by,best_of,games_won\r\n"
    )
    assert ",finished," in text


def test_a_chapter_report_of_one_chapter(official_client, official, tournament):
    lone = ChapterFactory(tournament=tournament, name="Lone Star")
    PlayerFactory(tournament=tournament, name="Ada", chapter=lone)
    PlayerFactory(tournament=tournament, name="Bob")
    official_client.post(
        reverse("scoring:export_create", args=[tournament.slug]),
        {"kind": "chapters", "format": "xlsx", "chapter": lone.pk},
    )
    export = Export.objects.get()
    assert export.chapter == lone and export.filename == "rally-chapter-lone-star.xlsx"
    sheet = openpyxl.load_workbook(exports.export_file(export)).active
    values = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert [row[1] for row in values[1:]] == ["Ada"]


def test_a_failed_build_says_so_and_can_be_tried_again(
    official_client, official, tournament, monkeypatch
):
    def broken(*args, **kwargs):
        raise ValueError("a fault in the code, not in the folder")

    monkeypatch.setattr(exports, "write_export", broken)
    response = official_client.post(
        reverse("scoring:export_create", args=[tournament.slug]), {"kind": "players"}, follow=True
    )
    export = Export.objects.get()
    assert export.status == Export.Status.FAILED and export.error == exports.BUILD_FAILED
    assert "Try again" in response.text
    assert not list(Path(exports.exports_folder(), str(export.pk)).glob("*"))
    monkeypatch.undo()
    response = official_client.post(
        reverse("scoring:export_retry", args=[tournament.slug, export.pk]), follow=True
    )
    export.refresh_from_db()
    assert export.status == Export.Status.READY
    assert f"Download {export.filename}" in response.text


def test_only_a_failed_export_is_tried_again(official_client, official, tournament):
    export = built(tournament, official, "players")
    response = official_client.post(
        reverse("scoring:export_retry", args=[tournament.slug, export.pk]), follow=True
    )
    assert "Only a failed export can be tried again." in response.text


def test_a_broker_that_does_not_take_the_job_gives_a_message_and_a_retry(
    official_client, tournament, monkeypatch
):
    from tournaments import background

    monkeypatch.setattr(background, "enqueue", lambda task, *args: False)
    response = official_client.post(
        reverse("scoring:export_create", args=[tournament.slug]), {"kind": "players"}, follow=True
    )
    assert SEND_FAILED in response.text
    assert "Try again" in response.text
    assert Export.objects.get().status == Export.Status.FAILED


def test_a_stuck_export_is_marked_failed_after_the_set_time(official_client, tournament, settings):
    settings.BACKGROUND_STUCK_AFTER = 60
    stuck = Export.objects.create(tournament=tournament, kind="players")
    Export.objects.filter(pk=stuck.pk).update(
        queued_at=timezone.now() - datetime.timedelta(seconds=61)
    )
    fresh = Export.objects.create(tournament=tournament, kind="games")
    response = official_client.get(reverse("scoring:exports", args=[tournament.slug]))
    stuck.refresh_from_db()
    fresh.refresh_from_db()
    assert stuck.status == Export.Status.FAILED and stuck.error == STUCK
    assert fresh.status == Export.Status.PENDING
    assert STUCK in response.text


def test_files_are_removed_after_the_set_time(official, tournament, settings):
    settings.EXPORTS_KEEP_HOURS = 1
    old = built(tournament, official, "players")
    new = built(tournament, official, "players")
    Export.objects.filter(pk=old.pk).update(
        finished_at=timezone.now() - datetime.timedelta(hours=1, minutes=1)
    )
    folder = exports.exports_folder()
    orphan = folder / "999999"
    orphan.mkdir()
    stale = timezone.now().timestamp() - 2 * 3600
    os.utime(orphan, (stale, stale))
    old_file = exports.export_file(old)
    assert exports.remove_old_exports() == 1
    assert not old_file.exists() and not orphan.exists()
    assert list(Export.objects.values_list("pk", flat=True)) == [new.pk]
    assert exports.export_file(new).exists()


def test_the_list_polls_and_shows_progress_while_a_file_is_built(
    official_client, tournament, django_assert_max_num_queries
):
    for _ in range(5):
        Export.objects.create(tournament=tournament, kind="players", progress=40)
    with django_assert_max_num_queries(8):
        response = official_client.get(
            reverse("scoring:exports", args=[tournament.slug]), headers={"HX-Request": "true"}
        )
    assert 'hx-trigger="every 1s"' in response.text
    assert '<progress max="100" value="40"' in response.text


def test_the_list_stops_polling_when_nothing_is_being_built(official_client, official, tournament):
    built(tournament, official, "players")
    response = official_client.get(
        reverse("scoring:exports", args=[tournament.slug]), headers={"HX-Request": "true"}
    )
    assert "hx-trigger" not in response.text


def test_a_file_no_longer_kept_answers_not_found(official_client, official, tournament):
    export = built(tournament, official, "players")
    exports.export_file(export).unlink()
    url = reverse("scoring:export_download", args=[tournament.slug, export.pk])
    assert official_client.get(url).status_code == 404


def test_another_official_cannot_download_our_export(client, other_official, official, tournament):
    export = built(tournament, official, "players")
    url = reverse("scoring:export_download", args=[tournament.slug, export.pk])
    assert client.get(url).status_code == 302
    client.force_login(other_official)
    assert client.get(url).status_code == 403


# Chapter links -------------------------------------------------------------------------


def link_url(tournament, link):
    return reverse("scoring_public:chapter_report", args=[tournament.slug, link.token])


def test_a_chapter_link_shows_that_chapter_only_without_login(official_client, client, tournament):
    lone = ChapterFactory(tournament=tournament, name="Lone Star")
    PlayerFactory(tournament=tournament, name="Ada Ünal", chapter=lone)
    PlayerFactory(tournament=tournament, name="Bob Other")
    official_client.post(reverse("scoring:chapter_link_create", args=[tournament.slug, lone.pk]))
    link = ChapterLink.objects.get()
    page = official_client.get(reverse("scoring:exports", args=[tournament.slug]))
    assert link.token in page.text
    client.logout()
    response = client.get(link_url(tournament, link))
    assert response.status_code == 200
    assert "Ada Ünal" in response.text and "Bob Other" not in response.text
    assert "Not entered in any event." in response.text
    csv_file = client.get(link_url(tournament, link) + "?format=csv")
    text = b"".join(csv_file.streaming_content).decode("utf-8")
    assert text.splitlines()[0] == ",".join(
        [
            "chapter",
            "player",
            "event",
            "side",
            "place",
            "shared",
            "reached",
            "played",
            "won",
            "points",
        ]
    )
    assert "Ada Ünal" in text and "Bob Other" not in text
    xlsx = client.get(link_url(tournament, link) + "?format=xlsx")
    book = openpyxl.load_workbook(io.BytesIO(b"".join(xlsx.streaming_content)))
    assert book.active["B2"].value == "Ada Ünal"


def test_a_revoked_or_replaced_chapter_link_stops_working(official_client, client, tournament):
    lone = ChapterFactory(tournament=tournament, name="Lone Star")
    create = reverse("scoring:chapter_link_create", args=[tournament.slug, lone.pk])
    official_client.post(create)
    first = ChapterLink.objects.get()
    official_client.post(create)
    second = ChapterLink.objects.exclude(pk=first.pk).get()
    assert client.get(link_url(tournament, first)).status_code == 404
    assert client.get(link_url(tournament, second)).status_code == 200
    official_client.post(reverse("scoring:chapter_link_revoke", args=[tournament.slug, second.pk]))
    assert client.get(link_url(tournament, second)).status_code == 404


def test_a_chapter_link_works_in_its_own_tournament_only(official_client, client, tournament):
    lone = ChapterFactory(tournament=tournament, name="Lone Star")
    official_client.post(reverse("scoring:chapter_link_create", args=[tournament.slug, lone.pk]))
    link = ChapterLink.objects.get()
    url = reverse("scoring_public:chapter_report", args=["elsewhere", link.token])
    assert client.get(url).status_code == 404
    wrong = reverse("scoring_public:chapter_report", args=[tournament.slug, "guess"])
    assert client.get(wrong).status_code == 404


def test_another_official_cannot_make_a_link_to_our_chapter(other_client, tournament):
    lone = ChapterFactory(tournament=tournament, name="Lone Star")
    url = reverse("scoring:chapter_link_create", args=[tournament.slug, lone.pk])
    assert other_client.post(url).status_code == 403
    assert not ChapterLink.objects.exists()


# API tokens ------------------------------------------------------------------------------


def test_an_official_makes_a_token_shown_once_and_revokes_it(official_client, tournament):
    url = reverse("scoring:api_tokens", args=[tournament.slug])
    response = official_client.post(url, {"name": "State site"})
    token = ApiToken.objects.get()
    secret = response.context["secret"]
    assert secret.startswith("dd_") and secret in response.text
    assert token.key_hash != secret and secret not in official_client.get(url).text
    official_client.post(reverse("scoring:api_token_revoke", args=[tournament.slug, token.pk]))
    token.refresh_from_db()
    assert not token.active
