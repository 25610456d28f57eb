"""A season's files, built in the background: leaderboard, chapters, placings, ratings."""

import csv
import io
import zipfile

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.seasons_world import finished_tournament
from tournaments import services
from tournaments.models import SeasonExport

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(official, settings, tmp_path):
    settings.DATA_DIR = tmp_path
    season = services.create_season(by=official, name="State flag", year=2026)
    spring = finished_tournament("spring", official=official)
    services.add_season_tournament(season=season, by=official, tournament=spring)
    season.refresh_from_db()
    return season


def download(client, season, export) -> bytes:
    url = reverse("seasons:export_download", args=[season.pk, export.pk])
    response = client.get(url)
    assert response.status_code == 200
    return b"".join(response.streaming_content)


def test_a_zip_of_csv_files_holds_the_four_tables_and_the_workbook(official_client, season):
    response = official_client.post(reverse("seasons:exports", args=[season.pk]), {"format": "zip"})
    assert response.status_code == 302
    export = SeasonExport.objects.get()
    assert export.status == "ready" and export.progress == 100
    archive = zipfile.ZipFile(io.BytesIO(download(official_client, season, export)))
    names = set(archive.namelist())
    assert {"leaderboard.csv", "chapters.csv", "placings.csv", "ratings.csv"} <= names
    assert any(name.endswith(".xlsx") for name in names)
    rows = list(csv.DictReader(io.TextIOWrapper(archive.open("leaderboard.csv"), "utf-8")))
    assert (rows[0]["player"], rows[0]["points"], rows[0]["chapter"]) == ("Ann Lee", "22", "Alamo")
    placings = list(csv.DictReader(io.TextIOWrapper(archive.open("placings.csv"), "utf-8")))
    assert sum(int(row["points"]) for row in placings) == sum(int(r["points"]) for r in rows)
    ratings = list(csv.DictReader(io.TextIOWrapper(archive.open("ratings.csv"), "utf-8")))
    assert ratings[0]["in_words"].startswith(ratings[0]["rating"])
    page = official_client.get(reverse("seasons:exports", args=[season.pk]))
    assert export.filename in page.text


def test_a_workbook_has_a_sheet_per_table(official_client, season):
    official_client.post(reverse("seasons:exports", args=[season.pk]), {"format": "xlsx"})
    export = SeasonExport.objects.get()
    book = load_workbook(io.BytesIO(download(official_client, season, export)))
    assert book.sheetnames == ["Leaderboard", "Chapter points", "Placings and points", "Ratings"]


def test_a_format_the_desk_does_not_make_is_refused_and_nothing_started(official_client, season):
    response = official_client.post(reverse("seasons:exports", args=[season.pk]), {"format": "pdf"})
    assert response.status_code == 422 and "Choose CSV files" in response.text
    assert not SeasonExport.objects.exists()


def test_a_file_not_built_is_not_downloaded(official_client, season, official):
    export = SeasonExport.objects.create(season=season, requested_by=official)
    url = reverse("seasons:export_download", args=[season.pk, export.pk])
    assert official_client.get(url).status_code == 404


def test_old_files_go_a_gone_export_is_none_and_a_built_one_is_left(season, official, settings):
    import datetime

    from django.utils import timezone

    from scoring.seasons.exports import build_season_export, season_export_file

    old = SeasonExport.objects.create(season=season, requested_by=official, status="ready")
    SeasonExport.objects.filter(pk=old.pk).update(
        finished_at=timezone.now() - datetime.timedelta(days=3)
    )
    assert season_export_file(old) is None  # no path
    fresh = SeasonExport.objects.create(season=season, requested_by=official)
    built = build_season_export(export_id=fresh.pk)
    assert not SeasonExport.objects.filter(pk=old.pk).exists()
    assert build_season_export(export_id=built.pk) == built  # not pending: left as it is
    assert build_season_export(export_id=999_999) is None


def test_a_folder_that_cannot_be_written_fails_the_export_with_its_reason(
    season, official, settings, tmp_path
):
    from scoring.tasks import build_season_export

    export = SeasonExport.objects.create(season=season, requested_by=official)
    (tmp_path / "exports").mkdir()
    (tmp_path / "exports" / f"season-{export.pk}").write_text("in the way")
    assert build_season_export(export.pk) == "failed"
    export.refresh_from_db()
    assert export.status == "failed" and "cannot write" in export.error


def test_a_fault_while_building_is_recorded_on_the_export(season, official, monkeypatch):
    from scoring import tasks
    from scoring.seasons import exports

    def broken(**_):
        raise RuntimeError("a fault")

    monkeypatch.setattr(exports, "build_season_export", broken)
    export = SeasonExport.objects.create(season=season, requested_by=official)
    with pytest.raises(RuntimeError):
        tasks.build_season_export(export.pk)
    export.refresh_from_db()
    assert export.status == "failed" and "fault on the desk" in export.error


def test_a_broker_that_does_not_take_the_job_is_said_at_once(official_client, season, monkeypatch):
    from tournaments import background

    monkeypatch.setattr(background, "enqueue", lambda task, *args: False)
    response = official_client.post(
        reverse("seasons:exports", args=[season.pk]), {"format": "zip"}, follow=True
    )
    assert "could not be reached" in response.text
    assert SeasonExport.objects.get().status == "failed"
