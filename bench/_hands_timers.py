"""bench/hands.py's clocks: the bare-PostgreSQL floor (a one-row lock and update
transaction, run in blocks between the hands) and the pages' POSTs through a test client."""

import time


class Floor:
    """Bare transactions on a connection of their own: lock one row, update it, commit."""

    def __init__(self):
        import psycopg
        from django.db import connection

        settings = connection.settings_dict
        self.conn = psycopg.connect(
            dbname=settings["NAME"],
            user=settings["USER"] or None,
            password=settings["PASSWORD"] or None,
            host=settings["HOST"] or None,
            port=settings["PORT"] or None,
        )
        self.conn.execute("SET synchronous_commit = on")
        self.conn.execute("DROP TABLE IF EXISTS bench_floor")
        self.conn.execute("CREATE TABLE bench_floor (id bigint PRIMARY KEY, n integer NOT NULL)")
        self.conn.execute("INSERT INTO bench_floor SELECT i, 0 FROM generate_series(1, 1000) i")
        self.conn.commit()
        self.seconds = 0.0
        self.count = 0

    def run(self, count: int) -> None:
        conn = self.conn
        began = time.perf_counter()
        for n in range(count):
            row = (self.count + n) % 1000 + 1
            conn.execute("SELECT n FROM bench_floor WHERE id = %s FOR UPDATE", [row]).fetchone()
            conn.execute("UPDATE bench_floor SET n = n + 1 WHERE id = %s", [row])
            conn.commit()
        self.seconds += time.perf_counter() - began
        self.count += count

    @property
    def ms(self) -> float:
        return 1000 * self.seconds / self.count

    def close(self) -> None:
        self.conn.close()


# --- Pages ---------------------------------------------------------------------------


class Pages:
    """Requests through the test client, timed, with their queries counted."""

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

    def send(self, kind: str, method: str, url: str, data=None, expect=200):
        from django.db import connection

        statements = 0

        def count(execute, sql, params, many, context):
            nonlocal statements
            statements += 1
            return execute(sql, params, many, context)

        call = self.client.post if method == "POST" else self.client.get
        with connection.execute_wrapper(count):
            if self.profiler:
                self.profiler.enable()
            started, cpu = time.perf_counter(), time.process_time()
            response = call(url, data or {}, HTTP_HX_REQUEST="true")
            took = (time.perf_counter() - started) * 1000
            cpu = (time.process_time() - cpu) * 1000
            if self.profiler:
                self.profiler.disable()
        assert response.status_code == expect, (kind, response.status_code, response.content[:800])
        self.ms.setdefault(kind, []).append(took)
        self.cpu_ms.setdefault(kind, []).append(cpu)
        self.queries.setdefault(kind, []).append(statements)
        return response
