"""People and structure of a tournament: chapters, players, events, teams and games.

Models hold fields, constraints and small properties; every write goes through
`tournaments.services`. Split by what they are about: the tournament and its officials
(`tournament`), who plays (`registration`), an event and its teams (`events`), and what
is played (`play`); every name is importable from here.
"""

from .events import Entry, Event, Team, TeamMember
from .play import (
    DECIDED,
    OPEN,
    SCORED,
    WITH_RESULT,
    BracketClock,
    Game,
    Round,
    Side,
    SitOut,
    public_games,
    public_rounds,
    round_is_public,
)
from .registration import NO_CHAPTER_NAME, Chapter, ChapterQuerySet, Player, RosterUpload
from .seasons import Season, SeasonExport, SeasonMatch, SeasonRatings, SeasonTournament
from .tournament import NAME_MAX, Activity, OfficialInvitation, Tournament, game_choices

__all__ = [
    "DECIDED",
    "NAME_MAX",
    "NO_CHAPTER_NAME",
    "OPEN",
    "SCORED",
    "WITH_RESULT",
    "Activity",
    "BracketClock",
    "Chapter",
    "ChapterQuerySet",
    "Entry",
    "Event",
    "Game",
    "OfficialInvitation",
    "Player",
    "RosterUpload",
    "Round",
    "Season",
    "SeasonExport",
    "SeasonMatch",
    "SeasonRatings",
    "SeasonTournament",
    "Side",
    "SitOut",
    "Team",
    "TeamMember",
    "Tournament",
    "game_choices",
    "public_games",
    "public_rounds",
    "round_is_public",
]
