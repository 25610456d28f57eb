"""Management commands: the demo tournament and officials' logins."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_load_demo_creates_24_players_over_5_chapters(settings, tmp_path):
    call_command("load_demo", "--if-empty")
    demo = Tournament.objects.get(slug="demo")
    assert demo.players.count() == 24
    assert demo.chapters.count() == 5
    assert demo.players.filter(checked_in=True).count() == 24
    doubles = demo.events.get(name="Doubles")
    assert doubles.entries.count() == 24
    assert demo.events.get(name="Singles").fed_by == doubles


def test_load_demo_leaves_a_database_with_tournaments_alone(tournament, capsys):
    call_command("load_demo", "--if-empty")
    assert "Demo not loaded" in capsys.readouterr().out
    assert not Tournament.objects.filter(slug="demo").exists()


def test_the_demo_password_is_printed_once_and_kept_in_no_file(settings, tmp_path, capsys):
    settings.DATA_DIR = tmp_path
    call_command("load_demo")
    capsys.readouterr()
    call_command("create_official", "--demo")
    first = capsys.readouterr().out
    password = first.split("password:")[1].split()[0]
    user = get_user_model().objects.get(username="official")
    assert user.check_password(password)
    assert Tournament.objects.get(slug="demo").is_official(user)
    assert "shown this once" in first and "username:   official" in first
    # The sign-in block is the command's whole output: `make run` prints it last.
    assert first.strip().splitlines()[0].startswith("====")
    assert first.strip().splitlines()[-1].startswith("====")
    call_command("create_official", "--demo")
    again = capsys.readouterr().out
    assert password not in again
    assert "the one shown when this login was created" in again
    assert user.check_password(password)
    for path in [*tmp_path.rglob("*"), *settings.BASE_DIR.joinpath("data").rglob("*.txt")]:
        if path.is_file() and path.stat().st_size < 1_000_000:
            assert password.encode() not in path.read_bytes(), path


def test_an_old_password_file_is_shown_one_last_time_then_removed(settings, tmp_path, capsys):
    settings.DATA_DIR = tmp_path
    user = get_user_model().objects.create_user(username="official", password="kept-in-a-file-1")
    legacy = tmp_path / "demo_official_password.txt"
    legacy.write_text("kept-in-a-file-1")
    call_command("create_official", "--demo")
    assert "kept-in-a-file-1" in capsys.readouterr().out
    assert not legacy.exists()
    assert user.check_password("kept-in-a-file-1")


@pytest.mark.parametrize(
    "password, reason",
    [
        ("1", "too short"),
        ("1234567890123", "entirely numeric"),
        ("password123", "too common"),
        ("wanda.maximoff", "too similar"),
    ],
)
def test_create_official_refuses_a_weak_password(tournament, password, reason):
    with pytest.raises(CommandError, match=f"Password refused: .*{reason}"):
        call_command("create_official", "wanda.maximoff", "--password", password)
    assert not get_user_model().objects.filter(username="wanda.maximoff").exists()


def test_a_new_random_password_passes_the_validators(capsys):
    from django.contrib.auth.password_validation import validate_password

    call_command("create_official", "wanda")
    password = capsys.readouterr().out.split("password: ")[1].strip()
    user = get_user_model().objects.get(username="wanda")
    validate_password(password, user)
    assert user.check_password(password)


def test_create_official_attaches_them_to_a_tournament(tournament, capsys):
    call_command("create_official", "wanda", "--password", "s3cret-pass", "--tournament", "rally")
    user = get_user_model().objects.get(username="wanda")
    assert user.check_password("s3cret-pass")
    assert tournament.is_official(user)
    assert "Created official 'wanda'" in capsys.readouterr().out


def test_create_official_refuses_an_unknown_tournament():
    with pytest.raises(CommandError, match="No tournament has the address 'nope'"):
        call_command("create_official", "wanda", "--tournament", "nope")
    assert not get_user_model().objects.filter(username="wanda").exists()


def test_create_official_needs_a_name():
    with pytest.raises(CommandError, match="Give the official's login name"):
        call_command("create_official")
