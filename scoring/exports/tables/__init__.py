"""The tables an export writes, read from the database: the three contract files and the rest.

Reads only. A table is a header and a stream of rows of plain values (`cells` makes
each value safe for a spreadsheet). The tournament's structure (events, teams, games
and their sides) is read once into a `Snapshot`, in a fixed number of queries; the
hands, the one part that grows without bound, are streamed from the database in
chunks and never held all at once.

Ids written in the files are stable, so the same tournament exports alike from any
database (a backup restored elsewhere gives the same files):
- an event's number `E<n>` is its place in the tournament's events (oldest first);
- a side is its team's number in its event, `T3`;
- a game is `E2-R1-T3` (event 2, round 1, table 3) at a table of a rounds event,
  `E1-R2-G1` (event 1, round 2, bracket game 1) in a bracket, and `E2-P-G3` for the
  third partners' game that opens a singles bracket.

Nothing here asks which game an event plays: the registry says whether the event is
played in rounds (standings) or in a bracket (placings), and which hand fields hold
penalties.

One module per file: `games` (games.csv), `hands` (hands.csv, the penalties), `placings`
(standings.csv, the placings), `chapters` (the chapter report, the players); the
`Snapshot` they all read in `snapshot`.
"""

from __future__ import annotations

from scoring.exports.tables.chapters import (
    CHAPTERS_HEADER,
    PLAYERS_HEADER,
    chapter_members,
    chapter_rows,
    players_rows,
)
from scoring.exports.tables.games import GAMES_HEADER, games_rows, games_size
from scoring.exports.tables.hands import (
    HANDS_HEADER,
    PENALTIES_HEADER,
    hands_rows,
    hands_size,
    penalties_rows,
)
from scoring.exports.tables.placings import (
    PLACINGS_HEADER,
    STANDINGS_HEADER,
    placings_rows,
    standings_rows,
)
from scoring.exports.tables.snapshot import (
    HAND_CHUNK,
    SAT_OUT,
    STATUS_WORDS,
    WITH_RESULT,
    GameInfo,
    Placing,
    SideInfo,
    Snapshot,
    Table,
    TeamInfo,
    game_label,
    read_snapshot,
)
from tournaments.models import Chapter, Player

__all__ = [
    "CHAPTERS_HEADER",
    "GAMES_HEADER",
    "HANDS_HEADER",
    "HAND_CHUNK",
    "PENALTIES_HEADER",
    "PLACINGS_HEADER",
    "PLAYERS_HEADER",
    "SAT_OUT",
    "STANDINGS_HEADER",
    "STATUS_WORDS",
    "WITH_RESULT",
    "GameInfo",
    "Placing",
    "SideInfo",
    "Snapshot",
    "Table",
    "TeamInfo",
    "chapter_members",
    "chapter_rows",
    "game_label",
    "games_rows",
    "games_size",
    "hands_rows",
    "hands_size",
    "penalties_rows",
    "placings_rows",
    "players_rows",
    "read_snapshot",
    "standings_rows",
    "tables_for",
]


def tables_for(snapshot: Snapshot, kind: str, *, chapter: Chapter | None = None) -> list[Table]:
    """Return the tables an export of this kind writes (one, or several for a ZIP)."""
    players_count = Player.objects.filter(tournament=snapshot.tournament).count
    every = {
        "placings": Table(
            "placings",
            "Placings",
            PLACINGS_HEADER,
            lambda: placings_rows(snapshot),
            lambda: len(snapshot.teams),
        ),
        "games": Table(
            "games",
            "Games",
            GAMES_HEADER,
            lambda: games_rows(snapshot),
            lambda: games_size(snapshot),
        ),
        "hands": Table(
            "hands",
            "Hands",
            HANDS_HEADER,
            lambda: hands_rows(snapshot),
            lambda: hands_size(snapshot),
        ),
        "standings": Table(
            "standings",
            "Standings",
            STANDINGS_HEADER,
            lambda: standings_rows(snapshot),
            lambda: len(snapshot.teams),
        ),
        "penalties": Table(
            "penalties",
            "Penalties",
            PENALTIES_HEADER,
            lambda: penalties_rows(snapshot),
            lambda: hands_size(snapshot) // 2,
        ),
        "chapters": Table(
            "chapters",
            "Chapters",
            CHAPTERS_HEADER,
            lambda: chapter_rows(snapshot, chapter),
            players_count,
        ),
        "players": Table(
            "players", "Players", PLAYERS_HEADER, lambda: players_rows(snapshot), players_count
        ),
    }
    if kind == "results":
        return list(every.values())
    return [every[kind]]
