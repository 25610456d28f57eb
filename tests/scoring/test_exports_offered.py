"""The exports page offers only the files and formats that exist, and one button builds
every file of the tournament as one ZIP (issue 20)."""

import re
import zipfile

import pytest
from django.urls import reverse

from scoring import exports
from scoring.exports import KIND_FORMATS
from scoring.models import Export
from tests.scoring.builders import enter, make_bracket, played

pytestmark = pytest.mark.django_db


def page(client, tournament):
    return client.get(reverse("scoring:exports", args=[tournament.slug])).text


def offered(html) -> set[str]:
    form = re.search(r'<form[^>]*id="export-form".*?</form>', html, re.S).group(0)
    return set(re.findall(r'<option value="([^"]+)"', form)) - {""}


def test_the_page_offers_each_file_only_in_the_formats_it_comes_in(official_client, tournament):
    files = offered(page(official_client, tournament))
    expected = {
        f"{kind}.{format}"
        for kind, formats in KIND_FORMATS.items()
        if kind != Export.Kind.BACKUP
        for format in formats
    }
    assert files == expected
    assert "workbook.csv" not in files and "results.csv" not in files


def test_a_file_chosen_from_the_list_is_built_in_its_format(official_client, tournament):
    response = official_client.post(
        reverse("scoring:export_create", args=[tournament.slug]), {"file": "players.xlsx"}
    )
    assert response.status_code == 302
    export = Export.objects.get()
    assert (export.kind, export.format, export.status) == ("players", "xlsx", "ready")


@pytest.mark.parametrize("posted", [{"file": "workbook.csv"}, {"file": ""}, {}])
def test_a_file_not_offered_is_refused_and_nothing_is_built(official_client, tournament, posted):
    response = official_client.post(
        reverse("scoring:export_create", args=[tournament.slug]), posted, follow=True
    )
    assert "Choose which file to export." in response.text
    assert not Export.objects.exists()


def test_one_button_builds_every_file_as_one_zip(official_client, official, tournament):
    _event, games = make_bracket(tournament)
    enter(games[(1, 0)], official, played(250, 5))
    html = page(official_client, tournament)
    assert "Build every file (one ZIP)" in html
    button = re.search(r'<form[^>]*id="every-file-form".*?</form>', html, re.S).group(0)
    value = re.search(r'name="file" value="([^"]+)"', button).group(1)
    response = official_client.post(
        reverse("scoring:export_create", args=[tournament.slug]), {"file": value}
    )
    assert response.status_code == 302
    export = Export.objects.get()
    assert export.status == Export.Status.READY, export.error
    with zipfile.ZipFile(exports.export_file(export)) as archive:
        names = set(archive.namelist())
    assert {"games.csv", "hands.csv", "standings.csv", "placings.csv", "chapters.csv"} <= names
    assert f"{tournament.slug}.xlsx" in names
    # The list shows it, with its progress until it is ready.
    assert "Every file (the CSV files and the workbook in one ZIP)" in page(
        official_client, tournament
    )


def test_the_page_is_refused_to_an_official_of_another_tournament(other_client, tournament):
    response = other_client.get(reverse("scoring:exports", args=[tournament.slug]))
    assert response.status_code == 403
    response = other_client.post(
        reverse("scoring:export_create", args=[tournament.slug]), {"file": "games.csv"}
    )
    assert response.status_code == 403
    assert not Export.objects.exists()
