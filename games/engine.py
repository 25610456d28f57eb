"""One interface for every game: tables, a hand's score and a game's state.

Every game module in `games.rules` offers the same five things, gathered by
`games.registry` into one `GameSpec` per game, so that storage, services and pages
never ask which game they are handling:

- ``tables(options, team_size) -> TableRule``: the table sizes a round may seat.
- ``entry_fields(table, options) -> tuple[Field, ...]``: what a form asks for one hand.
- ``entry_from_data(data, table, options) -> Entry``: a hand as typed (flat data, the
  keys of `entry_fields`) read into the game's own typed entry; when values are refused,
  one RulesError naming every refused field at once (`RulesError.problems`, gathered
  with `games.rules.checks.Refusals`), never only the first. ``entry_to_data(entry)``
  gives the flat data back, as stored with the hand (so the hand can be scored again and
  shown in its form, and a correction compared with the stored hand).
- ``score_entry(entry, table, options) -> Scored``: each side's points in one hand.
- ``fold(entries, table, options) -> Fold``: the game's state after its hands in order;
  its `Decision` is a question the form asks (with `choices`, as the field it names)
  before the hand can stand.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.rules import RulesError
from games.rules.options import CHOICE, INT  # noqa: F401 - kinds of field, named here too

# Kinds of form field a game can ask for: INT (a whole number, None when blank) and
# CHOICE (one of the field's choices) as for house-rule options, and these two.
SEAT = "seat"  # one of the table's seats, or None
TILES = "tiles"  # tiles typed as text, "[1-2] [3-3]"
# A list of penalties, each {"side": index, "reason": one of the choices, "offender": the
# player's id or None}; the form offers the players of each side.
PENALTIES = "penalties"

# A field asked once per hand, once per player seat, or once per side.
ONCE = "once"
PER_PLAYER = "player"
PER_SIDE = "side"


@dataclass(frozen=True)
class Table:
    """Who plays one game: the players at the table and whether they play as partners.

    Partnerships seat players 1 and 3 (indexes 0 and 2) as Side 1 and players 2 and 4 as
    Side 2. Without partnerships every player is a side of their own.
    """

    players: int
    partnerships: bool = False

    @property
    def sides(self) -> int:
        return self.players // 2 if self.partnerships else self.players

    @property
    def seat_word(self) -> str:
        """Return what an official calls one side here: "Side" for partners, else "Player"."""
        return "Side" if self.partnerships else "Player"

    def side_name(self, index: int) -> str:
        return f"{self.seat_word} {index + 1}"


@dataclass(frozen=True)
class TableRule:
    """The tables a round may seat, counted in sides (entrants: a player or a partnership).

    sizes: every legal number of sides at one table, smallest first. preferred: the
    size a seating aims for. team_size: players per side (1 alone, 2 partners).
    """

    sizes: tuple[int, ...]
    preferred: int
    team_size: int = 1

    def table(self, sides: int) -> Table:
        """Return the Table for this many sides; raise RulesError if the size is not legal."""
        if sides not in self.sizes:
            allowed = ", ".join(str(size) for size in self.sizes)
            word = "partnerships" if self.team_size == 2 else "players"
            raise RulesError(f"A table here seats {allowed} {word}, not {sides}")
        return Table(players=sides * self.team_size, partnerships=self.team_size == 2)


@dataclass(frozen=True)
class Field:
    """One thing a hand's form asks for.

    name: the data key; a PER_PLAYER or PER_SIDE field is asked once per seat under
    ``f"{name}_{index}"``. label: what the official sees ("pips left"); for a per-seat
    field the seat's name is put before it. kind: INT, SEAT, TILES, CHOICE or PENALTIES.
    choices: (value, label) pairs for CHOICE (and the reasons of PENALTIES); a label may
    name a side as "Side 1", which a form may spell out with the side's players.
    help: one plain sentence under the field. asked_when_needed: a SEAT field that
    answers a Decision, shown only once the rules ask for it.
    """

    name: str
    label: str
    kind: str = INT
    per: str = ONCE
    required: bool = False
    choices: tuple[tuple[str, str], ...] = ()
    help: str = ""
    asked_when_needed: bool = False

    def keys(self, table: Table) -> tuple[str, ...]:
        """Return the data keys this field fills at a table."""
        if self.per == PER_PLAYER:
            return tuple(f"{self.name}_{index}" for index in range(table.players))
        if self.per == PER_SIDE:
            return tuple(f"{self.name}_{index}" for index in range(table.sides))
        return (self.name,)


@dataclass(frozen=True)
class Scored:
    """One hand's points per side (penalties included; negative where the rules allow).

    lines: per side, what its points came from in plain words ("went out: 15"), for the
    score sheet. notes: about the whole hand ("[1-1] [2-2] [3-3] as doubles: 7 points").
    """

    points: tuple[int, ...]
    lines: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Decision:
    """A question the official must answer before a hand can stand.

    hand: 0-based index of the hand that needs it; field: the entry field that answers
    it; choices: the side indexes to choose from (empty when it is not a choice).
    """

    hand: int
    field: str
    message: str
    choices: tuple[int, ...] = ()


@dataclass(frozen=True)
class Fold:
    """Where a game stands after its hands.

    totals: one per side. finished: the game has a result. winners: the sides that won
    (more than one: they tied), empty until finished. ended_at: 0-based index of the
    hand that decided it. decision: a question to answer before the hands can stand.
    """

    totals: tuple[int, ...]
    finished: bool = False
    winners: tuple[int, ...] = ()
    ended_at: int | None = None
    decision: Decision | None = None

    @property
    def winner(self) -> int | None:
        """Return the one side that won, or None (not finished, or a tie)."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def tied(self) -> bool:
        return len(self.winners) > 1


def best_totals(totals) -> tuple[int, ...]:
    """Return the sides level on the highest total: the winners of a game decided on totals."""
    totals = tuple(totals)
    if not totals:
        raise RulesError("A game needs at least one side")
    best = max(totals)
    return tuple(side for side, total in enumerate(totals) if total == best)


def close_at_time(totals) -> Fold:
    """Return the result of a game closed when the round's time is up.

    The highest total wins; sides level on it tie.
    """
    totals = tuple(totals)
    return Fold(totals, True, best_totals(totals))


def winner_at_time(totals, hand_count: int) -> int | None:
    """Return the side a game that cannot end level (a bracket game) goes to when closed
    at time: the highest total; None when the sides are level on it (they play on until
    a hand separates them) or no hand has been played (it is played, or given as a
    walkover)."""
    return close_at_time(totals).winner if hand_count else None


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """Return "1 trick", "2 tricks": the count with the word that fits it."""
    word = singular if count == 1 else (plural_form or singular + "s")
    return f"{count} {word}"
