"""The settings read from the environment: strict helpers, and the scale-out switches.

The helpers are called directly; the module is reloaded (in this process, so coverage
sees it) for the switches read at import time, then reloaded again as it was.
"""

import importlib

import pytest
from django.core.exceptions import ImproperlyConfigured

from config import settings as desk_settings


@pytest.mark.parametrize(
    "raw, expected", [("", False), ("1", True), ("Yes", True), ("on", True), ("0", False)]
)
def test_a_yes_no_variable_reads_the_usual_spellings(monkeypatch, raw, expected):
    monkeypatch.setenv("DESK_FLAG", raw)
    assert desk_settings.env_bool("DESK_FLAG") is expected


def test_a_yes_no_variable_with_another_word_is_a_configuration_error(monkeypatch):
    monkeypatch.setenv("DESK_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match=r"DESK_FLAG must be 1/0.*not 'maybe'"):
        desk_settings.env_bool("DESK_FLAG")


def test_a_whole_number_variable_reads_its_number_or_the_default(monkeypatch):
    assert desk_settings.env_int("DESK_NUMBER", 7) == 7
    monkeypatch.setenv("DESK_NUMBER", " 42 ")
    assert desk_settings.env_int("DESK_NUMBER", 7) == 42


@pytest.mark.parametrize(
    "raw, message",
    [("ten", "must be a whole number, not 'ten'"), ("-1", "must be at least 0, not -1")],
)
def test_a_whole_number_variable_refuses_words_and_numbers_under_its_minimum(
    monkeypatch, raw, message
):
    monkeypatch.setenv("DESK_NUMBER", raw)
    with pytest.raises(ImproperlyConfigured, match=message):
        desk_settings.env_int("DESK_NUMBER", 7)


def test_a_data_folder_set_by_hand_is_left_as_it_is_but_the_default_is_closed(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    desk_settings.owner_only_folder(folder, tighten=False)
    assert folder.stat().st_mode & 0o777 == 0o755
    desk_settings.owner_only_folder(folder, tighten=True)
    assert folder.stat().st_mode & 0o777 == 0o700


def test_an_open_file_in_the_data_folder_is_closed(tmp_path):
    file = tmp_path / "secret_key.txt"
    file.write_text("x")
    file.chmod(0o644)
    desk_settings.owner_only_file(file)
    assert file.stat().st_mode & 0o777 == 0o600


def test_the_secret_key_comes_from_the_environment_or_is_kept_in_the_data_folder(
    monkeypatch, tmp_path
):
    monkeypatch.setattr(desk_settings, "DATA_DIR", tmp_path)
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    assert desk_settings._secret_key() == "from-the-environment"
    monkeypatch.delenv("SECRET_KEY")
    first = desk_settings._secret_key()
    assert (tmp_path / "secret_key.txt").read_text() == first
    assert desk_settings._secret_key() == first  # kept, not made again


@pytest.fixture
def reloaded(monkeypatch, tmp_path):
    """Reload the settings under other variables; reload them as they were afterwards."""

    def reload(**env):
        monkeypatch.setenv("DATA_DIR", str(tmp_path / "data"))
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        return importlib.reload(desk_settings)

    yield reload
    monkeypatch.undo()
    importlib.reload(desk_settings)


def test_the_scale_out_variables_switch_the_database_cache_and_proxy_header(reloaded):
    found = reloaded(
        DATABASE_URL="postgres://desk@db.example:5432/desk",
        REDIS_URL="redis://cache.example:6379/1",
        DESK_PROXY_SSL_HEADER="1",
        SECRET_KEY="k" * 50,
    )
    assert found.DATABASES["default"]["ENGINE"] == "config.postgresql"  # Django's, checked alike
    assert "TEST" not in found.DATABASES["default"]
    assert found.CACHES["default"]["LOCATION"] == "redis://cache.example:6379/1"
    assert found.SECURE_PROXY_SSL_HEADER == ("HTTP_X_FORWARDED_PROTO", "https")
    assert found.SECRET_KEY == "k" * 50


def test_an_in_memory_sqlite_database_makes_no_file(reloaded, tmp_path):
    found = reloaded(DATABASE_URL="sqlite://:memory:")
    assert found.DATABASES["default"]["NAME"] == ":memory:"
    assert not list((tmp_path / "data").glob("*.sqlite3"))


def test_the_wsgi_entry_point_serves_the_desk():
    from django.core.handlers.wsgi import WSGIHandler

    from config.wsgi import application

    assert isinstance(application, WSGIHandler)


def test_postgresql_keeps_client_side_binding_for_the_locked_rows_read(reloaded):
    """Several statements in one execute (`locked_games`, `nextset()`) need it."""
    found = reloaded(DATABASE_URL="postgres://desk@db.example:5432/desk")
    assert found.DATABASES["default"]["OPTIONS"]["server_side_binding"] is False


def test_the_one_statement_result_path_is_a_setting_on_by_default(reloaded):
    assert reloaded().RESULTS_ONE_STATEMENT is True
    assert reloaded(RESULTS_ONE_STATEMENT="0").RESULTS_ONE_STATEMENT is False
