"""House-rule options: what an event may choose, checking a form's choices, and the house
rules every rounds event and every bracket event has whatever its game.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

import re
from dataclasses import dataclass

from games.rules import RulesError

INT = "int"
BOOL = "bool"
CHOICE = "choice"

_YES = frozenset({"true", "yes", "on", "1"})
_NO = frozenset({"false", "no", "off", "0", ""})
_WHOLE_NUMBER = re.compile(r"\s*-?[0-9]+\s*")


@dataclass(frozen=True)
class Option:
    """One house rule an event may set: its name, what officials see, and allowed values."""

    name: str
    label: str
    kind: str
    default: int | bool | str
    choices: tuple[tuple[str, str], ...] = ()
    min: int | None = None
    max: int | None = None
    help: str = ""
    # May be left empty on a form: empty means the default (a clock's 0, "no clock").
    optional: bool = False

    def clean(self, value):
        """Return value as this option's type; raise RulesError naming the option if bad.

        Strings from a form are read: "25" as 25, "on"/"off" as True/False.
        """
        if self.kind == INT:
            return self._clean_int(value)
        if self.kind == BOOL:
            return self._clean_bool(value)
        return self._clean_choice(value)

    def _clean_int(self, value):
        if isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value):
            value = int(value)
        if type(value) is not int:
            raise RulesError(f"{self.label}: {value!r} is not a whole number")
        if self.min is not None and value < self.min:
            raise RulesError(f"{self.label}: {value} is less than {self.min}")
        if self.max is not None and value > self.max:
            raise RulesError(f"{self.label}: {value} is more than {self.max}")
        return value

    def _clean_bool(self, value):
        if isinstance(value, str):
            if value.strip().lower() in _YES:
                return True
            if value.strip().lower() in _NO:
                return False
        if type(value) is not bool:
            raise RulesError(f"{self.label}: {value!r} is not yes or no")
        return value

    def _clean_choice(self, value):
        allowed = [choice for choice, _label in self.choices]
        if value not in allowed:
            names = ", ".join(f'"{choice}"' for choice in allowed)
            raise RulesError(f"{self.label}: {value!r} is not one of {names}")
        return value


def validate_options(options, raw, *, game):
    """Return every option of a game set from raw, with defaults for those left out.

    options is the game's tuple of Option; raw maps option names to values (strings
    from a form are read). Raise RulesError for a name the game does not know.
    """
    raw = dict(raw or {})
    known = {option.name for option in options}
    for name in raw:
        if name not in known:
            raise RulesError(f'{game} has no house rule called "{name}"')
    return {option.name: option.clean(raw.get(option.name, option.default)) for option in options}


# The longest clock a round or a game may have, in minutes (a whole day's play).
MAX_CLOCK_MINUTES = 600

# House rules every rounds event has, whatever its game (docs/rules.md, standings and
# clocks). The clock's option comes first so the sit-out sentence stays the last rule.
ROUND_OPTIONS = (
    Option(
        name="minutes_per_round",
        label="Minutes per round",
        kind=INT,
        default=0,
        min=0,
        max=MAX_CLOCK_MINUTES,
        help="The round's clock, started with the round; 0 or empty for no clock.",
        optional=True,
    ),
    Option(
        name="sit_out_points",
        label="Match points for a round sat out",
        kind=INT,
        default=2,
        min=0,
        max=2,
        help="What an entrant who sits out a round earns: 0, 1 or 2 (a win is 2, a tie 1).",
    ),
)

# The most games a side may need to win a match (best of 9).
MOST_GAMES_TO_WIN = 5
# What a bracket's clock counts when a match has several games (`games.matches`).
CLOCK_PER_GAME = "game"
CLOCK_PER_MATCH = "match"


def _games_to_win(name: str, label: str, which: str) -> Option:
    return Option(
        name=name,
        label=f"Games to win a match: {label}",
        kind=INT,
        default=1,
        min=1,
        max=MOST_GAMES_TO_WIN,
        help=(
            f"Games a side must win to take a match {which}: 1 for one game, 2 for best of "
            f"3, 3 for best of 5 (at most {MOST_GAMES_TO_WIN}, best of 9); empty for 1."
        ),
        optional=True,
    )


# How many games win a match, per round of a bracket (docs/rules.md, matches).
MATCH_OPTIONS = (
    _games_to_win("games_to_win_first", "first round", "in the first round"),
    _games_to_win("games_to_win_later", "later rounds", "in the rounds after the first"),
    _games_to_win("games_to_win_final", "final", "in the final"),
    Option(
        name="clock_per",
        label="Minutes per game count",
        kind=CHOICE,
        default=CLOCK_PER_GAME,
        choices=(
            (CLOCK_PER_GAME, "per game of a match"),
            (CLOCK_PER_MATCH, "per whole match"),
        ),
        help=(
            "For matches of several games: the round's clock gives the minutes for each "
            "game the longest match can take, or the minutes for the whole match."
        ),
        optional=True,
    ),
)

# House rules every bracket event has, whatever its game (docs/rules.md, clocks).
BRACKET_OPTIONS = (
    Option(
        name="minutes_per_game",
        label="Minutes per game",
        kind=INT,
        default=0,
        min=0,
        max=MAX_CLOCK_MINUTES,
        help=(
            "The clock of a bracket round, started by the official for each round; "
            "0 or empty for no clock."
        ),
        optional=True,
    ),
    *MATCH_OPTIONS,
)
