"""`manage.py backup`: a consistent copy of the SQLite database while the desk writes."""

import sqlite3
import stat
import threading

import pytest
from django.core.management import CommandError, call_command

from tests.conftest import needs_database
from tournaments.management.commands.backup import backup_sqlite

# The command runs outside any transaction, as it does from a shell.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def sqlite_only():
    needs_database("sqlite")  # the backup command is for the embedded SQLite database


def test_the_command_copies_the_database(sqlite_only, tournament, tmp_path, capsys):
    target = tmp_path / "copy.sqlite3"
    call_command("backup", "--to", str(target))
    assert f"Backed up the database to {target}" in capsys.readouterr().out
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    copy = sqlite3.connect(target)
    slugs = {row[0] for row in copy.execute("select slug from tournaments_tournament")}
    assert slugs == {"rally", "elsewhere"}
    assert copy.execute("pragma integrity_check").fetchone()[0] == "ok"


def test_the_default_copy_goes_to_the_data_folder(sqlite_only, settings, tmp_path, capsys):
    settings.DATA_DIR = tmp_path
    call_command("backup")
    copies = list((tmp_path / "backups").glob("desk-*.sqlite3"))
    assert len(copies) == 1
    assert stat.S_IMODE((tmp_path / "backups").stat().st_mode) == 0o700


def test_an_existing_file_is_never_overwritten(sqlite_only, tmp_path):
    target = tmp_path / "copy.sqlite3"
    target.write_text("keep me")
    with pytest.raises(CommandError, match="exists already"):
        call_command("backup", "--to", str(target))
    assert target.read_text() == "keep me"


def test_postgresql_is_sent_to_its_own_tools(tmp_path):
    needs_database("postgresql")
    with pytest.raises(CommandError, match="pg_dump"):
        call_command("backup", "--to", str(tmp_path / "x"))


def test_a_copy_taken_while_writing_is_consistent(tmp_path):
    """Each write adds two rows in one transaction: a copy never holds an odd count."""
    source_path = tmp_path / "live.sqlite3"
    setup = sqlite3.connect(source_path)
    setup.execute("pragma journal_mode=wal")
    setup.execute("create table hands (n integer)")
    setup.commit()
    setup.close()
    stop = threading.Event()

    def write():
        writer = sqlite3.connect(source_path, timeout=20)
        n = 0
        while not stop.is_set():
            with writer:
                writer.execute("insert into hands values (?)", (n,))
                writer.execute("insert into hands values (?)", (n,))
            n += 1
        writer.close()

    thread = threading.Thread(target=write)
    thread.start()
    try:
        counts = []
        source = sqlite3.connect(source_path, timeout=20)
        for k in range(10):
            target = tmp_path / f"copy{k}.sqlite3"
            backup_sqlite(source, target)
            copy = sqlite3.connect(target)
            counts.append(copy.execute("select count(*) from hands").fetchone()[0])
            copy.close()
        source.close()
    finally:
        stop.set()
        thread.join()
    assert all(count % 2 == 0 for count in counts)
    assert counts[-1] > 0
