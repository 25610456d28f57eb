"""The five games by key: what each is called, who plays it, and its house rules.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from games.rules import (
    RulesError,
    domino_pinochle,
    double_draw,
    double_takes,
    texas_good_sams,
    thats_it,
)
from games.rules.options import Option

__all__ = ["GAMES", "GAME_CHOICES", "GameSpec", "Option", "get_game"]


@dataclass(frozen=True)
class GameSpec:
    """One game: its name, set, players, house-rule options and plain-words summary.

    player_counts: the numbers of players a table may seat. partnerships: whether
    players may play in partnerships. sides_per_game: the numbers of sides (a player
    alone or a partnership) that may meet in one game.
    """

    key: str
    name: str
    max_pip: int
    player_counts: tuple[int, ...]
    partnerships: bool
    sides_per_game: tuple[int, ...]
    options: tuple[Option, ...]
    summary: str
    _clean: Callable[[dict], dict] = field(repr=False, compare=False)
    _target: Callable[[dict], int | None] = field(repr=False, compare=False)
    _house_rules: Callable[[dict], list[str]] = field(repr=False, compare=False)

    def validate_options(self, raw):
        """Return the event's options with defaults filled in and form strings read.

        Raise RulesError naming the option for an unknown name or a bad value.
        """
        return self._clean(raw)

    def target_score(self, options):
        """Return the score that wins a game with these options, or None if there is none."""
        return self._target(self.validate_options(options))

    def house_rules(self, options):
        """Return plain sentences describing the rules these options make."""
        return self._house_rules(self.validate_options(options))


def _spec(module, **fields):
    return GameSpec(
        name=module.NAME,
        max_pip=module.MAX_PIP,
        options=module.OPTIONS,
        _clean=module.clean_options,
        _target=module.target_score,
        _house_rules=module.house_rules,
        **fields,
    )


GAMES = {
    "texas_good_sams": _spec(
        texas_good_sams,
        key="texas_good_sams",
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
        key="double_draw",
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
        thats_it,
        key="thats_it",
        player_counts=tuple(range(thats_it.MIN_PLAYERS, thats_it.MAX_PLAYERS + 1)),
        partnerships=False,
        sides_per_game=tuple(range(thats_it.MIN_PLAYERS, thats_it.MAX_PLAYERS + 1)),
        summary=(
            "A rummy game with a double-fifteen set. Players draw and discard until one "
            'holds a meld of four tiles and a meld of three and calls "That\'s it"; only '
            "that player scores. The game is to an agreed total."
        ),
    ),
    "domino_pinochle": _spec(
        domino_pinochle,
        key="domino_pinochle",
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
        double_takes,
        key="double_takes",
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
