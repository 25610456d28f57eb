"""Tiles and sets: read tiles as officials type them, and count pips.

A double-N set holds every tile [a-b] with 0 <= a <= b <= N; [b-a] is the same tile.
Tiles are kept as (low, high) tuples.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

import re
from functools import cache

from games.rules import RulesError
from games.rules.checks import check_count

_NUMBER_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "twenty-one",
)
LARGEST_SET = len(_NUMBER_WORDS) - 1

# One tile: "[4-6]", "4-6", "6-4", "4 6", "4/6" (or an en dash), brackets optional.
_TILE = r"\[?\s*([0-9]+)\s*(?:[-/\u2013]|\s)\s*([0-9]+)\s*\]?"
_ONE_TILE = re.compile(rf"\s*{_TILE}\s*")
_NEXT_TILE = re.compile(_TILE)
_GAP = re.compile(r"[\s,;]*")


def set_name(max_pip):
    """Return the name of the set whose highest double is max_pip: "double-six"."""
    _check_max_pip(max_pip)
    return f"double-{_NUMBER_WORDS[max_pip]}"


def _check_max_pip(max_pip):
    check_count(max_pip, what="The set's highest double", low=1, high=LARGEST_SET)


def format_tile(tile):
    """Return tile written the way officials read it, low number first: "[4-6]"."""
    a, b = tile
    return f"[{min(a, b)}-{max(a, b)}]"


def format_tiles(tiles):
    """Return tiles written in a row: "[0-0] [1-1] [2-2]"."""
    return " ".join(format_tile(tile) for tile in tiles)


def _in_set(a, b, max_pip):
    """Return (a, b) as a (low, high) tile; raise RulesError if it is not in the set."""
    low, high = min(a, b), max(a, b)
    if low < 0 or high > max_pip:
        raise RulesError(f"[{a}-{b}] is not in a {set_name(max_pip)} set")
    return (low, high)


def parse_tile(text, *, max_pip):
    """Return the tile text names as (low, high).

    Accept "[4-6]", "4-6", "6-4", "4 6", "4/6", or a pair of numbers such as (6, 4).
    """
    _check_max_pip(max_pip)
    if isinstance(text, str):
        match = _ONE_TILE.fullmatch(text)
        if match is None:
            raise RulesError(f'"{text.strip()}" is not a tile; write a tile like [4-6]')
        return _in_set(int(match[1]), int(match[2]), max_pip)
    try:
        a, b = text
    except (TypeError, ValueError):
        raise RulesError(f"{text!r} is not a tile; write a tile like [4-6]") from None
    if type(a) is not int or type(b) is not int:
        raise RulesError(f"{text!r} is not a tile; write a tile like [4-6]")
    return _in_set(a, b, max_pip)


def _split_tiles(text):
    """Return the tile texts found in text, in order; raise RulesError on anything else."""
    found = []
    position = _GAP.match(text).end()
    while position < len(text):
        match = _NEXT_TILE.match(text, position)
        if match is None:
            rest = text[position:].strip()
            raise RulesError(f'Cannot read "{rest}" as tiles; write tiles like [4-6] [1-1]')
        found.append(match[0])
        position = _GAP.match(text, match.end()).end()
    return found


def parse_tiles(tiles, *, max_pip, what="The tiles"):
    """Return the tiles named in a text ("[4-6] [1-1]") or a list, in order, as (low, high).

    Raise RulesError naming the tile when one is outside the set or named twice;
    what names whose tiles they are in that message ("Seat 3's tiles").
    """
    if isinstance(tiles, str):
        tiles = _split_tiles(tiles)
    parsed = [parse_tile(tile, max_pip=max_pip) for tile in tiles]
    seen = set()
    for tile in parsed:
        if tile in seen:
            raise RulesError(f"{what} hold {format_tile(tile)} twice")
        seen.add(tile)
    return parsed


@cache
def full_set(max_pip):
    """Return every tile of the double-max_pip set as (low, high), in order."""
    _check_max_pip(max_pip)
    return tuple((low, high) for high in range(max_pip + 1) for low in range(high + 1))


def tile_count(max_pip):
    """Return how many tiles the set holds: 28 in double-six, 136 in double-fifteen."""
    return len(full_set(max_pip))


def double_count(max_pip):
    """Return how many doubles the set holds: 7 in double-six, 16 in double-fifteen."""
    return sum(1 for tile in full_set(max_pip) if is_double(tile))


def set_pip_total(max_pip):
    """Return the pips on all tiles of the set: 168 in double-six."""
    return sum(pips(tile) for tile in full_set(max_pip))


def pips(tile):
    """Return the pips on a tile: [4-6] has 10."""
    return tile[0] + tile[1]


def is_double(tile):
    """Return True if both ends of the tile show the same number."""
    return tile[0] == tile[1]


def round_to_nearest_five(pips):
    """Return a pip count rounded to the nearest 5: remainder 1-2 down, 3-4 up.

    2 -> 0, 3 -> 5, 7 -> 5, 8 -> 10, 13 -> 15, 168 -> 170.
    """
    check_count(pips, what="Pips")
    return (pips + 2) // 5 * 5


def check_multiple_of_five(value, *, what, high=None):
    """Return value if it is a multiple of 5, at least 0 and at most high.

    Raise RulesError otherwise, e.g. "Side 1's play points: 12 is not a multiple of 5".
    """
    check_count(value, what=what, high=high)
    if value % 5:
        raise RulesError(f"{what}: {value} is not a multiple of 5")
    return value
