"""A backup's head, read alone (a quick answer before a restore starts), and a summary."""

from __future__ import annotations

from scoring.backup.format import FORMAT, READS, BackupError, readable_versions
from scoring.backup.stream import NOT_A_BACKUP, open_source, parts


def read_head(source) -> dict:
    """Return the head of a backup file (format, version, tournament), reading no further.

    Refuse at once what is no backup, or of a version this desk does not read. The rest
    of the file is checked by the restore itself.
    """
    head: dict = {}
    with open_source(source) as (stream, _):
        for kind, key, value, _ in parts(stream, general=True):
            if kind != "value":
                break
            head[key] = value
    if head.get("format") != FORMAT:
        raise BackupError(NOT_A_BACKUP)
    if head.get("version") not in READS:
        readable = readable_versions()
        raise BackupError(
            f"This backup is in format version {head.get('version')}; this desk reads versions "
            f"{readable}. Nothing was restored."
        )
    if not isinstance(head.get("tournament"), dict):
        raise BackupError("The file is damaged: its tournament is not readable.")
    return head


def backup_summary(tournament) -> str:
    """Return what a restored tournament holds, in a sentence."""
    from scoring.models import Hand

    hands = Hand.objects.filter(game__event__tournament=tournament).count()
    return (
        f"{tournament.name} ({tournament.starts_on:%Y-%m-%d}): {tournament.events.count()} "
        f"events, {tournament.players.count()} players, {hands} hands."
    )
