"""Send a restore's COPY statements from a thread of their own (PostgreSQL), so the server
takes in one batch of rows while the restore reads and checks the next from the file.

One statement at a time, in order, on the restore's own connection and transaction: the
thread holds the connection's lock for the length of its COPY, so any other statement
waits for it. `wait()` is called before the restore uses the connection itself; it
raises there the error the server gave to the COPY (a rule of the desk broken, a value
the database cannot keep), as Django's own error, exactly as if the COPY had run in
line. The foreign keys are checked at the end of each statement (`SET CONSTRAINTS ALL
IMMEDIATE`, for the restore's length), so that work too is done while the file is read,
not all at the commit; every reference written points at rows written before it (the
references to later records are written last, `restore._write_deferred`).
"""

from __future__ import annotations

import threading

from django.db import connection

from tournaments import held_markers


class Sender:  # PostgreSQL only
    def __init__(self):
        self._thread: threading.Thread | None = None
        self._error: BaseException | None = None
        # Taken here, in the restore's thread: Django's connection is one per thread.
        self._raw = connection.connection
        self._errors = connection.wrap_database_errors
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")

    def send(self, statement: str, data: bytes) -> None:
        """Run `COPY ... FROM STDIN` with this data, in the background."""
        self.wait()
        self._thread = threading.Thread(
            target=self._copy, args=(statement, data), name="restore-copy", daemon=True
        )
        self._thread.start()

    def _copy(self, statement: str, data: bytes) -> None:
        try:
            with self._errors, self._raw.cursor() as cursor, cursor.copy(statement) as copy:
                copy.write(data)
        except BaseException as exc:  # raised again in the restore's thread (`wait`)
            self._error = exc

    def wait(self) -> None:
        """Wait for the COPY being sent; raise its error if it failed."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        if self._error is not None:
            error, self._error = self._error, None
            raise error

    def close(self, *, done: bool) -> None:
        """Wait for the last COPY; once the restore is done, check the keys at the commit
        again, as the desk's transactions do (the restore may be part of a longer one)."""
        if not done:
            if self._thread is not None:
                self._thread.join()
            self._thread = self._error = None
            return
        self.wait()
        held_markers.told_on_commit()  # COPY goes around the cursor's watch
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
