"""Domino Pinochle in the one engine (games.engine): the tables a round seats, a hand as
the desk enters it (its fields, read from flat form data and back), its score and the
game's state.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from games.engine import INT as INT_FIELD
from games.engine import PER_PLAYER, Decision, Field, Fold, Scored, Table, TableRule
from games.engine import TILES as TILES_FIELD
from games.rules import RulesError
from games.rules.checks import Refusals, about, check_count, check_length, each_hand
from games.rules.domino_pinochle.rules import (
    NAME,
    Meld,
    _check_team_size,
    _either,
    _read_player_melds,
    fold_game,
    reachable_meld_totals,
    target_score,
)
from games.rules.domino_pinochle.tricks import (
    HAND_SIZE,
    MAX_PIP,
    PLAYERS,
    TRICK_POINTS,
    player_name,
    trick_points,
)
from games.rules.tiles import format_tile, format_tiles, parse_tile, parse_tiles

# The common way first: each player's meld points typed, then the trick points; the
# melds as tiles (and the widow they need) come after, for an official who wants the
# app to find the points.
MELD_POINTS_FIELD = Field("meld_points", "meld points", INT_FIELD, per=PER_PLAYER)
TRICKS_FIELD = Field(
    "tricks", "trick points", INT_FIELD, per=PER_PLAYER, help=f"{TRICK_POINTS} in all"
)
WIDOW_FIELD = Field(
    "widow",
    "The widow",
    TILES_FIELD,
    help="The tile left after the deal; needed when melds are entered as tiles, below.",
)
MELDS_FIELD = Field(
    "melds",
    "or melds as tiles",
    TILES_FIELD,
    per=PER_PLAYER,
    help="One meld per group, groups separated by /, e.g. [4-6] [5-6] [6-6] / [1-1] [2-2] [3-3]",
)

MELD_OPTIONS = ("four_tile_bonus", "widow_completes_melds", "doubles_melds")

# A "/" between two melds; one between two numbers ("4/6") is part of a tile.
_MELD_BREAK = re.compile(r"(?<![0-9])/|/(?![0-9])")


@dataclass(frozen=True)
class Entry:
    """One hand of Domino Pinochle as the official enters it, players from the dealer's left.

    widow: the widow tile as (low, high), or None when not entered (it must be entered
    when any melds are entered as tiles). melds: per player, the melds laid down, each a
    tuple of (low, high) tiles; None for a player whose melds are not entered as tiles.
    meld_points: per player, the meld points typed instead of tiles; None when not typed
    (a player with neither tiles nor typed points melded 0). tricks: per player, the trick
    points taken (44 in all); all None when the tricks were not played.
    """

    widow: tuple[int, int] | None = None
    melds: tuple[tuple[tuple[tuple[int, int], ...], ...] | None, ...] = (None,) * PLAYERS
    meld_points: tuple[int | None, ...] = (None,) * PLAYERS
    tricks: tuple[int | None, ...] = (None,) * PLAYERS


@dataclass(frozen=True)
class _Checked:
    """An entry checked in full: each player's meld points, melds read, and trick points."""

    meld_points: tuple[int, ...]
    melds: tuple[tuple[Meld, ...] | None, ...]
    tricks: tuple[int, ...] | None


def _check_table(table):
    if table.partnerships:
        raise RulesError(f"{NAME} has no partnerships: each of its {PLAYERS} players plays alone")
    if table.players != PLAYERS:
        raise RulesError(
            f"{NAME} is played by {PLAYERS} players, not {table.players}: the double-six set "
            f"deals {HAND_SIZE} tiles to each of {PLAYERS} and leaves one for the widow"
        )


def tables(options: dict, team_size: int) -> TableRule:
    """Return the tables a round may seat: 3 players, each playing alone."""
    _check_team_size(team_size)
    return TableRule(sizes=(PLAYERS,), preferred=PLAYERS)


def entry_fields(table: Table, options: dict) -> tuple[Field, ...]:
    """Return what a hand's form asks for: meld points typed, trick points, melds as tiles."""
    _check_table(table)
    return (MELD_POINTS_FIELD, TRICKS_FIELD, WIDOW_FIELD, MELDS_FIELD)


def _read_number(data, field, player, what):
    """Return the whole number typed in a player's field, or None when it is blank."""
    key = f"{field.name}_{player}"
    value = data.get(key)
    if value is not None and type(value) is not int:
        raise RulesError(
            f"{player_name(player)}'s {what}: {value!r} is not a whole number", field=key
        )
    return value


def _read_text(data, key, what):
    """Return the text typed under key, stripped, or None when it is blank."""
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RulesError(f"{what}: write tiles as text, like [4-6], not {value!r}", field=key)
    return value.strip() or None


def _read_widow(data):
    text = _read_text(data, WIDOW_FIELD.name, "The widow")
    if text is None:
        return None
    with about(WIDOW_FIELD.name):
        tiles = parse_tiles(text, max_pip=MAX_PIP, what="The widow")
        if len(tiles) != 1:
            raise RulesError(f"The widow is one tile, not {len(tiles)}")
    return tiles[0]


def _read_meld_groups(data, player):
    """Return a player's melds typed as tile groups split by "/", or None when blank."""
    key = f"{MELDS_FIELD.name}_{player}"
    who = f"{player_name(player)}'s melds"
    text = _read_text(data, key, who)
    if text is None:
        return None
    melds = []
    with about(key):
        for group in _MELD_BREAK.split(text):
            if not group.strip():
                continue
            tiles = tuple(parse_tiles(group, max_pip=MAX_PIP, what=who))
            if len(tiles) not in (3, 4):
                advice = ", so put / between two melds" if len(tiles) > 4 else ""
                raise RulesError(
                    f"{who}: {format_tiles(tiles)} is {len(tiles)} tiles, but a meld holds "
                    f"3 or 4{advice}"
                )
            melds.append(tiles)
    return tuple(melds) or None


def entry_from_data(data: Mapping[str, object], table: Table, options: dict) -> Entry:
    """Return the hand typed in data (the keys of entry_fields), checked in full.

    Raise RulesError naming every field that is refused and why, all at once.
    """
    _check_table(table)
    refusals = Refusals()
    unread = set()

    def read(key, reader, *args):
        with refusals.about():
            return reader(*args)
        unread.add(key)
        return None

    players = range(PLAYERS)
    entry = Entry(
        widow=read(WIDOW_FIELD.name, _read_widow, data),
        melds=tuple(read(f"{MELDS_FIELD.name}_{p}", _read_meld_groups, data, p) for p in players),
        meld_points=tuple(
            read(
                f"{MELD_POINTS_FIELD.name}_{p}",
                _read_number,
                data,
                MELD_POINTS_FIELD,
                p,
                "meld points",
            )
            for p in players
        ),
        tricks=tuple(
            read(f"{TRICKS_FIELD.name}_{p}", _read_number, data, TRICKS_FIELD, p, "trick points")
            for p in players
        ),
    )
    with refusals.about():
        _check_entry(entry, options, unread=unread)
    refusals.raise_any()
    return entry


def entry_to_data(entry: Entry) -> dict:
    """Return the hand as flat data, the keys of the form."""
    data = {WIDOW_FIELD.name: "" if entry.widow is None else format_tile(entry.widow)}
    for player, melds in enumerate(entry.melds):
        groups = () if melds is None else melds
        data[f"{MELDS_FIELD.name}_{player}"] = " / ".join(format_tiles(meld) for meld in groups)
    for player, points in enumerate(entry.meld_points):
        data[f"{MELD_POINTS_FIELD.name}_{player}"] = points
    for player, points in enumerate(entry.tricks):
        data[f"{TRICKS_FIELD.name}_{player}"] = points
    return data


def _check_entry(entry, options, *, unread=frozenset()):
    """Return the entry's meld points, melds read and trick points; raise RulesError if bad.

    Every refusal is found before raising, each at its field. unread: the keys whose typed
    text could not be read (already refused), whose checks are left out.
    """
    melds = check_length(entry.melds, count=PLAYERS, what="The melds")
    melds = tuple(player_melds or None for player_melds in melds)  # () is "none entered"
    typed = check_length(entry.meld_points, count=PLAYERS, what="The meld points")
    refusals = Refusals()
    widow = None
    if entry.widow is not None:
        with refusals.about(WIDOW_FIELD.name):
            widow = parse_tile(entry.widow, max_pip=MAX_PIP)
    tiled = [player for player in range(PLAYERS) if melds[player] is not None]
    for player in tiled:
        if typed[player] is not None:
            refusals.add(
                f"{player_name(player)}'s melds are entered both as tiles and as typed points; "
                "keep one: the tiles give the points",
                field=f"{MELD_POINTS_FIELD.name}_{player}",
            )
    if tiled and entry.widow is None and WIDOW_FIELD.name not in unread:
        refusals.add(
            f"Enter the widow: {player_name(tiled[0])}'s melds are entered as tiles, and a meld "
            "the widow completes earns no points for it",
            field=WIDOW_FIELD.name,
        )
    read = (None,) * PLAYERS
    if widow is not None or not tiled:
        read = _read_entered_melds(melds, widow, options, refusals)
    points = [0] * PLAYERS
    for player in range(PLAYERS):
        if read[player] is not None:
            points[player] = sum(meld.points for meld in read[player])
        elif melds[player] is None:
            with refusals.about():
                points[player] = _typed_points(typed[player], player, options)
    tricks = None
    with refusals.about():
        tricks = _check_tricks(entry.tricks, unread)
    refusals.raise_any()
    return _Checked(tuple(points), read, tricks)


def _read_entered_melds(melds, widow, options, refusals):
    """Return each player's melds read (None where not entered as tiles, or refused)."""
    rules = {name: options[name] for name in MELD_OPTIONS}
    placed = {}
    read = []
    for player, player_melds in enumerate(melds):
        found = None
        if player_melds is not None:
            with refusals.about(f"{MELDS_FIELD.name}_{player}"):
                found = _read_player_melds(
                    player, player_melds, widow=widow, placed=placed, rules=rules
                )
        read.append(found)
    return tuple(read)


def _typed_points(points, player, options):
    """Return a player's typed meld points (0 when blank); refuse a total no melds make."""
    if points is None:
        return 0
    what = f"{player_name(player)}'s meld points"
    with about(f"{MELD_POINTS_FIELD.name}_{player}"):
        check_count(points, what=what)
        reachable = reachable_meld_totals(options)
        if points not in reachable:
            raise RulesError(
                f"{what}: {points} is not a total melds can make; under this event's rules "
                f"a player's melds make {_either(reachable)}"
            )
    return points


def _check_tricks(tricks, unread=frozenset()):
    """Return the trick points checked, or None when the tricks were not played."""
    tricks = check_length(tricks, count=PLAYERS, what="The trick points")
    keys = [f"{TRICKS_FIELD.name}_{player}" for player in range(PLAYERS)]
    if all(points is None for points in tricks) and not unread.intersection(keys):
        return None
    refusals = Refusals()
    for player, points in enumerate(tricks):
        key = keys[player]
        if key in unread:
            continue
        if points is None:
            refusals.add(
                f"{player_name(player)}'s trick points are blank: enter every player's trick "
                "points, or none when the tricks were not played",
                field=key,
            )
            continue
        with refusals.about(key):
            check_count(points, what=f"{player_name(player)}'s trick points", high=TRICK_POINTS)
    refusals.raise_any()
    if unread.intersection(keys):
        return None
    with about(f"{TRICKS_FIELD.name}_0"):
        return trick_points(tricks)


def _line(checked, entry, player):
    """Return what a player's points in a hand came from: "melds 6, tricks 14"."""
    points = checked.meld_points[player]
    if checked.melds[player] is not None:
        melds = f"melds {points}"
    elif entry.meld_points[player] is not None:
        melds = f"melds {points} (typed)"
    else:
        melds = "no melds"
    if checked.tricks is None:
        return f"{melds}, tricks not played"
    return f"{melds}, tricks {checked.tricks[player]}"


def score_entry(entry: Entry, table: Table, options: dict) -> Scored:
    """Return each player's points in one hand: melds, plus trick points when played."""
    _check_table(table)
    checked = _check_entry(entry, options)
    tricks = checked.tricks or (0,) * PLAYERS
    return Scored(
        points=tuple(checked.meld_points[player] + tricks[player] for player in range(PLAYERS)),
        lines=tuple(_line(checked, entry, player) for player in range(PLAYERS)),
        notes=tuple(
            f"{player_name(player)}: {meld.describe()}"
            for player, melds in enumerate(checked.melds)
            for meld in melds or ()
        ),
    )


def fold(entries: Sequence[Entry], table: Table, options: dict) -> Fold:
    """Return where a game stands after its hands, in order (melds first in each hand).

    A hand nobody won on melds needs its trick points: when the last hand lacks them,
    the result asks for them (a Decision) and the hand cannot stand until they are given.
    """
    _check_table(table)
    checked = each_hand(entries, lambda entry: _check_entry(entry, options))
    hands = [(hand.meld_points, hand.tricks) for hand in checked]
    state = fold_game(hands, target=target_score(options))
    decision = None
    if state.awaiting_tricks:
        index = len(hands) - 1
        decision = Decision(
            hand=index,
            field=f"{TRICKS_FIELD.name}_0",
            message=(
                f"Nobody won hand {index + 1} on melds: enter each player's trick points "
                f"({TRICK_POINTS} in all)"
            ),
        )
    return replace(state.to_fold(), decision=decision)


# Stored hands are worded from the scored lines, the target is the options' (250)
# whatever the table, and the fold reads the hands themselves (games.contract.GameHands).
describe_hand = None
table_target = None
hand_points = fold_points = None
