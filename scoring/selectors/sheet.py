"""The score sheet: its sides, seats and rows, in few queries.

The sheet is the same for every game: its sides and columns come from the game's table
and `entry_fields`, each hand's plain words from `score_entry`. Nothing here asks which
game it is showing.
"""

import re
from dataclasses import dataclass, field

from games.engine import PENALTIES, Field, Scored, Table
from games.rules import RulesError
from tournaments import naming
from tournaments.models import OPEN, SCORED, Game, Player, Team

from ..models import Hand, TableEntry
from .game_reads import hands_of, open_entry_of, sides_with_members
from .hand_reading import read_hand
from .match_sheet import MatchView, match_view
from .sheet_notes import note_answers
from .tables import table_of


@dataclass
class SideView:
    """One side of a game as the sheet shows it: its name, players, chapters and total."""

    seat: int
    name: str
    team: Team | None
    players: list[Player]
    total: int = 0
    games_won: int | None = None  # in a match of several games (None: one game)

    @property
    def label(self) -> str:
        """Return the players' names, or a plain note while the side is not known."""
        if self.players:
            return " & ".join(p.name for p in self.players)
        return "not decided yet"

    @property
    def short_label(self) -> str:
        if self.players:
            return " & ".join(p.name.split()[0] for p in self.players)
        return self.name

    @property
    def spelled(self) -> str:
        """Return the side's name with its players: "Side 1 (Ann & Bo)"."""
        return f"{self.name} ({self.short_label})" if self.players else self.name

    @property
    def chapters(self) -> str:
        names = []
        for player in self.players:
            name = player.chapter_name
            if name not in names:
                names.append(name)
        return ", ".join(names)


@dataclass(frozen=True)
class Seat:
    """One player's place at the table, for the fields asked once per player."""

    index: int
    side: SideView
    player: Player | None

    @property
    def name(self) -> str:
        return f"Player {self.index + 1}"

    @property
    def short_label(self) -> str:
        return self.player.name.split()[0] if self.player else self.side.short_label

    @property
    def spelled(self) -> str:
        """Return the player's seat with their name: "Player 3 (Cy)"."""
        return f"{self.name} ({self.player.name.split()[0]})" if self.player else self.name


def side_word(game: Game, table: Table | None) -> str:
    """Return what the sheet calls one side: "Player" when each side is one player (singles,
    or a rounds game without partners), else "Side" (partners)."""
    if table is not None and game.event.game.plays_rounds:
        return table.seat_word
    return "Player" if game.event.team_size == 1 else "Side"


def game_table(game: Game, sides: int) -> tuple[Table | None, str]:
    """Return the game's table and "", or None and why its game cannot be played so."""
    try:
        return table_of(game, sides=sides), ""
    except RulesError as exc:
        return None, str(exc)


def game_sides(game: Game, *, rows: list | None = None) -> list[SideView]:
    """Return the game's sides in seat order, with their players and chapters (one
    query, compiled once: every hand entered reads them; none when ``rows`` are given,
    the result of `sides_read` sent with another read)."""
    found = sides_with_members(game.pk, rows)
    word = side_word(game, game_table(game, len(found))[0])
    return [
        SideView(
            seat=side.seat,
            name=f"{word} {side.seat + 1}",
            team=side.team,
            players=[m.player for m in side.team.members] if side.team else [],
            total=side.total,
        )
        for side in found
    ]


def seats_at(table: Table | None, sides: list[SideView]) -> list[Seat]:
    """Return every player's seat at the table, in seating order.

    Partners sit opposite: with two partnerships players 1 and 3 are Side 1, players 2
    and 4 Side 2 (games.engine.Table).
    """
    if table is None:
        return []
    seats = []
    for index in range(table.players):
        side = sides[index % len(sides)]
        position = index // len(sides)
        player = side.players[position] if position < len(side.players) else None
        seats.append(Seat(index=index, side=side, player=player))
    return seats


def spell_out(label: str, sides: list[SideView], seats: list[Seat]) -> str:
    """Return a label that starts with "Side 2" or "Player 3" with the players named."""
    names = {f"Side {side.seat + 1}": side.spelled for side in sides}
    names.update({side.name: side.spelled for side in sides})
    names.update({seat.name: seat.spelled for seat in seats if seat.name not in names})
    found = re.match(r"(Side|Player) \d+\b", label)
    if found is None or found.group(0) not in names:
        return label
    return names[found.group(0)] + label[found.end() :]


# --- The sheet ---------------------------------------------------------------------


@dataclass
class Cell:
    """One side's part of a hand: its points and what they came from."""

    side: SideView
    points: int
    line: str = ""


@dataclass
class PenaltyLine:
    """A penalty in a hand: who committed it (or their side) and why."""

    who: str
    reason: str


@dataclass
class SheetRow:
    # The stored hand, or its row as a change read it (`HandResult.hands`): what a sheet
    # shows of a hand is read from both alike.
    hand: Hand
    totals: tuple[int, ...]
    cells: list[Cell] = field(default_factory=list)
    notes: tuple[str, ...] = ()
    penalties: list[PenaltyLine] = field(default_factory=list)
    reached_first_note: str = ""
    entry: object = None
    # The game of its match this row's hand opens (a heading row above it), or None.
    game_start: int | None = None

    @property
    def totals_text(self) -> str:
        return totals_text(self.totals)


def totals_text(totals) -> str:
    """Return totals as the sheet writes them, in seat order: "45 – 20 – 5"."""
    return naming.result_totals(totals)


@dataclass
class Sheet:
    """A game's score sheet: sides, every hand with the running totals, the result."""

    game: Game
    sides: list[SideView]
    table: Table | None
    fields: tuple[Field, ...] = ()
    rows: list[SheetRow] = field(default_factory=list)
    problem: str = ""
    # A hand entered at the table, not counted until confirmed or decided (TableEntry).
    waiting: TableEntry | None = None
    # A bracket game played as a match of several games (None: one game).
    match: MatchView | None = None

    @property
    def spec(self):
        return self.game.event.game

    @property
    def options(self) -> dict:
        return self.game.event.options

    @property
    def side_word(self) -> str:
        """Return what one side is called on this sheet, in lower case: "side" or "player"."""
        return side_word(self.game, self.table).lower()

    @property
    def seats(self) -> list[Seat]:
        return seats_at(self.table, self.sides)

    @property
    def totals(self) -> tuple[int, ...]:
        """Return the game's totals (a match's: the game in play's)."""
        if self.match is not None:
            return tuple(self.match.fold.totals)
        return self.rows[-1].totals if self.rows else (0,) * len(self.sides)

    @property
    def totals_text(self) -> str:
        return totals_text(self.totals)

    @property
    def result_totals_text(self) -> str:
        """Return the totals as the result tells them, the winner's first: "260 · 175", and
        why a winner on the lower total won: "255 · 260, reached 250 first"."""
        text = naming.result_totals(self.totals, self.game.winner_seat)
        why = naming.reached_first(self.totals, self.game.winner_seat, self.target)
        return f"{text}, {why}" if why else text

    @property
    def winner(self) -> SideView | None:
        seat = self.game.winner_seat
        if seat is None or seat >= len(self.sides):
            return None
        return self.sides[seat]

    @property
    def tied(self) -> list[SideView]:
        """Return the sides level on the best total of a game with a result but no one winner."""
        if self.game.status not in SCORED or self.winner is not None or not self.sides:
            return []
        best = max(self.totals)
        return [side for side in self.sides if self.totals[side.seat] == best]

    @property
    def outcome(self) -> str:
        """Return the result in words: "Side 1 (Ann & Bo) wins", "Player 1 (Ann) and ... tie"."""
        if self.winner is not None:
            return f"{self.winner.name} ({self.winner.label}) wins"
        tied = self.tied
        if tied:
            names = [f"{side.name} ({side.label})" for side in tied]
            return f"{', '.join(names[:-1])} and {names[-1]} tie on {self.totals[tied[0].seat]}"
        return ""

    @property
    def any_edited(self) -> bool:
        return any(row.hand.edited for row in self.rows)

    @property
    def can_add(self) -> bool:
        return self.game.status in OPEN and self.table is not None

    @property
    def next_heading(self) -> str:
        game = f"Game {self.match.fold.in_play}, h" if self.match is not None else "H"
        return f"{game}and {len(self.rows) + 1}"

    @property
    def target(self) -> int | None:
        """Return the score that wins the game, or None when the event's rules set none."""
        if self.table is None:
            return self.spec.target_score(self.options)
        return self.spec.table_target(self.table, self.options)

    @property
    def house_rules(self) -> list[str]:
        return self.game.event.house_rules


def game_sheet(
    game: Game, *, sides: list[SideView] | None = None, waiting: bool = True, hands=None
) -> Sheet:
    """Return the game's sheet: its sides and its hands with running totals and plain words.

    Reads the sides (one query, or none when `sides` is given) and the hands (one
    query, or none when `hands` is given: the game's hands as a change just read them
    under its lock, `HandResult.hands`), whatever the number of hands; each hand is
    scored again by the rules for its words, but its points are the stored ones.
    waiting=False: the caller reads the table's waiting hand itself.
    """
    sides = sides if sides is not None else game_sides(game)
    if Game.next_game.is_cached(game) and game.next_game is not None:
        # One event: its bracket's size, for the next game's name, is read once at most.
        game.next_game.event = game.event
        if hasattr(game, "bracket_rounds"):
            game.next_game.bracket_rounds = game.bracket_rounds
    table, problem = game_table(game, len(sides))
    sheet = Sheet(game=game, sides=sides, table=table, problem=problem)
    if table is not None:
        sheet.fields = sheet.spec.entry_fields(table, sheet.options)
    hands = hands_of(game.pk) if hands is None else hands
    if waiting and game.table_hand and game.status in OPEN:  # a table's hand waits
        sheet.waiting = open_entry_of(game.pk)
    totals, in_game = [0] * len(sides), 1
    for hand in hands:
        if hand.match_game != in_game:  # a match's next game: its totals from nothing
            totals, in_game = [0] * len(sides), hand.match_game
        points = list(hand.points)[: len(sides)]
        for seat, value in enumerate(points):
            totals[seat] += value
        row = SheetRow(hand=hand, totals=tuple(totals))
        _describe_row(sheet, row, points)
        sheet.rows.append(row)
    note_answers(sheet)
    sheet.match = match_view(game, sides, sheet.rows, sheet.spec, table, sheet.options)
    if sheet.match is not None:  # each game of the match opens with its heading row
        for before, row in zip([None, *sheet.rows], sheet.rows, strict=False):
            if before is None or before.hand.match_game != row.hand.match_game:
                row.game_start = row.hand.match_game
    for side in sides:
        side.total = sheet.totals[side.seat]
        side.games_won = sheet.match.games_won[side.seat] if sheet.match is not None else None
    return sheet


def _describe_row(sheet: Sheet, row: SheetRow, points: list[int]) -> None:
    """Fill in a row's cells, notes and penalties from the hand's stored entry."""
    scored = Scored(tuple(points))
    if sheet.table is not None:
        try:
            row.entry, scored = read_hand(sheet.spec, sheet.table, sheet.options, row.hand.detail)
        except RulesError:
            row.entry = None  # a hand the rules no longer read: its points alone
    lines = scored.lines
    row.cells = [
        Cell(side, points[side.seat], lines[side.seat] if side.seat < len(lines) else "")
        for side in sheet.sides
        if side.seat < len(points)
    ]
    row.notes = scored.notes
    row.penalties = penalty_lines(sheet, row.hand.detail)


def penalty_lines(sheet: Sheet, detail: dict) -> list[PenaltyLine]:
    """Return a hand's penalties with each offender named (from the sides already read)."""
    players = {player.pk: player for side in sheet.sides for player in side.players}
    lines = []
    for entry_field in sheet.fields:
        if entry_field.kind != PENALTIES:
            continue
        reasons = dict(entry_field.choices)
        for penalty in detail.get(entry_field.name) or ():
            offender = players.get(penalty.get("offender"))
            side = penalty.get("side")
            if offender is not None:
                who = offender.name
            elif isinstance(side, int) and 0 <= side < len(sheet.sides):
                who = sheet.sides[side].name
            else:
                who = "a player"
            reason = penalty.get("reason")
            lines.append(PenaltyLine(who=who, reason=reasons.get(reason, str(reason))))
    return lines
