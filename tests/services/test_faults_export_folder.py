"""The export folder (DATA_DIR/exports) cannot be written: a message that says so, no 500,
and the export failed with that reason (not "the worker could not be reached").

The desk may run as root, which no folder mode stops, so the folder is made unusable
the way a root process still meets: a file where the folder (or an export's own
folder) should be. Runs on any database, with Celery eager (the embedded default).
"""

import pytest
from django.urls import reverse
from django.utils.html import escape

from scoring.exports import exports_folder, request_export
from scoring.models import Export
from scoring.tasks import build_export
from tests.scoring.builders import enter, make_bracket, played
from tournaments import background
from tournaments.background import SEND_FAILED

pytestmark = pytest.mark.django_db

FOLDER_PROBLEM = "The desk cannot write export files to its folder"


@pytest.fixture
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    return tmp_path


@pytest.fixture
def played_tournament(tournament, official):
    _, games = make_bracket(tournament)
    enter(games[(1, 0)], official, played(250, 5))
    return tournament


def block_folder(data_dir) -> None:
    """Put a file where the export folder goes."""
    (data_dir / "exports").write_text("not a folder")


def test_an_export_into_a_folder_that_cannot_be_written_fails_with_the_reason(
    official_client, played_tournament, data_dir
):
    block_folder(data_dir)
    slug = played_tournament.slug
    response = official_client.post(
        reverse("scoring:export_create", args=[slug]),
        {"kind": "games", "format": "csv"},
        follow=True,
    )
    assert response.status_code == 200
    export = Export.objects.get()
    assert export.status == Export.Status.FAILED
    assert export.error.startswith(FOLDER_PROBLEM) and str(data_dir / "exports") in export.error
    assert escape(export.error) in response.text
    assert SEND_FAILED not in response.text
    retry = reverse("scoring:export_retry", args=[slug, export.pk])
    assert f'action="{retry}"' in response.text


def test_an_export_whose_own_folder_cannot_be_made_fails_with_the_reason(
    official_client, official, played_tournament, data_dir
):
    export = request_export(tournament=played_tournament, by=official, kind="games")
    (exports_folder() / str(export.pk)).write_text("not a folder")
    assert not background.start(export, build_export)
    assert export.status == Export.Status.FAILED
    assert export.error.startswith(FOLDER_PROBLEM)
    assert str(data_dir / "exports" / str(export.pk)) in export.error
    page = official_client.get(reverse("scoring:exports", args=[played_tournament.slug]))
    assert escape(export.error) in page.text


def test_the_exports_page_opens_while_the_folder_cannot_be_used(
    official_client, played_tournament, data_dir
):
    block_folder(data_dir)
    slug = played_tournament.slug
    response = official_client.get(reverse("scoring:exports", args=[slug]))
    assert response.status_code == 200
    assert FOLDER_PROBLEM in response.text
    htmx = official_client.get(reverse("scoring:exports", args=[slug]), headers={"HX-Request": "1"})
    assert htmx.status_code == 200


def test_once_the_folder_is_usable_again_the_retry_builds_the_file(
    official_client, played_tournament, data_dir
):
    block_folder(data_dir)
    slug = played_tournament.slug
    official_client.post(
        reverse("scoring:export_create", args=[slug]), {"kind": "games", "format": "csv"}
    )
    export = Export.objects.get()
    assert export.status == Export.Status.FAILED
    (data_dir / "exports").unlink()
    response = official_client.post(
        reverse("scoring:export_retry", args=[slug, export.pk]), follow=True
    )
    export.refresh_from_db()
    assert export.status == Export.Status.READY, export.error
    assert f"Download {export.filename}" in response.text
    download = official_client.get(reverse("scoring:export_download", args=[slug, export.pk]))
    assert download.status_code == 200


def test_a_download_while_the_folder_cannot_be_used_is_not_a_500(
    official_client, played_tournament, data_dir
):
    slug = played_tournament.slug
    official_client.post(
        reverse("scoring:export_create", args=[slug]), {"kind": "games", "format": "csv"}
    )
    export = Export.objects.get(status=Export.Status.READY)
    import shutil

    shutil.rmtree(data_dir / "exports")
    block_folder(data_dir)
    download = official_client.get(reverse("scoring:export_download", args=[slug, export.pk]))
    assert download.status_code == 404
