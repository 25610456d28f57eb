"""Round trip: a tournament backed up from SQLite, restored into an empty PostgreSQL
database, backed up there and restored into a fresh SQLite again. Every public and
official page of the tournament, the three contract CSVs (and the other files), and the
backup itself come out identical each time.

Each database is a throwaway one, driven by this same module run as a script in a
process of its own (`python -m tests.services.test_exports_roundtrip STEP ...`), as a
desk would be on another machine.
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
SLUG = "demo"
# Pages about files and tokens, not about the tournament: they list what was asked here.
NOT_THE_TOURNAMENT = {"exports", "backup", "api_tokens"}
# Pages that show (and make) the tables' link codes: secrets a restored copy makes anew,
# as the README says, so they differ by their nature (their reads are tested apart).
TABLE_CODES = {"rounds_cards", "bracket_cards", "table_card", "rounds_monitor", "bracket_monitor"}
CSRF = re.compile(r'(name="csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]+"')
# When a page was printed, the print says so: the one thing that differs by its nature.
PRINTED = re.compile(r"printed \w{3} \d{1,2}, \d{4} \d\d:\d\d")
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
# A table's code and its QR code (the printed score sheet shows them): made anew by a copy.
TABLE_QR = re.compile(r"<svg(?:(?!</svg>).)*?qrline.*?</svg>", re.S)
TABLE_CODE = re.compile(r"\b[2-9A-HJKMNP-Z]{4}-?[2-9A-HJKMNP-Z]{4}\b")


# The script: one step in one database ---------------------------------------------------


def _setup():
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings

    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.ALLOWED_HOSTS = ["testserver"]
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return call_command


def _urls_to_visit() -> list[tuple[str, str]]:
    """Return (name, URL) of every GET page of the tournament, official and public."""
    from django.urls import get_resolver, reverse

    from scoring.models import Hand, TableEntry
    from tournaments.models import Chapter, Event, Game, Player, Round, Team, Tournament

    tournament = Tournament.objects.get(slug=SLUG)
    events = list(Event.objects.filter(tournament=tournament).order_by("pk"))
    games = list(Game.objects.filter(event__tournament=tournament).order_by("pk"))
    found = []
    for namespace in ("desk", "scoring", "public", "scoring_public"):
        _, resolver = get_resolver().namespace_dict[namespace]
        for pattern in resolver.url_patterns:
            if pattern.name in NOT_THE_TOURNAMENT or pattern.name in TABLE_CODES:
                continue
            route = str(pattern.pattern)
            keys = set(pattern.pattern.converters)
            if "token" in keys or "code" in keys or "slug" not in keys:
                continue
            name = f"{namespace}:{pattern.name}"
            if "pk" not in keys:
                found.append((name, reverse(name, kwargs={"slug": SLUG})))
                continue
            owner = re.search(r"([\w-]+)/<int:pk>", route).group(1)
            if owner == "events":
                for event in events:
                    base = {"slug": SLUG, "pk": event.pk}
                    if "stage" in keys:  # a bracket round: its stage and round number
                        places = (
                            Game.objects.filter(event=event, round__isnull=True)
                            .values_list("stage", "round_number")
                            .distinct()
                        )
                        found += [
                            (name, reverse(name, kwargs={**base, "stage": s, "number": n}))
                            for s, n in places
                        ]
                    elif "number" in keys:
                        numbers = Round.objects.filter(event=event).values_list("number", flat=True)
                        found += [
                            (name, reverse(name, kwargs={**base, "number": n})) for n in numbers
                        ]
                    elif "team_pk" in keys:
                        teams = Team.objects.filter(event=event).values_list("pk", flat=True)
                        found += [
                            (name, reverse(name, kwargs={**base, "team_pk": t})) for t in teams
                        ]
                    else:
                        found.append((name, reverse(name, kwargs=base)))
            elif owner == "games":
                for game in games:
                    base = {"slug": SLUG, "pk": game.pk}
                    if "hand_pk" in keys:
                        hands = Hand.objects.filter(game=game).values_list("pk", flat=True)
                        found += [
                            (name, reverse(name, kwargs={**base, "hand_pk": h})) for h in hands
                        ]
                    elif "entry_pk" in keys:
                        entries = TableEntry.objects.filter(game=game).values_list("pk", flat=True)
                        found += [
                            (name, reverse(name, kwargs={**base, "entry_pk": e})) for e in entries
                        ]
                    else:
                        found.append((name, reverse(name, kwargs=base)))
            elif owner == "players":
                for pk in Player.objects.filter(tournament=tournament).values_list("pk", flat=True):
                    found.append((name, reverse(name, kwargs={"slug": SLUG, "pk": pk})))
            elif owner == "chapters":
                for pk in Chapter.objects.filter(tournament=tournament).values_list(
                    "pk", flat=True
                ):
                    found.append((name, reverse(name, kwargs={"slug": SLUG, "pk": pk})))
    return found


def _capture(call_command, out: Path) -> None:
    """Write the tournament's files and every page of it (as a logged-in official) to `out`."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    call_command("export_results", SLUG, "--out", str(out / "results"), verbosity=0)
    user, _ = get_user_model().objects.get_or_create(username="roundtrip", is_superuser=True)
    client = Client()
    client.force_login(user)
    pages = {}
    for name, url in _urls_to_visit():
        response = client.get(url)
        if response.status_code == 405:
            continue
        text = b"".join(response.streaming_content) if response.streaming else response.content
        text = UUID.sub("<uuid>", CSRF.sub(r"\1<csrf>", text.decode("utf-8")))
        text = PRINTED.sub("printed <now>", text)
        text = TABLE_CODE.sub("<code>", TABLE_QR.sub("<qr>", text))
        pages[url] = [name, response.status_code, text]
    (out / "pages.json").write_text(json.dumps(pages, indent=1, sort_keys=True))


def step(name: str, *args: str) -> None:
    call_command = _setup()
    out = Path(args[-1])
    out.mkdir(parents=True, exist_ok=True)
    if name == "demo":
        call_command("load_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    else:
        # On a new machine the site admin makes an account first; it owns the restored copy
        # (named as the demo's owner, so that the pages read the same).
        from django.contrib.auth import get_user_model

        get_user_model().objects.get_or_create(username="official")
        call_command(
            "import_tournament",
            args[0],
            "--official",
            "official",
            stdout=open(os.devnull, "w"),  # noqa: SIM115
        )
    call_command("export_tournament", SLUG, "--out", str(out / "backup.json"), verbosity=0)
    _capture(call_command, out)


# The test ------------------------------------------------------------------------------------


@pytest.fixture
def throwaway_postgres(postgres):
    """An empty PostgreSQL database on the suite's server, dropped afterwards."""
    import psycopg

    db = postgres.settings_dict
    user = db["USER"] or "postgres"
    server = f"postgres://{user}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    name = f"roundtrip_{os.getpid()}"
    admin = urlunsplit(urlsplit(server)._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    yield f"{server}/{name}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def run_step(tmp_path: Path, database: str, name: str, *args) -> Path:
    out = tmp_path / f"{name}-{len(list(tmp_path.iterdir()))}"
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("CELERY_BROKER_URL", "REDIS_URL", "CELERY_RESULT_BACKEND")
    }
    env.update(DATABASE_URL=database, DATA_DIR=str(out / "data"))
    done = subprocess.run(
        [sys.executable, "-m", "tests.services.test_exports_roundtrip", name, *map(str, args), out],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def backup_content(path: Path) -> dict:
    data = json.loads(path.read_bytes())
    for key in ("exported_at", "checksum"):
        data.pop(key)
    return data


def test_sqlite_to_postgresql_and_back_changes_nothing(throwaway_postgres, tmp_path):
    first = run_step(tmp_path, f"sqlite:///{tmp_path}/first.sqlite3", "demo")
    second = run_step(tmp_path, throwaway_postgres, "restore", first / "backup.json")
    third = run_step(
        tmp_path, f"sqlite:///{tmp_path}/third.sqlite3", "restore", second / "backup.json"
    )

    contract = ["games.csv", "hands.csv", "standings.csv"]
    others = ["placings.csv", "penalties.csv", "chapters.csv", "players.csv"]
    for name in contract + others:
        original = (first / "results" / name).read_bytes()
        assert original.count(b"\r\n") > 1 or name == "penalties.csv", name
        assert (second / "results" / name).read_bytes() == original, f"{name} on PostgreSQL"
        assert (third / "results" / name).read_bytes() == original, f"{name} back on SQLite"

    pages = json.loads((first / "pages.json").read_text())
    assert sum(status == 200 for _, status, _ in pages.values()) > 500
    for later in (second, third):
        again = json.loads((later / "pages.json").read_text())
        assert sorted(again) == sorted(pages)
        for url, (name, status, text) in pages.items():
            assert again[url][1] == status, url
            assert again[url][2] == text, f"{name} ({url}) differs"

    assert backup_content(second / "backup.json") == backup_content(first / "backup.json")
    assert backup_content(third / "backup.json") == backup_content(first / "backup.json")


if __name__ == "__main__":
    step(sys.argv[1], *sys.argv[2:])
