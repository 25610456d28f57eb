"""The Celery tasks are known in every process once Django is set up, not only in one
that happened to import a view sending them (the season ratings send theirs by name)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_fresh_process_knows_every_task_by_name():
    code = (
        "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings');"
        "django.setup();"
        "from config.celery import app;"
        "print(sorted(name for name in app.tasks if not name.startswith('celery.')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "scoring.tasks.rate_season" in done.stdout
