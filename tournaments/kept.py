"""The parts of public pages this process keeps in its own memory (`fragments`).

In front of the pages' cache (``CACHES["pages"]``: local memory, or Redis shared by the
web processes): a 64-table bracket's 127 cards and its teams read from that cache one by
one (each key checked, each value unpickled) took 3-5 ms of a 14 ms rebuild (SQLite,
local memory cache, bench/pages.py's 128-team bracket). `page_cache.clear` empties it.
"""

from __future__ import annotations

from django.core.cache import caches

CACHE_ALIAS = "pages"


class _Local:
    """The parts of pages (`fragments`) this process drew or read last, by key, in front
    of the pages' cache (at most ``MOST``: then it starts again empty). A key names the
    version of what it holds, so a copy kept here is never stale. Its values are shared
    by the requests: never changed once kept."""

    MOST = 20_000

    def __init__(self):
        self.kept: dict[str, object] = {}

    def get_many(self, keys) -> dict:
        """Return the parts kept here or in the pages' cache (kept here from then on)."""
        kept = self.kept
        found = {key: kept[key] for key in keys if key in kept}
        if len(found) < len(keys):
            missing = [key for key in keys if key not in found]
            more = caches[CACHE_ALIAS].get_many(missing)
            self._keep(more)
            found.update(more)
        return found

    def set_many(self, parts: dict) -> None:
        """Keep new parts here and in the pages' cache."""
        self._keep(parts)
        caches[CACHE_ALIAS].set_many(parts)

    def _keep(self, parts: dict) -> None:
        if len(self.kept) + len(parts) > self.MOST:
            self.kept = {}
        self.kept.update(parts)

    def clear(self) -> None:
        self.kept = {}


LOCAL = _Local()
