"""The five games by key: what each is called, who plays it, and its house rules.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from dataclasses import dataclass, field

from games.contract import GameExamples, GameHands, GameRules
from games.engine import Table, TableRule
from games.hand_rules import HandRules
from games.matches import MatchRule
from games.rules import RulesError, double_draw
from games.rules.domino_pinochle import entry as pinochle_entry
from games.rules.domino_pinochle import examples as pinochle_examples
from games.rules.domino_pinochle import rules as pinochle_rules
from games.rules.double_takes import entry as takes_entry
from games.rules.double_takes import examples as takes_examples
from games.rules.double_takes import rules as takes_rules
from games.rules.options import BRACKET_OPTIONS, ROUND_OPTIONS, Option, validate_options
from games.rules.texas_good_sams import entry as tgs_entry
from games.rules.texas_good_sams import examples as tgs_examples
from games.rules.texas_good_sams import rules as tgs_rules
from games.rules.thats_it import entry as thats_entry
from games.rules.thats_it import examples as thats_examples
from games.rules.thats_it import rules as thats_rules

__all__ = [
    "GAMES",
    "GAME_CHOICES",
    "ROUNDS",
    "SINGLE_ELIMINATION",
    "GameSpec",
    "Option",
    "get_game",
]


SINGLE_ELIMINATION = "single_elimination"
ROUNDS = "rounds"


def _minutes(count: int) -> str:
    return f"{count} minute{'s' if count != 1 else ''}"


# What options checked to, by `_options_key` (see GameSpec.game_options); emptied when full.
_CHECKED: dict[tuple, dict] = {}
_CHECKED_MOST = 512


def _options_key(game: str, options) -> tuple | None:
    """Return the key options are kept by (None: they cannot be, check them each time).

    The type is part of the key, so True and 1 (equal in Python) are checked apart.
    """
    if options is None:
        return (game,)
    if type(options) is not dict:
        return None
    key = (game, *((name, type(value), value) for name, value in options.items()))
    try:
        hash(key)
    except TypeError:
        return None
    return key


# What a round sat out earns when the options do not say (the house rule's default).
SIT_OUT_POINTS = next(o.default for o in ROUND_OPTIONS if o.name == "sit_out_points")


@dataclass(frozen=True)
class GameSpec(HandRules):
    """One game: its name, set, players, house rules, and its part of the one engine.

    player_counts: the numbers of players a table may seat. partnerships: whether
    players may play in partnerships. sides_per_game: the numbers of sides (a player
    alone or a partnership) that may meet in one game. format: how an event of the game
    is played, SINGLE_ELIMINATION (brackets) or ROUNDS (rounds at tables, standings).
    team_sizes: players per side an event may choose (1 alone, 2 partners); the event's
    team size is the one place that choice is kept. plays_on_after_withdrawal: whether a
    table's game can go on when one of its players withdraws (else it is closed at time).
    rules, hands, examples: the game's own modules, as `games.contract` types them
    (GameRules, GameHands, GameExamples); every method reads the game through them.

    Every method takes the event's options as stored (or typed) and fills in the
    defaults itself, so no caller repeats them.
    """

    key: str
    name: str
    max_pip: int
    player_counts: tuple[int, ...]
    partnerships: bool
    sides_per_game: tuple[int, ...]
    summary: str
    format: str
    rules: GameRules = field(repr=False, compare=False)
    hands: GameHands = field(repr=False, compare=False)
    examples: GameExamples = field(repr=False, compare=False)

    @property
    def format_options(self) -> tuple[Option, ...]:
        """Return the house rules every event played this way has: the rounds', or the
        bracket's."""
        return ROUND_OPTIONS if self.plays_rounds else BRACKET_OPTIONS

    @property
    def options(self) -> tuple[Option, ...]:
        """Return every house rule an event of the game may set: the game's, then its
        format's (rounds or bracket)."""
        return self.rules.OPTIONS + self.format_options

    @property
    def team_sizes(self) -> tuple[int, ...]:
        return self.rules.TEAM_SIZES

    @property
    def plays_on_after_withdrawal(self) -> bool:
        return self.rules.PLAYS_ON_AFTER_WITHDRAWAL

    @property
    def plays_rounds(self) -> bool:
        return self.format == ROUNDS

    @property
    def feeds_singles(self) -> bool:
        """Say whether a singles event of the game may be opened by the first-game losers
        of a doubles event (a bracket game played alone and in partnerships)."""
        return self.format == SINGLE_ELIMINATION and {1, 2} <= set(self.team_sizes)

    def validate_options(self, raw):
        """Return the event's options with defaults filled in and form strings read.

        Raise RulesError naming the option for an unknown name or a bad value.
        """
        raw = dict(raw or {})
        shared_options = self.format_options
        shared = {
            option.name: raw.pop(option.name) for option in shared_options if option.name in raw
        }
        return {
            **self.rules.clean_options(raw),
            **validate_options(shared_options, shared, game=self.name),
        }

    def game_options(self, options):
        """Return the options the game's own rules read, checked and defaulted.

        Checking is pure, so what one set of options checks to is kept (by the game, and
        each option's name, type and value) and handed out as a fresh copy: the many
        hands of one event (a restore, a standings fold) check its options once. Options
        that do not check are checked, and refused, every time.
        """
        return dict(self._kept("game", options, self._check_game_options))

    def _check_game_options(self, options):
        names = {option.name for option in self.rules.OPTIONS}
        return {
            name: value for name, value in self.validate_options(options).items() if name in names
        }

    def _kept(self, kind: str, options, check) -> dict:
        """Return ``check(options)``, kept as `game_options` says (never to be changed: the
        callers hand out a copy or read it)."""
        key = _options_key(self.key, options)
        if key is None:
            return check(options)
        key = (kind, *key)
        found = _CHECKED.get(key)
        if found is None:
            found = check(options)
            if len(_CHECKED) >= _CHECKED_MOST:
                _CHECKED.clear()
            _CHECKED[key] = found
        return found

    def _read_options(self, options) -> dict:
        """`validate_options`, kept (`_kept`: a visitor's bracket read its clock's minutes
        for every rebuild, 0.06 ms of each)."""
        return self._kept("all", options, self.validate_options)

    def sit_out_points(self, options) -> int:
        """Return the match points a round sat out earns at an event with these options."""
        return self._read_options(options).get("sit_out_points", SIT_OUT_POINTS)

    def clock_minutes(self, options) -> int | None:
        """Return the minutes of a round's clock (rounds) or a bracket round's clock
        (a bracket), or None when the event has no clock."""
        values = self._read_options(options)
        minutes = values.get("minutes_per_round", values.get("minutes_per_game", 0))
        return minutes or None

    def match_rule(self, options) -> MatchRule:
        """Return how many games win a match in each round of a bracket (every match one
        game for a rounds event)."""
        if self.plays_rounds:
            return MatchRule()
        return MatchRule.from_options(self._read_options(options))

    def clock_rule(self, options) -> str:
        """Return the event's clock in a plain sentence ("" when it has none)."""
        minutes = self.clock_minutes(options)
        if minutes is None:
            return ""
        if self.plays_rounds:
            return (
                f"Each round lasts {_minutes(minutes)} on the desk's clock, from its start; "
                "at time the official may close the tables still playing: the highest "
                "total wins, sides level on it tie."
            )
        return (
            f"Each bracket round lasts {_minutes(minutes)} on the desk's clock, from when "
            "the official starts it; at time the official may close the games still "
            "playing: the highest total wins, and level sides play on until a hand "
            "separates them."
        )

    def target_score(self, options):
        """Return the score that wins a game with these options, or None if there is none."""
        return self.rules.target_score(self.game_options(options))

    def house_rules(self, options, team_size=1):
        """Return plain sentences describing the rules these options make."""
        rules = self.rules.house_rules(self.game_options(options), team_size)
        clock = self.clock_rule(options)
        if clock:
            rules = [*rules, clock]
        rules = [*rules, *self.match_rule(options).sentences()]
        if self.plays_rounds:
            points = self.sit_out_points(options)
            unit = "match point" if points == 1 else "match points"
            rules = [
                *rules,
                f"Rounds at tables: a game won earns 2 match points, a tie 1, a loss 0; a "
                f"round sat out earns {points} {unit}.",
            ]
        return rules

    def check_team_size(self, team_size):
        """Return team_size if the game is played by sides that size; RulesError if not."""
        if team_size not in self.team_sizes:
            sizes = " or ".join(str(size) for size in self.team_sizes)
            raise RulesError(
                f"{self.name} is played by sides of {sizes} player"
                f"{'s' if self.team_sizes != (1,) else ''}, not {team_size}"
            )
        return team_size

    def tables(self, options, team_size) -> TableRule:
        """Return the tables a round of an event with these options may seat."""
        self.check_team_size(team_size)
        return self.hands.tables(self.game_options(options), team_size)

    def table(self, options, *, sides, team_size) -> Table:
        """Return the Table of a game with this many sides; RulesError if it is not legal."""
        return self.tables(options, team_size).table(sides)


def _spec(rules: GameRules, hands: GameHands, examples: GameExamples, **fields):
    return GameSpec(
        name=rules.NAME,
        max_pip=rules.MAX_PIP,
        rules=rules,
        hands=hands,
        examples=examples,
        **fields,
    )


GAMES = {
    "texas_good_sams": _spec(
        tgs_rules,
        tgs_entry,
        tgs_examples,
        key="texas_good_sams",
        format=SINGLE_ELIMINATION,
        player_counts=(2, 4),
        partnerships=True,
        sides_per_game=(2,),
        summary=(
            "The tournament game, played with a double-six set: doubles (two partnerships) "
            "first, then singles, every game single elimination. Sides score whenever the "
            "open ends total a multiple of 5, and the side that goes out scores the pips "
            "left in the opponents' hands. The first side to reach 250 wins."
        ),
    ),
    "double_draw": _spec(
        double_draw,
        double_draw,
        double_draw,
        key="double_draw",
        format=ROUNDS,
        player_counts=(2, 3, 4),
        partnerships=True,
        sides_per_game=(2, 3, 4),
        summary=(
            "A draw game with a double-six set in which players set two tiles at a time. "
            "At the end of a hand the player (or partnership) with the fewest pips scores "
            "the others' pips minus its own. The game is to 100 for two players or "
            "partnerships, 61 for three or four playing alone."
        ),
    ),
    "thats_it": _spec(
        thats_rules,
        thats_entry,
        thats_examples,
        key="thats_it",
        format=ROUNDS,
        player_counts=tuple(range(thats_rules.MIN_PLAYERS, thats_rules.MAX_PLAYERS + 1)),
        partnerships=False,
        sides_per_game=tuple(range(thats_rules.MIN_PLAYERS, thats_rules.MAX_PLAYERS + 1)),
        summary=(
            "A rummy game with a double-fifteen set. Players draw and discard until one "
            'holds a meld of four tiles and a meld of three and calls "That\'s it"; only '
            "that player scores. The game is to an agreed total."
        ),
    ),
    "domino_pinochle": _spec(
        pinochle_rules,
        pinochle_entry,
        pinochle_examples,
        key="domino_pinochle",
        format=ROUNDS,
        player_counts=(3,),
        partnerships=False,
        sides_per_game=(3,),
        summary=(
            "A three-handed game with a double-six set, after the card game Pinochle. "
            "Players score their melds first, then play nine tricks for the point tiles. "
            "The first player to reach 250 wins."
        ),
    ),
    "double_takes": _spec(
        takes_rules,
        takes_entry,
        takes_examples,
        key="double_takes",
        format=ROUNDS,
        player_counts=(2, 3, 4),
        partnerships=True,
        sides_per_game=(2, 3),
        summary=(
            "A trick-taking game with a double-fifteen set, in which the doubles act as "
            "trumps. The set is dealt out in rounds; every trick and every double taken "
            "scores a point. The game is one shuffle of the set, and the highest score wins."
        ),
    ),
}

GAME_CHOICES = [(key, spec.name) for key, spec in GAMES.items()]


def get_game(key):
    """Return the game with this key; raise RulesError if there is none."""
    if key not in GAMES:
        raise RulesError(f'There is no game called "{key}"')
    return GAMES[key]
