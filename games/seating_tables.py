"""Seat a round's tables with the fewest repeat opponents (`games.seating` plans them).

Entrants are numbered by their place in the round; rivals[i] holds the numbers of the
entrants that entrant i has met before. Small rounds try every seating; larger ones place
entrants one by one, then swap entrants between tables for a bounded amount of work
(counted in swaps, not time, so a seed always gives the same seating).

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from __future__ import annotations

import math

# Try every seating when a round has at most this many different ones: every round of
# up to 12 seated entrants at tables of 2, 3 or 4.
EXACT_SEARCH_SEATINGS = 20_000
# Work allowed for swapping entrants between tables to undo repeat opponents, counted
# in swaps looked at (work, not time, so that the seating can be reproduced).
SWAP_WORK_BASE = 20_000
SWAP_WORK_PER_ENTRANT = 20
# Entrants at other tables looked at for each entrant who faces a repeat opponent.
SWAP_SAMPLE = 16


def rivals_of(seated, met):
    number = {entrant: index for index, entrant in enumerate(seated)}
    rivals = [set() for _ in seated]
    for pair, times in met.items():
        first, second = pair
        if times > 0 and first in number and second in number:
            rivals[number[first]].add(number[second])
            rivals[number[second]].add(number[first])
    return rivals


def count_repeats(tables, rivals):
    """Return the pairs seated at one table who have met before."""
    return sum(_clashes(entrant, table, rivals) for table in tables for entrant in table) // 2


def _clashes(entrant, table, rivals):
    """Return how many at `table` (other than the entrant) the entrant has met before."""
    return sum(1 for other in table if other in rivals[entrant])


def seat_tables(plan, rivals, rng):
    """Return the tables of `plan` filled with entrant numbers, with few repeats."""
    tables = _place_one_by_one(plan, rivals, rng)
    work = SWAP_WORK_BASE + SWAP_WORK_PER_ENTRANT * len(rivals)
    tables = _swap_away_repeats(tables, rivals, rng, work)
    repeats = count_repeats(tables, rivals)
    if repeats and _seatings_count(plan) <= EXACT_SEARCH_SEATINGS:
        order = list(range(len(rivals)))
        rng.shuffle(order)
        order.sort(key=lambda entrant: -len(rivals[entrant]))
        tables = _search_every_seating(order, plan, rivals, repeats) or tables
    return tables


def _place_one_by_one(plan, rivals, rng):
    """Return tables filled greedily: those who met most first, each where it meets fewest."""
    order = list(range(len(rivals)))
    rng.shuffle(order)
    order.sort(key=lambda entrant: -len(rivals[entrant]))
    tables = [[] for _ in plan]
    table_of = [None] * len(rivals)
    open_tables = list(range(len(plan)))
    for entrant in order:
        clashes = {}
        for rival in rivals[entrant]:
            if table_of[rival] is not None:
                clashes[table_of[rival]] = clashes.get(table_of[rival], 0) + 1
        table = next((table for table in open_tables if table not in clashes), None)
        if table is None:
            table = min(open_tables, key=lambda table: clashes[table])
        tables[table].append(entrant)
        table_of[entrant] = table
        if len(tables[table]) == plan[table]:
            open_tables.remove(table)
    return tables


def _swap_away_repeats(tables, rivals, rng, work):
    """Return the tables after swapping entrants between them to undo repeat opponents.

    Each step takes an entrant facing a repeat, looks at SWAP_SAMPLE entrants drawn from
    the whole round, and makes the best swap of those unless it adds repeats (a swap
    that changes nothing is made too, to move on). It stops when nobody faces a repeat
    or the work is spent.
    """
    table_of = [None] * len(rivals)
    for number, table in enumerate(tables):
        for entrant in table:
            table_of[entrant] = number
    clashes = [_clashes(entrant, tables[table], rivals) for entrant, table in enumerate(table_of)]
    troubled = {entrant for entrant, count in enumerate(clashes) if count}
    while troubled and work > 0:
        work -= SWAP_SAMPLE
        entrant = rng.choice(sorted(troubled))
        best_gain, best_other = -1, None
        for _ in range(SWAP_SAMPLE):
            other = rng.randrange(len(rivals))
            if table_of[other] == table_of[entrant]:
                continue
            gain = _swap_gain(entrant, other, tables, table_of, clashes, rivals)
            if gain > best_gain:
                best_gain, best_other = gain, other
        if best_other is not None:
            _swap(entrant, best_other, tables, table_of, clashes, rivals, troubled)
    return tables


def _swap_gain(entrant, other, tables, table_of, clashes, rivals):
    """Return how many repeats swapping the two entrants' seats would undo."""
    here, there = tables[table_of[entrant]], tables[table_of[other]]
    after = sum(1 for rival in there if rival != other and rival in rivals[entrant])
    after += sum(1 for rival in here if rival != entrant and rival in rivals[other])
    return clashes[entrant] + clashes[other] - after


def _swap(entrant, other, tables, table_of, clashes, rivals, troubled):
    """Swap the two entrants' seats, keeping each entrant's count of repeats up to date."""
    for leaving, coming in ((entrant, other), (other, entrant)):
        table = tables[table_of[leaving]]
        for neighbour in table:
            if neighbour != leaving:
                clashes[neighbour] += (coming in rivals[neighbour]) - (leaving in rivals[neighbour])
                _mark(neighbour, clashes, troubled)
        table[table.index(leaving)] = coming
    table_of[entrant], table_of[other] = table_of[other], table_of[entrant]
    for moved in (entrant, other):
        clashes[moved] = _clashes(moved, tables[table_of[moved]], rivals)
        _mark(moved, clashes, troubled)


def _mark(entrant, clashes, troubled):
    if clashes[entrant]:
        troubled.add(entrant)
    else:
        troubled.discard(entrant)


def _seatings_count(plan):
    """Return how many different seatings the plan has (equal tables are interchangeable)."""
    count = math.factorial(sum(plan))
    for size in plan:
        count //= math.factorial(size)
    for size in set(plan):
        count //= math.factorial(plan.count(size))
    return count


def _search_every_seating(order, plan, rivals, repeats):
    """Return a seating with fewer than `repeats` repeats, the fewest there are, or None.

    Entrants are placed in `order`; an entrant opens only the first empty table of each
    size, so that no seating is looked at twice; a branch stops once it reaches the
    repeats of the best seating so far, and the search stops at a seating without any.
    """
    tables = [[] for _ in plan]
    best = {"repeats": repeats, "tables": None}

    def place(step, repeats_so_far):
        if repeats_so_far >= best["repeats"]:
            return
        if step == len(order):
            best["repeats"], best["tables"] = repeats_so_far, [list(table) for table in tables]
            return
        entrant = order[step]
        opened = set()
        for table, size in zip(tables, plan, strict=True):
            if len(table) == size or (not table and size in opened):
                continue
            if not table:
                opened.add(size)
            table.append(entrant)
            place(step + 1, repeats_so_far + _clashes(entrant, table, rivals))
            table.pop()
            if best["repeats"] == 0:
                return

    place(0, 0)
    return best["tables"]
