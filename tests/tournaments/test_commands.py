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


def test_demo_official_login_is_created_once_and_printed_every_time(settings, tmp_path, capsys):
    settings.DATA_DIR = tmp_path
    call_command("load_demo")
    capsys.readouterr()
    call_command("create_official", "--demo")
    first = capsys.readouterr().out
    call_command("create_official", "--demo")
    assert capsys.readouterr().out == first
    password = first.split(" / ")[1].split()[0]
    user = get_user_model().objects.get(username="official")
    assert user.check_password(password)
    assert Tournament.objects.get(slug="demo").is_official(user)


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
