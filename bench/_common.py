"""Shared set-up for the benchmarks: a throwaway database, migrated, and Django ready.

On the default settings that is a SQLite file in a temporary folder; with DATABASE_URL
pointing at PostgreSQL it is a database named bench_<name> on that server (or
BENCH_DATABASE, when set), dropped and created afresh.
"""

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent


def setup_django(name: str) -> str:
    """Point Django at a fresh database for benchmark `name`, migrate it, return its vendor."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        database = os.environ.get("BENCH_DATABASE") or f"bench_{name}"
        os.environ["DATABASE_URL"] = _fresh_postgres(url, database)
    else:
        folder = tempfile.mkdtemp(prefix=f"bench-{name}-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    import django
    from django.core.management import call_command

    django.setup()
    from django.conf import settings

    # Pages render without `collectstatic` having written its manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    call_command("migrate", verbosity=0)
    from django.db import connection

    return connection.vendor


def _fresh_postgres(url: str, database: str) -> str:
    import psycopg

    parts = urlsplit(url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{database}"')
    return urlunsplit(parts._replace(path=f"/{database}"))


def process_cpu(pid: int):
    """Return a reader of the CPU seconds (user and system, from /proc) process ``pid``
    has used, or of None where /proc cannot tell (a server on another machine)."""
    stat = Path(f"/proc/{pid}/stat")
    tick = os.sysconf("SC_CLK_TCK")

    def read():
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / tick  # utime, stime

    return read if read() is not None else lambda: None


def machine_cpu() -> tuple[float, float] | None:
    """Return (busy, all) CPU seconds of the whole machine so far, every core counted
    (/proc/stat; None where it cannot tell): what two readings' differences divide gives
    how busy the machine's cores were between them."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]
    except OSError:
        return None
    user, nice, system, idle, iowait, irq, softirq, steal = (int(f) for f in fields)
    tick = os.sysconf("SC_CLK_TCK")
    busy = user + nice + system + irq + softirq + steal
    return busy / tick, (busy + idle + iowait) / tick


def report(figures: dict) -> None:
    """Print the figures as the last line: one JSON object, units in the keys."""
    print(json.dumps(figures))


def doubles_event(slug: str = "bench"):
    """Return (official, tournament, Texas Good Sams doubles event), made through the services."""
    import datetime

    from django.contrib.auth import get_user_model

    from tournaments import services

    official = get_user_model().objects.create_user(f"official-{slug}")
    day = datetime.date(2026, 11, 21)
    tournament = services.create_tournament(
        by=official, name=f"Bench {slug}", slug=slug, starts_on=day, ends_on=day
    )
    event = services.create_event(
        tournament=tournament,
        by=official,
        name="Doubles",
        game_key="texas_good_sams",
        format="single_elimination",
        team_size=2,
    )
    return official, tournament, event


def checked_in_players(tournament, names, chapters, rng) -> list:
    """Make a checked-in player of each name, of a chapter ``rng`` picks (one statement)."""
    from tournaments.models import Player

    return Player.objects.bulk_create(
        [
            Player(tournament=tournament, name=name, chapter=rng.choice(chapters), checked_in=True)
            for name in names
        ]
    )


class Floor:
    """The bare-PostgreSQL floor: one-row transactions on a connection of their own (lock
    a row, update it, commit), run in blocks between the work measured, over ``rows`` rows
    in turn."""

    def __init__(self, rows: int = 1000):
        import psycopg
        from django.db import connection

        settings = connection.settings_dict
        self.conn = psycopg.connect(
            dbname=settings["NAME"],
            user=settings["USER"] or None,
            password=settings["PASSWORD"] or None,
            host=settings["HOST"] or None,
            port=settings["PORT"] or None,
        )
        self.conn.execute("SET synchronous_commit = on")
        self.conn.execute("DROP TABLE IF EXISTS bench_floor")
        self.conn.execute("CREATE TABLE bench_floor (id bigint PRIMARY KEY, n integer NOT NULL)")
        self.conn.execute(
            "INSERT INTO bench_floor SELECT i, 0 FROM generate_series(1, %s) AS i", [rows]
        )
        self.rows = rows
        self.conn.commit()
        self.seconds = 0.0
        self.count = 0
        self._backend = process_cpu(self.conn.info.backend_pid)
        self.backend_cpu_seconds = 0.0 if self._backend() is not None else None

    def run(self, count: int) -> None:
        conn = self.conn
        began, backend_began = time.perf_counter(), self._backend()
        for n in range(count):
            row = (self.count + n) % self.rows + 1
            conn.execute("SELECT n FROM bench_floor WHERE id = %s FOR UPDATE", [row]).fetchone()
            conn.execute("UPDATE bench_floor SET n = n + 1 WHERE id = %s", [row])
            conn.commit()
        self.seconds += time.perf_counter() - began
        if self.backend_cpu_seconds is not None:
            self.backend_cpu_seconds += self._backend() - backend_began
        self.count += count

    def backend_cpu_ms(self) -> float | None:
        """The CPU milliseconds its database backend used per transaction, or None."""
        if self.backend_cpu_seconds is None or not self.count:
            return None
        return round(1000 * self.backend_cpu_seconds / self.count, 3)

    @property
    def ms(self) -> float:
        return 1000 * self.seconds / self.count

    def close(self) -> float:
        """Close the connection; return the seconds of every transaction run."""
        self.conn.close()
        return self.seconds
