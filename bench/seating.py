"""Time seating round 8 of a rounds event of 1,000 entrants.

Seven rounds are seated first (with the same seating code), so round 8 has seven rounds
of meetings to avoid and sit-outs to rotate: once at That's It tables (2 to 8 a table,
preferring 4) and once at Domino Pinochle tables (3 a table). Round 8 is then seated
five times and the median taken. No database is needed.

Run from the project root as `python bench/seating.py`. The last line printed is one
JSON object of figures, units in the keys, for the figures to be compared between runs.
"""

import json
import os
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _goals import goals

from games.seating import seat_round

ENTRANTS = int(os.environ.get("BENCH_ENTRANTS") or 1_000)  # smaller: to try it out, and in CI
EARLIER_ROUNDS = 7
TIMINGS = 5
SEED = 2024
THATS_IT = (tuple(range(2, 9)), 4)
PINOCHLE = ((3,), 3)


def play_rounds(entrants, sizes, preferred):
    """Return the meetings and sit-outs after seating EARLIER_ROUNDS rounds."""
    met, sat_out = {}, {}
    for number in range(EARLIER_ROUNDS):
        seating = seat_round(
            entrants, sizes=sizes, preferred=preferred, seed=SEED + number, met=met, sat_out=sat_out
        )
        for table in seating.tables:
            for pair in combinations(table, 2):
                key = frozenset(pair)
                met[key] = met.get(key, 0) + 1
        for entrant in seating.sit_outs:
            sat_out[entrant] = sat_out.get(entrant, 0) + 1
    return met, sat_out


def time_round_eight(entrants, sizes, preferred):
    """Return the median seconds to seat round 8, and its repeat opponents."""
    met, sat_out = play_rounds(entrants, sizes, preferred)
    seconds = []
    for _ in range(TIMINGS):
        started = time.perf_counter()
        seating = seat_round(
            entrants,
            sizes=sizes,
            preferred=preferred,
            seed=SEED + EARLIER_ROUNDS,
            met=met,
            sat_out=sat_out,
        )
        seconds.append(time.perf_counter() - started)
    return statistics.median(seconds), seating.repeats


def main():
    entrants = list(range(1, ENTRANTS + 1))
    thats_it_seconds, thats_it_repeats = time_round_eight(entrants, *THATS_IT)
    pinochle_seconds, pinochle_repeats = time_round_eight(entrants, *PINOCHLE)

    print(
        f"That's It: round 8 of {ENTRANTS:,} entrants seated in {thats_it_seconds:.3f} s, "
        f"{thats_it_repeats} repeat pairs"
    )
    print(
        f"Domino Pinochle: round 8 of {ENTRANTS:,} entrants seated in "
        f"{pinochle_seconds:.3f} s, {pinochle_repeats} repeat pairs"
    )
    figures = {
        "seating_round8_seconds": round(thats_it_seconds, 3),
        "seating_round8_repeats": thats_it_repeats,
        "pinochle_round8_seconds": round(pinochle_seconds, 3),
        "pinochle_round8_repeats": pinochle_repeats,
        "entrants": ENTRANTS,
    }
    print(json.dumps(figures | goals(figures)))  # no goal was set for the seating


if __name__ == "__main__":
    main()
