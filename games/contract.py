"""What a game offers the one engine, as types: `GameRules`, `GameHands`, `GameExamples`.

Each is a `typing.Protocol` a game's module meets by holding the names it lists:
`GameRules` the game's name, set and house rules (a package's `rules.py`); `GameHands`
its tables and hands in the engine (a package's `entry.py`); `GameExamples` its plausible
hands (a package's `examples.py`). A game in one module (`games/rules/double_draw.py`)
meets all three. `games.registry.GameSpec` reads a game through these names and nothing
else. The optional parts are named too: a game without one sets it to None, so the
registry asks "is it None?" and never looks a part up by name.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Any, Protocol, runtime_checkable

from games.engine import Field, Fold, Scored, Table, TableRule
from games.rules.options import Option

# A hand as the game types it (each game's own `Entry`), and as flat form data.
Entry = Any
HandData = Mapping[str, object]


@runtime_checkable
class GameRules(Protocol):
    """A game's name, its set (the highest pip), who plays it, and its house rules."""

    NAME: str
    MAX_PIP: int
    OPTIONS: tuple[Option, ...]
    TEAM_SIZES: tuple[int, ...]
    PLAYS_ON_AFTER_WITHDRAWAL: bool

    def clean_options(self, raw: Mapping[str, object]) -> dict:
        """Return the game's options with defaults filled in; RulesError names a bad one."""

    def target_score(self, options: dict) -> int | None:
        """Return the score that wins a game with these options (None: there is none)."""

    def house_rules(self, options: dict, team_size: int = ...) -> list[str]:
        """Return the options' rules in plain sentences."""


@runtime_checkable
class GameHands(Protocol):
    """A game's part of the engine: its tables, a hand's form, entry, score, and the fold.

    Optional, None when the game has none: `describe_hand(data, points)`, a game that
    words its own stored hands for their history (else the registry words them from the
    scored lines); `table_target(table)`, a game whose target depends on the table (else
    `GameRules.target_score` of the options); `hand_points(entry, table, options)`, a
    hand's points alone, cheaper than `score_entry` (a restore scores 100,000 hands);
    `fold_points(points, table, options)`, the fold of hands already scored, for a game
    whose state is a fold of its points alone.
    """

    describe_hand: Callable[[HandData, Sequence[int]], str] | None
    table_target: Callable[[Table], int] | None
    hand_points: Callable[[Entry, Table, dict], tuple[int, ...]] | None
    fold_points: Callable[[Sequence[Sequence[int]], Table, dict], Fold] | None

    def tables(self, options: dict, team_size: int) -> TableRule:
        """Return the tables a round may seat."""

    def entry_fields(self, table: Table, options: dict) -> tuple[Field, ...]:
        """Return what a hand's form asks at this table."""

    def entry_from_data(self, data: HandData, table: Table, options: dict) -> Entry:
        """Return the typed hand from flat form data; RulesError names each bad field."""

    def entry_to_data(self, entry: Entry) -> dict:
        """Return a hand as flat, JSON-able data (what entry_from_data reads)."""

    def score_entry(self, entry: Entry, table: Table, options: dict) -> Scored:
        """Return one hand's points per side."""

    def fold(self, entries: Sequence[Entry], table: Table, options: dict) -> Fold:
        """Return the game's state after its hands, in order."""


@runtime_checkable
class GameExamples(Protocol):
    """A game's plausible hands: for the demo, the benches and tests."""

    def example_hand(
        self, table: Table, rng: Random, number: int, totals: tuple[int, ...]
    ) -> dict[str, object]:
        """Return one hand as the form gives it, legal (the game's `entry_from_data` and
        `score_entry` accept it) and believable on a score sheet, not realistic play.

        rng: a seeded random.Random (a demo loads alike every time); number: the hand's
        number, from 1; totals: each side's total before it.
        """
