"""Roster import: preview first, then import; bad rows listed; nothing half-imported."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def upload(text: str, name="roster.csv"):
    return SimpleUploadedFile(name, text.encode("utf-8"), content_type="text/csv")


def preview(client, tournament, text, **data):
    return client.post(
        reverse("desk:roster_import", args=[tournament.slug]), {"file": upload(text), **data}
    )


def test_preview_lists_the_rows_and_saves_nothing(official_client, tournament):
    response = preview(official_client, tournament, "name,chapter\nAda,Lone Star\nBob,\n")
    assert response.status_code == 200
    assert "Check before importing: 2 players" in response.text
    assert not Player.objects.exists()


def test_confirming_the_preview_imports_everyone(official_client, tournament):
    event = EventFactory(tournament=tournament)
    response = preview(
        official_client, tournament, "name,chapter\nAda,Lone Star\nBob,\n", events=[event.pk]
    )
    token = response.context["token"]
    response = official_client.post(
        reverse("desk:roster_confirm", args=[tournament.slug]), {"token": token}, follow=True
    )
    assert "Imported 2 players." in response.text
    assert set(tournament.players.values_list("name", flat=True)) == {"Ada", "Bob"}
    assert event.entries.count() == 2


def test_bad_rows_are_listed_with_line_numbers_and_nothing_imported(official_client, tournament):
    response = preview(official_client, tournament, "name,chapter\nAda,X\n,Y\nAda,Z\n")
    assert response.status_code == 422
    assert "Nothing was imported." in response.text
    assert "Line 3: Missing name." in response.text
    assert "Line 4: Duplicate: Ada is already on line 2." in response.text
    assert "token" not in response.text or response.context["token"] == ""
    assert not Player.objects.exists()


def test_an_unknown_column_is_reported(official_client, tournament):
    response = preview(official_client, tournament, "name,age\nAda,70\n")
    assert "Line 1: Unknown column “age”" in response.text


def test_a_wrong_file_type_is_refused(official_client, tournament):
    response = official_client.post(
        reverse("desk:roster_import", args=[tournament.slug]),
        {"file": SimpleUploadedFile("roster.pdf", b"%PDF")},
    )
    assert "Upload a .csv or .xlsx file." in response.text


def test_a_missing_file_is_refused(official_client, tournament):
    response = official_client.post(reverse("desk:roster_import", args=[tournament.slug]), {})
    assert "This field is required." in response.text


def test_a_tampered_token_is_refused(official_client, tournament):
    response = official_client.post(
        reverse("desk:roster_confirm", args=[tournament.slug]), {"token": "forged"}, follow=True
    )
    assert "expired or was changed" in response.text
    assert not Player.objects.exists()


def test_a_confirm_after_someone_registered_the_same_name_imports_nothing(
    official_client, official, tournament
):
    response = preview(official_client, tournament, "name\nAda\n")
    token = response.context["token"]
    # Someone registers Ada by hand meanwhile: the confirm is refused whole.
    PlayerFactory(tournament=tournament, name="ada")
    response = official_client.post(
        reverse("desk:roster_confirm", args=[tournament.slug]), {"token": token}, follow=True
    )
    assert "1 players are already registered (lines 2)" in response.text
    assert tournament.players.count() == 1


def test_the_import_page_shows_an_example(official_client, tournament):
    response = official_client.get(reverse("desk:roster_import", args=[tournament.slug]))
    assert "name,chapter" in response.text
