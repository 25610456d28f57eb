"""Benchmark: the standings of a rounds event of 1,000 players and 20,000 hands.

Run from the project root:

    python bench/standings.py                                  # SQLite in a temp folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/domino_desk python bench/standings.py

On PostgreSQL the script uses a throwaway database ``bench_standings`` next to the one
named in DATABASE_URL (made afresh on every run).

A Double Draw event of 1,000 players alone plays 8 rounds at tables of 4: 2,000 games,
10 hands each, written straight into the tables in bulk (legal hands, scored and folded
by the game's rules, so totals and winners are what scoring would have stored). The
standings selector is then timed (median of 5), its queries counted, and its peak
memory measured with tracemalloc, for this event and for one of 250 players, to show
the memory follows the number of sides and not the hands. Target: under 300 ms on
PostgreSQL. The last line printed is one JSON object.
"""

import os
import random
import statistics
import time
import tracemalloc
import uuid

from _common import report, setup_django
from _goals import goals

PLAYERS = int(os.environ.get("BENCH_PLAYERS") or 1000)  # smaller: to try it out, and in CI
SMALL = PLAYERS // 4
ROUNDS = 8
HANDS_PER_GAME = 10
TABLE = 4
CHAPTERS = 40
TIMINGS = 5
TARGET_SECONDS = 0.3


def game_script(spec, options, players, rng):
    """Return the hands of one game at a table of `players`: nine small, then the winning one.

    Each hand is (points, detail); the game ends at the tenth hand, never before.
    """
    from games.rules.double_draw import Entry

    table = spec.table(options, sides=players, team_size=1)
    target = 100 if players == 2 else 61
    entries = []
    for number in range(HANDS_PER_GAME - 1):
        pips = [rng.randint(1, 4) for _ in range(players)]
        pips[number % players] = 0
        entries.append(Entry(tuple(pips)))
    winner = rng.randrange(players)
    share = -(-target // (players - 1))
    pips = [rng.randint(share, share + 4) for _ in range(players)]
    pips[winner] = 0
    entries.append(Entry(tuple(pips)))
    fold = spec.fold(entries, table, options)
    assert fold.finished and fold.ended_at == HANDS_PER_GAME - 1, fold
    hands = [
        (list(spec.score_entry(entry, table, options).points), spec.entry_to_data(entry))
        for entry in entries
    ]
    return hands, fold


def build_event(tournament, official, players, name, rng):
    """Create a played rounds event of `players` players; return it and its hand count."""
    from scoring.models import Hand
    from tournaments import services
    from tournaments.models import Chapter, Entry, Game, Player, Round, Side, Team, TeamMember

    event = services.create_event(
        tournament=tournament,
        by=official,
        name=name,
        game_key="double_draw",
        format="rounds",
        team_size=1,
    )
    spec, options = event.game, event.options
    scripts = {
        size: [game_script(spec, options, size, rng) for _ in range(40)] for size in (2, 3, 4)
    }
    chapters = Chapter.objects.bulk_create(
        [Chapter(tournament=tournament, name=f"{name} chapter {n}") for n in range(CHAPTERS)]
    )
    people = Player.objects.bulk_create(
        [
            Player(
                tournament=tournament,
                name=f"{name} player {n}",
                chapter=chapters[n % CHAPTERS],
                checked_in=True,
            )
            for n in range(players)
        ],
        batch_size=2000,
    )
    Entry.objects.bulk_create([Entry(event=event, player=p) for p in people], batch_size=2000)
    teams = Team.objects.bulk_create(
        [Team(event=event, number=n + 1) for n in range(players)], batch_size=2000
    )
    TeamMember.objects.bulk_create(
        [
            TeamMember(team=team, event=event, player=person, position=0)
            for team, person in zip(teams, people, strict=True)
        ],
        batch_size=2000,
    )
    rounds = Round.objects.bulk_create(
        [
            Round(event=event, number=n, seed=n, status=Round.Status.FINISHED)
            for n in range(1, ROUNDS + 1)
        ]
    )
    team_ids = [team.pk for team in teams]
    games, seats = [], []
    for round_ in rounds:
        rng.shuffle(team_ids)
        tables = [team_ids[i : i + TABLE] for i in range(0, len(team_ids), TABLE)]
        for position, table in enumerate(tables):
            hands, fold = rng.choice(scripts[len(table)])
            games.append(
                Game(
                    event=event,
                    round=round_,
                    stage=1,
                    round_number=round_.number,
                    position=position,
                    status=Game.Status.FINISHED,
                    winner_seat=fold.winner,
                    hand_count=len(hands),
                    version=len(hands),
                )
            )
            seats.append((table, hands, fold))
    games = Game.objects.bulk_create(games, batch_size=2000)
    Side.objects.bulk_create(
        [
            Side(game=game, seat=seat, team_id=team_id, total=fold.totals[seat])
            for game, (table, _, fold) in zip(games, seats, strict=True)
            for seat, team_id in enumerate(table)
        ],
        batch_size=5000,
    )
    hands = [
        Hand(game=game, number=number, points=points, detail=detail, entry_key=uuid.uuid4())
        for game, (_, script, _) in zip(games, seats, strict=True)
        for number, (points, detail) in enumerate(script, start=1)
    ]
    Hand.objects.bulk_create(hands, batch_size=5000)
    return event, len(hands)


def measure(event):
    """Return (median seconds, queries, peak MB, rows) of the standings selector."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments import selectors

    selectors.standings(event)  # warm: imports, the registry, the connection
    timings = []
    for _ in range(TIMINGS):
        started = time.perf_counter()
        selectors.standings(event)
        timings.append(time.perf_counter() - started)
    with CaptureQueriesContext(connection) as queries:
        found = selectors.standings(event)
    tracemalloc.start()
    selectors.standings(event)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return statistics.median(timings), len(queries), peak / 2**20, len(found.rows)


def main() -> dict:
    kind = setup_django("standings")
    import datetime

    from django.contrib.auth import get_user_model
    from django.db import connection

    from tournaments import services

    official = get_user_model().objects.create_user("official-standings")
    day = datetime.date(2026, 11, 21)
    tournament = services.create_tournament(
        by=official, name="Bench standings", slug="bench", starts_on=day, ends_on=day
    )
    rng = random.Random(2026)
    started = time.perf_counter()
    big, hands = build_event(tournament, official, PLAYERS, "Big", rng)
    small, small_hands = build_event(tournament, official, SMALL, "Small", rng)
    built = time.perf_counter() - started
    if connection.vendor == "postgresql":
        # Fresh tables have no planner statistics yet; autovacuum would gather them soon.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")

    seconds, queries, peak, rows = measure(big)
    small_seconds, small_queries, small_peak, small_rows = measure(small)
    assert rows == PLAYERS and small_rows == SMALL, (rows, small_rows)
    return {
        "database": kind,
        "players": PLAYERS,
        "rounds": ROUNDS,
        "games": PLAYERS // TABLE * ROUNDS,
        "hands": hands,
        "build_seconds": round(built, 3),
        "standings_seconds": round(seconds, 4),
        "standings_target_seconds": TARGET_SECONDS,
        "standings_queries": queries,
        "standings_peak_mb": round(peak, 2),
        "standings_kb_per_player": round(peak * 1024 / PLAYERS, 2),
        "players_250": SMALL,
        "hands_250": small_hands,
        "standings_seconds_250": round(small_seconds, 4),
        "standings_queries_250": small_queries,
        "standings_peak_mb_250": round(small_peak, 2),
        "standings_kb_per_player_250": round(small_peak * 1024 / SMALL, 2),
    }


if __name__ == "__main__":
    found = main()
    report(found | goals(found, at_most={"standings_seconds": TARGET_SECONDS}))
