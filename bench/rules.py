"""Time the pure rules: score many Texas Good Sams and That's It hands, then a hand's
whole engine path in every game.

Run from the project root as `python bench/rules.py`. The last line printed is one
JSON object of timings, for the figures to be compared between runs.

The whole engine path (issue 22) is what the hand services ask of the rules for each
hand, on a game of 20 hands (as many as the game holds, for one that ends sooner: a
Domino Pinochle game reaches 250 in 14-17, a Double Takes game is one shuffle): read
every stored hand back from its form data (`entry_from_data`), read and score the new
one (`score_entry`) and fold all of them (`fold`). The hands are the game's own example
hands (`example_hand`), each chosen of 40 to keep the game open and near an even pace
to its target. ``engine_hand_path_us`` gives each game's median microseconds over
BENCH_REPEATS (200) runs, ``engine_game_hands`` its number of hands. Measured
2026-11-27 (this 2-core machine, load 2.5): Texas Good Sams 240 us, Double Draw 136,
That's It 138, Domino Pinochle 1,125 (14 hands), Double Takes 43 (one hand): a hand's
rules are a small part of the 3 ms a hand takes through the services (bench/hands.py).
"""

import json
import os
import random
import sys
import time
from operator import itemgetter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _goals import goals

from games.registry import GAMES
from games.rules import RulesError
from games.rules.texas_good_sams import rules as texas_good_sams
from games.rules.thats_it import rules as thats_it
from games.rules.tiles import format_tile

SEED = 2024
# BENCH_HANDS=1000: a smaller run (CI runs every bench at a small size).
TGS_HANDS = int(os.environ.get("BENCH_HANDS") or 100_000)
THATS_IT_HANDS = max(1, TGS_HANDS // 10)
REASONS = tuple(texas_good_sams.PENALTY_REASONS)
REPEATS = int(os.environ.get("BENCH_REPEATS") or 200)
GAME_HANDS = 20


def random_tgs_hand(rng):
    """Return the keyword arguments of one legal Texas Good Sams hand."""
    entry = {
        "play": (rng.randrange(0, 40) * 5, rng.randrange(0, 40) * 5),
        "muggins": (rng.choice((0, 0, 0, 5, 10)), rng.choice((0, 0, 0, 5, 10))),
    }
    end = rng.random()
    if end < 0.6:
        entry["end"] = texas_good_sams.END_OUT
        entry["out_side"] = rng.randrange(2)
        entry["out_pips"] = rng.randrange(0, 100)
    elif end < 0.9:
        entry["end"] = texas_good_sams.END_BLOCKED
        entry["blocked_pips"] = (rng.randrange(0, 80), rng.randrange(0, 80))
        entry["blocked_scoring"] = rng.choice(("total", "difference"))
    if rng.random() < 0.05:
        entry["penalties"] = [texas_good_sams.Penalty(rng.randrange(2), rng.choice(REASONS))]
    return entry


def random_meld(rng, size, used):
    """Return size tiles forming a That's It meld, none of them in used."""
    while True:
        values = rng.sample(range(thats_it.MAX_PIP + 1), size)
        if rng.random() < 0.25:
            tiles = [(value, value) for value in values]
        else:
            suit = rng.randrange(thats_it.MAX_PIP + 1)
            tiles = [(min(suit, value), max(suit, value)) for value in values]
        if not used.intersection(tiles):
            used.update(tiles)
            return tiles


def random_thats_it_hand(rng):
    """Return seven tiles of a winning hand, as an official would type them."""
    used = set()
    tiles = random_meld(rng, 4, used) + random_meld(rng, 3, used)
    rng.shuffle(tiles)
    # Half the tiles are typed high number first, as officials often do.
    return [format_tile(tile) if rng.random() < 0.5 else f"{tile[1]}-{tile[0]}" for tile in tiles]


def timed(score, entries):
    """Return the seconds score takes over all entries."""
    started = time.perf_counter()
    for entry in entries:
        score(entry)
    return time.perf_counter() - started


def open_game(spec, rng):
    """Return a table of the game and up to GAME_HANDS hands' form data that leave it open."""
    table = spec.table({}, sides=spec.sides_per_game[0], team_size=spec.team_sizes[-1])
    target = spec.table_target(table, {}) or 100
    hands, entries, totals = [], [], (0,) * table.sides
    for number in range(1, GAME_HANDS + 1):
        kept = []  # (highest total after it, its data, the entry, the fold)
        for _ in range(40):
            data = spec.example_hand(table, rng, number, totals)
            entry = spec.entry_from_data(data, table, {})
            try:
                fold = spec.fold([*entries, entry], table, {})
            except RulesError:
                continue  # it would end the game in a way that needs the official
            if not fold.finished:
                kept.append((max(fold.totals), data, entry, fold))
        if not kept:
            break
        pace = [each for each in kept if each[0] <= target * number / (GAME_HANDS + 1)]
        highest = itemgetter(0)
        _, data, entry, fold = max(pace, key=highest) if pace else min(kept, key=highest)
        hands.append(data)
        entries.append(entry)
        totals = fold.totals
    return table, hands


def engine_path(spec, table, hands) -> float:
    """Return the median seconds of the last hand's whole path through the rules."""
    *stored, new = hands
    runs = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        entries = [spec.entry_from_data(data, table, {}) for data in stored]
        entry = spec.entry_from_data(new, table, {})
        spec.score_entry(entry, table, {})
        spec.fold([*entries, entry], table, {})
        runs.append(time.perf_counter() - started)
    return sorted(runs)[len(runs) // 2]


def main():
    rng = random.Random(SEED)
    tgs_hands = [random_tgs_hand(rng) for _ in range(TGS_HANDS)]
    thats_it_hands = [random_thats_it_hand(rng) for _ in range(THATS_IT_HANDS)]

    tgs_seconds = timed(lambda entry: texas_good_sams.score_hand(**entry), tgs_hands)
    thats_it_seconds = timed(thats_it.score_hand, thats_it_hands)

    print(f"Texas Good Sams: {TGS_HANDS:,} hands in {tgs_seconds:.3f} s")
    print(f"That's It: {THATS_IT_HANDS:,} hands in {thats_it_seconds:.3f} s")
    path_us, game_hands = {}, {}
    for key, spec in GAMES.items():
        table, hands = open_game(spec, random.Random(SEED))
        path_us[key] = round(1e6 * engine_path(spec, table, hands), 1)
        game_hands[key] = len(hands)
        count = f"{len(hands)} hand{'s' if len(hands) > 1 else ''}"
        print(f"{spec.name}: a hand's whole path on a game of {count}, {path_us[key]} us")
    figures = {
        "tgs_100k_hands_s": round(tgs_seconds, 3),
        "thats_it_10k_hands_s": round(thats_it_seconds, 3),
        "engine_hand_path_us": path_us,
        "engine_game_hands": game_hands,
    }
    print(json.dumps(figures | goals(figures)))  # figures to compare between runs: no goal


if __name__ == "__main__":
    main()
