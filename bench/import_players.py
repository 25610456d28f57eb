"""Benchmark: check and import a 2,000-player CSV roster (target: under 2 s on SQLite).

Run from the project root: `python bench/import_players.py` (DATABASE_URL picks PostgreSQL).
"""

import os
import random
import time

from _common import doubles_event, report, setup_django
from _goals import goals

PLAYERS = int(os.environ.get("BENCH_PLAYERS") or 2_000)  # smaller: to try it out, and in CI
CHAPTERS = 60


def roster_csv(rng: random.Random) -> bytes:
    first = ["Ada", "Bill", "Carla", "Dale", "Edna", "Frank", "Gail", "Hank", "Irma", "Jack"]
    last = ["Pruitt", "Hargrove", "Mendez", "Whitaker", "Fox", "Ortiz", "Summers", "Baker"]
    lines = ["name,chapter"]
    for i in range(PLAYERS):
        name = f"{rng.choice(first)} {rng.choice(last)} {i}"
        lines.append(f"{name},Chapter {rng.randrange(CHAPTERS)}")
    return ("\n".join(lines) + "\n").encode()


def main() -> None:
    vendor = setup_django("import_players")
    from tournaments import services
    from tournaments.roster import read_roster

    official, tournament, event = doubles_event()
    data = roster_csv(random.Random(2026))

    start = time.perf_counter()
    roster = read_roster(data, "roster.csv")
    checked = time.perf_counter()
    count = services.import_roster(
        tournament=tournament, by=official, roster=roster, events=[event]
    )
    done = time.perf_counter()
    assert count == PLAYERS and roster.ok

    # The same through the pages: upload and preview, then confirm.
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client

    second = services.create_tournament(
        by=official,
        name="Bench 2",
        slug="bench2",
        starts_on=tournament.starts_on,
        ends_on=tournament.ends_on,
    )
    from django.test.utils import setup_test_environment

    setup_test_environment()  # lets the bench read the preview page's context
    client = Client()
    client.force_login(official)
    pages_start = time.perf_counter()
    # The upload is checked by the background task (run in this process: no broker),
    # then the page shows the check, and the official confirms it.
    preview = client.post(
        f"/desk/{second.slug}/roster/",
        {"file": SimpleUploadedFile("roster.csv", data)},
        follow=True,
    )
    upload = preview.context["upload"]
    assert upload is not None and upload.rows, "the upload was not checked"
    confirm = client.post(f"/desk/{second.slug}/roster/confirm/", {"upload": upload.pk})
    pages_done = time.perf_counter()
    assert confirm.status_code == 302 and second.players.count() == PLAYERS
    print(f"{vendor}: imported {count} players with entries, twice")
    figures = {
        "database": vendor,
        "players": count,
        "check_csv_s": round(checked - start, 3),
        "import_s": round(done - checked, 3),
        "check_and_import_s": round(done - start, 3),
        "preview_and_confirm_pages_s": round(pages_done - pages_start, 3),
    }
    limits = {"check_and_import_s": 2.0} if vendor == "sqlite" else {}  # the target's database
    report(figures | goals(figures, at_most=limits))


if __name__ == "__main__":
    main()
