"""Start work in 8 threads at once against the real database, as 8 officials' requests
would run in 8 gunicorn workers."""

import threading

from django.db import connection

THREADS = 8


def run_together(work, count=THREADS):
    """Run work(index) in `count` threads started at once; return each result or exception."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def runner(index):
        try:
            barrier.wait()
            results[index] = work(index)
        except Exception as exc:
            results[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=runner, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results
