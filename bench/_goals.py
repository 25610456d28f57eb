"""Each bench's goals, and whether its run met them, for the JSON object it prints last.

``goals`` holds the bounds by direction (``at_most``, ``at_least``), each keyed by the
figure it bounds; ``goals_met`` holds, for each figure this run measured, whether it is
within its bound. A figure the run did not measure (None or absent: SQLite has no
PostgreSQL floor, a machine without node has no brackets-manager figure) is left out of
``goals_met`` rather than counted as met or missed. No Django here: the pure benches
(rules.py, seating.py) use it too.
"""


def goals(figures: dict, *, at_most: dict | None = None, at_least: dict | None = None) -> dict:
    """Return ``{"goals": ..., "goals_met": ...}`` for these figures."""
    at_most, at_least = at_most or {}, at_least or {}
    met = {}
    for key, bound in at_most.items():
        if figures.get(key) is not None:
            met[key] = figures[key] <= bound
    for key, bound in at_least.items():
        if figures.get(key) is not None:
            met[key] = figures[key] >= bound
    return {"goals": {"at_most": at_most, "at_least": at_least}, "goals_met": met}
