"""Say that something changed: the events' change marker and the activity log.

Two facts, one writer each:

- ``Event.changed_at`` is the change marker of everything a public page shows of an
  event (its bracket, standings, rounds, a game's score, the tournament's home): the
  public pages' cache and their ETags are keyed on it (`tournaments.page_cache`). Every
  service that changes what a public page shows calls `mark_changed` in its transaction.
- The activity log (who did what, when): every service calls `log_activity`.

The raw-SQL hot paths (`services/result_statements.py`, `services/locked_games.py`) write
the same rows inside their own statements for speed; they take the statements' text from
`mark_changed_sql` and `log_activity_sql`, so what "changed" and "logged" mean stays here.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from .models import Activity, Event

TEXT_MAX = Activity._meta.get_field("text").max_length


def mark_changed(
    *,
    event=None,
    tournament=None,
    at: datetime | None = None,
    one_game: bool = False,
    names: bool = True,
    **fields,
) -> datetime:
    """Mark one event (or every event of a tournament) as changed now; return the time.

    ``fields`` are other columns of the event written in the same UPDATE (``status=``).
    ``event`` is an event or its id; an event instance gets the new values too.
    ``one_game``: only one game's running score or waiting table hand changed, and that
    game's version was bumped with it; the other games' public pages are not rebuilt
    (``shared_changed_at`` stays). Anything else is a change to every page of the event.
    ``names=False``: a result (games decided, their sides and the games ahead written)
    that changed no team, player or chapter: the team lines the event's pages keep under
    ``names_changed_at`` stand (`fragments`). Anything that may change them leaves it
    True.
    """
    if (event is None) == (tournament is None):
        raise TypeError("mark_changed needs an event or a tournament, not both")
    at = at or timezone.now()
    fields = {"changed_at": at, **dict.fromkeys(_moved(one_game, names), at), **fields}
    if event is not None:
        Event.objects.filter(pk=getattr(event, "pk", event)).update(**fields)
        if isinstance(event, Event):
            for name, value in fields.items():
                setattr(event, name, value)
    else:
        Event.objects.filter(tournament=tournament).update(**fields)
    return at


def log_activity(*, tournament, by, text: str) -> None:
    """Record who did what in the tournament (the text cut to what the log keeps)."""
    Activity.objects.create(
        tournament=tournament, user=by if by is not None and by.pk else None, text=text[:TEXT_MAX]
    )


def mark_changed_sql(at: str, *, one_game: bool = False, names: bool = True) -> str:
    """Return the start of the raw UPDATE that marks events changed at ``at`` (a named
    placeholder, or ``%s``: given as many times as the text holds it; ``one_game`` and
    ``names``: see `mark_changed`).

    The caller adds other columns (``, status = ...``) and its ``WHERE``.
    """
    moved = "".join(f", {column} = {at}" for column in _moved(one_game, names))
    return f"UPDATE {Event._meta.db_table} SET changed_at = {at}{moved}"


def _moved(one_game: bool, names: bool) -> tuple[str, ...]:
    """The versions beside ``changed_at`` a change moves (`mark_changed`)."""
    if one_game:
        return ()
    return ("shared_changed_at", "names_changed_at") if names else ("shared_changed_at",)


def log_activity_sql() -> str:
    """Return the start of the raw INSERT of an activity line; the caller adds its rows
    (``VALUES (tournament_id, user_id, at, text)`` or a ``SELECT`` of them)."""
    return f"INSERT INTO {Activity._meta.db_table} (tournament_id, user_id, at, text)"
