"""Benchmark: enter 10 hands into each of 1,000 games, then time single hand-entry POSTs.

Run from the project root:

    python bench/hands.py                                    # SQLite in a temp folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/domino_desk python bench/hands.py

On PostgreSQL the script works in a throwaway database ``bench_hands`` (dropped and
created afresh). Every hand goes through `scoring.services.add_hand`: the game row is
locked, the form key and the sheet version checked, the hand read and scored by the
game's rules (`games.registry`) and the whole game folded, the hand and its history
written, and the totals stored by `tournaments.services.settle_game`; the tenth hand
wins each game, so `record_result` runs once per game too.

1. 1,000 games in one process, one hand after another.
2. Another 1,000 games split over BENCH_WORKERS processes (default 2), as several web
   workers would enter them for officials at different tables.
3. 600 hand-entry POSTs through the Django test client, sent as the sheet's htmx form
   sends them (the response is the re-drawn sheet); the median and 95th percentile.

Targets: over 500 hands per second through the services; under 15 ms for the median
POST. BENCH_GAMES changes the number of games (for a quick run). The last line printed
is one JSON object.
"""

import os
import random
import statistics
import time
import uuid

from _common import doubles_event, report, setup_django

GAMES = int(os.environ.get("BENCH_GAMES", "1000"))
HANDS_PER_GAME = 10
POST_GAMES = 60
WORKERS = int(os.environ.get("BENCH_WORKERS", "2"))
SEED = 2026
CHAPTERS = 60


def build_games(tournament, event, count, *, first_position=0):
    """Create `count` ready games, each between two new doubles teams (bulk, not timed)."""
    from tournaments.models import Chapter, Game, Player, Side, Team, TeamMember

    chapters = list(Chapter.objects.filter(tournament=tournament)) or Chapter.objects.bulk_create(
        [Chapter(tournament=tournament, name=f"Chapter {n}") for n in range(CHAPTERS)]
    )
    start = Team.objects.filter(event=event).count()
    players = Player.objects.bulk_create(
        [
            Player(
                tournament=tournament,
                name=f"Player {start * 2 + n}",
                chapter=chapters[n % len(chapters)],
                checked_in=True,
            )
            for n in range(count * 4)
        ]
    )
    teams = Team.objects.bulk_create(
        [Team(event=event, number=start + n + 1) for n in range(count * 2)]
    )
    TeamMember.objects.bulk_create(
        [
            TeamMember(team=team, event=event, player=players[2 * n + position], position=position)
            for n, team in enumerate(teams)
            for position in (0, 1)
        ]
    )
    games = Game.objects.bulk_create(
        [
            Game(
                event=event,
                round_number=1,
                position=first_position + n,
                status=Game.Status.READY,
            )
            for n in range(count)
        ]
    )
    Side.objects.bulk_create(
        [
            Side(game=game, seat=seat, team=teams[2 * n + seat])
            for n, game in enumerate(games)
            for seat in (0, 1)
        ]
    )
    return games


def game_hands(rng, offenders):
    """Return ten legal hands for one game: nine small ones, then one that wins it.

    offenders: the ids of the players of side 2, for the occasional penalty.
    """
    from games.registry import get_game
    from games.rules.texas_good_sams import Entry as HandEntry
    from games.rules.texas_good_sams import Penalty

    spec = get_game("texas_good_sams")
    table = spec.table({}, sides=2, team_size=2)
    hands, first = [], 0
    for _ in range(HANDS_PER_GAME - 1):
        kind = rng.random()
        play = (rng.choice((0, 5, 10)), rng.choice((0, 5, 10)))
        if kind < 0.6:
            seat = rng.randrange(2)
            pips = [None, None]
            pips[1 - seat] = rng.randrange(0, 13)
            entry = HandEntry(play=play, end="out", out_seat=seat, pips=tuple(pips))
        elif kind < 0.9:
            entry = HandEntry(play=play, end="blocked", pips=(rng.randrange(0, 12), 12))
        else:
            entry = HandEntry(play=play, muggins=(rng.choice((0, 5)), 0))
        hands.append(entry)
        first += spec.score_entry(entry, table, {}).points[0]
    # The last hand takes side 1 to 250 at least, sometimes with a penalty on side 2.
    needed = -(-(250 - first) // 5) * 5 + 5 * rng.randrange(0, 4)
    penalties = ()
    if rng.random() < 0.2:
        penalties = (Penalty(1, "talking", rng.choice(offenders)),)
    hands.append(HandEntry(play=(needed, 0), end="none", penalties=penalties))
    return hands


def enter_all(games, plans, official):
    """Enter every planned hand through the service, game after game; return seconds."""
    from scoring import services

    started = time.perf_counter()
    for game in games:
        version = game.version
        for entry in plans[game.pk]:
            result = services.add_hand(
                game=game, by=official, version=version, key=uuid.uuid4(), entry=entry
            )
            version = result.game.version
    return time.perf_counter() - started


def enter_parallel(games, plans, official, workers):
    """Enter the same way from several processes at once (as several web workers would),
    each with its own games and database connection; return the wall-clock seconds."""
    import multiprocessing

    from django.db import connections

    connections.close_all()  # each process opens its own connection
    context = multiprocessing.get_context("fork")
    slices = [games[n::workers] for n in range(workers)]
    with context.Pool(workers) as pool:
        started = time.perf_counter()
        pool.starmap(_enter_slice, [(chunk, plans, official) for chunk in slices])
        seconds = time.perf_counter() - started
    return seconds


def _enter_slice(games, plans, official):
    from django.db import connections

    try:
        enter_all(games, plans, official)
    finally:
        connections.close_all()


def time_posts(client, tournament, games):
    """POST ten hands into each game as the sheet's htmx form does; return each in ms."""
    from tournaments.models import Game

    timings = []
    for game in games:
        for number in range(HANDS_PER_GAME):
            version = Game.objects.values_list("version", flat=True).get(pk=game.pk)
            last = number == HANDS_PER_GAME - 1
            data = {
                "key": str(uuid.uuid4()),
                "version": str(version),
                "play_0": "250" if last else "10",
                "play_1": "" if last else "5",
                "muggins_0": "",
                "muggins_1": "",
                "end": "none" if last else "out_0",
                "pips_0": "",
                "pips_1": "" if last else "13",
                "penalty-TOTAL_FORMS": "2",
                "penalty-INITIAL_FORMS": "0",
            }
            url = f"/desk/{tournament.slug}/games/{game.pk}/"
            started = time.perf_counter()
            response = client.post(url, data, HTTP_HX_REQUEST="true")
            timings.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, response.content[:500]
    return timings


def plan(rng, games):
    """Return ten planned hands for each game, by game id."""
    from tournaments.models import TeamMember

    second_side = {}
    members = TeamMember.objects.filter(
        team__sides__game__in=games, team__sides__seat=1
    ).values_list("team__sides__game_id", "player")
    for game_id, player in members:
        second_side.setdefault(game_id, []).append(player)
    return {game.pk: game_hands(rng, second_side[game.pk]) for game in games}


def main() -> None:
    vendor = setup_django("hands")
    from django.conf import settings
    from django.test import Client

    from scoring.models import Hand
    from tournaments.models import Game

    official, tournament, event = doubles_event()
    rng = random.Random(SEED)
    hands = GAMES * HANDS_PER_GAME

    # 1. One official after another: every hand of 1,000 games, in one process.
    games = build_games(tournament, event, GAMES)
    seconds = enter_all(games, plan(rng, games), official)
    assert Hand.objects.filter(game__in=games).count() == hands
    finished = Game.objects.filter(pk__in=[g.pk for g in games], status=Game.Status.FINISHED)
    assert finished.count() == GAMES

    # 2. Several officials at once (as several web workers would serve them).
    games = build_games(tournament, event, GAMES, first_position=GAMES)
    parallel_seconds = enter_parallel(games, plan(rng, games), official, WORKERS)
    assert Hand.objects.filter(game__in=games).count() == hands
    finished = Game.objects.filter(pk__in=[g.pk for g in games], status=Game.Status.FINISHED)
    assert finished.count() == GAMES

    # 3. The page: hand-entry POSTs through the test client, as the htmx form sends them.
    games = build_games(tournament, event, POST_GAMES, first_position=2 * GAMES)
    # The test client's host name, without setup_test_environment's template signals.
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    client = Client()
    client.force_login(official)
    timings = time_posts(client, tournament, games)
    assert Hand.objects.filter(game__in=games).count() == POST_GAMES * HANDS_PER_GAME

    print(
        f"{vendor}: {hands} hands into {GAMES} games through the services in {seconds:.2f} s "
        f"(one process), {parallel_seconds:.2f} s ({WORKERS} processes); {len(timings)} "
        f"hand-entry POSTs, median {statistics.median(timings):.2f} ms"
    )
    report(
        {
            "database": vendor,
            "games": GAMES,
            "hands": hands,
            "service_seconds": round(seconds, 3),
            "service_hands_per_second": round(hands / seconds, 1),
            "service_ms_per_hand": round(seconds * 1000 / hands, 3),
            "parallel_processes": WORKERS,
            "parallel_seconds": round(parallel_seconds, 3),
            "parallel_hands_per_second": round(hands / parallel_seconds, 1),
            "posts": len(timings),
            "post_median_ms": round(statistics.median(timings), 2),
            "post_p95_ms": round(statistics.quantiles(timings, n=20)[-1], 2),
            "target_hands_per_second": 500,
            "target_post_median_ms": 15,
        }
    )


if __name__ == "__main__":
    main()
