"""A bracket as its pages show it: players, teams, sides, games and rounds, ready for a
template (plain dataclasses; `bracket.py` reads them)."""

from dataclasses import dataclass, field

from games.matches import best_of, score_line

from .. import naming
from ..matches import game_match_headline
from ..models import DECIDED, OPEN, WITH_RESULT, Event, Game


@dataclass
class PlayerLine:
    """A player as a bracket shows them: name and chapter."""

    pk: int
    name: str
    chapter: str
    chapter_id: int | None = None


@dataclass
class TeamLine:
    """A team as a bracket shows it: number, players with chapters, same-chapter flag."""

    pk: int
    number: int
    players: list[PlayerLine]
    same_chapter: bool = False
    team_size: int = 2

    @property
    def label(self) -> str:
        names = [p.name for p in self.players]
        return naming.team_label(names, self.number, len(names) or self.team_size)

    @property
    def short_label(self) -> str:
        """Return the players' first names, "Ann & Bob" (as the sheet names a side)."""
        names = [p.name.split()[0] for p in self.players if p.name]
        return " & ".join(names) or self.number_label

    @property
    def number_label(self) -> str:
        """Return the draw number in words: "Team 9", or "Player 9" in singles."""
        return naming.team_number_label(self.number, self.team_size)

    @property
    def chapters(self) -> str:
        return " · ".join(p.chapter for p in self.players)


@dataclass
class SideLine:
    seat: int
    team: TeamLine | None
    total: int
    won: bool = False
    lost: bool = False
    bye: bool = False
    games_won: int = 0  # in a match, as its pages tell it (`matches.games_as_stored`)


@dataclass
class GameLine:
    """One game of a bracket, ready for a template."""

    pk: int
    stage: int
    round_number: int
    position: int
    status: str
    status_label: str
    walkover: bool
    hand_count: int
    version: int
    sides: list[SideLine]
    row: int = 1
    span: int = 1
    link: str = ""  # the game's score page, set by the view
    rounds_total: int = 0  # the bracket's rounds, for the game's number and name
    walkover_reason: str = ""  # why a walkover or forfeit was given (official pages show it)
    why: str = ""  # why a winner on the lower total won: "reached 250 first" (naming)
    stored_number: int | None = None  # the game's number where its format stores one
    to_win: int = 1  # games a side needs to take the match (1: the game is the match)

    @property
    def match(self) -> str:
        """Return a match's length and games won, "Best of 3 · 2-1" ("" for one game)."""
        if self.to_win == 1:
            return ""
        length = best_of(self.to_win).capitalize()
        if not self.hand_count:
            return length
        return f"{length} · {score_line([side.games_won for side in self.sides])}"

    @property
    def match_headline(self) -> str:
        """Return where the match stands: "Game 2 of best of 3, Ann & Bob lead 1-0", "Ann &
        Bob won the match 2-1" ("" for one game: `matches.game_match_headline`)."""
        return game_match_headline(
            self.to_win,
            [side.games_won for side in self.sides],
            [side.total for side in self.sides],
            [side.team.short_label if side.team else "To be decided" for side in self.sides],
            plural=[bool(side.team) and len(side.team.players) > 1 for side in self.sides],
            status=self.status,
            winner_seat=next((side.seat for side in self.sides if side.won), None),
            counted=True,
        )

    @property
    def number(self) -> int:
        """Return the game's number: through the bracket, or in the partners' games."""
        if self.stage == 0:
            return self.position + 1
        if self.stored_number is not None:
            return self.stored_number
        return naming.game_number(self.round_number, self.position, self.rounds_total)

    @property
    def name(self) -> str:
        """Return "Game 13 (Quarter-final)" or "Partners' game 3" (`naming.game_name`)."""
        return naming.game_name(
            stage=self.stage,
            round_number=self.round_number,
            position=self.position,
            rounds_total=self.rounds_total,
            number=self.stored_number,
        )

    @property
    def short_name(self) -> str:
        """Return the name without the round, for a card under its round's heading."""
        return naming.numbered_game(self.stage, self.number)

    @property
    def is_bye(self) -> bool:
        return self.status == Game.Status.BYE

    @property
    def is_decided(self) -> bool:
        return self.status in DECIDED

    @property
    def is_open(self) -> bool:
        """Ready or playing: a result can be given."""
        return self.status in OPEN

    @property
    def has_result(self) -> bool:
        return self.status in WITH_RESULT

    @property
    def winner(self) -> TeamLine | None:
        return next((s.team for s in self.sides if s.won), None)


@dataclass
class RoundLine:
    number: int
    name: str
    games: list[GameLine]
    column: int
    current: bool = False
    stage: int = 1
    clock: object = None  # its running clock (selectors.clocks.Clock), while a game is open
    part: str = ""  # a double elimination's bracket the round is in (`PartLine.key`)
    cards: str = ""  # its games' cards' HTML, joined, when kept (`fragments.attach_cards`)

    @property
    def still_playing(self) -> list[GameLine]:
        """Return the round's games that are ready or being played."""
        return [game for game in self.games if game.is_open]


@dataclass
class PartLine:
    """One bracket of a double elimination (winners', losers', finals) and its rounds."""

    key: str
    name: str
    rounds: list[RoundLine]
    rows: int  # the grid's rows: the games of its widest round


@dataclass
class PlaceLine:
    """A team's place in the results: "1st", "=5th" (shared), and the team."""

    place: str
    team: TeamLine


@dataclass
class Bracket:
    """Everything a bracket page shows, read in a fixed number of queries."""

    event: Event
    rounds: list[RoundLine] = field(default_factory=list)
    partner_games: list[GameLine] = field(default_factory=list)
    champion: TeamLine | None = None
    runner_up: TeamLine | None = None
    first_round_games: int = 0
    teams: list[TeamLine] = field(default_factory=list)
    partners_clock: object = None  # the partners' games' running clock (selectors.clocks)
    timed: bool = False  # the event sets minutes per game: its rounds can start a clock
    # A double elimination: its brackets (the rounds are theirs, in play order), and the
    # places known so far, from the format (`parts.py`).
    parts: list[PartLine] = field(default_factory=list)
    placings: list[PlaceLine] = field(default_factory=list)
    partner_cards: str = ""  # the partners' games' cards' HTML, joined, when kept
    rounds_html: str = ""  # a public page's tabs and rounds, when every card is kept

    @property
    def drawn(self) -> bool:
        return bool(self.rounds)

    @property
    def games(self) -> list[GameLine]:
        return [game for rnd in self.rounds for game in rnd.games]

    @property
    def partners_open(self) -> list[GameLine]:
        """Return the partners' games that are ready or being played."""
        return [game for game in self.partner_games if game.is_open]
