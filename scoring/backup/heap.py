"""Keep Python's cycle collector off the objects that were there before a restore.

A restore makes and drops about a million small objects; the collector's full passes,
which it starts as they come and go, walk every object the process holds (Django, the
apps, the tests): several seconds of a 100,000-hand restore. `frozen_heap()` sets the
objects already there aside for the restore's length (`gc.freeze`), so those passes
walk only the restore's own; they are put back when it ends, however it ends.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def frozen_heap():
    gc.collect(1)  # the young objects now are not worth setting aside
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
