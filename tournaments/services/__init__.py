"""Write services of the tournaments app; the only code that changes its models."""

from .registration import (
    add_chapter,
    add_player,
    create_event,
    create_tournament,
    import_roster,
    log_activity,
    merge_chapters,
    rename_chapter,
    set_checked_in,
    set_entries,
    set_withdrawn,
    touch_events,
    update_player,
)

__all__ = [
    "add_chapter",
    "add_player",
    "create_event",
    "create_tournament",
    "import_roster",
    "log_activity",
    "merge_chapters",
    "rename_chapter",
    "set_checked_in",
    "set_entries",
    "set_withdrawn",
    "touch_events",
    "update_player",
]
