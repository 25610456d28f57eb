"""The public pages' markers held in each process while nothing changed
(tournaments/held_markers.py): a kept page asks nothing of the database, and every change
shows on the very next request, whoever made it.

These run outside a test transaction (a marker read inside one is never held), on the
database the suite runs on.
"""

import subprocess
import sys

import pytest
from django.db import connection, transaction
from django.urls import reverse

from tests.factories import drawn_doubles, game_at
from tournaments import held_markers, page_cache, services
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


def bracket_url(event):
    return reverse("public:bracket", args=[event.tournament.slug, event.pk])


def write_unwatched(event, when: str) -> None:
    """Move the event's marker as a process outside the desk would: on the driver's own
    cursor, around Django's (so nothing is told)."""
    connection.ensure_connection()
    table = Event._meta.db_table
    cursor = connection.connection.cursor()
    try:
        cursor.execute(
            f"UPDATE {table} SET changed_at = '{when}', shared_changed_at = '{when}'"
            f" WHERE id = {int(event.pk)}"
        )
    finally:
        cursor.close()


@pytest.fixture
def event(tournament, official):
    drawn = drawn_doubles(tournament, official, 4)
    page_cache.clear()
    return drawn


def test_a_kept_page_and_its_304_ask_nothing_of_the_database(
    client, event, django_assert_num_queries
):
    etag = client.get(bracket_url(event))["ETag"]
    client.get(bracket_url(event))  # kept whole, with the middleware's headers
    with django_assert_num_queries(0):
        assert client.get(bracket_url(event)).status_code == 200
    with django_assert_num_queries(0):
        assert client.get(bracket_url(event), HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_every_change_through_the_desk_shows_on_the_next_request(client, event, official):
    for position in range(2):
        before = client.get(bracket_url(event))
        assert client.get(bracket_url(event))["ETag"] == before["ETag"]
        services.record_result(game=game_at(event, 1, position), winner_seat=0, by=official)
        after = client.get(bracket_url(event))
        assert after["ETag"] != before["ETag"] and after.content != before.content


def test_a_write_another_process_tells_shows_at_once(client, event):
    before = client.get(bracket_url(event))["ETag"]
    write_unwatched(event, "2031-01-01 00:00:00")
    assert client.get(bracket_url(event))["ETag"] == before  # held: nobody told
    code = (
        "import sys; from pathlib import Path; from tournaments.held_markers import tell_file;"
        " tell_file(Path(sys.argv[1]))"
    )
    subprocess.run([sys.executable, "-c", code, str(held_markers.shared_file())], check=True)
    assert client.get(bracket_url(event))["ETag"] != before


def test_a_write_nobody_tells_shows_once_the_hold_is_over(client, event, settings, monkeypatch):
    settings.PAGE_MARKER_HOLD_MS = 40
    now = [1000.0]
    monkeypatch.setattr(held_markers, "monotonic", lambda: now[0])
    before = client.get(bracket_url(event))["ETag"]
    write_unwatched(event, "2032-01-01 00:00:00")
    now[0] += 0.039
    assert client.get(bracket_url(event))["ETag"] == before
    now[0] += 0.002
    assert client.get(bracket_url(event))["ETag"] != before


def test_nothing_is_held_when_the_hold_is_0(client, event, settings, django_assert_num_queries):
    settings.PAGE_MARKER_HOLD_MS = 0
    client.get(bracket_url(event))
    client.get(bracket_url(event))
    with django_assert_num_queries(1):
        assert client.get(bracket_url(event)).status_code == 200
    before = client.get(bracket_url(event))["ETag"]
    write_unwatched(event, "2033-01-01 00:00:00")
    assert client.get(bracket_url(event))["ETag"] != before


def test_a_marker_read_inside_a_transaction_is_not_held(event):
    read = page_cache.event_marker
    outside = read(slug=event.tournament.slug, pk=event.pk)
    with transaction.atomic():
        Event.objects.filter(pk=event.pk).update(name="Renamed")  # told at the commit
        write_unwatched(event, "2034-01-01 00:00:00")
        inside = read(slug=event.tournament.slug, pk=event.pk)
        assert inside != outside
        transaction.set_rollback(True)
    assert read(slug=event.tournament.slug, pk=event.pk) == outside


def test_a_write_in_a_test_wrapper_block_is_still_watched(client, event, official):
    """A caller's own `execute_wrapper` block (as the fault tests use) pops its wrapper on
    the way out, never the watch, even when the connection was made inside it."""
    connection.execute_wrappers.remove(held_markers._watch)  # as on a new thread's wrapper
    connection.close()
    with connection.execute_wrapper(lambda execute, *args: execute(*args)):
        connection.ensure_connection()
    assert held_markers._watch in connection.execute_wrappers
    before = client.get(bracket_url(event))["ETag"]
    services.record_result(game=game_at(event, 1, 0), winner_seat=1, by=official)
    assert client.get(bracket_url(event))["ETag"] != before


@pytest.mark.parametrize(
    "sql",
    [
        'UPDATE "tournaments_event" SET "changed_at" = %s WHERE "id" = %s',
        "update tournaments_game as g set version = version + 1",
        'INSERT INTO "tournaments_tournament" ("name") VALUES (%s)',
        "INSERT OR IGNORE INTO tournaments_seasontournament VALUES (1)",
        'DELETE FROM "tournaments_season" WHERE "id" IN (%s)',
        "WITH g AS (SELECT 1) UPDATE tournaments_event SET changed_at = now()",
        "SELECT 1 FROM tournaments_game FOR UPDATE;\nUPDATE tournaments_game SET version = 2",
        "TRUNCATE TABLE tournaments_seasonratings",
    ],
)
def test_a_write_to_a_table_a_marker_reads_is_seen(sql):
    assert held_markers._watched().search(sql)


@pytest.mark.parametrize(
    "sql",
    [
        'SELECT "tournaments_event"."changed_at" FROM "tournaments_event" WHERE id = 1',
        "SELECT id FROM tournaments_game WHERE id = ANY(%s) FOR UPDATE",
        'UPDATE "tournaments_side" SET total = 5',
        'INSERT INTO "tournaments_gamelink" (game_id) VALUES (1)',
        'INSERT INTO "scoring_hand" (game_id) SELECT id FROM tournaments_game',
    ],
)
def test_a_read_or_a_write_elsewhere_is_not(sql):
    assert not held_markers._watched().search(sql)


def test_a_process_follows_the_data_folder_it_is_given(client, event, settings, tmp_path):
    """Every process of a desk shares its data folder (the exports are there too): a
    process given another one, as a test's worker is, tells and reads the file there."""
    settings.DATA_DIR = tmp_path
    before = client.get(bracket_url(event))["ETag"]
    write_unwatched(event, "2035-01-01 00:00:00")
    assert client.get(bracket_url(event))["ETag"] == before
    held_markers.tell_file(tmp_path / "page_markers")
    assert client.get(bracket_url(event))["ETag"] != before


def test_no_data_folder_to_write_holds_nothing(client, event, settings, tmp_path):
    settings.DATA_DIR = tmp_path / "missing" / "folder"
    before = client.get(bracket_url(event))["ETag"]
    write_unwatched(event, "2036-01-01 00:00:00")
    assert client.get(bracket_url(event))["ETag"] != before
