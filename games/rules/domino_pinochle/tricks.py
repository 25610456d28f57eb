"""Domino Pinochle's deal and tricks: who wins a trick, and what each player's tricks
are worth (1 a trick, 5 a nickel, 10 a dime; 44 in all). `rules` gives these names too.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from games.rules import RulesError
from games.rules.checks import check_count, check_length, check_seat, seat_name
from games.rules.tiles import format_tile, format_tiles, parse_tile, parse_tiles

MAX_PIP = 6
PLAYERS = 3
HAND_SIZE = 9
TRICKS = 9
TRICK_POINTS = 44
POINT_TILES = {(0, 5): 5, (1, 4): 5, (2, 3): 5, (4, 6): 10, (5, 5): 10}


def player_name(index):
    return seat_name(index, seat="Player")


def suit_of(tile):
    """Return the suit of a tile: its higher number."""
    return max(tile)


def winning_play(trick):
    """Return the index of the tile that wins a trick of tiles played in turn.

    The first tile leads its suit; the highest tile of that suit wins (the double
    highest, the blank lowest). Tiles of other suits cannot win.
    """
    trick = parse_tiles(trick, max_pip=MAX_PIP, what="The trick")
    if len(trick) != PLAYERS:
        raise RulesError(f"A trick holds {PLAYERS} tiles, one per player, not {len(trick)}")
    led = suit_of(trick[0])
    following = [index for index, tile in enumerate(trick) if suit_of(tile) == led]
    return max(following, key=lambda index: min(trick[index]))


def trick_points(points):
    """Return the three players' trick points for one hand, checked.

    Raise RulesError unless they add up to exactly 44, naming the sum.
    """
    points = check_length(points, count=PLAYERS, what="The trick points")
    for player, value in enumerate(points):
        check_count(value, what=f"{player_name(player)}'s trick points", high=TRICK_POINTS)
    if sum(points) != TRICK_POINTS:
        raise RulesError(
            f"The trick points add up to {sum(points)}; a hand's tricks hold exactly {TRICK_POINTS}"
        )
    return points


def count_trick_points(tricks, point_tiles, *, widow, last_trick):
    """Return each player's trick points from what they took.

    tricks: the number of tricks each player took (9 in all). point_tiles: for each
    player, the point tiles ([0-5] [1-4] [2-3] [4-6] [5-5]) among their tricks. The
    widow goes to last_trick, the index of the player who took the last trick.
    A trick is worth 1, a nickel 5, a dime 10.
    """
    tricks = check_length(tricks, count=PLAYERS, what="The tricks")
    for player, count in enumerate(tricks):
        check_count(count, what=f"{player_name(player)}'s tricks", high=TRICKS)
    if sum(tricks) != TRICKS:
        raise RulesError(f"The tricks add up to {sum(tricks)}; a hand has {TRICKS}")
    check_seat(last_trick, count=PLAYERS, what="The winner of the last trick", seat="Player")
    if tricks[last_trick] == 0:
        raise RulesError(f"{player_name(last_trick)} took the last trick, so took at least 1 trick")
    widow = parse_tile(widow, max_pip=MAX_PIP)
    point_tiles = check_length(point_tiles, count=PLAYERS, what="The point tiles")
    seen = {widow: last_trick} if widow in POINT_TILES else {}
    points = [tricks[player] for player in range(PLAYERS)]
    points[last_trick] += POINT_TILES.get(widow, 0)
    for player, tiles in enumerate(point_tiles):
        tiles = parse_tiles(tiles, max_pip=MAX_PIP, what=f"{player_name(player)}'s point tiles")
        if len(tiles) > PLAYERS * tricks[player]:
            raise RulesError(
                f"{player_name(player)} took {PLAYERS * tricks[player]} tiles in tricks "
                f"but lists {len(tiles)} point tiles"
            )
        for tile in tiles:
            if tile not in POINT_TILES:
                raise RulesError(f"{format_tile(tile)} is not a point tile")
            if tile == widow:
                raise RulesError(
                    f"{format_tile(tile)} is the widow; it goes to the player who took "
                    "the last trick"
                )
            if tile in seen:
                raise RulesError(
                    f"{format_tile(tile)} is listed for both {player_name(seen[tile])} "
                    f"and {player_name(player)}"
                )
            seen[tile] = player
            points[player] += POINT_TILES[tile]
    missing = [tile for tile in POINT_TILES if tile not in seen]
    if missing:
        raise RulesError(f"No one is listed as taking {format_tiles(missing)}")
    return trick_points(points)
