"""The public pages with a change between every two requests (bench/pages.py).

A hall changes its pages all the time: here a hand is entered through the services
(this process, on the bench's database) before every request of the page, so every
request finds a new marker and the page is rebuilt from what the change left kept
(a bracket from its cached cards; standings from the database); a rounds event whose
round is played seats and starts its next. Each page request is
paired with a request of the bare view, on keep-alive connections of their own, one at a
time, and the two are compared as requests per second of the requests alone (the hand's
own time is not counted). Goal (issue 22): at least 0.25 of the bare view.
"""

import http.client
import random
import time
from urllib.parse import urlsplit

from _hands_events import open_games
from hands import Hands


class _Connection:
    """One keep-alive connection, timing each GET."""

    def __init__(self, base: str):
        parts = urlsplit(base)
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)

    def get(self, path: str, headers: dict) -> float:
        started = time.perf_counter()
        self.conn.request("GET", path, headers=headers)
        response = self.conn.getresponse()
        response.read()
        took = time.perf_counter() - started
        if response.status != 200:
            raise RuntimeError(f"{path} answered {response.status}")
        return took

    def close(self) -> None:
        self.conn.close()


def changed_over_bare(base: str, path: str, event, official, headers: dict, times: int):
    """Return (page requests/s over the bare view's, changes made) with a hand entered
    before each page request; fewer changes when the event runs out of open games."""
    hands = Hands(official, random.Random(22), None)
    page, bare = _Connection(base), _Connection(base)
    page_seconds = bare_seconds = 0.0
    made = 0
    try:
        for _ in range(times):
            games = open_games(event) or _next_round(event, official)
            if not games:
                break
            game = games[made % len(games)]
            hands.play(game, until_hands=game.hand_count + 1)
            made += 1
            page_seconds += page.get(path, headers)
            bare_seconds += bare.get("/bench/bare/", headers)
    finally:
        page.close()
        bare.close()
    if not made:
        raise RuntimeError(f"no open game to change in {event}")
    return bare_seconds / page_seconds, made


def _next_round(event, official) -> list:
    """Seat and start a rounds event's next round once its last is played (a hall goes on
    to the next round); a bracket played to its end has none."""
    from tournaments import services
    from tournaments.models import Event

    if event.format != Event.Format.ROUNDS:
        return []
    seated = services.seat_round(event=event, by=official, seed=event.rounds.count())
    services.start_round(round=seated.round, by=official)
    return open_games(event)
