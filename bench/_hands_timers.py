"""bench/hands.py's clock of the pages' POSTs through a test client, and the POSTs it
times: the desk's hand form and a table's entry and confirmation (the bare-PostgreSQL
floor it runs beside them is `_common.Floor`)."""

import functools
import time
import uuid
from urllib.parse import urlencode

# --- Pages ---------------------------------------------------------------------------


class Pages:
    """Requests through the test client: timed, or (``counted``) with their queries
    counted and not timed.

    Counting takes an `execute_wrapper`, and with one the hot path's statements go
    through Django's cursor wrapper instead of straight to psycopg
    (`tournaments.prepared`): more Python, and reads sent together as one text
    that the database plans again at every call. A counted request is not the request a
    hall sends, so its time is left out."""

    def __init__(self, profiler=None):
        from django.conf import settings
        from django.test import Client

        # The test client's host name, without setup_test_environment's template signals.
        settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
        self.client = Client()
        self.profiler = profiler
        self.ms: dict[str, list[float]] = {}
        self.cpu_ms: dict[str, list[float]] = {}
        self.queries: dict[str, list[int]] = {}

    def send(self, kind: str, method: str, url: str, data=None, expect=200, counted=False):
        import contextlib

        from django.db import connection

        statements = 0

        def count(execute, sql, params, many, context):
            nonlocal statements
            statements += 1
            return execute(sql, params, many, context)

        if method == "POST":
            # Encoded as htmx sends a form (not the test client's multipart default).
            body, kind_of_body = urlencode(data or {}), "application/x-www-form-urlencoded"
            call = functools.partial(self.client.post, content_type=kind_of_body)
        else:
            body, call = data or {}, self.client.get
        with connection.execute_wrapper(count) if counted else contextlib.nullcontext():
            if self.profiler:
                self.profiler.enable()
            started, cpu = time.perf_counter(), time.process_time()
            response = call(url, body, HTTP_HX_REQUEST="true")
            took = (time.perf_counter() - started) * 1000
            cpu = (time.process_time() - cpu) * 1000
            if self.profiler:
                self.profiler.disable()
        assert response.status_code == expect, (kind, response.status_code, response.content[:800])
        if counted:
            self.queries.setdefault(kind, []).append(statements)
        else:
            self.ms.setdefault(kind, []).append(took)
            self.cpu_ms.setdefault(kind, []).append(cpu)
        return response


# --- The POSTs timed ------------------------------------------------------------------


CALM = {"play_0": 5, "play_1": 5, "end": "none"}  # the same hand, typed, for the services


def _calm_hand(**more) -> dict:
    """A Texas Good Sams hand of 5 points each, as the form sends it: 20 decide nothing."""
    return {
        "play_0": "5",
        "play_1": "5",
        "muggins_0": "",
        "muggins_1": "",
        "end": "none",
        "pips_0": "",
        "pips_1": "",
        "penalty-TOTAL_FORMS": "2",
        "penalty-INITIAL_FORMS": "0",
        **more,
    }


def desk_posts(pages: Pages, hands, official, tournament, games) -> None:
    """Ten hands through the services (``hands``: bench/hands.py's `Hands`), then ten
    through the desk's form, in each game."""
    from tournaments.models import Game

    pages.client.force_login(official)
    for game in games:
        hands.play(game, until_hands=10, data=CALM)
        for n in range(10):
            version = Game.objects.values_list("version", flat=True).get(pk=game.pk)
            data = _calm_hand(key=str(uuid.uuid4()), version=str(version))
            url = f"/desk/{tournament.slug}/games/{game.pk}/"
            pages.send("post", "POST", url, data, counted=n == 0)
    pages.client.logout()


def table_steps(pages: Pages, hands, official, tournament, games) -> None:
    """Ten hands through the services, then ten entered and confirmed at each table."""
    from scoring.models import TableEntry
    from scoring.services.table import sitters
    from scoring.services.table_links import links_for
    from tournaments.models import Game

    links = links_for(games, by=official)
    for game in games:
        hands.play(game, until_hands=10, data=CALM)
        page = f"/t/{tournament.slug}/table/{links[game.pk].code}/"
        seated = sitters(game.pk)
        enterer = next(s for s in seated if s.seat == 0)
        answerer = next(s for s in seated if s.seat == 1)
        for n in range(10):
            version = Game.objects.values_list("version", flat=True).get(pk=game.pk)
            data = _calm_hand(key=str(uuid.uuid4()), version=str(version), player=enterer.pk)
            pages.send("table_entry", "POST", page, data, counted=n == 0)
            entry = TableEntry.objects.filter(game=game).order_by("-pk").first()
            answer = {
                "entry": entry.pk,
                "revision": entry.revision,
                "player": answerer.pk,
                "answer": "confirm",
            }
            pages.send("table_confirm", "POST", page + "answer/", answer, counted=n == 0)
        assert Game.objects.get(pk=game.pk).hand_count == 20
