"""Backup and restore of one whole tournament, as one versioned JSON file.

`write_backup` writes everything the tournament holds (chapters, players, events and
their house rules, draws and seeds, brackets, rounds and seating, games and sides,
hands and their history, the activity log) from one snapshot of the database: a
REPEATABLE READ transaction on PostgreSQL, one transaction on SQLite, so officials can
keep entering hands while it runs and the file still holds either all of a hand or
none of it. It streams records to the file one by one.

`read_backup` checks a file before anything is written: JSON, this format, this
version, every section and field present with the right type, every reference
pointing at a record of the file, and a SHA-256 checksum over the records, so a file
cut short, damaged or edited by hand is refused with a message saying what is wrong.
`import_tournament` then writes it all in one transaction: all or nothing.

The format is documented in the README ("Backup and restore"); `format.SECTIONS` is its
one definition. Ids in the file are the exporting database's; they only link records
of the file to each other, and new ids are given on import. People are named by their
username: on import, a username this desk knows is that user; one it does not know
becomes an inactive account with no password (history keeps who did what, and nobody
can sign in as them until a site admin sets them up).

The parts: `format` (the sections, their columns, the checksum), `writer`, `reader`
(with `checks`: events and penalties against the games' rules) and `restore`.
"""

from scoring.backup.format import SECTIONS, BackupError, canonical, checksum_of
from scoring.backup.reader import read_backup
from scoring.backup.restore import backup_summary, import_tournament
from scoring.backup.writer import one_snapshot, write_backup

__all__ = [
    "SECTIONS",
    "BackupError",
    "backup_summary",
    "canonical",
    "checksum_of",
    "import_tournament",
    "one_snapshot",
    "read_backup",
    "write_backup",
]
