"""Public pages: built once per change of their event, served from the cache until the next.

A public page (a bracket, standings, a round's results, a game's live score, the
tournament's home and its player lookup) shows what the database holds of one event, or
of one tournament's events. Every service that changes any of it bumps the event's
change marker (`tournaments.changes.mark_changed`), so the marker, read in one indexed
query, says which version of the page is current; each process holds the markers it read
until a process of the desk writes what one reads (`tournaments.held_markers`), so an
unchanged page asks the database nothing. `public_page` wraps such a view:

- The ETag is a hash of the marker, the address with its query string, the variant of
  the page asked (a full page or an htmx partial) and the build of the code: when a
  phone polls with that ETag the answer is an empty 304 after that one query, and no
  template runs.
- Otherwise the page is taken from Django's cache (``CACHES["pages"]``: local memory of
  each web process, or Redis when ``REDIS_URL`` is set), keyed by that same hash; the
  first request after a change renders it and stores it, already gzipped for the phones
  that take gzip. A new marker is a new key, so a change is seen by the very next
  request; the cache's timeout only frees memory, it never decides what is current.

What is shared and what is not (rulings, tested in tests/tournaments/test_page_cache.py):

- Only pages of signed-out visitors are shared. A signed-in official's page carries
  their sign-out form and CSRF token: it is rendered for them each time (a 304 still
  answers their polls; their ETag also varies on who they are and on their CSRF cookie).
- A request with messages waiting is rendered, shows them, and is not stored.
- A rendered page is stored only when it is a plain 200 that set no cookie and used no
  CSRF token: anything personal stays out of the shared cache even if a template adds it.
- A view may assemble a shared page (``request.page_shared``; ``page_version``: the
  marker's value) from parts kept under their own versions (`fragments`), or whole.
- The view must show nothing but the database state under the marker, the request's
  address and query string and the variant (no "minutes ago": write times as times).
- The home's marker is the newest change of the tournament's events and their number; a
  tournament with no event yet has no marker, and its home is rendered every time.
- A marker function takes the view's URL arguments and returns a value (with a stable
  ``repr``), or None when the page has none (missing: the view answers 404).
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from zlib_ng import gzip_ng

from . import held_markers, prepared
from .kept import LOCAL
from .models import Event, Game, Season, Tournament
from .selectors import bracket_kept

CACHE_ALIAS = "pages"
# The request headers that pick a variant of a page (htmx asks for partials).
VARIANT_HEADERS = ("HX-Request", "HX-Boosted", "HX-Target", "HX-Trigger", "HX-Trigger-Name")
_VARIANT_KEYS = tuple(f"HTTP_{name.upper().replace('-', '_')}" for name in VARIANT_HEADERS)
VARY = (*VARIANT_HEADERS, "Cookie", "Accept-Encoding")
_ACCEPTS_GZIP = re.compile(r"\bgzip\b")
# A page is compressed once per version, as it is built, by zlib-ng (the same gzip, made
# faster): the 128-team bracket's page (110 KB) took 0.089 ms to 9.8 KB at its level 2,
# against 0.198 ms to 9.9 KB with Python's own zlib at level 1 (the level used before) and
# 0.611 ms to 7.2 KB at Django's level 6 (AMD EPYC 2-core, 2026-11-29). Its level 6 took
# 0.367 ms: not worth it for a page a hall rebuilds after every hand.
GZIP_LEVEL = 2
# Response headers a stored page keeps (the rest are set again by the middleware).
_DROPPED = frozenset({"content-length", "content-encoding", "etag", "vary", "cache-control"})


# Markers: one indexed read each, held while nothing changed (`held_markers`) ---------
#
# Each marker is an ORM query, compiled to SQL once per process and then run as that
# SQL (building the queryset took 0.84 ms a poll, running its SQL 0.07 ms). The values
# come back as the database gives them (a text time on SQLite): they only need to change.


def _marker(tag: str, **sentinels):
    """Make a marker of ``query(**url_arguments)``; ``tag`` names its pages in ETags.

    ``sentinels`` give each URL argument a value no request has, to find its place among
    the compiled query's parameters. A row whose first value is None is no marker.
    """

    def build(query):
        @functools.wraps(query)
        def marker(**kwargs) -> tuple | None:
            key = (tag, *kwargs.items())
            seen, value = held_markers.look(key)
            if value is not held_markers.MISSING:
                return value
            sql, names = _compiled(query, connection.vendor, tuple(sentinels.items()))
            found = prepared.rows(sql, [kwargs[name] for name in names])  # planned once
            row = found[0] if found else None
            value = None if row is None or row[0] is None else tuple(row)
            held_markers.keep(key, seen, value)
            return value

        marker.tag = tag
        return marker

    return build


@functools.cache
def _compiled(query, vendor: str, sentinels: tuple) -> tuple[str, list[str]]:
    names = {value: name for name, value in sentinels}
    sql, params = query(**dict(sentinels)).query.sql_with_params()
    return sql, [names[value] for value in params]


@_marker("e", slug="\0slug", pk=-770_001)
def event_marker(*, slug: str, pk: int, **_):
    """When the event last changed, and its shared version (what standings keep parts by)."""
    events = Event.objects.filter(pk=pk, tournament__slug=slug)
    return events.values_list("changed_at", "shared_changed_at")[:1]


@_marker("t", slug="\0slug")
def tournament_marker(*, slug: str, **_):
    """The newest change of the tournament's events, and how many there are."""
    return (
        Tournament.objects.filter(slug=slug)
        .annotate(at=Max("events__changed_at"), events_count=Count("events"))
        .values_list("at", "events_count")
        .order_by()[:1]
    )


@_marker("g", slug="\0slug", pk=-770_002)
def game_marker(*, slug: str, pk: int, **_):
    """A game's own version and its event's last change beyond one game's running score
    (a player renamed, a winner moved on: `changes.mark_changed`), so a hand at another
    table does not rebuild this game's page."""
    return Game.objects.filter(pk=pk, event__tournament__slug=slug).values_list(
        "version", "updated_at", "event__shared_changed_at"
    )[:1]


@_marker("s", pk=-770_003)
def season_marker(*, pk: int, **_):
    """A season's own change, and the newest change of its tournaments' events and their
    number (issue 24): a correction anywhere in the season is a new version of its pages."""
    return (
        Season.objects.filter(pk=pk)
        .annotate(
            at=Max("entries__tournament__events__changed_at"),
            events_count=Count("entries__tournament__events"),
        )
        .values_list("changed_at", "at", "events_count")
        .order_by()[:1]
    )


@_marker("r", pk=-770_004)
def season_ratings_marker(*, pk: int, **_):
    """The season's marker and when its ratings were last computed (in the background,
    after a change): the pages showing ratings show the new ones once they are ready."""
    return (
        Season.objects.filter(pk=pk)
        .annotate(
            at=Max("entries__tournament__events__changed_at"),
            events_count=Count("entries__tournament__events"),
        )
        .values_list("changed_at", "at", "events_count", "kept_ratings__computed_at")
        .order_by()[:1]
    )


# The decorator ------------------------------------------------------------------------


def public_page(marker: Callable[..., object | None]):
    """Serve the wrapped public view once per change of ``marker`` (see the module): one
    of the markers above, made by `_marker`, whose ``tag`` names its pages in ETags."""

    def decorate(view):
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if request.method not in ("GET", "HEAD"):
                return view(request, *args, **kwargs)
            # What `kept_pages.KeptPageMiddleware` already read for this visitor's request.
            seen = getattr(request, "kept_lookup", None)
            if seen is not None and seen.marker is not marker:
                seen = None
            current = seen.current if seen is not None else marker(**kwargs)
            if current is None:
                return view(request, *args, **kwargs)
            official = _signed_in(request)
            waiting = _messages_waiting(request)
            tag = _etag(request, marker.tag, current, official)
            if not waiting and _matches(request, tag):
                return _finish(HttpResponseNotModified(), tag)
            shared = not official and not waiting
            key = f"page:{tag}"
            if shared:
                stored = seen.stored if seen is not None else caches[CACHE_ALIAS].get(key)
                if stored is not None:
                    return _kept_by(seen, _replay(request, stored, tag), key, stored)
            # Read by views that assemble a shared page from kept parts (`fragments`).
            request.page_shared, request.page_version = shared, current
            response = view(request, *args, **kwargs)
            if response.status_code != 200 or response.streaming:
                return response
            if shared and _storable(request, response):
                stored = _stored(response)
                if seen is None:
                    caches[CACHE_ALIAS].set(key, stored)
                return _kept_by(seen, _replay(request, stored, tag), key, stored)
            return _finish(response, tag)

        # Read by `kept_pages.KeptPageMiddleware` (carried up the decorators by functools.wraps).
        wrapped.page_marker = marker
        return wrapped

    return decorate


def _kept_by(seen, response: HttpResponse, key: str, stored: dict) -> HttpResponse:
    """Have the middleware keep a visitor's page on the way out, with the headers the rest
    of the stack adds, to serve it alone from then on (with no middleware: as it is)."""
    if seen is not None:
        response.kept_page = (key, stored)
    return response


def clear() -> None:
    """Forget every stored page and part (a restored backup may reuse markers)."""
    caches[CACHE_ALIAS].clear()
    LOCAL.clear()
    bracket_kept.forget()
    held_markers.forget()


def _signed_in(request: HttpRequest) -> bool:
    """Whether an official is signed in; a visitor without a session cookie costs no query."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return False
    return bool(request.user.is_authenticated)


def _messages_waiting(request: HttpRequest) -> bool:
    """Whether messages wait to be shown (counting them does not mark them as read)."""
    storage = getattr(request, "_messages", None)
    return storage is not None and len(storage) > 0


def _etag(request: HttpRequest, name: str, current: object, signed_in: bool) -> str:
    """A hash of what the page depends on, never text the request typed as such."""
    parts = [
        _build(),
        request.path,
        request.META.get("QUERY_STRING", ""),
        repr(current),
        *(request.META.get(key, "") for key in _VARIANT_KEYS),
    ]
    if signed_in:
        # The page carries the official's name-dependent links and CSRF token.
        parts += [str(request.user.pk), request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")]
    digest = hashlib.blake2b("\0".join(parts).encode(), digest_size=16).hexdigest()
    return f'"{name}{"s" if signed_in else ""}-{digest}"'


def _matches(request: HttpRequest, tag: str) -> bool:
    asked = request.META.get("HTTP_IF_NONE_MATCH")
    if not asked:
        return False
    # Weak comparison (RFC 9110): the gzipped and the plain page are the same page.
    return any(found.removeprefix("W/") == tag for found in parse_etags(asked))


def _storable(request: HttpRequest, response: HttpResponse) -> bool:
    """A plain page: no cookie set, no CSRF token in it (nothing personal to share)."""
    return not response.cookies and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")


def _stored(response: HttpResponse) -> dict:
    content = response.content
    return {
        "content": content,
        "gzip": gzip_ng.compress(content, compresslevel=GZIP_LEVEL, mtime=0),
        "headers": [(k, v) for k, v in response.headers.items() if k.lower() not in _DROPPED],
    }


def _replay(request: HttpRequest, stored: dict, tag: str) -> HttpResponse:
    """Build the response from a stored page, gzipped when the phone takes gzip."""
    gzipped = _ACCEPTS_GZIP.search(request.headers.get("Accept-Encoding", ""))
    response = HttpResponse(stored["gzip"] if gzipped else stored["content"])
    for name, value in stored["headers"]:
        response.headers[name] = value
    if gzipped:
        response.headers["Content-Encoding"] = "gzip"
        # Weak, as Django's GZipMiddleware makes it when it compresses a page.
        tag = f"W/{tag}"
    return _finish(response, tag)


def _finish(response: HttpResponse, tag: str) -> HttpResponse:
    response.headers["ETag"] = tag
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, VARY)
    return response


@functools.cache
def _build() -> str:
    """A hash of the code and templates that build pages: a new version is a new page."""
    digest = hashlib.blake2b(digest_size=8)
    base = Path(settings.BASE_DIR)
    for folder in ("templates", "tournaments", "scoring", "games", "static"):
        for path in sorted((base / folder).rglob("*")):
            if path.suffix in {".py", ".html", ".js", ".css"} and path.is_file():
                digest.update(str(path.relative_to(base)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()
