"""What the player lookup shows (`lookup.find_players`): a player found, their events, and
each event's next and last game, in the words a player reads. Plain dataclasses."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Opponent:
    label: str
    total: int


@dataclass
class GameSeen:
    """One game of a player's, as the lookup shows it."""

    pk: int
    name: str
    stage_name: str
    round_number: int
    table: int | None  # a rounds event's table number; None in a bracket
    status: str
    words: str  # the status in plain words
    hand_count: int
    our_total: int
    opponents: list[Opponent]
    waiting_for: str = ""  # a bracket game whose opponents are not known yet
    result: str = ""  # won, lost, tied, or "" while not over
    walkover: bool = False
    why: str = ""  # why the winner on the lower total won: "reached 250 first" (naming)
    clock_key: tuple | None = None  # (event, stage, round number, round id): its clock's
    clock: object = None  # its round's running clock (selectors.clocks.lookup_clocks)
    if_lost: str = ""  # where the team goes if it loses (double elimination)
    match: str = ""  # a match of several games: "Best of 3: you lead 1-0" (`matches`)

    @property
    def score_shown(self) -> bool:
        return bool(self.hand_count) and not self.walkover


@dataclass
class EventSeen:
    """One event of a player's: partner, next game, last game, or where they stand."""

    pk: int
    name: str
    is_bracket: bool
    event_status: str
    team_number: int | None
    partner: str = ""
    next_game: GameSeen | None = None
    last_game: GameSeen | None = None
    note: str = ""  # where they stand when there is no next game


@dataclass
class PlayerFound:
    pk: int
    name: str
    chapter: str
    events: list[EventSeen] = field(default_factory=list)


@dataclass
class Lookup:
    query: str
    players: list[PlayerFound]
    more: bool = False  # more players match than are listed
