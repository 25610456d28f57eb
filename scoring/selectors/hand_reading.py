"""A stored hand read and scored again for the sheet's words, remembered by what it holds.

Every page that shows a sheet reads each stored hand back through the game's rules
(`entry_from_data`, `score_entry`) for its plain words. The rules are pure: the same
detail, table and options always give the same entry and lines. So each result is kept,
keyed by those (as JSON), in this process: a 20-hand sheet drawn again after each hand
reads one hand, not twenty. Keyed by content, never by time or by a version, so a
corrected hand is simply a new key and nothing is ever stale.
"""

import json

from games.engine import Scored, Table

_KEPT: dict[tuple, tuple] = {}
MOST_KEPT = 20_000  # about 20 MB at most; emptied at once when full


def _json(value) -> str:
    return json.dumps(value, sort_keys=True)


def read_hand(spec, table: Table, options: dict, detail: dict) -> tuple[object, Scored]:
    """Return (entry, scored) for a stored hand's detail; RulesError as the rules raise it."""
    try:
        key = (spec.key, table, _json(options), _json(detail))
    except TypeError:  # not as stored (a caller's own data): read it, keep nothing
        entry = spec.entry_from_data(detail, table, options)
        return entry, spec.score_entry(entry, table, options)
    found = _KEPT.get(key)
    if found is None:
        entry = spec.entry_from_data(detail, table, options)
        found = (entry, spec.score_entry(entry, table, options))
        if len(_KEPT) >= MOST_KEPT:
            _KEPT.clear()
        _KEPT[key] = found
    return found
