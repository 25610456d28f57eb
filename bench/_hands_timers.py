"""bench/hands.py's clock of the pages' POSTs through a test client (the bare-PostgreSQL
floor it runs beside them is `_common.Floor`)."""

import functools
import time
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
