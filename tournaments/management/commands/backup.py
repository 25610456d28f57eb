"""Take a consistent copy of the embedded SQLite database while the desk is running.

SQLite's online backup copies the database page by page from one read transaction, so
the copy is the database as it was at one instant, even while officials keep entering
hands (a plain file copy can catch a write half-way, or miss what sits in the -wal
file). The copy is checked with SQLite's integrity check before the command reports.
"""

import os
import sqlite3
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils import timezone

LOCKED_FOR = 60  # seconds the copy waits for a database another program keeps locked


def backup_sqlite(source: sqlite3.Connection, target: Path) -> None:
    """Copy the open SQLite database `source` to the file `target` (owner-only)."""
    target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if target.exists():
        raise CommandError(f"{target} exists already; choose another file.")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    os.close(os.open(partial, os.O_CREAT | os.O_WRONLY | os.O_EXCL, 0o600))
    copy = sqlite3.connect(partial)
    deadline = time.monotonic() + LOCKED_FOR

    def waited(status, remaining, total):
        if time.monotonic() > deadline:
            raise CommandError(f"The database stayed locked for {LOCKED_FOR} s; try again.")

    try:
        source.backup(copy, progress=waited, sleep=0.1)  # one step: one consistent snapshot
        copy.execute("PRAGMA journal_mode=DELETE")
        found = copy.execute("PRAGMA integrity_check").fetchone()[0]
        if found != "ok":  # a damaged source database
            raise CommandError(f"The copy failed SQLite's integrity check: {found}")
    except BaseException:
        copy.close()
        partial.unlink(missing_ok=True)
        raise
    copy.close()
    partial.rename(target)


class Command(BaseCommand):
    help = "Copy the SQLite database, consistently, while the desk runs (SQLite's online backup)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--to",
            metavar="FILE",
            help="Where to write the copy (default: DATA_DIR/backups/desk-YYYYMMDD-HHMMSS.sqlite3)",
        )

    def handle(self, *args, to=None, **options):
        if connection.vendor != "sqlite":
            raise CommandError(
                f"The database is {connection.vendor}, not the embedded SQLite: back it up "
                "with its own tools (for PostgreSQL: pg_dump)."
            )
        if to:
            target = Path(to).expanduser()
        else:
            stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S")
            target = Path(settings.DATA_DIR) / "backups" / f"desk-{stamp}.sqlite3"
        connection.ensure_connection()
        backup_sqlite(connection.connection, target)
        size = target.stat().st_size
        self.stdout.write(f"Backed up the database to {target} ({size / 1024:,.0f} KB).")
