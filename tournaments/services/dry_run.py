"""Show what a service will do by doing it in a transaction that is then rolled back.

Used for the official's confirm steps (a one-click result, a take-back, a withdrawal):
the preview runs the very code the confirmed action runs, so the two cannot disagree.
Nothing of it stays: the rows, the activity line, and anything queued with
`transaction.on_commit` go with the rollback.
"""

from __future__ import annotations

from django.db import transaction


class _RollBack(Exception):
    """Raised to roll a preview's transaction back."""


def rolled_back(action):
    """Run ``action()`` in a transaction that is rolled back; return what it returned.

    Errors the action raises (an official's `DeskError`) come out as they are.
    """
    outcome = []
    try:
        with transaction.atomic():
            outcome.append(action())
            raise _RollBack
    except _RollBack:
        pass
    return outcome[0]
