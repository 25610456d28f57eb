"""Django's PostgreSQL backend, its kept connection checked without a round trip.

With ``CONN_HEALTH_CHECKS`` (config/settings.py) Django checks a kept connection before
a request first uses it by sending ``SELECT 1``: one more round trip for every request
that reads or writes, 0.07-0.15 ms on this machine's loopback, where a rebuilt public
page takes 2-4 ms and its marker's read 0.3 ms (bench/pages.py). A connection
PostgreSQL dropped says so on its socket: a terminated backend sends its last error and
closes, a killed one's socket is closed by the system, and either way the socket has
something to read while the client is waiting for nothing. So a connection whose socket
has nothing to read between two requests is taken as it is; one that has is checked as
Django checks it (and replaced when the check fails). A connection that fails in a way
the socket cannot tell (a network cut with no reset) fails its first statement, as a
connection that passed ``SELECT 1`` a moment before would: `tournaments.faults` answers
that request "try again" and the next one opens a new connection.
"""

import select

from django.db.backends.postgresql.base import DatabaseWrapper as PostgreSQLWrapper


class DatabaseWrapper(PostgreSQLWrapper):
    def close_if_health_check_failed(self):
        if (
            not self.pool
            and self.connection is not None
            and self.health_check_enabled
            and not self.health_check_done
            and self._nothing_to_read()
        ):
            self.health_check_done = True
            return
        super().close_if_health_check_failed()

    def _nothing_to_read(self) -> bool:
        """Say whether the connection is idle with nothing arrived on its socket (an
        error, a close); False when that cannot be told."""
        try:
            pgconn = self.connection.pgconn
            if self.connection.closed or self.connection.info.transaction_status:
                return False  # not idle (a transaction open or unknown): check it
            poller = select.poll()  # any descriptor (select() stops at 1023); none on Windows
            poller.register(pgconn.socket, select.POLLIN | select.POLLPRI)
            return not poller.poll(0)  # nothing to read, no hang-up, no error
        except (AttributeError, OSError, ValueError, self.Database.Error):
            return False
