"""Benchmark: public pages against a bare Django view, on gunicorn with 2 workers.

Run from the project root:

    python bench/pages.py                    # SQLite in a temp folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/domino_desk python bench/pages.py

A fresh database gets the demo (its Texas Good Sams bracket of 16 places drawn and two
of its four rounds played; the rounds events two rounds played and a third under way)
and a 128-team doubles bracket with its first round played. gunicorn serves it with 2
workers and ``DESK_BENCH_BARE=1``, which adds the bare view (``HttpResponse("ok")``) on
the same server, settings and middleware. wrk (or, without wrk, a Python load generator
with keep-alive) then measures, with 8 connections, as a phone asks
(``Accept-Encoding: gzip``), in BENCH_ROUNDS (3) rounds of BENCH_SECONDS (2) each (each
figure is the median round's, each ratio the median of the ratios to the bare view of
the same round, so a machine shared with others' runs disturbs the ratios least):

- the bare view;
- the public bracket of the demo doubles, the whole page;
- a poll of that bracket answered 304 (the live part, ``HX-Request`` and the ETag);
- the tournament's home;
- a rounds event's standings (the demo's Double Draw);
- the home's player lookup (``?q=`` a demo player's first name).

An unchanged page is served like the 304 poll, by `KeptPageMiddleware` before the rest
of the stack, from its marker (held by the process while nothing changed:
`tournaments.held_markers`) and one cache read; the bare view goes through the whole
stack, which is how a page can be served faster than it. With the marker asked of
PostgreSQL on every request (before held markers, 2026-11-26, load 0.0-1.0) the kept
pages came out at 0.58-0.61 of the bare view and the 304 poll at 0.61; held, at
1.17-1.23 and 1.41 (the same machine and hour).

Then, in each round, pages with a change between every two requests
(`_pages_changed.py`: a hand entered through the services before each request, one
request at a time, paired with the bare view's): ``*_changed_over_bare``, for a bracket
of the demo's size (16 teams, drawn afresh in another tournament: the demo's has too few
hands left for every round), the 128-team bracket (64 tables, a hall's event) and the
demo's Double Draw standings (its next round seated and started when one is played).

Then one worker's peak memory (VmHWM) after serving the 128-team bracket.

The measurements of 2026-11-26 and later: bench/_pages_notes.py.

Targets (issue 22): each unchanged page at least 1.0 of the bare view's requests/s, as
the 304 poll; a page rebuilt after every change at least 0.25; a worker under 150 MB.
``goals_met`` says which are met. The last line printed is one JSON object.
"""

import http.client
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from _common import ROOT, report, setup_django
from _hands_events import bracket
from _pages_changed import changed_over_bare

SECONDS = float(os.environ.get("BENCH_SECONDS", "2"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
CONNECTIONS = 8
WORKERS = 2
BIG_TEAMS = 128
PHONE = {"Accept-Encoding": "gzip"}
CHANGES = int(os.environ.get("BENCH_CHANGES", "30"))  # changes a round, for each page
GOALS = {"page_over_bare": 1.0, "poll_304_over_bare": 1.0, "changed_over_bare": 0.25}
PAGES = ("bracket", "home", "standings", "lookup")
CHANGED_URL = {"bracket": "fresh_bracket"}  # a changed page's address, by its name


def main() -> dict:
    data_dir = tempfile.mkdtemp(prefix="bench-pages-data-")
    os.environ["DATA_DIR"] = data_dir
    kind = setup_django("pages")
    urls, changing, official = _load()
    env = {**os.environ, "DESK_BENCH_BARE": "1", "DEBUG": "", "LOG_LEVEL": "WARNING"}
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("gunicorn")),
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(WORKERS),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        _wait_for(base + "/bench/bare/")
        # Rounds of every measurement in turn: on a machine others share, each page is
        # compared with the bare view of its own round, and the median round is given.
        rounds, changed = [], []
        for _ in range(ROUNDS):
            # The poll's ETag read again: the changes of the round before moved the marker.
            targets = _targets(base, urls)
            rounds.append({name: _rate(*target) for name, target in targets.items()})
            changed.append(
                {
                    name: changed_over_bare(
                        base, urls[CHANGED_URL.get(name, name)], event, official, PHONE, CHANGES
                    )
                    for name, event in changing.items()
                }
            )
        rss = _big_bracket_rss_mb(base + urls["big_bracket"], server.pid)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        shutil.rmtree(data_dir, ignore_errors=True)

    rates = {name: statistics.median(r[name] for r in rounds) for name in targets}
    ratios = {
        name: statistics.median(r[name] / r["bare"] for r in rounds)
        for name in targets
        if name != "bare"
    }
    changed_ratios = {name: statistics.median(r[name][0] for r in changed) for name in changing}
    figures = {
        **{f"{name}_over_bare": round(ratio, 2) for name, ratio in ratios.items()},
        **{f"{name}_changed_over_bare": round(r, 2) for name, r in changed_ratios.items()},
    }
    met = {
        **{f"{name}_over_bare": ratios[name] >= GOALS["page_over_bare"] for name in PAGES},
        "poll_304_over_bare": ratios["poll_304"] >= GOALS["poll_304_over_bare"],
        **{
            f"{name}_changed_over_bare": r >= GOALS["changed_over_bare"]
            for name, r in changed_ratios.items()
        },
        "rss_128_bracket_mb": rss < 150,
    }
    return {
        "database": kind,
        "load_tool": "wrk" if shutil.which("wrk") else "python",
        "workers": WORKERS,
        "connections": CONNECTIONS,
        "seconds_each": SECONDS,
        "rounds": ROUNDS,
        **{f"{name}_rps": round(rate) for name, rate in rates.items()},
        **figures,
        "changes_each_round": min(made for r in changed for _, made in r.values()),
        "goals": {**GOALS, "rss_mb": 150},
        "goals_met": met,
        "rss_128_bracket_mb": rss,
    }


def _targets(base: str, urls: dict) -> dict:
    """Each measured page: its address, the headers sent, the status it must answer."""
    poll_etag = _get(base + urls["bracket"], {**PHONE, "HX-Request": "true"}).getheader("ETag")
    poll = {**PHONE, "HX-Request": "true", "If-None-Match": poll_etag}
    assert _get(base + urls["bracket"], poll).status == 304
    return {
        "bare": (base + "/bench/bare/", PHONE, 200),
        "bracket": (base + urls["bracket"], PHONE, 200),
        "poll_304": (base + urls["bracket"], poll, 304),
        "home": (base + urls["home"], PHONE, 200),
        "standings": (base + urls["standings"], PHONE, 200),
        "lookup": (base + urls["lookup"], PHONE, 200),
    }


def _load() -> tuple[dict, dict, object]:
    """Load the demo and a 128-team bracket half played; return the pages' addresses, the
    events whose pages are measured with changes (by page), and an official."""
    import random

    from django.core.management import call_command
    from django.urls import reverse

    from tournaments import services
    from tournaments.models import Chapter, Entry, Event, Game, Player, Tournament

    call_command("load_demo", verbosity=0)
    demo = Tournament.objects.get(slug="demo")
    doubles = demo.events.get(name="Doubles")
    standings = demo.events.get(name="Double Draw")

    official = demo.officials.first() or _official()
    big = services.create_tournament(
        by=official, name="Big rally", slug="big", starts_on=demo.starts_on, ends_on=demo.ends_on
    )
    event = services.create_event(
        tournament=big,
        by=official,
        name="Doubles",
        game_key="texas_good_sams",
        format=Event.Format.SINGLE_ELIMINATION,
        team_size=2,
    )
    chapters = Chapter.objects.bulk_create(
        [Chapter(tournament=big, name=f"Chapter {n}") for n in range(12)]
    )
    rng = random.Random(2026)
    players = Player.objects.bulk_create(
        [
            Player(tournament=big, name=f"P {n}", chapter=rng.choice(chapters), checked_in=True)
            for n in range(2 * BIG_TEAMS)
        ]
    )
    Entry.objects.bulk_create([Entry(event=event, player=p) for p in players])
    services.draw_partners_for_event(event=event, by=official, seed=1)
    services.draw_bracket(event=event, by=official, seed=1)
    for game in Game.objects.filter(event=event, stage=1, round_number=1).exclude(
        status=Game.Status.BYE
    ):
        services.record_result(game=game, winner_seat=game.position % 2, by=official)
    # The demo's bracket has too few hands left for every round's changes: a bracket of
    # its size (16 places) drawn afresh takes them.
    fresh = bracket(big, official, 16, "Sixteen")
    home = reverse("public:tournament", args=["demo"])
    first_name = demo.players.order_by("name").first().name.split()[0]
    urls = {
        "home": home,
        "bracket": reverse("public:bracket", args=["demo", doubles.pk]),
        "standings": reverse("public:standings", args=["demo", standings.pk]),
        "lookup": f"{home}?q={first_name}",
        "big_bracket": reverse("public:bracket", args=["big", event.pk]),
        "fresh_bracket": reverse("public:bracket", args=["big", fresh.pk]),
    }
    changing = {"bracket": fresh, "big_bracket": event, "standings": standings}
    return urls, changing, official


def _official():
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("bench-official")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _get(url: str, headers: dict):
    request = urllib.request.Request(url, headers=headers)
    try:
        response = urllib.request.urlopen(request, timeout=30)
    except urllib.error.HTTPError as answer:  # 304 comes as an "error"
        response = answer
    response.read()
    return response


def _wait_for(url: str) -> None:
    for _ in range(200):
        try:
            if _get(url, {}).status == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"gunicorn did not answer at {url}")


def _rate(url: str, headers: dict, status: int) -> float:
    """Requests per second at `url` with these headers; every answer must be `status`."""
    answer = _get(url, headers)
    assert answer.status == status, (url, answer.status)
    if shutil.which("wrk"):
        return _wrk(url, headers, status)
    return _python_load(url, headers, status)


def _wrk(url: str, headers: dict, status: int) -> float:
    args = ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{SECONDS:g}s"]
    for name, value in headers.items():
        args += ["-H", f"{name}: {value}"]
    out = subprocess.run([*args, url], capture_output=True, text=True, check=True).stdout
    if "Non-2xx or 3xx" in out or "Socket errors" in out:
        raise RuntimeError(f"wrk saw errors at {url}:\n{out}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))


def _python_load(url: str, headers: dict, status: int) -> float:
    """A keep-alive load generator in threads, for machines without wrk."""
    host, port = url.split("//")[1].split("/")[0].split(":")
    path = "/" + url.split("//")[1].split("/", 1)[1]
    done = [0] * CONNECTIONS
    stop = time.perf_counter() + SECONDS

    def run(n: int) -> None:
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        while time.perf_counter() < stop:
            conn.request("GET", path, headers=headers)
            response = conn.getresponse()
            response.read()
            assert response.status == status
            done[n] += 1
            if response.getheader("Connection", "").lower() == "close":
                conn.close()
                conn = http.client.HTTPConnection(host, int(port), timeout=30)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(done) / SECONDS


def _big_bracket_rss_mb(url: str, master: int) -> float:
    """Peak resident memory (VmHWM) of the largest worker after serving the big bracket."""
    for headers in ({}, PHONE, {"HX-Request": "true"}, {**PHONE, "HX-Request": "true"}):
        for _ in range(2 * WORKERS):
            assert _get(url, headers).status == 200
    peaks = []
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    for pid in children:
        status = Path(f"/proc/{pid}/status").read_text()
        peaks.append(int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)))
    return round(max(peaks) / 1024, 1)


if __name__ == "__main__":
    report(main())
