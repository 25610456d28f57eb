"""Backup and restore of one whole tournament, as one versioned JSON file.

`write_backup` writes everything the tournament holds (chapters, players, events and
their house rules, draws and seeds, brackets, rounds and seating, games and sides,
hands and their history, the activity log) from one snapshot of the database: a
REPEATABLE READ transaction on PostgreSQL, one transaction on SQLite, so officials can
keep entering hands while it runs and the file still holds either all of a hand or
none of it. It streams records to the file one by one.

`restore_backup` reads a file as a stream, in one pass, inside one transaction: the
JSON, the format and version, every record's fields against what the desk stores
(`fields`), every reference, the counts and the SHA-256 checksum over the records, and
then the tournament as written against the games' rules (`meaning`: hands scored again,
totals and results folded). A file cut short, damaged, edited by hand or that does not
hold together is refused with a message naming the first problems, and nothing is
written. `read_head` reads only the file's head (for a quick answer before a restore is
started in the background by `scoring.tasks.restore_backup`).

The official who restores a file owns the copy and is its one official: no account is
made or promoted from a file. People in the history are named by username: one this
desk knows is linked to that account, any other is kept as text.

The format is documented in the README ("Backup and restore"); `format.SECTIONS` is its
one definition. Ids in the file are the exporting database's; they only link records
of the file to each other.

The parts: `format` (the sections, their columns, the checksum), `writer`, `stream`
(the file read record by record), `fields`, `checks` (penalties), `meaning`, `rows`
(the batched writes), `heap` (the cycle collector during a restore), `restore`.
"""

from scoring.backup.format import SECTIONS, BackupError, canonical, checksum_of
from scoring.backup.head import backup_summary, read_head
from scoring.backup.restore import restore_backup
from scoring.backup.writer import one_snapshot, write_backup

__all__ = [
    "SECTIONS",
    "BackupError",
    "backup_summary",
    "canonical",
    "checksum_of",
    "one_snapshot",
    "read_head",
    "restore_backup",
    "write_backup",
]
