"""The server's time on every answer, for the clocks (`static/js/clock.js`).

A page shows a clock's end as an absolute time on the server's clock (`data-clock-ends`,
milliseconds since 1970). A phone's own clock may be minutes wrong, and a public page
may come from the cache, built long before it is read: so the page's script asks the
server what time it is (the `X-Server-Now` header of a small request) and counts down
from that, timing only the seconds since then on the phone. This middleware, first of
all, adds the header to every answer (a 304 and a static file included), at the moment
it is sent; nothing stored in a cache carries it.
"""

from __future__ import annotations

import time

HEADER = "X-Server-Now"


class ServerNowMiddleware:
    """Add `X-Server-Now: <milliseconds since 1970, UTC>` to every response."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers[HEADER] = str(int(time.time() * 1000))
        return response
