"""Exports: built by a Celery task (eager here), downloaded by officials only."""

import csv
import io

import pytest
from django.urls import reverse

from scoring.exports import build_export, request_export
from scoring.models import Export
from tests.factories import ChapterFactory, EntryFactory, EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_players_export_lists_everyone_by_chapter(official, tournament):
    lone = ChapterFactory(tournament=tournament, name="Lone Star")
    entry = EntryFactory(
        event=EventFactory(tournament=tournament, name="Doubles"),
        player=PlayerFactory(tournament=tournament, name="Ada", chapter=lone),
    )
    PlayerFactory(tournament=tournament, name="Bob", chapter=None, checked_in=False)
    export = request_export(tournament=tournament, by=official, kind="players")
    export.refresh_from_db()
    assert export.status == Export.Status.READY
    rows = list(csv.reader(io.StringIO(export.content)))
    assert rows[0] == ["chapter", "name", "checked_in", "withdrawn", "events"]
    assert ["", "Bob", "no", "no", ""] in rows
    assert ["Lone Star", "Ada", "yes", "no", entry.event.name] in rows
    assert export.filename == "rally-players.csv"


def test_a_failed_build_is_recorded_on_the_export(official, tournament, monkeypatch):
    from scoring import exports

    def broken(_):
        raise RuntimeError("disk full")

    monkeypatch.setitem(exports.BUILDERS, Export.Kind.PLAYERS, broken)
    export = Export.objects.create(tournament=tournament, kind="players")
    with pytest.raises(RuntimeError):
        build_export(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.FAILED and export.error == "disk full"


def test_an_official_builds_and_downloads_an_export(official_client, tournament):
    PlayerFactory(tournament=tournament, name="Ada")
    response = official_client.post(
        reverse("scoring:export_create", args=[tournament.slug]), {"kind": "players"}, follow=True
    )
    assert "The file is being built" in response.text
    export = Export.objects.get()
    download = official_client.get(
        reverse("scoring:export_download", args=[tournament.slug, export.pk])
    )
    assert download["Content-Type"].startswith("text/csv")
    assert "Ada" in download.content.decode()


def test_an_unknown_export_kind_is_refused(official_client, tournament):
    response = official_client.post(
        reverse("scoring:export_create", args=[tournament.slug]), {"kind": "secrets"}, follow=True
    )
    assert "Choose which file to export." in response.text
    assert not Export.objects.exists()


def test_another_official_cannot_download_our_export(other_client, official, tournament):
    export = request_export(tournament=tournament, by=official, kind="players")
    url = reverse("scoring:export_download", args=[tournament.slug, export.pk])
    assert other_client.get(url).status_code == 403


def test_the_export_list_polls_while_a_file_is_being_built(
    official_client, tournament, django_assert_max_num_queries
):
    for _ in range(5):
        Export.objects.create(tournament=tournament, kind="players")
    with django_assert_max_num_queries(6):
        response = official_client.get(
            reverse("scoring:exports", args=[tournament.slug]), headers={"HX-Request": "true"}
        )
    assert 'hx-trigger="every 2s"' in response.text
