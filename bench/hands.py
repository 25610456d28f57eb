"""Benchmark: hands in real events, through the services and through the pages.

Run from the project root:

    python bench/hands.py                                    # SQLite in a temp folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/domino_desk python bench/hands.py

On PostgreSQL the script works in a throwaway database ``bench_hands`` (or BENCH_DATABASE;
dropped and created afresh). Every game is in a real event, drawn or seated through the
services, so what a hand sets off is timed with it:

1. Services, every game. A Texas Good Sams doubles bracket of BENCH_TEAMS (64) teams with
   a singles event fed by it: every game played to its end, round by round, so each
   deciding hand moves its winner to the next game and a first-round loser into the
   singles. Then a started round of each rounds game (Double Draw, That's It, Domino
   Pinochle, Double Takes), every table played to its end, so the last one finishes the
   round. Each hand is `scoring.services.add_hand` with a game's plausible hand
   (`GameSpec.example_hand`). In blocks between the blocks of hands, the floor runs: bare
   transactions locking one row and updating it (SELECT ... FOR UPDATE, UPDATE, COMMIT
   through psycopg on a connection of its own, synchronous commit; PostgreSQL only), so a
   busy machine slows both alike. `service_over_floor` is the time per hand over the time
   per floor transaction (goal: at most 2). Beside it, the database's own CPU: the desk
   connection's backend per hand (``service_db_cpu_ms_per_hand``) and the floor's per
   transaction (``floor_db_cpu_ms_per_transaction``), from /proc.
2. Pages, on 20-hand games. First-round games of another bracket get ten hands through
   the services, then ten more are timed through the Django test client as the pages'
   htmx forms send them: the desk's hand form (its answer is the re-drawn sheet), and a
   table's entry and its confirmation by a player of the other side (each answer is the
   table's page). The first request of each game (and one bare view in ten) has its
   queries counted and is not timed (`Pages`); the other nine are timed without the
   counter. Median and 95th percentile, queries per request, and the median of
   this process's CPU time per request (`*_cpu_median_ms`: on a shared machine the part
   that waits for a core or for the database is left out) (goal: median at most 5 ms).
   A bare view through the same client is timed beside them (`bare_get_median_ms`).
   Then the pages' hot reads, each compiled once (`tournaments.compiled`) and the same
   queryset built by the ORM on every call, as before: CPU per read
   (`read_cpu_ms_compiled_and_orm`, bench/_hands_reads.py).
3. Two processes against one (`parallel_speedup`): the first-round games of two like
   brackets of BENCH_PARALLEL_TEAMS (128) teams, one played by one process, the other by
   two (alternate games, so both lock the same next games); BENCH_REPEATS (3) times, the
   median and the spread (goal: at least 1.6). Beside them, how busy the machine's cores
   were in each run and the share the hand-playing processes took themselves (/proc/stat;
   the rest is PostgreSQL's): with every core busy, the cores are the limit, not the
   database's locks or commits.

``--profile`` prints a cProfile of the services' hands and of each page to stderr.
``--orm`` also plays two like brackets, one through the one statements and one through
the general path (the ORM's INSERTs), hand for hand in turn (bench/_hands_general.py):
``bracket_ms_per_hand_statement_and_general``; then two like started rounds of each
rounds game the same way: ``table_ms_per_hand_statement_and_general``, by game. The last
line printed is one JSON object, with the goals and whether each is met.

The measurements of 2026-11-26 and later: bench/_hands_notes.py.
"""

import cProfile
import io
import multiprocessing
import os
import pstats
import random
import statistics
import sys
import time
import uuid

from _common import Floor, doubles_event, machine_cpu, process_cpu, report, setup_django
from _hands_events import bracket, open_games, started_round
from _hands_general import statement_and_general
from _hands_reads import compiled_reads
from _hands_timers import Pages, desk_posts, table_steps

TEAMS = int(os.environ.get("BENCH_TEAMS", "64"))
PARALLEL_TEAMS = int(os.environ.get("BENCH_PARALLEL_TEAMS", "128"))
REPEATS = int(os.environ.get("BENCH_REPEATS", "3"))
PAGE_GAMES = int(os.environ.get("BENCH_PAGE_GAMES", "16"))
ROUNDS_GAMES = ("double_draw", "thats_it", "domino_pinochle", "double_takes")
BLOCK = 32  # hands (and floor transactions) per block
MOST_HANDS = 80  # a game still open after this many hands is left (none should be)
ORM_BESIDE = "--orm" in sys.argv  # the general path timed beside (bench/_hands_general.py)
GOALS = {"service_over_floor": 2.0, "post_median_ms": 5.0, "parallel_speedup": 1.6}


# --- Hands through the services -----------------------------------------------------


class Hands:
    """Hands through `add_hand`, timed one by one; the floor in blocks between them."""

    def __init__(self, official, rng, floor, profiler=None):
        self.official, self.rng, self.floor, self.profiler = official, rng, floor, profiler
        self.seconds = self.cpu_seconds = self.db_cpu_seconds = 0.0
        self.count = 0
        self._backend_pid, self._backend_reader = None, lambda: None
        self.by_game: dict[str, list[float]] = {}

    def play(self, game, *, until_hands: int | None = None, data=None) -> int:
        """Play the game to its end (or to `until_hands` hands); return its hands."""
        from scoring import services
        from scoring.services import OPEN

        table = services.table_of(game)
        key = game.event.game_key
        spec = game.event.game
        version, totals, number = game.version, (0,) * table.sides, game.hand_count
        while number < (until_hands or MOST_HANDS):
            number += 1
            hand = data or spec.example_hand(table, self.rng, number, totals)
            if self.floor is not None and self.count % BLOCK == 0:
                self.floor.run(BLOCK)
            if self.profiler:
                self.profiler.enable()
            try:
                result, took = self._add(game, version, hand)
            except services.HandError as exc:
                # One hand took both sides to the target: the first side got there first.
                result, took = self._add(game, version, {**hand, exc.field: 0})
            if self.profiler:
                self.profiler.disable()
            self.seconds += took
            self.count += 1
            self.by_game.setdefault(key, []).append(took)
            version, totals = result.game.version, result.fold.totals
            if result.game.status not in OPEN:
                break
        return number

    def _add(self, game, version, hand):
        from scoring import services

        backend = self._backend_cpu()
        db_began = backend()  # read outside the hand's time
        started, cpu = time.perf_counter(), time.process_time()
        result = services.add_hand(
            game=game, by=self.official, version=version, key=uuid.uuid4(), data=hand
        )
        self.cpu_seconds += time.process_time() - cpu
        took = time.perf_counter() - started
        if db_began is not None:
            self.db_cpu_seconds += backend() - db_began
        return result, took

    def _backend_cpu(self):
        """The reader of this connection's PostgreSQL backend's CPU seconds (None on SQLite
        or where /proc cannot tell): its clock ticks add up right over many hands."""
        from django.db import connection

        connection.ensure_connection()
        pid = getattr(getattr(connection.connection, "info", None), "backend_pid", None)
        if pid != self._backend_pid:
            self._backend_pid = pid
            self._backend_reader = process_cpu(pid) if pid else lambda: None
        return self._backend_reader

    def play_event(self, event) -> None:
        """Play every game of the event to its end, as its games become ready."""
        while games := open_games(event):
            for game in games:
                self.play(game)


# --- Two processes against one --------------------------------------------------------


def _worker_slice(game_ids, official_id, seed):
    """Play the given games to their end; return (start, end) on the shared clock."""
    from django.contrib.auth import get_user_model
    from django.db import connection, connections

    from tournaments.models import Game

    try:
        connection.ensure_connection()
        official = get_user_model().objects.get(pk=official_id)
        games = list(Game.objects.filter(pk__in=game_ids).order_by("position"))
        hands = Hands(official, random.Random(seed), None)
        started, cpu = time.perf_counter(), time.process_time()
        for game in games:
            hands.play(game)
        return started, time.perf_counter(), hands.count, time.process_time() - cpu
    finally:
        connections.close_all()


def parallel_run(event, official, workers: int, seed: int) -> tuple[float, dict]:
    """Play the event's first-round games from `workers` processes; return hands a second
    and where the machine's CPU went meanwhile (`_cpu_shares`)."""
    from django.db import connections

    ids = [g.pk for g in open_games(event)]
    connections.close_all()  # each process opens its own connection
    context = multiprocessing.get_context("fork")
    before = machine_cpu()
    with context.Pool(workers) as pool:
        spans = pool.starmap(
            _worker_slice, [(ids[n::workers], official.pk, seed + n) for n in range(workers)]
        )
    after = machine_cpu()
    hands = sum(count for _, _, count, _ in spans)
    seconds = max(end for _, end, _, _ in spans) - min(start for start, *_ in spans)
    return hands / seconds, _cpu_shares(before, after, sum(cpu for *_, cpu in spans))


def _cpu_shares(before, after, workers_cpu: float) -> dict:
    """How busy the machine's cores were during a parallel run (``busy``: 1.0 is every
    core busy the whole time), and the part of it the hand-playing processes took
    themselves (``workers``); the rest is PostgreSQL's (and anything else running)."""
    if before is None or after is None:
        return {}
    busy, total = after[0] - before[0], after[1] - before[1]
    return {"busy": busy / total, "workers": workers_cpu / total} if total else {}


# --- Figures -------------------------------------------------------------------------


def _shares(shares: dict, part: str) -> dict:
    """The medians of one part of the runs' CPU shares, for one process and for two."""
    return {
        name: round(statistics.median(s[part] for s in runs), 2) if runs and runs[0] else None
        for name, runs in shares.items()
    }


def _p95(values) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def _print_profile(profiler, title: str) -> None:
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(30)
    stats.sort_stats("cumulative").print_stats(45)
    print(f"===== profile: {title}\n{out.getvalue()}", file=sys.stderr)


def main(profile: bool = False) -> dict:
    os.environ["DESK_BENCH_BARE"] = "1"  # the bare view, timed beside the pages
    vendor = setup_django("hands")
    from django.db import connection

    official, tournament, _ = doubles_event("hands")
    if vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    floor = Floor() if vendor == "postgresql" else None
    service_profile = cProfile.Profile() if profile else None

    # 1. Every game through the services, in real events.
    hands = Hands(official, random.Random(2026), floor, service_profile)
    hands.play_event(bracket(tournament, official, TEAMS, "Bracket", singles=True))
    for game_key in ROUNDS_GAMES:
        round_ = started_round(tournament, official, game_key)
        hands.play_event(round_.event)
        round_.refresh_from_db()
        assert round_.status == round_.Status.FINISHED, (game_key, round_.status)
    service_ms = 1000 * hands.seconds / hands.count
    by_game = {key: 1000 * statistics.mean(t) for key, t in hands.by_game.items()}
    if floor:
        floor.run(BLOCK)
    ways = (
        statement_and_general(tournament, official, TEAMS, Hands, ROUNDS_GAMES)
        if ORM_BESIDE
        else {}
    )

    # 2. The pages, on 20-hand games.
    page_profile = cProfile.Profile() if profile else None
    pages = Pages(page_profile)
    games = open_games(bracket(tournament, official, 4 * PAGE_GAMES, "Pages"))
    untimed = Hands(official, random.Random(1), None)
    desk_posts(pages, untimed, official, tournament, games[:PAGE_GAMES])
    table_steps(pages, untimed, official, tournament, games[PAGE_GAMES : 2 * PAGE_GAMES])
    for n in range(10 * PAGE_GAMES):
        pages.send("bare_get", "GET", "/bench/bare/", counted=n % 10 == 0)
    from scoring.services.table_links import links_for

    table_games = games[PAGE_GAMES : 2 * PAGE_GAMES]
    links = links_for(table_games, by=official)
    session_key = pages.client.session.session_key
    reads = compiled_reads(
        tournament, table_games, links, official=official, session_key=session_key
    )

    # 3. Two processes against one, repeated.
    speedups, single, double, shares = [], [], [], {"one": [], "two": []}
    for repeat in range(REPEATS):
        one = bracket(tournament, official, PARALLEL_TEAMS, f"One {repeat}")
        two = bracket(tournament, official, PARALLEL_TEAMS, f"Two {repeat}")
        for runs, name, event, workers in ((single, "one", one, 1), (double, "two", two, 2)):
            rate, share = parallel_run(event, official, workers, repeat)
            runs.append(rate)
            shares[name].append(share)
        speedups.append(double[-1] / single[-1])

    if service_profile:
        _print_profile(service_profile, "hands through the services")
    if page_profile:
        _print_profile(page_profile, "pages")
    floor_ms = floor.ms if floor else None
    if floor:
        floor.close()
    figures = {
        "database": vendor,
        "hands": hands.count,
        "service_ms_per_hand": round(service_ms, 3),
        "service_cpu_ms_per_hand": round(1000 * hands.cpu_seconds / hands.count, 3),
        # The database's own CPU: its backend's for a hand, the floor's for a transaction.
        "service_db_cpu_ms_per_hand": (
            round(1000 * hands.db_cpu_seconds / hands.count, 3) if floor else None
        ),
        "floor_db_cpu_ms_per_transaction": floor.backend_cpu_ms() if floor else None,
        "service_ms_per_hand_by_game": {key: round(ms, 3) for key, ms in by_game.items()},
        "floor_ms_per_transaction": round(floor_ms, 3) if floor_ms else None,
        "service_over_floor": round(service_ms / floor_ms, 2) if floor_ms else None,
        "service_over_floor_by_game": (
            {key: round(ms / floor_ms, 2) for key, ms in by_game.items()} if floor_ms else None
        ),
    }
    for kind, name in (
        ("post", "post"),
        ("table_entry", "table_entry"),
        ("table_confirm", "table_confirm"),
        ("bare_get", "bare_get"),
    ):
        figures[f"{name}_median_ms"] = round(statistics.median(pages.ms[kind]), 2)
        figures[f"{name}_p95_ms"] = round(_p95(pages.ms[kind]), 2)
        figures[f"{name}_queries"] = max(pages.queries[kind])
        # This process's CPU alone (the database's work and waiting for a core left out).
        figures[f"{name}_cpu_median_ms"] = round(statistics.median(pages.cpu_ms[kind]), 2)
    figures |= {
        # Each hot read of the pages: [compiled once (tournaments.compiled), built by the ORM].
        "read_cpu_ms_compiled_and_orm": reads,
        "parallel_repeats": REPEATS,
        "parallel_one_hands_per_second": [round(x, 1) for x in single],
        "parallel_two_hands_per_second": [round(x, 1) for x in double],
        "parallel_speedup": round(statistics.median(speedups), 2),
        "parallel_speedup_spread": [round(min(speedups), 2), round(max(speedups), 2)],
        # How busy the machine's cores were (1.0: all of them, all the time), and the
        # share the hand-playing processes took; the rest is PostgreSQL's.
        "parallel_machine_busy_fraction": _shares(shares, "busy"),
        "parallel_workers_cpu_fraction": _shares(shares, "workers"),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    } | ways
    met = {
        "service_over_floor": figures["service_over_floor"] is not None
        and figures["service_over_floor"] <= GOALS["service_over_floor"],
        "post_median_ms": figures["post_median_ms"] <= GOALS["post_median_ms"],
        "table_entry_median_ms": figures["table_entry_median_ms"] <= GOALS["post_median_ms"],
        "table_confirm_median_ms": figures["table_confirm_median_ms"] <= GOALS["post_median_ms"],
        "parallel_speedup": figures["parallel_speedup"] >= GOALS["parallel_speedup"],
    }
    return figures | {"goals": GOALS, "goals_met": met}


if __name__ == "__main__":
    report(main(profile="--profile" in sys.argv))
