"""Keep Python's cycle collector out of a restore's way.

A restore makes and drops about a million small objects, none of them in a cycle that
outlives its record; the collector's passes, which it starts as they come and go, took
0.4 s of a 100,000-hand restore on their own, and its full passes walk every object the
process holds (Django, the apps, the tests). `frozen_heap()` sets the objects already
there aside (`gc.freeze`) and pauses the collector for the restore's length; when it
ends, however it ends, the collector runs once over what the restore left and is put
back as it was (a caller that had paused it keeps it paused).
"""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def frozen_heap():
    gc.collect(1)  # the young objects now are not worth setting aside
    gc.freeze()
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.unfreeze()
        if was_on:
            gc.enable()
            gc.collect(1)
