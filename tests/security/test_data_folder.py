"""The data folder, the SQLite file and the secret key are the owner's alone."""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def start_desk(data_dir: Path, **env):
    """Load the settings and write to the SQLite database, as a first start does."""
    child_env = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SECRET_KEY", "DATA_DIR")
    }
    child_env.update(DATA_DIR=str(data_dir), **env)
    code = (
        "import django, os\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings')\n"
        "django.setup()\n"
        "from django.db import connection\n"
        "with connection.cursor() as c:\n"
        "    c.execute('create table t (x integer)')\n"
        "    c.execute('insert into t values (1)')\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=child_env, check=True, timeout=60)


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_a_new_data_folder_and_its_files_are_owner_only(tmp_path):
    old = os.umask(0o022)
    try:
        data = tmp_path / "data"
        start_desk(data)
    finally:
        os.umask(old)
    assert mode(data) == 0o700
    assert mode(data / "desk.sqlite3") == 0o600
    assert mode(data / "secret_key.txt") == 0o600
    assert mode(data / "staticfiles") == 0o700
    for extra in ("desk.sqlite3-wal", "desk.sqlite3-shm"):
        if (data / extra).exists():
            assert mode(data / extra) == 0o600


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_an_open_database_file_is_closed_at_start(tmp_path):
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    (data / "desk.sqlite3").touch(mode=0o644)
    (data / "desk.sqlite3").chmod(0o644)
    start_desk(data)
    assert mode(data / "desk.sqlite3") == 0o600
    # A DATA_DIR set by hand is the admin's choice: its own mode is left alone.
    assert mode(data) == 0o755
