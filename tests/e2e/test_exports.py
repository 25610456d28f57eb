"""In a real browser: an official asks for the tournament workbook, watches the progress
bar until the file is built, downloads it, and the workbook's standings are right."""

import io
import threading
import time
import zipfile

import openpyxl
import pytest
from django.core.management import call_command
from django.db import connections
from playwright.sync_api import expect

from tournaments import background
from tournaments.models import Tournament
from tournaments.selectors import standings

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def slow_worker(monkeypatch):
    """A worker that takes the job a moment after it is sent, as a real one on Redis would
    (the embedded default builds the file before the page even answers)."""

    def send(task, *args):
        def work():
            time.sleep(1.5)
            try:
                task.apply(args=args, throw=True)
            finally:
                connections.close_all()

        threading.Thread(target=work, daemon=True).start()
        return True

    monkeypatch.setattr(background, "enqueue", send)


def test_an_official_downloads_the_tournament_workbook(
    page, live_server, log_in, official, settings, tmp_path, slow_worker
):
    settings.DATA_DIR = tmp_path
    call_command("load_demo", stdout=io.StringIO())
    demo = Tournament.objects.get(slug="demo")
    demo.officials.add(official)

    log_in(page, official)
    page.goto(f"{live_server.url}/desk/demo/exports/")
    choices = page.get_by_label("File").locator("option").all_inner_texts()
    assert "Whole tournament (a sheet per event): CSV" not in choices  # not offered
    page.get_by_label("File").select_option(
        label="Whole tournament (a sheet per event): Excel workbook (XLSX)"
    )
    page.get_by_role("button", name="Build the file").click()

    expect(page.get_by_role("status")).to_contain_text("The file is being built")
    bar = page.locator("#export-list progress")
    expect(bar).to_be_visible()
    link = page.get_by_role("link", name="Download demo-workbook.xlsx")
    expect(link).to_be_visible(timeout=30_000)  # the list polls every second
    expect(bar).to_have_count(0)

    with page.expect_download() as found:
        link.click()
    download = found.value
    assert download.suggested_filename == "demo-workbook.xlsx"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    book = openpyxl.load_workbook(saved)

    event = demo.events.get(name="Double Draw")
    first = standings(event).rows[0]
    sheet = book["Double Draw"]
    assert [cell.value for cell in sheet[1]][:5] == ["event", "place", "shared", "side", "players"]
    row = [cell.value for cell in sheet[2]]
    assert row[:5] == [
        "Double Draw",
        first.place,
        "yes" if first.shared else "no",
        f"T{first.team.number}",
        first.team.label,
    ]
    assert row[5:12] == [
        first.played,
        first.won,
        first.tied,
        first.lost,
        first.sat_out,
        first.match_points,
        first.points_for,
    ]
    assert row[12] == float(first.points_against)


def test_one_button_builds_every_file_as_one_zip_with_its_progress_bar(
    page, live_server, log_in, official, settings, tmp_path, slow_worker
):
    settings.DATA_DIR = tmp_path
    call_command("load_demo", stdout=io.StringIO())
    Tournament.objects.get(slug="demo").officials.add(official)

    log_in(page, official)
    page.goto(f"{live_server.url}/desk/demo/exports/")
    page.get_by_role("button", name="Build every file (one ZIP)").click()
    expect(page.get_by_role("status")).to_contain_text("The file is being built")
    expect(page.locator("#export-list progress")).to_be_visible()
    link = page.get_by_role("link", name="Download demo-results.zip")
    expect(link).to_be_visible(timeout=30_000)
    with page.expect_download() as found:
        link.click()
    saved = tmp_path / "every.zip"
    found.value.save_as(saved)
    with zipfile.ZipFile(saved) as archive:
        names = set(archive.namelist())
    assert {"games.csv", "hands.csv", "standings.csv", "demo.xlsx"} <= names
