"""The Redis cache as an accelerator: when Redis does not answer, the desk goes on without it.

`REDIS_URL` puts the public pages' cache (`tournaments.page_cache`) in Redis, shared by
every web process. Nothing the desk must keep lives there: a page is built again from
the database whenever the cache has no copy, and the copy's key holds the event's change
marker, which lives in the database. So a Redis that is down, restarting or out of reach
is no reason for an error page, and `ForgivingRedisCache` answers as an empty cache
instead: a read finds nothing, a write is dropped, and the page is built as if for the
first time.

- Each fault is logged once a minute at most (with how many calls missed Redis since),
  not once per request; Redis answering again is logged once.
- After a fault, Redis is left alone for `RETRY_SECONDS`, so a Redis that takes
  connections and never answers costs one request its socket timeout, not every one.
- When Redis is back, it is used again as it was. A page it kept from before the
  outage is keyed on the change marker of its time; a change made during the outage
  moved the marker in the database, so that old copy is never asked for again.
"""

from __future__ import annotations

import logging
import threading
import time

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

# How often a Redis that stays down is logged, and how long it is left alone after a fault.
LOG_EVERY_SECONDS = 60.0
RETRY_SECONDS = 5.0

# What each call answers when Redis cannot: what an empty cache would answer.
_MISSING = {
    "get": lambda args, kwargs: kwargs.get("default", args[1] if len(args) > 1 else None),
    "get_many": lambda args, kwargs: {},
    "has_key": lambda args, kwargs: False,
    "add": lambda args, kwargs: False,
    "touch": lambda args, kwargs: False,
    "delete": lambda args, kwargs: False,
    "set": lambda args, kwargs: None,
    "set_many": lambda args, kwargs: [],
    "delete_many": lambda args, kwargs: None,
    "clear": lambda args, kwargs: None,
}


class RedisOutage:
    """What one cache knows of its Redis being down: when, since when last logged, misses."""

    def __init__(self, location: str):
        self.location = location
        self._lock = threading.Lock()
        self.down_since: float | None = None
        self.retry_at = 0.0
        self.logged_at = 0.0
        self.missed = 0

    def skipping(self) -> bool:
        """Whether Redis is being left alone just now (a call answers as an empty cache)."""
        if self.down_since is None or time.monotonic() >= self.retry_at:
            return False
        with self._lock:
            self.missed += 1
        return True

    def failed(self, exc: Exception) -> None:
        now = time.monotonic()
        with self._lock:
            self.missed += 1
            first = self.down_since is None
            if first:
                self.down_since = now
            self.retry_at = now + RETRY_SECONDS
            if not first and now - self.logged_at < LOG_EVERY_SECONDS:
                return
            self.logged_at, missed, self.missed = now, self.missed, 0
        if first:
            log.warning(
                "The page cache (Redis at %s) does not answer: pages are built without it. %s",
                self.location,
                exc,
            )
        else:
            log.warning(
                "The page cache (Redis at %s) still does not answer (%d calls without it "
                "in the last minute): %s",
                self.location,
                missed,
                exc,
            )

    def answered(self) -> None:
        if self.down_since is None:
            return
        with self._lock:
            if self.down_since is None:
                return
            seconds, missed = time.monotonic() - self.down_since, self.missed
            self.down_since, self.missed = None, 0
        log.warning(
            "The page cache (Redis at %s) answers again after %.0f s (%d calls without it).",
            self.location,
            seconds,
            missed,
        )


class ForgivingRedisCache(RedisCache):
    """Django's Redis cache, answering as an empty cache while Redis does not answer."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self.outage = RedisOutage(", ".join(self._servers))

    def _forgiving(name: str):
        def call(self, *args, **kwargs):
            if self.outage.skipping():
                return _MISSING[name](args, kwargs)
            try:
                answer = getattr(RedisCache, name)(self, *args, **kwargs)
            except RedisError as exc:
                self.outage.failed(exc)
                return _MISSING[name](args, kwargs)
            self.outage.answered()
            return answer

        call.__name__ = name
        call.__doc__ = f"`{name}`, or what an empty cache answers while Redis does not."
        return call

    get = _forgiving("get")
    get_many = _forgiving("get_many")
    has_key = _forgiving("has_key")
    add = _forgiving("add")
    touch = _forgiving("touch")
    delete = _forgiving("delete")
    set = _forgiving("set")
    set_many = _forgiving("set_many")
    delete_many = _forgiving("delete_many")
    clear = _forgiving("clear")
    del _forgiving
