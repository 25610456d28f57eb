"""Backup and restore: the whole tournament in one file; a restore is all or nothing and
refuses a file cut short, damaged, edited by hand or of another version, saying why."""

import io
import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse

from scoring import backup
from scoring.backup import BackupError, checksum_of, restore_backup
from scoring.exports import write_results
from scoring.models import Hand, HandChange
from tests.factories import TournamentFactory
from tests.scoring.builders import make_hand, make_ready_game
from tournaments.models import Activity, Event, Game, Side, TeamMember, Tournament

pytestmark = pytest.mark.django_db


HOUR = timedelta(hours=1)


def backup_bytes(tournament) -> bytes:
    stream = io.BytesIO()
    backup.write_backup(tournament, stream)
    return stream.getvalue()


def as_version_3(data: dict) -> dict:
    """Return a backup as a version 3 desk wrote it: before matches of several games."""
    data["version"] = 3
    for section, column in (("sides", "games_won"), ("hands", "match_game")):
        for record in data[section]:
            del record[column]
    return data


def as_version_2(data: dict) -> dict:
    """Return a backup as a version 2 desk wrote it: before hands entered at tables."""
    data = as_version_3(data)
    data["version"] = 2
    del data["table_entries"]
    del data["counts"]["table_entries"]
    for section, columns in (
        ("games", ("desk_only", "table_hand")),
        ("hands", ("source", "confirmed_by_name", "confirmed_at")),
        ("hand_changes", ("source",)),
    ):
        for record in data[section]:
            for column in columns:
                del record[column]
    return data


def resign(data: dict) -> bytes:
    """Write a changed backup back out with a checksum that matches the change."""
    data["checksum"] = checksum_of(data)
    return json.dumps(data).encode()


def test_a_restored_copy_exports_the_same_files(played_tournament, official, tmp_path):
    raw = backup_bytes(played_tournament)
    copy = restore_backup(raw, by=official, slug="copy")
    write_results(played_tournament, tmp_path / "a")
    write_results(copy, tmp_path / "b")
    for name in ("games.csv", "hands.csv", "standings.csv", "placings.csv", "penalties.csv"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    assert copy.is_official(official)
    assert Hand.objects.filter(game__event__tournament=copy).count() == 4
    assert HandChange.objects.filter(game__event__tournament=copy, action="edited").count() == 1
    original = Activity.objects.filter(tournament=played_tournament).values_list("text", "at")
    restored = Activity.objects.filter(tournament=copy).values_list("text", "at")
    # The log is the file's: a copy restored and backed up again is the same file. Who
    # restored it is its owner.
    assert list(original) == list(restored)
    assert copy.owner == official


def test_a_backup_of_the_copy_holds_the_same_records(played_tournament, official):
    first = json.loads(backup_bytes(played_tournament))
    copy = restore_backup(json.dumps(first).encode(), by=official, slug="b")
    second = json.loads(backup_bytes(copy))

    def without_ids(data):
        """Each record without the ids that only link records (they differ by database)."""
        found = {}
        for section in backup.SECTIONS:
            # Form keys are fresh too when, as here, the original is in the same database.
            links = {"id", "entry_key", "request_key"} | {c.name for c in section.columns if c.ref}
            found[section.name] = [
                json.dumps({k: v for k, v in r.items() if k not in links}, sort_keys=True).replace(
                    f'"offender": {offender}', '"offender": ?'
                )
                for r in data[section.name]
                for offender in [_offender(r)]
            ]
        return found

    assert without_ids(first) == without_ids(second)
    assert {k: v for k, v in second["tournament"].items() if k != "id"} == {
        **{k: v for k, v in first["tournament"].items() if k != "id"},
        "slug": "b",
        "owner": "olive",  # who restored it
    }


def _offender(record):
    for value in (record.get("detail"), (record.get("after") or {}).get("detail")):
        for found in (value or {}).get("penalties") or ():
            return found["offender"]
    return None


def test_the_file_opens_with_its_format_and_version(played_tournament):
    raw = backup_bytes(played_tournament)
    assert raw.startswith(b'{"format":"domino-desk-tournament","version":4,')
    assert raw.endswith(b"}\n")
    assert json.loads(raw)["counts"]["hands"] == 4


def test_people_unknown_here_are_kept_as_names_and_no_account_is_made(played_tournament, official):
    data = json.loads(backup_bytes(played_tournament))
    assert {hand["entered_by"] for hand in data["hands"]} == {"olive"}
    for hand in data["hands"]:
        hand["entered_by"] = "newcomer"
    for line in data["activity"]:
        line["user"] = "newcomer"
    data["officials"] = ["olive", "newcomer", "boss"]
    data["tournament"]["owner"] = "boss"
    accounts = get_user_model().objects.count()
    copy = restore_backup(resign(data), by=official, slug="b")
    assert get_user_model().objects.count() == accounts
    hands = Hand.objects.filter(game__event__tournament=copy)
    assert {(hand.entered_by, hand.entered_by_name) for hand in hands} == {(None, "newcomer")}
    changes = HandChange.objects.filter(game__event__tournament=copy)
    assert {(change.by, change.by_name) for change in changes} == {(official, "")}
    lines = Activity.objects.filter(tournament=copy)
    assert {(line.user, line.user_name) for line in lines} == {(None, "newcomer")}
    assert copy.owner == official
    assert list(copy.officials.all()) == [official]
    # A backup of the copy names them again, as text.
    again = json.loads(backup_bytes(copy))
    assert {hand["entered_by"] for hand in again["hands"]} == {"newcomer"}


def test_the_pages_show_who_by_name_when_they_have_no_account_here(
    played_tournament, official, official_client
):
    data = json.loads(backup_bytes(played_tournament))
    for change in data["hand_changes"]:
        change["by"] = "newcomer"
    for line in data["activity"]:
        line["user"] = "newcomer"
    copy = restore_backup(resign(data), by=official, slug="b")
    game = HandChange.objects.filter(game__event__tournament=copy).first().game
    history = official_client.get(reverse("scoring:history", args=["b", game.pk]))
    assert "newcomer" in history.text
    dashboard = official_client.get(reverse("desk:dashboard", args=["b"]))
    assert "newcomer" in dashboard.text


@pytest.mark.parametrize(
    ("cut", "message"),
    [
        (lambda raw: raw[: len(raw) // 2], "The file is incomplete"),
        (lambda raw: raw[: raw.index(b'"hands":[') + 30], "The file is incomplete"),
        (lambda raw: raw[: raw.rindex(b'"counts"')], "The file is incomplete"),
        (lambda raw: raw[:-3], "The file is incomplete"),
    ],
    ids=["half", "inside a record", "before the counts", "last bytes"],
)
def test_a_file_cut_short_is_refused(official, played_tournament, cut, message):
    raw = cut(backup_bytes(played_tournament))
    with pytest.raises(BackupError, match=message):
        restore_backup(raw, by=official, slug="other-copy")


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"", "The file is empty"),
        (b"\xff\xfe\x00garbage", "not UTF-8 text"),
        (b"name,chapter\nAda,Lone Star\n}", "The file is damaged: it is not valid JSON"),
        (b'{"hello": "world"}', "This is not a domino desk tournament backup"),
        (b"[1, 2, 3]", "This is not a domino desk tournament backup"),
    ],
    ids=["empty", "binary", "csv", "other json", "a list"],
)
def test_a_file_that_is_no_backup_is_refused(official, raw, message):
    with pytest.raises(BackupError, match=message):
        restore_backup(raw, by=official, slug="other-copy")


def test_a_hand_edited_file_is_refused(official, played_tournament):
    data = json.loads(backup_bytes(played_tournament))
    data["hands"][0]["points"] = [250, 0]
    with pytest.raises(BackupError, match="has been changed since the desk wrote it"):
        restore_backup(json.dumps(data).encode(), by=official, slug="other-copy")


def test_a_file_missing_records_is_refused(official, played_tournament):
    data = json.loads(backup_bytes(played_tournament))
    data["activity"].pop()
    with pytest.raises(BackupError, match="holds fewer records than it says"):
        restore_backup(json.dumps(data).encode(), by=official, slug="other-copy")


def test_a_file_of_another_version_is_refused(official, played_tournament):
    data = json.loads(backup_bytes(played_tournament))
    data["version"] = 5
    with pytest.raises(
        BackupError, match="format version 5; this desk reads versions 1, 2, 3 and 4"
    ):
        restore_backup(resign(data), by=official, slug="other-copy")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["hands"][0].update(game=999999), "its “game” points at nothing"),
        (lambda d: d["hands"][0].update(entered_at="yesterday"), "“entered_at” is not a valid"),
        (lambda d: d["players"][0].update(name=None), "“name” is missing"),
        (lambda d: d["games"][0].update(status=7), "“status” is not a valid str"),
        (
            lambda d: d["events"][0].update(game_key="poker"),
            "“game_key” “poker” is none of the desk's values",
        ),
        (lambda d: d["chapters"].append(dict(d["chapters"][0])), "is used twice"),
    ],
    ids=["dangling", "bad time", "missing", "wrong type", "unknown game", "duplicate id"],
)
def test_a_file_with_bad_records_is_refused_saying_where(
    official, played_tournament, change, message
):
    data = json.loads(backup_bytes(played_tournament))
    change(data)
    data["counts"] = {s.name: len(data[s.name]) for s in backup.SECTIONS}
    with pytest.raises(BackupError, match=message):
        restore_backup(resign(data), by=official, slug="other-copy")


def test_a_file_breaking_a_rule_of_the_desk_restores_nothing(played_tournament, official):
    data = json.loads(backup_bytes(played_tournament))
    data["hands"][1]["number"] = data["hands"][0]["number"]  # two hands 1 in one game
    data["hands"][1]["entered_by"] = "nobody-yet"
    tournaments, users = Tournament.objects.count(), get_user_model().objects.count()
    with pytest.raises(BackupError, match="break a rule of the desk"):
        restore_backup(resign(data), by=official, slug="broken")
    assert Tournament.objects.count() == tournaments
    assert get_user_model().objects.count() == users


def test_an_address_in_use_is_refused_unless_a_new_one_is_chosen(played_tournament, official):
    found = backup_bytes(played_tournament)
    with pytest.raises(BackupError, match="“rally” exists already; choose a new address"):
        restore_backup(found, by=official)
    copy = restore_backup(found, by=official, slug="rally-copy")
    assert copy.slug == "rally-copy"
    assert (
        Game.objects.filter(event__tournament=copy).count()
        == Game.objects.filter(event__tournament=played_tournament).count()
    )


def test_a_restore_where_its_ids_are_free_keeps_them(played_tournament, official):
    raw = backup_bytes(played_tournament)
    games = sorted(Game.objects.filter(event__tournament=played_tournament).values_list("pk"))
    hands = sorted(Hand.objects.filter(game__event__tournament=played_tournament).values_list("pk"))
    _delete(played_tournament)
    copy = restore_backup(raw, by=official)
    assert copy.slug == "rally"
    assert sorted(Game.objects.filter(event__tournament=copy).values_list("pk")) == games
    assert sorted(Hand.objects.filter(game__event__tournament=copy).values_list("pk")) == hands
    # New rows are numbered after the restored ones.
    again = restore_backup(raw, by=official, slug="again")
    assert again.pk > copy.pk
    assert min(Game.objects.filter(event__tournament=again).values_list("pk", flat=True)) > max(
        pk for (pk,) in games
    )


def _keys(tournament) -> tuple[set, set]:
    """Return the form keys of a tournament's hands and of its hands' history lines."""
    hands = Hand.objects.filter(game__event__tournament=tournament)
    changes = HandChange.objects.filter(game__event__tournament=tournament)
    return (
        set(hands.values_list("entry_key", flat=True)),
        set(changes.exclude(request_key=None).values_list("request_key", flat=True)),
    )


def _delete(tournament) -> None:
    Side.objects.filter(game__event__tournament=tournament).delete()
    TeamMember.objects.filter(event__tournament=tournament).delete()
    tournament.players.all().delete()
    tournament.delete()


def test_a_copy_beside_its_original_has_new_form_keys(played_tournament, official):
    hand_keys, change_keys = _keys(played_tournament)
    assert hand_keys and change_keys
    copy = restore_backup(backup_bytes(played_tournament), by=official, slug="copy")
    copied_hands, copied_changes = _keys(copy)
    assert len(copied_hands) == len(hand_keys) and len(copied_changes) == len(change_keys)
    assert not copied_hands & hand_keys and not copied_changes & change_keys
    # A history line without a key (a change made by the desk itself) stays without one.
    assert HandChange.objects.filter(game__event__tournament=copy, request_key=None).count() == (
        HandChange.objects.filter(
            game__event__tournament=played_tournament, request_key=None
        ).count()
    )


def test_a_restore_keeping_its_ids_keeps_its_form_keys_unless_held_here(
    played_tournament, official
):
    raw = backup_bytes(played_tournament)
    hand_keys, change_keys = _keys(played_tournament)
    held = sorted(hand_keys)[0]
    _delete(played_tournament)
    make_hand(make_ready_game(TournamentFactory(slug="other")), entry_key=held)
    copy = restore_backup(raw, by=official)
    restored_hands, restored_changes = _keys(copy)
    assert restored_hands - hand_keys != set() and len(restored_hands) == len(hand_keys)
    assert restored_hands & hand_keys == hand_keys - {held}
    assert restored_changes == change_keys


def test_restoring_twice_gives_fresh_form_keys(played_tournament, official):
    found = backup_bytes(played_tournament)
    restore_backup(found, by=official, slug="one")
    restore_backup(backup_bytes(played_tournament), by=official, slug="two")
    assert Tournament.objects.filter(slug__in=["one", "two"]).count() == 2


# Commands ----------------------------------------------------------------------------------


def test_the_commands_back_up_and_restore(played_tournament, tmp_path):
    target = tmp_path / "rally.json"
    call_command("export_tournament", "rally", "--out", str(target), stdout=io.StringIO())
    assert oct(target.stat().st_mode & 0o777) == "0o600"
    with pytest.raises(CommandError, match="exists already"):
        call_command("export_tournament", "rally", "--out", str(target))
    with pytest.raises(CommandError, match="“rally” exists already"):
        call_command("import_tournament", str(target), "--official", "olive")
    said = io.StringIO()
    call_command(
        "import_tournament", str(target), "--slug", "again", "--official", "olive", stdout=said
    )
    assert "Its address: /t/again/" in said.getvalue()
    assert Tournament.objects.get(slug="again").is_official(
        get_user_model().objects.get(username="olive")
    )


def test_the_import_command_says_what_is_wrong(tmp_path, tournament):
    broken = tmp_path / "broken.json"
    broken.write_bytes(b'{"format": "domino-desk-tournament", "version": 1, "tourn')
    with pytest.raises(CommandError, match="The file is incomplete"):
        call_command("import_tournament", str(broken), "--official", "olive")
    with pytest.raises(CommandError, match="There is no file"):
        call_command("import_tournament", str(tmp_path / "nothing.json"), "--official", "olive")
    with pytest.raises(CommandError, match="There is no tournament"):
        call_command("export_tournament", "nowhere", "--out", str(tmp_path / "x.json"))


def test_export_results_writes_the_files_with_no_server(played_tournament, tmp_path):
    said = io.StringIO()
    call_command("export_results", "rally", "--out", str(tmp_path / "out"), stdout=said)
    names = {path.name for path in Path(tmp_path / "out").iterdir()}
    assert {"games.csv", "hands.csv", "standings.csv", "rally.xlsx"} <= names
    with pytest.raises(CommandError, match="There is no tournament"):
        call_command("export_results", "nowhere", "--out", str(tmp_path / "x"))


# The official pages ---------------------------------------------------------------------------


def test_an_official_builds_a_backup_from_the_page(
    official_client, played_tournament, settings, tmp_path
):
    settings.DATA_DIR = tmp_path
    response = official_client.post(
        reverse("scoring:export_create", args=["rally"]),
        {"kind": "backup", "format": "json", "back": "backup"},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == reverse("scoring:backup", args=["rally"])
    assert "Download rally-backup.json" in response.text


def test_an_official_restores_a_file_from_the_page(
    official_client, official, played_tournament, settings, tmp_path
):
    settings.DATA_DIR = tmp_path
    raw = backup_bytes(played_tournament)
    url = reverse("scoring:backup", args=["rally"])
    upload = io.BytesIO(raw)
    upload.name = "rally.json"
    response = official_client.post(url, {"file": upload})
    assert response.status_code == 422
    assert "exists already; choose a new address" in response.text
    upload = io.BytesIO(raw)
    upload.name = "rally.json"
    response = official_client.post(url, {"file": upload, "slug": "rally-2"}, follow=True)
    assert response.redirect_chain[-1][0] == url
    assert "Restored: " in response.text
    assert reverse("desk:dashboard", args=["rally-2"]) in response.text
    assert Tournament.objects.get(slug="rally-2").owner == official
    cut = io.BytesIO(raw[:1000])
    cut.name = "cut.json"
    response = official_client.post(url, {"file": cut, "slug": "rally-3"}, follow=True)
    assert "Refused: The file is incomplete" in response.text
    assert not Tournament.objects.filter(slug="rally-3").exists()
    assert not list((tmp_path / "restores").iterdir())  # the uploads are not kept


def _results_with_their_trail(tournament, official):
    """A doubles bracket whose two first games are given (one by walkover, with its reason),
    so the singles have teams and entries made by those results (`fed_from`)."""
    from tests.factories import EventFactory, drawn_doubles, game_at
    from tournaments import services

    event = drawn_doubles(tournament, official, 4)
    EventFactory(tournament=tournament, name="Singles", team_size=1, fed_by=event)
    services.record_result(
        game=game_at(event, 1, 0), winner_seat=0, by=official, walkover=True, reason="No show"
    )
    services.record_result(game=game_at(event, 1, 1), winner_seat=1, by=official)
    tournament.owner = official
    tournament.save(update_fields=["owner"])
    return event


def _trail(tournament) -> dict:
    """What a restore must carry of results: reasons, what each result made, the owner."""
    from tournaments.models import Entry, Team

    games = Game.objects.filter(event__tournament=tournament)
    made_by = {g.pk: (g.event.name, g.stage, g.round_number, g.position) for g in games}
    return {
        "reasons": sorted(
            games.exclude(walkover_reason="").values_list("walkover_reason", flat=True)
        ),
        "teams": sorted(
            (t.event.name, t.number, made_by[t.fed_from_id])
            for t in Team.objects.filter(event__tournament=tournament, fed_from__isnull=False)
        ),
        "entries": sorted(
            (e.event.name, e.player.name, made_by[e.fed_from_id])
            for e in Entry.objects.filter(event__tournament=tournament, fed_from__isnull=False)
        ),
        "owner": tournament.owner.username if tournament.owner else None,
    }


def test_a_restore_keeps_reasons_what_results_made_and_the_owner(tournament, official):
    _results_with_their_trail(tournament, official)
    before = _trail(tournament)
    assert before["reasons"] == ["No show"] and before["teams"] and before["entries"]
    copy = restore_backup(backup_bytes(tournament), by=official, slug="c2")
    assert _trail(copy) == before


def test_a_version_1_file_is_still_read(tournament, official):
    """Written before reasons, `fed_from` and owners were kept: those come back empty."""
    _results_with_their_trail(tournament, official)
    data = as_version_2(json.loads(backup_bytes(tournament)))
    data["version"] = 1
    del data["tournament"]["owner"]
    for section, column in (
        ("games", "walkover_reason"),
        ("teams", "fed_from"),
        ("entries", "fed_from"),
    ):
        for record in data[section]:
            del record[column]
    copy = restore_backup(resign(data), by=official, slug="old")
    # The copy's owner is who restored it, whatever the file says.
    assert _trail(copy) == {"reasons": [], "teams": [], "entries": [], "owner": "olive"}
    assert (
        Game.objects.filter(event__tournament=copy).count()
        == Game.objects.filter(event__tournament=tournament).count()
    )


def test_a_version_3_file_is_still_read(played_tournament, official):
    """Written before matches of several games: every hand in game 1, no games won."""
    data = as_version_3(json.loads(backup_bytes(played_tournament)))
    copy = restore_backup(resign(data), by=official, slug="v3-older")
    hands = Hand.objects.filter(game__event__tournament=copy)
    assert hands.count() == 4 and set(hands.values_list("match_game", flat=True)) == {1}
    sides = Side.objects.filter(game__event__tournament=copy)
    assert set(sides.values_list("games_won", flat=True)) == {0}


def test_a_version_4_file_as_the_desk_writes_it_is_read(played_tournament, official):
    raw = backup_bytes(played_tournament)
    assert json.loads(raw)["version"] == 4
    copy = restore_backup(raw, by=official, slug="v3")
    assert Hand.objects.filter(game__event__tournament=copy).count() == 4


def test_each_event_keeps_its_three_change_markers(played_tournament, official):
    """The public pages show "Last updated" from the markers: a copy shows the same; a
    file written before the shared marker takes the event's changed_at for it, and one
    written before the names' marker its shared marker."""
    event = played_tournament.events.first()
    Event.objects.filter(pk=event.pk).update(
        shared_changed_at=event.changed_at - HOUR, names_changed_at=event.changed_at - 2 * HOUR
    )
    data = json.loads(backup_bytes(played_tournament))
    copy = restore_backup(resign(data), by=official, slug="markers")
    markers = {e.name: (e.shared_changed_at, e.names_changed_at) for e in copy.events.all()}
    assert markers[event.name] == (event.changed_at - HOUR, event.changed_at - 2 * HOUR)
    for record in data["events"]:
        del record["names_changed_at"]
    no_names = restore_backup(resign(data), by=official, slug="no-names")
    markers = {e.name: (e.shared_changed_at, e.names_changed_at) for e in no_names.events.all()}
    assert markers[event.name] == (event.changed_at - HOUR, event.changed_at - HOUR)
    for record in data["events"]:
        del record["shared_changed_at"]
    older = restore_backup(resign(data), by=official, slug="older")
    assert {(e.shared_changed_at, e.names_changed_at) for e in older.events.all()} == {
        (e.changed_at, e.changed_at) for e in older.events.all()
    }


def test_a_version_2_file_is_still_read(played_tournament, official):
    """Written before hands were entered at tables: every hand is a desk hand."""
    data = as_version_2(json.loads(backup_bytes(played_tournament)))
    copy = restore_backup(resign(data), by=official, slug="v2")
    hands = Hand.objects.filter(game__event__tournament=copy)
    assert hands.count() == 4
    assert set(hands.values_list("source", flat=True)) == {"desk"}


def test_a_version_3_file_without_its_table_entries_is_refused(played_tournament, official):
    data = json.loads(backup_bytes(played_tournament))
    del data["table_entries"]
    with pytest.raises(BackupError, match="“table_entries” comes before “activity”"):
        restore_backup(resign(data), by=official, slug="cut")
    assert not Tournament.objects.filter(slug="cut").exists()


@pytest.mark.parametrize(
    "layout",
    [
        lambda data: json.dumps(data, indent=2).encode(),
        lambda data: json.dumps(data).encode(),
        lambda data: json.dumps(data, ensure_ascii=True).encode() + b"\n\n",
    ],
    ids=["indented", "one line", "ascii escapes"],
)
def test_the_same_backup_laid_out_otherwise_restores_the_same(played_tournament, official, layout):
    """An editor that re-saves the file changes its layout, not its content or checksum."""
    raw = backup_bytes(played_tournament)
    copy = restore_backup(layout(json.loads(raw)), by=official, slug="relaid")
    first = json.loads(raw)
    second = json.loads(backup_bytes(copy))
    for section in ("players", "games", "sides"):
        assert len(first[section]) == len(second[section])
    assert [h["points"] for h in first["hands"]] == [h["points"] for h in second["hands"]]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda raw: raw + b"{}", "The file is damaged: it is not valid JSON"),
        (lambda raw: raw.replace(b'"players":[', b'"players":{', 1), "The file is damaged"),
        (lambda raw: raw.replace(b"\n", b"\n  ", 3)[:-40], "The file is incomplete"),
        (lambda raw: b"\n" + raw.replace(b'"chapters":[', b'"chapters":7,"x":[', 1), "damaged"),
    ],
    ids=["trailing object", "a section not a list", "cut, other layout", "a section not a list 2"],
)
def test_a_damaged_file_is_refused_whatever_its_layout(
    played_tournament, official, change, message
):
    with pytest.raises(BackupError, match=message):
        restore_backup(change(backup_bytes(played_tournament)), by=official, slug="damaged")
