"""That's It's rules: reading a winning hand's melds, its best reading and score, the game
and the house rules.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from dataclasses import dataclass
from functools import cache
from itertools import combinations, pairwise

from games.engine import plural
from games.rules import RulesError
from games.rules.checks import check_count, check_length, check_seat
from games.rules.game_state import fold_to_target
from games.rules.options import INT, Option, validate_options
from games.rules.tiles import format_tiles, parse_tiles, tile_count

NAME = "That's It"
MAX_PIP = 15
HAND_SIZE = 7
TARGET = 25
MIN_PLAYERS = 2
MAX_PLAYERS = 8
SET_TILES = tile_count(MAX_PIP)
LARGEST_TABLE = SET_TILES // HAND_SIZE
TABLE_SIZE = 4
TEAM_SIZES = (1,)
PLAYS_ON_AFTER_WITHDRAWAL = True
DOUBLES = "doubles"
SUIT = "suit"

OPTIONS = (
    Option(
        name="target",
        label="Points to win",
        kind=INT,
        default=TARGET,
        min=1,
        max=1000,
        help="The agreed total: the first player to reach it wins the game.",
    ),
    Option(
        name="largest_table",
        label="Largest table",
        kind=INT,
        default=MAX_PLAYERS,
        min=MIN_PLAYERS,
        max=LARGEST_TABLE,
        help=(
            f"The most players at one table; at most {LARGEST_TABLE}: a double-fifteen set of "
            f"{SET_TILES} tiles deals {HAND_SIZE} to {LARGEST_TABLE} players and leaves a "
            f"boneyard of {SET_TILES - HAND_SIZE * LARGEST_TABLE}."
        ),
    ),
    Option(
        name="table_size",
        label="Players at a table",
        kind=INT,
        default=TABLE_SIZE,
        min=MIN_PLAYERS,
        max=LARGEST_TABLE,
        help=(
            "The size a round aims for; tables of 2 up to the largest table are used to "
            "seat everyone."
        ),
    ),
)


@cache
def _meld_points(values):
    """Return a meld's score from its values, distinct and in order.

    1, plus 1 for each pair of consecutive values; but when all the values are
    consecutive, 1 plus 2 per tile instead (7 for 3 tiles, 9 for 4).
    """
    pairs = sum(1 for low, high in pairwise(values) if high - low == 1)
    if pairs == len(values) - 1:
        return 1 + 2 * len(values)
    return 1 + pairs


@dataclass(frozen=True)
class Meld:
    """A meld as read: its tiles in value order, doubles or suit, the values, the score."""

    tiles: tuple[tuple[int, int], ...]
    kind: str
    suit: int | None
    values: tuple[int, ...]
    points: int

    def describe(self):
        """Return the meld in plain words: "[0-7] [1-7] [2-7] as suit 7: 7 points"."""
        reading = "doubles" if self.kind == DOUBLES else f"suit {self.suit}"
        unit = "point" if self.points == 1 else "points"
        return f"{format_tiles(self.tiles)} as {reading}: {self.points} {unit}"


@dataclass(frozen=True)
class BestHand:
    """The best reading of a winning hand: the 4-tile meld, the 3-tile meld, the score."""

    four: Meld
    three: Meld
    doubled: bool
    points: int

    def describe(self):
        """Return the reading in plain words, one line per meld and one for the score."""
        if self.doubled:
            total = f"Both melds alike, so doubled: {self.points} points"
        else:
            total = f"Total: {self.points} points"
        return [self.four.describe(), self.three.describe(), total]


def _reading(tiles):
    """Return (suit, values) for tiles that form a meld, suit None for doubles; else None.

    tiles are distinct, so at most one number is common to three or more of them.
    """
    common = -1
    for low, high in tiles:
        common &= (1 << low) | (1 << high)
    if common:
        suit = common.bit_length() - 1
        return suit, tuple(sorted(low + high - suit for low, high in tiles))
    if all(low == high for low, high in tiles):
        return None, tuple(sorted(low for low, _ in tiles))
    return None


def _meld(tiles, reading):
    suit, values = reading
    if suit is None:
        ordered = tuple((value, value) for value in values)
        return Meld(ordered, DOUBLES, None, values, _meld_points(values))
    ordered = tuple(sorted(tiles, key=lambda tile: tile[0] + tile[1] - suit))
    return Meld(ordered, SUIT, suit, values, _meld_points(values))


def read_meld(tiles):
    """Return the meld that 3 or 4 tiles form; raise RulesError if they form none."""
    tiles = parse_tiles(tiles, max_pip=MAX_PIP, what="The meld's tiles")
    if len(tiles) not in (3, 4):
        raise RulesError(f"A meld holds 3 or 4 tiles, not {len(tiles)}")
    reading = _reading(tiles)
    if reading is None:
        raise RulesError(
            f"{format_tiles(tiles)} is not a meld: the tiles share no suit and are not all doubles"
        )
    return _meld(tiles, reading)


_SPLITS = tuple(
    (four, tuple(index for index in range(HAND_SIZE) if index not in four))
    for four in combinations(range(HAND_SIZE), 4)
)


def best_hand(tiles):
    """Return the split of seven tiles into a 4-tile and a 3-tile meld that scores most.

    Raise RulesError when the tiles form no winning hand. Among equal scores, the
    first split in tile order is kept.
    """
    tiles = sorted(parse_tiles(tiles, max_pip=MAX_PIP, what="The hand's tiles"))
    if len(tiles) != HAND_SIZE:
        raise RulesError(f"A winning hand holds {HAND_SIZE} tiles, not {len(tiles)}")
    best = None
    best_points = 0
    for four_indexes, three_indexes in _SPLITS:
        four = [tiles[index] for index in four_indexes]
        four_reading = _reading(four)
        if four_reading is None:
            continue
        three = [tiles[index] for index in three_indexes]
        three_reading = _reading(three)
        if three_reading is None:
            continue
        doubled = four_reading[0] == three_reading[0]
        points = _meld_points(four_reading[1]) + _meld_points(three_reading[1])
        if doubled:
            points *= 2
        if points > best_points:
            best_points = points
            best = (four, four_reading, three, three_reading, doubled)
    if best is None:
        raise RulesError("These seven tiles form no winning hand")
    four, four_reading, three, three_reading, doubled = best
    return BestHand(_meld(four, four_reading), _meld(three, three_reading), doubled, best_points)


def score_hand(tiles):
    """Return the score of the seven tiles of a winning hand, read the best way."""
    return best_hand(tiles).points


def _possible_scores():
    four = {_meld_points(values) for values in combinations(range(MAX_PIP + 1), 4)}
    three = {_meld_points(values) for values in combinations(range(MAX_PIP + 1), 3)}
    sums = {a + b for a in four for b in three}
    return frozenset(sums | {2 * total for total in sums})


POSSIBLE_SCORES = _possible_scores()


def check_players(players, largest=MAX_PLAYERS):
    """Return players if a table of That's It may seat that many; raise RulesError if not.

    largest is the event's largest table (8 unless the event says otherwise); no table
    seats more than 19, the most a double-fifteen set deals 7 tiles to.
    """
    check_count(largest, what="The largest table", low=MIN_PLAYERS, high=LARGEST_TABLE)
    if type(players) is not int:
        raise RulesError(f"Players: {players!r} is not a whole number")
    if players < MIN_PLAYERS:
        raise RulesError(
            f"{NAME} is a game for {MIN_PLAYERS} or more players, so a table needs at least "
            f"{MIN_PLAYERS}, not {players}"
        )
    if players > LARGEST_TABLE:
        left = SET_TILES - HAND_SIZE * LARGEST_TABLE
        raise RulesError(
            f"{NAME} seats at most {LARGEST_TABLE} players, not {players}: {SET_TILES} tiles "
            f"deal {HAND_SIZE} each to {LARGEST_TABLE} players and leave {left} in the boneyard"
        )
    if players > largest:
        raise RulesError(
            f"{NAME} seats at most {plural(largest, 'player')} at this event "
            f"(its largest table), not {players}"
        )
    return players


def fold_game(hands, *, players, target=TARGET):
    """Return the state of a game after its hands, in order.

    hands holds (caller, points) per hand: the index of the player who called
    "That's it" and the hand's score, or (None, 0) when no one called it. The first
    player to reach target wins at that hand; hands after it raise RulesError.
    """
    check_players(players)
    rows = []
    for index, hand in enumerate(hands):
        what = f"Hand {index + 1}"
        caller, points = check_length(hand, count=2, what=what)
        row = [0] * players
        if caller is None:
            if points != 0:
                raise RulesError(f"{what}: no one called That's it, so no one scores")
        else:
            check_seat(caller, count=players, what=f"{what}: the caller", seat="Player")
            if points not in POSSIBLE_SCORES:
                raise RulesError(f"{what}: no That's It hand scores {points!r} points")
            row[caller] = points
        rows.append(row)
    return fold_to_target(rows, sides=players, target=target, seat="Player")


# House rules


def _check_team_size(team_size):
    if team_size not in TEAM_SIZES:
        raise RulesError(
            f"{NAME} has no partnerships: every player plays alone, so it cannot be played "
            f"in teams of {team_size!r}"
        )


def clean_options(raw):
    """Return the event's house rules for this game, defaults filled in.

    Raise RulesError when the size a round aims for is more than the largest table.
    """
    options = validate_options(OPTIONS, raw, game=NAME)
    size, largest = options["table_size"], options["largest_table"]
    if size > largest:
        raise RulesError(
            f"Players at a table ({size}) is more than the largest table ({largest}): "
            "a round cannot aim for tables larger than the event allows",
            field="table_size",
        )
    return options


def target_score(options):
    """Return the agreed total that wins a game."""
    return clean_options(options)["target"]


def house_rules(options, team_size=1):
    """Return the rules an event plays by, as plain sentences for the event page.

    team_size is the event's; That's It is played alone only.
    """
    options = clean_options(options)
    _check_team_size(team_size)
    return [
        f"{MIN_PLAYERS} to {options['largest_table']} players at a table, each playing "
        f"alone; tables of {options['table_size']} where possible. {HAND_SIZE} tiles each, "
        "from a double-fifteen set.",
        "A winning hand is a meld of 4 tiles and a meld of 3 tiles, using all seven; "
        'the player who holds one calls "That\'s it".',
        "A doubles meld is 3 or 4 doubles. A suit meld is 3 or 4 tiles sharing one number, "
        "the suit; the suit's double belongs to it.",
        "A meld scores 1, plus 1 for each pair of consecutive values; if all its values are "
        "consecutive it scores 1 plus 2 per tile instead (7 for 3 tiles, 9 for 4).",
        "The hand's score is doubled when both melds are of the same suit or both are "
        "doubles melds.",
        'Only the player who calls "That\'s it" scores; a hand where no one calls it '
        "scores nothing.",
        f"The first player to reach {options['target']} points wins the game.",
    ]
