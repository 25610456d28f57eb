"""Time the pure rules: score many Texas Good Sams and That's It hands.

Run from the project root as `python bench/rules.py`. The last line printed is one
JSON object of timings in seconds, for the figures to be compared between runs.
"""

import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rules.texas_good_sams import rules as texas_good_sams
from games.rules.thats_it import rules as thats_it
from games.rules.tiles import format_tile

SEED = 2024
# BENCH_HANDS=1000: a smaller run (CI runs every bench at a small size).
TGS_HANDS = int(os.environ.get("BENCH_HANDS") or 100_000)
THATS_IT_HANDS = max(1, TGS_HANDS // 10)
REASONS = tuple(texas_good_sams.PENALTY_REASONS)


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


def main():
    rng = random.Random(SEED)
    tgs_hands = [random_tgs_hand(rng) for _ in range(TGS_HANDS)]
    thats_it_hands = [random_thats_it_hand(rng) for _ in range(THATS_IT_HANDS)]

    tgs_seconds = timed(lambda entry: texas_good_sams.score_hand(**entry), tgs_hands)
    thats_it_seconds = timed(thats_it.score_hand, thats_it_hands)

    print(f"Texas Good Sams: {TGS_HANDS:,} hands in {tgs_seconds:.3f} s")
    print(f"That's It: {THATS_IT_HANDS:,} hands in {thats_it_seconds:.3f} s")
    print(
        json.dumps(
            {
                "tgs_100k_hands_s": round(tgs_seconds, 3),
                "thats_it_10k_hands_s": round(thats_it_seconds, 3),
            }
        )
    )


if __name__ == "__main__":
    main()
