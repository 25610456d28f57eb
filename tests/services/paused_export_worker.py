"""`celery worker` for the fault tests, holding each export once its file is written.

Run as a script (tests/services/test_faults_export_worker.py starts it): the export's
file is written as always, then its progress is set to 50 and the task waits
EXPORT_PAUSE_SECONDS before moving the file into place and finishing the row. So a test
can kill the worker, or take the broker away, at a known point in the middle of a build.
"""

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from config.celery import app  # noqa: E402
from scoring import exports  # noqa: E402

PAUSE = float(os.environ.get("EXPORT_PAUSE_SECONDS", "300"))
written = exports.write_export


def write_then_wait(export, path, *, report=None):
    written(export, path, report=report)
    report(50)
    time.sleep(PAUSE)


exports.write_export = write_then_wait

if __name__ == "__main__":
    quiet = ["--without-gossip", "--without-mingle", "--without-heartbeat"]
    app.worker_main(["worker", "--pool", "solo", "--loglevel", "INFO", *quiet])
