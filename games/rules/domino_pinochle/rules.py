"""Domino Pinochle's rules: melds, the game to 250 and the house rules (tricks: `tricks`).

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from dataclasses import dataclass

from games.rules import RulesError
from games.rules.checks import check_count, check_length, refuse_hands_after
from games.rules.game_state import GameState
from games.rules.options import BOOL, INT, Option, validate_options
from games.rules.tiles import format_tile, format_tiles, parse_tile, parse_tiles

from .tricks import (
    HAND_SIZE,
    MAX_PIP,
    PLAYERS,
    TRICK_POINTS,
    player_name,
    suit_of,
    trick_points,
)

NAME = "Domino Pinochle"
TARGET = 250
FOUR_TILE_BONUS = 2
SEQUENCE = "sequence"
DOUBLES = "doubles"
WON_ON_MELDS = "melds"
WON_ON_TRICKS = "tricks"
TEAM_SIZES = (1,)
PLAYS_ON_AFTER_WITHDRAWAL = False

OPTIONS = (
    Option(
        name="four_tile_bonus",
        label="Bonus for a four-tile meld",
        kind=INT,
        default=FOUR_TILE_BONUS,
        min=0,
        max=10,
        help="Points added for a meld of four tiles from the hand.",
    ),
    Option(
        name="widow_completes_melds",
        label="The widow may complete a meld",
        kind=BOOL,
        default=True,
        help="Any player may use the widow to complete a meld; it earns no points.",
    ),
    Option(
        name="doubles_melds",
        label="Doubles melds",
        kind=BOOL,
        default=True,
        help="3 or 4 doubles with consecutive numbers form a meld.",
    ),
)


@dataclass(frozen=True)
class Meld:
    """A meld as read: its tiles, sequence or doubles, its suit, and the points it earns."""

    tiles: tuple[tuple[int, int], ...]
    kind: str
    suit: int | None
    uses_widow: bool
    points: int

    def describe(self):
        """Return the meld in plain words: "[3-6] [4-6] [5-6] in suit 6: 3 points"."""
        reading = "doubles" if self.kind == DOUBLES else f"in suit {self.suit}"
        widow = " (with the widow)" if self.uses_widow else ""
        return f"{format_tiles(self.tiles)} {reading}{widow}: {self.points} points"


def _consecutive(values):
    values = sorted(values)
    return values == list(range(values[0], values[0] + len(values)))


def read_meld(
    tiles,
    *,
    widow=None,
    four_tile_bonus=FOUR_TILE_BONUS,
    widow_completes_melds=True,
    doubles_melds=True,
):
    """Return the meld 3 or 4 tiles form and its points; raise RulesError if they form none.

    widow is the widow tile, if known: it may be one of the tiles but earns nothing.
    """
    tiles = parse_tiles(tiles, max_pip=MAX_PIP, what="The meld's tiles")
    if len(tiles) not in (3, 4):
        raise RulesError(f"A meld holds 3 or 4 tiles, not {len(tiles)}")
    widow = None if widow is None else parse_tile(widow, max_pip=MAX_PIP)
    uses_widow = widow in tiles
    if uses_widow and not widow_completes_melds:
        raise RulesError(
            f"{format_tile(widow)} is the widow, and this event's rules keep it out of melds"
        )
    ordered = tuple(sorted(tiles, key=lambda tile: (tile[1], tile[0])))
    suits = {suit_of(tile) for tile in tiles}
    if len(suits) == 1 and _consecutive([min(tile) for tile in tiles]):
        kind, suit = SEQUENCE, suits.pop()
    elif doubles_melds and all(a == b for a, b in tiles) and _consecutive(suits):
        kind, suit = DOUBLES, None
    else:
        kinds = "one suit with consecutive values"
        if doubles_melds:
            kinds += ", or doubles with consecutive numbers"
        raise RulesError(
            f"{format_tiles(ordered)} is not a meld: a meld is 3 or 4 tiles of {kinds}"
        )
    from_hand = len(tiles) - uses_widow
    points = from_hand + (four_tile_bonus if from_hand == 4 else 0)
    return Meld(ordered, kind, suit, uses_widow, points)


def read_melds(
    melds,
    *,
    widow,
    four_tile_bonus=FOUR_TILE_BONUS,
    widow_completes_melds=True,
    doubles_melds=True,
):
    """Return each player's melds, read, for one hand.

    melds holds one entry per player in seating order from the dealer's left, each a
    list of that player's melds (an empty list for "no melds"), each meld 3 or 4 tiles.
    Raise RulesError when a tile is in two melds, or a player melds more tiles than a
    hand holds.
    """
    melds = check_length(melds, count=PLAYERS, what="The melds")
    widow = parse_tile(widow, max_pip=MAX_PIP)
    rules = {
        "four_tile_bonus": four_tile_bonus,
        "widow_completes_melds": widow_completes_melds,
        "doubles_melds": doubles_melds,
    }
    placed = {}
    return tuple(
        _read_player_melds(player, player_melds, widow=widow, placed=placed, rules=rules)
        for player, player_melds in enumerate(melds)
    )


def _read_player_melds(player, player_melds, *, widow, placed, rules):
    """Return one player's melds, read; placed maps each tile melded so far to its player.

    Raise RulesError when a tile is in two melds, or the player melds more tiles than a
    hand holds.
    """
    read = []
    for tiles in player_melds:
        meld = read_meld(tiles, widow=widow, **rules)
        for tile in meld.tiles:
            if tile in placed:
                if placed[tile] == player:
                    where = f"two of {player_name(player)}'s melds"
                else:
                    where = f"{player_name(placed[tile])}'s meld and {player_name(player)}'s"
                raise RulesError(f"{format_tile(tile)} is in {where}; a tile is in one meld only")
            placed[tile] = player
        read.append(meld)
    from_hand = sum(len(meld.tiles) - meld.uses_widow for meld in read)
    if from_hand > HAND_SIZE:
        raise RulesError(
            f"{player_name(player)} melds {from_hand} tiles from a hand of {HAND_SIZE}"
        )
    return tuple(read)


def meld_points(melds, *, widow, **rules):
    """Return each player's meld points for one hand, in seating order.

    Take the same arguments as read_melds.
    """
    return tuple(
        sum(meld.points for meld in player_melds)
        for player_melds in read_melds(melds, widow=widow, **rules)
    )


@dataclass(frozen=True)
class PinochleState(GameState):
    """Where a game stands; won_on says whether the winning hand was won on melds or tricks.

    awaiting_tricks is True when the last hand has its melds but not yet its tricks.
    """

    won_on: str | None = None
    awaiting_tricks: bool = False


def _leader(totals, target):
    """Return the one player with the highest total if it reaches target, else None."""
    best = max(totals)
    if best >= target and totals.count(best) == 1:
        return totals.index(best)
    return None


def fold_game(hands, *, target=TARGET):
    """Return the state of a game after its hands, in order.

    hands holds (melds, tricks) per hand: each player's meld points, then each
    player's trick points (None until the tricks are played). Melds are scored first:
    if a player then has the highest total and it reaches target, that player wins and
    the tricks are not played. Otherwise the tricks are added and the highest total at
    or above target wins; a tie for highest means another hand.
    """
    check_count(target, what="The target score", low=1)
    hands = list(hands)
    totals = [0] * PLAYERS
    for index, hand in enumerate(hands):
        number = index + 1
        melds, tricks = check_length(hand, count=2, what=f"Hand {number}")
        melds = check_length(melds, count=PLAYERS, what=f"Hand {number}'s meld points")
        for player, value in enumerate(melds):
            check_count(value, what=f"Hand {number}, {player_name(player)}'s meld points")
            totals[player] += value
        winner = _leader(totals, target)
        if winner is not None:
            if tricks is not None:
                raise RulesError(
                    f"{player_name(winner)} reached {target} on melds, so hand {number}'s tricks "
                    "are not played: clear them",
                    field="tricks_0",
                )
            return _won(hands, index, totals, winner, WON_ON_MELDS)
        if tricks is None:
            if number < len(hands):
                raise RulesError(f"Hand {number} needs its trick points before the next hand")
            return PinochleState(tuple(totals), awaiting_tricks=True)
        for player, value in enumerate(trick_points(tricks)):
            totals[player] += value
        winner = _leader(totals, target)
        if winner is not None:
            return _won(hands, index, totals, winner, WON_ON_TRICKS)
    return PinochleState(tuple(totals))


def _won(hands, index, totals, winner, won_on):
    refuse_hands_after(index, len(hands), reason=f"The game was won at hand {index + 1}")
    return PinochleState(tuple(totals), True, winner, index, won_on=won_on)


def clean_options(raw):
    """Return the event's house rules for this game, defaults filled in."""
    return validate_options(OPTIONS, raw, game=NAME)


def target_score(options):
    """Return the score that wins a game: 250, whatever the options."""
    return TARGET


def reachable_meld_totals(options):
    """Return every meld total one player can make in a hand under the event's rules.

    A hand holds 9 tiles: 3-tile melds score 3, 4-tile melds 4 plus the bonus (at most two
    fit), and one meld of the hand may be completed by the widow (3 tiles scoring 2, or 4
    scoring 3) when the event allows it. The default rules give 0, 2, 3, 5, 6, 8, 9, 11, 12.
    """
    options = clean_options(options)
    four = 4 + options["four_tile_bonus"]
    # (tiles from the hand, points) of the melds the widow may complete, or none.
    widow_melds = [(0, 0)]
    if options["widow_completes_melds"]:
        widow_melds += [(2, 2), (3, 3)]
    totals = set()
    for threes in range(HAND_SIZE // 3 + 1):
        for fours in range(HAND_SIZE // 4 + 1):
            for widow_tiles, widow_points in widow_melds:
                if 3 * threes + 4 * fours + widow_tiles <= HAND_SIZE:
                    totals.add(3 * threes + four * fours + widow_points)
    return tuple(sorted(totals))


def _either(values):
    """Return two or more values as words: "0, 2 or 3"."""
    words = [str(value) for value in values]
    return ", ".join(words[:-1]) + " or " + words[-1]


def house_rules(options, team_size=1):
    """Return the rules an event plays by, as plain sentences for the event page."""
    _check_team_size(team_size)
    options = clean_options(options)
    rules = [
        "3 players, 9 tiles each; the one tile left is the widow, turned face up.",
        "A tile's suit is its higher number; within a suit the double is highest and the "
        "blank lowest. Players must follow suit. Nine tricks are played.",
        "A sequence meld is 3 or 4 tiles of one suit with consecutive values; the suit's "
        "double counts as its own number.",
    ]
    if options["doubles_melds"]:
        rules.append("A doubles meld is 3 or 4 doubles with consecutive numbers.")
    else:
        rules.append("Doubles melds are not played: only sequence melds count.")
    bonus = options["four_tile_bonus"]
    rules.append(
        f"A meld scores 1 point per tile from the hand, plus {bonus} for a four-tile meld "
        "whose tiles all come from the hand. A tile counts in one meld only."
    )
    if options["widow_completes_melds"]:
        rules += [
            "The widow may complete any player's meld, but earns no points.",
            "Only one meld in a hand may use the widow, and a meld it completes earns no "
            "bonus: a four-tile meld with the widow scores 3, a three-tile one 2.",
        ]
    else:
        rules.append("The widow may not be used in a meld.")
    rules += [
        "Meld points typed without the tiles must be a total melds can make: "
        f"{_either(reachable_meld_totals(options))}.",
        "Tricks: 1 point per trick; nickels [0-5] [1-4] [2-3] 5 points each; dimes [4-6] "
        f"[5-5] 10 points each; {TRICK_POINTS} in all. The last trick takes the widow.",
        f"The game is to {TARGET}. Melds are scored first, from the dealer's left; if two or "
        f"more players reach {TARGET} on melds, the highest wins. If they tie, the tricks "
        "are played and the highest total wins; a tie after the tricks means another hand.",
    ]
    return rules


def _check_team_size(team_size):
    if team_size not in TEAM_SIZES:
        raise RulesError(
            f"{NAME} has no partnerships: each of its {PLAYERS} players plays alone, so it "
            f"cannot be played in teams of {team_size!r}"
        )
