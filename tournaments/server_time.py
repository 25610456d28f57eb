"""The server's time on every answer, for the clocks (`static/js/clock.js`).

A page shows a clock's end as an absolute time on the server's clock (`data-clock-ends`,
milliseconds since 1970). A phone's own clock may be minutes wrong, and a public page
may come from the cache, built long before it is read: so the page's script asks the
server what time it is (`/now/`, an empty answer with the `X-Server-Now` header; no
database, no session) and counts down from that, timing only the seconds since then on
the phone. The middleware, first of all, adds the header to every answer (a 304 from
the page cache included), at the moment it is sent; nothing stored in a cache carries it.
"""

from __future__ import annotations

import time

from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache

HEADER = "X-Server-Now"


def now_ms() -> str:
    return str(int(time.time() * 1000))


@never_cache
def server_now(request: HttpRequest) -> HttpResponse:
    """Answer empty (204) with the server's time in `X-Server-Now`, never cached."""
    response = HttpResponse(status=204)
    response.headers[HEADER] = now_ms()
    return response


class ServerNowMiddleware:
    """Add `X-Server-Now: <milliseconds since 1970, UTC>` to every response."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers[HEADER] = now_ms()
        return response
