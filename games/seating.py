"""Seat a round of a rounds event: legal tables, fair sit-outs, few repeat opponents.

A round seats the event's entrants (a player, or a fixed partnership: a side) at tables
of sizes the game allows. `plan_tables` decides how many tables of which sizes and how
many entrants sit out; `seat_round` decides who sits out and who sits where. Everything
left to chance comes from the recorded seed, so the same entrants, history and seed
always give the same seating, and an official can reproduce and audit it.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from games.engine import plural
from games.rules import RulesError
from games.seating_tables import count_repeats, rivals_of, seat_tables


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
    rivals = rivals_of(seated, met or {})
    tables = seat_tables(plan, rivals, rng)
    seats = []
    for table in tables:
        entrants_here = [seated[index] for index in table]
        rng.shuffle(entrants_here)
        seats.append(tuple(entrants_here))
    return Seating(tuple(seats), sit_outs, count_repeats(tables, rivals), seed)


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
