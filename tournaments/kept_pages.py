"""A visitor's public page answered before the rest of the middleware (`page_cache`).

`KeptPageMiddleware` sits right after SecurityMiddleware: a visitor without a session or
messages cookie asking for a page of a `page_cache.public_page` view gets the 304, the
kept page, or the page's new version built by its view, with the headers the rest of
the stack gave that view's pages (`_StackHeaders`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.urls import Resolver404, resolve
from django_htmx.middleware import HtmxDetails

from .faults import DB_FAULTS, drop_connection
from .page_cache import _DROPPED, CACHE_ALIAS, _etag, _finish, _matches, _replay

log = logging.getLogger(__name__)


class KeptPageMiddleware:
    """Answer a visitor's request for an unchanged public page before the rest of the stack.

    A phone polling a page it holds sends its ETag; when the page's marker still gives
    that ETag the answer is an empty 304. A visitor without it gets the stored page, when
    one is kept for the marker. Nothing the other middleware does (the session, the user,
    messages, CSRF) has anything to give either, so, right after SecurityMiddleware
    (which still sends plain-HTTP visitors to HTTPS and sets its headers on every
    answer), this answers after the marker (held, or one query) and one cache read.

    A page is served here only once it is complete: the first page of a view this
    process builds goes through the whole stack (`public_page` builds and stores it), and
    on its way back out this adds to the stored page the headers the later middleware
    gave it (the security policy, the framing rule), so a page served here carries the
    same headers as one built by the view. Those headers are the stack's, not the
    page's: this keeps them by view (`_StackHeaders`), and the next version of a page
    of that view (the first request after a change) is built by the view here, as the
    visitor it is (no user, no session, no messages; htmx's details read), and given
    them. A page the view would not share that way (it used a CSRF token, set a cookie,
    or failed) goes through the stack again, and that view is built there from then on
    in this process. Anything else (a session or messages cookie, a view without a
    marker) goes on as before, and `public_page` answers it. (In the stack, a 304 took
    twice a bare view's time, mostly middleware; a rebuilt standings page spent a tenth
    of its time in the later middleware.)
    """

    def __init__(self, get_response):
        self.get_response = get_response
        # A session (an official, or messages kept there) or messages in a cookie.
        self.personal = (settings.SESSION_COOKIE_NAME, CookieStorage.cookie_name)
        self.stack_headers = _StackHeaders()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "GET" and not any(name in request.COOKIES for name in self.personal):
            try:
                answer = self._kept(request)
            except DB_FAULTS:
                # A kept connection lost (PostgreSQL restarted): the view asks again on a
                # new one, and answers "try again" itself if the database is still away.
                drop_connection()
                answer = None
            if answer is not None:
                return answer
        response = self.get_response(request)
        kept = getattr(response, "kept_page", None)
        if kept is not None:
            key, stored = kept
            _complete(response, key, stored)
            self.stack_headers.learn(request.kept_lookup.view, response, stored)
        return response

    def _kept(self, request: HttpRequest) -> HttpResponse | None:
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return None
        marker = getattr(match.func, "page_marker", None)
        current = marker(**match.kwargs) if marker is not None else None
        if current is None:
            return None
        tag = _etag(request, marker.tag, current, signed_in=False)
        if _matches(request, tag):
            return _finish(HttpResponseNotModified(), tag)
        stored = caches[CACHE_ALIAS].get(f"page:{tag}")
        if stored is not None and stored.get("complete"):
            return _replay(request, stored, tag)
        # Not kept yet: `public_page` builds it without asking the database and the cache
        # again, here when the stack's headers for this view are known, else in the stack.
        request.kept_lookup = _Lookup(marker, current, stored, match.func)
        if stored is None and self.stack_headers.known(match.func):
            return self._built(request, match)
        return None

    def _built(self, request: HttpRequest, match) -> HttpResponse | None:
        """Build a visitor's new version of a page by its view, without the rest of the
        stack, and keep it with the headers the stack gave the view's pages; or None (the
        stack builds it) when the view does not give a page to share (see the class)."""
        request.user = AnonymousUser()  # no session cookie: a visitor
        request.htmx = HtmxDetails(request)
        request.resolver_match = match
        try:
            response = match.func(request, *match.args, **match.kwargs)
        except DB_FAULTS:
            raise
        except Http404:
            return None  # the stack answers with its "not found" page
        except Exception:
            log.warning("%s: built in the stack from now on", request.path, exc_info=True)
            self.stack_headers.refuse(match.func)
            return None
        kept = getattr(response, "kept_page", None)
        if kept is None:
            if response.status_code == 200:  # a page not to share: a token, a cookie
                self.stack_headers.refuse(match.func)
            return None
        key, stored = kept
        headers = self.stack_headers.added(match.func, stored["headers"])
        stored = {**stored, "headers": stored["headers"] + headers, "complete": True}
        caches[CACHE_ALIAS].set(key, stored)
        for name, value in headers:
            response.headers[name] = value
        del response.kept_page
        return response


@dataclass(frozen=True)
class _Lookup:
    """What the middleware read of a visitor's public page it could not answer alone."""

    marker: Callable[..., object | None]
    current: object
    stored: dict | None
    view: Callable[..., HttpResponse]


class _StackHeaders:
    """The headers the middleware after `KeptPageMiddleware` gave a visitor's page of each
    public view (the security policy, the framing rule), learned from a page built
    through the whole stack; and the views whose pages are built only there.

    They are the stack's for the view, not the page's: set by settings and by the view's
    own decorators (read by the middleware from the response), never by what the page
    shows. Content-Length, the encoding, the ETag, Vary and Cache-Control are set for
    each answer (`_DROPPED`), never learned."""

    def __init__(self):
        self._by_view: dict[Callable, tuple] = {}
        self._refused: set[Callable] = set()

    def learn(self, view: Callable, response: HttpResponse, stored: dict) -> None:
        own = {name.lower() for name, _ in stored["headers"]}
        self._by_view[view] = tuple(
            (name, value)
            for name, value in response.headers.items()
            if name.lower() not in _DROPPED and name.lower() not in own
        )

    def known(self, view: Callable) -> bool:
        return view in self._by_view and view not in self._refused

    def added(self, view: Callable, own: list) -> list:
        """The learned headers a page's own (``own``) do not already name."""
        named = {name.lower() for name, _ in own}
        return [(k, v) for k, v in self._by_view[view] if k.lower() not in named]

    def refuse(self, view: Callable) -> None:
        self._refused.add(view)


def _complete(response: HttpResponse, key: str, stored: dict) -> None:
    """Keep a page built for a visitor, with the headers the whole stack gave it."""
    headers = [(k, v) for k, v in response.headers.items() if k.lower() not in _DROPPED]
    caches[CACHE_ALIAS].set(key, {**stored, "headers": headers, "complete": True})
