"""Seat a round of a rounds event: legal tables, fair sit-outs, few repeat opponents.

A round seats the event's entrants (a player, or a fixed partnership: a side) at tables
of sizes the game allows. `plan_tables` decides how many tables of which sizes and how
many entrants sit out; `seat_round` decides who sits out and who sits where. Everything
left to chance comes from the recorded seed, so the same entrants, history and seed
always give the same seating, and an official can reproduce and audit it.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from games.engine import plural
from games.rules import RulesError

# Try every seating when a round has at most this many different ones: every round of
# up to 12 seated entrants at tables of 2, 3 or 4.
EXACT_SEARCH_SEATINGS = 20_000
# Work allowed for swapping entrants between tables to undo repeat opponents, counted
# in swaps looked at (work, not time, so that the seating can be reproduced).
SWAP_WORK_BASE = 20_000
SWAP_WORK_PER_ENTRANT = 20
# Entrants at other tables looked at for each entrant who faces a repeat opponent.
SWAP_SAMPLE = 16


@dataclass(frozen=True)
class Seating:
    """One round's seating.

    tables: each table's entrants in seat order, the largest tables first. sit_outs: the
    entrants who sit this round out. repeats: the pairs seated at one table who had met
    before. seed: the random seed that reproduces this seating.
    """

    tables: tuple[tuple[Hashable, ...], ...]
    sit_outs: tuple[Hashable, ...]
    repeats: int
    seed: int


def plan_tables(
    count: int, *, sizes: tuple[int, ...], preferred: int
) -> tuple[tuple[int, ...], int]:
    """Return the table sizes (largest first) and how many entrants sit out.

    The rule, step by step:

    1. Seat as many of the `count` entrants as tables of the legal sizes can hold:
       the fewest sit-outs.
    2. Use the number of tables closest to ceil(seated / preferred): the fewest tables
       that seat everybody at no more than the preferred size. When two numbers of
       tables are equally close, use the larger (smaller tables).
    3. Make the sizes as even as possible: the smallest sum of squared sizes. With legal
       sizes that skip no number (as every game's do) that is every table at
       seated // tables or one more.
    4. A tie left after that (possible only when the legal sizes skip a number) goes to
       the larger tables: the plan whose sizes, largest first, compare greatest.

    10 entrants at 2 to 8 a table, preferring 4: (4, 3, 3). 7 entrants at 2 or 3,
    preferring 3: (3, 2, 2). 10 entrants at 3 a table: (3, 3, 3) and 1 sits out.
    """
    legal = _legal_sizes(sizes, preferred)
    if type(count) is not int or count < 0:
        raise RulesError(f"A round seats a whole number of entrants, 0 or more, not {count}")
    seated = _most_seated(count, legal)
    return _even_tables(seated, legal, preferred), count - seated


def seat_round(
    entrants: Sequence[Hashable],
    *,
    sizes: tuple[int, ...],
    preferred: int,
    seed: int,
    met: Mapping[frozenset, int] | None = None,
    sat_out: Mapping[Hashable, int] | None = None,
) -> Seating:
    """Return one round's seating: its tables (per `plan_tables`) and its sit-outs.

    met: frozenset({a, b}) -> how many times a and b already sat at one table.
    sat_out: entrant -> rounds already sat out. Missing entries count 0 in both.

    The sit-outs are drawn among the entrants who have sat out least, so nobody sits
    out a second time before everybody has sat out once. The rest are seated with as
    few repeat opponents (pairs who met before) as can be found: every seating is tried
    when there are few enough (EXACT_SEARCH_SEATINGS), so a seating without repeats is
    always found there when one exists; otherwise entrants are placed one by one where
    they meet nobody again, then swapped between tables for a bounded amount of work.
    The result depends only on the arguments: entrants are put in order first, and all
    chance comes from random.Random(seed).
    """
    entrants = list(entrants)
    _refuse_twice_listed(entrants)
    entrants = _in_order(entrants)
    plan, sit_out_count = plan_tables(len(entrants), sizes=sizes, preferred=preferred)
    rng = random.Random(seed)
    sit_outs = _draw_sit_outs(entrants, sit_out_count, sat_out or {}, rng)
    away = set(sit_outs)
    seated = [entrant for entrant in entrants if entrant not in away]
    rivals = _rivals(seated, met or {})
    tables = _seat_tables(plan, rivals, rng)
    seats = []
    for table in tables:
        entrants_here = [seated[index] for index in table]
        rng.shuffle(entrants_here)
        seats.append(tuple(entrants_here))
    return Seating(tuple(seats), sit_outs, _repeats(tables, rivals), seed)


# Checking and ordering what comes in.


def _legal_sizes(sizes, preferred):
    """Return the legal table sizes, smallest first; raise RulesError if they cannot seat."""
    sizes = tuple(sizes)
    if not sizes:
        raise RulesError("No table size is allowed, so nobody can be seated: give at least one")
    for size in sizes:
        if type(size) is not int or size < 1:
            raise RulesError(
                f"A table cannot seat {plural(size, 'entrant')}: "
                "a table size is a whole number, 1 or more"
            )
    legal = tuple(sorted(set(sizes)))
    if preferred not in legal:
        raise RulesError(
            f"The preferred table size, {preferred}, is not one of the allowed sizes "
            f"({_listed(legal)}), so no table could be seated at it"
        )
    return legal


def _listed(numbers):
    """Return "3", "2 or 3", "2, 3 or 4"."""
    words = [str(number) for number in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _refuse_twice_listed(entrants):
    seen = set()
    for entrant in entrants:
        if entrant in seen:
            raise RulesError(
                f"Entrant {entrant} is listed twice: each entrant sits at one table a round"
            )
        seen.add(entrant)


def _in_order(entrants):
    """Return the entrants sorted, so that the order they came in changes nothing."""
    try:
        return sorted(entrants)
    except TypeError:  # ids of different kinds: order by kind, then as written
        return sorted(entrants, key=lambda entrant: (type(entrant).__name__, repr(entrant)))


# Planning the tables.


def _most_seated(count, sizes):
    """Return the most entrants, up to count, that tables of these sizes seat exactly."""
    seatable = [True] + [False] * count
    for total in range(1, count + 1):
        seatable[total] = any(size <= total and seatable[total - size] for size in sizes)
    return next(total for total in range(count, -1, -1) if seatable[total])


def _even_tables(seated, sizes, preferred):
    """Return the sizes of the tables seating exactly `seated` entrants (steps 2-4)."""
    if seated == 0:
        return ()
    aim = -(-seated // preferred)
    fewest, most = -(-seated // sizes[-1]), seated // sizes[0]
    by_preference = sorted(range(fewest, most + 1), key=lambda tables: (abs(tables - aim), -tables))
    even = _even_split(seated, by_preference[0], sizes)
    if even is not None:
        return even
    least = _least_squares(seated, most, sizes)
    tables = next(tables for tables in by_preference if least[tables][seated] is not None)
    return _rebuild(seated, tables, sizes, least)


def _even_split(seated, tables, sizes):
    """Return `tables` sizes differing by at most 1 that add up to seated, if all legal."""
    small, larger = divmod(seated, tables)
    plan = (small + 1,) * larger + (small,) * (tables - larger)
    return plan if set(plan) <= set(sizes) else None


def _least_squares(seated, most, sizes):
    """Return least[t][n]: the least sum of squared sizes of t tables seating n, or None."""
    least = [[None] * (seated + 1) for _ in range(most + 1)]
    least[0][0] = 0
    for tables in range(1, most + 1):
        before, row = least[tables - 1], least[tables]
        for total in range(seated + 1):
            ways = [
                before[total - size] + size * size
                for size in sizes
                if size <= total and before[total - size] is not None
            ]
            if ways:
                row[total] = min(ways)
    return least


def _rebuild(seated, tables, sizes, least):
    """Return an even plan of `tables` tables for seated, the largest sizes taken first."""
    plan = []
    for left in range(tables, 0, -1):
        size = next(
            size
            for size in reversed(sizes)
            if size <= seated
            and least[left - 1][seated - size] is not None
            and least[left - 1][seated - size] + size * size == least[left][seated]
        )
        plan.append(size)
        seated -= size
    return tuple(plan)


# Choosing the sit-outs.


def _draw_sit_outs(entrants, count, sat_out, rng):
    """Return count entrants, drawn among those who have sat out least, in entrant order."""
    drawn = list(entrants)
    rng.shuffle(drawn)
    drawn.sort(key=lambda entrant: sat_out.get(entrant, 0))
    chosen = set(drawn[:count])
    return tuple(entrant for entrant in entrants if entrant in chosen)


# Seating the tables. Entrants are numbered by their place in `seated`; rivals[i] holds
# the numbers of the entrants that entrant i has met before.


def _rivals(seated, met):
    number = {entrant: index for index, entrant in enumerate(seated)}
    rivals = [set() for _ in seated]
    for pair, times in met.items():
        first, second = pair
        if times > 0 and first in number and second in number:
            rivals[number[first]].add(number[second])
            rivals[number[second]].add(number[first])
    return rivals


def _repeats(tables, rivals):
    """Return the pairs seated at one table who have met before."""
    return sum(_clashes(entrant, table, rivals) for table in tables for entrant in table) // 2


def _clashes(entrant, table, rivals):
    """Return how many at `table` (other than the entrant) the entrant has met before."""
    return sum(1 for other in table if other in rivals[entrant])


def _seat_tables(plan, rivals, rng):
    """Return the tables of `plan` filled with entrant numbers, with few repeats."""
    tables = _place_one_by_one(plan, rivals, rng)
    work = SWAP_WORK_BASE + SWAP_WORK_PER_ENTRANT * len(rivals)
    tables = _swap_away_repeats(tables, rivals, rng, work)
    repeats = _repeats(tables, rivals)
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
