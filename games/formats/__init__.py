"""The formats an event may be played in, by key: how its games are laid out.

Pure: plain data in, plain data out; nothing here imports Django. A format is one
module (its KEY, NAME, SUMMARY, OPTIONS, `house_rules`, `make` and `from_first_round`)
and one line of `FORMATS`; nothing outside this package asks which format it handles.
What a format makes is a `Structure` (`games.formats.base`); `play` follows it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from games.formats import double_elimination, rounds, single_elimination
from games.formats.base import FormatError, Game, Placing, Round, Structure, write_place
from games.formats.play import Outcome, play
from games.rules.options import Option, validate_options

__all__ = [
    "FORMATS",
    "FormatError",
    "FormatSpec",
    "Game",
    "Outcome",
    "Placing",
    "Round",
    "Structure",
    "get_format",
    "play",
    "write_place",
]


@dataclass(frozen=True)
class FormatSpec:
    """One format: its name, house rules, whether it makes a bracket, and how.

    bracket: whether the format lays its games out in advance (single and double
    elimination) or seats them round by round (rounds).
    """

    key: str
    name: str
    summary: str
    bracket: bool
    module: ModuleType = field(repr=False, compare=False)

    @property
    def options(self) -> tuple[Option, ...]:
        """Return the house rules an event of this format may set."""
        return self.module.OPTIONS

    def validate_options(self, raw) -> dict:
        """Return the options with defaults filled in; RulesError naming a bad one."""
        return validate_options(self.options, raw, game=self.name)

    def house_rules(self, options) -> list[str]:
        """Return the rules these options make, in plain sentences."""
        return self.module.house_rules(self.validate_options(options))

    def make(
        self,
        entrants: Sequence[Any],
        *,
        seed: Any,
        byes: Iterable[Any] | None = None,
        options=None,
    ) -> Structure:
        """Draw and lay out every game for these entrants (byes drawn, or chosen)."""
        options = self.validate_options(options)
        return self.module.make(entrants, seed=seed, byes=byes, options=options)

    def from_first_round(self, pairs, *, options=None) -> Structure:
        """Lay out every game from a first round already drawn (None in a slot: a bye)."""
        return self.module.from_first_round(pairs, options=self.validate_options(options))


def _spec(module: ModuleType, *, bracket: bool = True) -> FormatSpec:
    return FormatSpec(module.KEY, module.NAME, module.SUMMARY, bracket, module)


FORMATS = {
    "single_elimination": _spec(single_elimination),
    "double_elimination": _spec(double_elimination),
    "rounds": _spec(rounds, bracket=False),
}


def get_format(key: str) -> FormatSpec:
    """Return the format with this key; FormatError naming it when there is none."""
    try:
        return FORMATS[key]
    except KeyError:
        raise FormatError(f'There is no format called "{key}"') from None
