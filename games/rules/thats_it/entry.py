"""That's It in the one engine (games.engine): the tables a round seats, a hand as the desk
enters it (who called, their tiles or the score typed; read from flat form data and back),
its score and the game's state.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.engine import INT as INT_FIELD
from games.engine import SEAT, TILES, Field, Fold, Scored, Table, TableRule, plural
from games.rules import RulesError
from games.rules.checks import Refusals, check_seat, each_hand, seat_name
from games.rules.game_state import fold_to_target
from games.rules.thats_it.rules import (
    HAND_SIZE,
    MAX_PIP,
    MIN_PLAYERS,
    NAME,
    POSSIBLE_SCORES,
    _check_team_size,
    best_hand,
    check_players,
)
from games.rules.tiles import format_tiles, parse_tiles

CALLER = Field(
    "caller",
    "Who called That's it",
    SEAT,
    help='Choose "Nobody" when nobody called it (the boneyard ran out).',
)
HAND_TILES = Field(
    "tiles",
    "The caller's seven tiles",
    TILES,
    help="The app finds the split into melds that scores most and shows it.",
)
TYPED_POINTS = Field(
    "points", "Or the score, typed", INT_FIELD, help="Only when the tiles are not entered."
)


@dataclass(frozen=True)
class Entry:
    """One hand of That's It as the official enters it.

    caller: the seat index of the player who called "That's it"; None when nobody
    called it (the boneyard ran out). tiles: the caller's seven tiles as (low, high)
    pairs, or () when they are not entered. points: the hand's score as typed when the
    tiles are not entered (or beside them, then the two must agree); None when not typed.
    """

    caller: int | None = None
    tiles: tuple[tuple[int, int], ...] = ()
    points: int | None = None


def _check_table(table, options):
    if table.partnerships:
        raise RulesError(
            f"{NAME} has no partnerships: every player plays alone and only the caller scores"
        )
    check_players(table.players, largest=options["largest_table"])


def tables(options: dict, team_size: int) -> TableRule:
    """Return the tables a round may seat: 2 players up to the event's largest table."""
    _check_team_size(team_size)
    sizes = tuple(range(MIN_PLAYERS, options["largest_table"] + 1))
    return TableRule(sizes=sizes, preferred=options["table_size"])


def entry_fields(table: Table, options: dict) -> tuple[Field, ...]:
    """Return what a hand's form asks for: who called, and their tiles or the score."""
    _check_table(table, options)
    return (CALLER, HAND_TILES, TYPED_POINTS)


def _check_tiles(tiles):
    """Return tiles (text or pairs) as (low, high) pairs; raise RulesError on the tiles field."""
    try:
        return tuple(parse_tiles(tiles, max_pip=MAX_PIP, what="The caller's tiles"))
    except RulesError as error:
        raise RulesError(str(error), field=HAND_TILES.name) from None


def _read_tiles(text):
    """Return the tiles typed as text ("" or None: none entered) as (low, high) pairs."""
    if text is None:
        return ()
    if not isinstance(text, str):
        raise RulesError(
            f"The caller's tiles: write them as text, like [4-6] [1-1], not {text!r}",
            field=HAND_TILES.name,
        )
    return _check_tiles(text)


def entry_from_data(data: Mapping[str, object], table: Table, options: dict) -> Entry:
    """Return the hand typed in data (keys "caller", "tiles", "points"), checked in full.

    Raise RulesError naming the field that is refused and why.
    """
    _check_table(table, options)
    refusals = Refusals()
    tiles = None
    with refusals.about():
        tiles = _read_tiles(data.get(HAND_TILES.name))
    if tiles is None:  # unreadable: the other boxes are still checked
        with refusals.about():
            _check_caller(data.get(CALLER.name), table)
        with refusals.about():
            _check_typed_points(data.get(TYPED_POINTS.name))
        refusals.raise_any()
    entry = Entry(caller=data.get(CALLER.name), tiles=tiles, points=data.get(TYPED_POINTS.name))
    _check_entry(entry, table)
    return entry


def entry_to_data(entry: Entry) -> dict:
    """Return the hand as flat data, the keys of the form."""
    return {
        CALLER.name: entry.caller,
        HAND_TILES.name: format_tiles(entry.tiles),
        TYPED_POINTS.name: entry.points,
    }


def _check_caller(caller, table):
    if caller is None:
        return
    try:
        check_seat(caller, count=table.players, what="Who called That's it", seat="Player")
    except RulesError as error:
        raise RulesError(f"{error} (the players at this table)", field=CALLER.name) from None


def _check_nobody_called(entry):
    """Refuse tiles or a score for a hand nobody called: such a hand scores nothing."""
    refusals = Refusals()
    if entry.tiles:
        refusals.add(
            "Nobody called That's it, so there are no caller's tiles; "
            "choose who called it, or clear the tiles",
            field=HAND_TILES.name,
        )
    if entry.points is not None:
        refusals.add(
            "Nobody called That's it, so nobody scores; choose who called it, or clear the score",
            field=TYPED_POINTS.name,
        )
    refusals.raise_any()


def _check_typed_points(points):
    if points is None:
        return
    if type(points) is not int:
        raise RulesError(
            f"The score typed: {points!r} is not a whole number", field=TYPED_POINTS.name
        )
    if points not in POSSIBLE_SCORES:
        scores = sorted(POSSIBLE_SCORES)
        listed = ", ".join(str(score) for score in scores[:-1]) + f" and {scores[-1]}"
        raise RulesError(
            f"The score typed: no That's It hand scores {points}; a hand can score {listed}",
            field=TYPED_POINTS.name,
        )


def _best_hand(tiles, caller):
    """Return the best reading of the caller's tiles; raise RulesError on the tiles field."""
    who = seat_name(caller, seat="Player")
    tiles = _check_tiles(tiles)
    if len(tiles) != HAND_SIZE:
        raise RulesError(
            f"The caller's tiles: {plural(len(tiles), 'tile')} entered, but {who}'s winning "
            f"hand holds {HAND_SIZE} (a meld of 4 and a meld of 3)",
            field=HAND_TILES.name,
        )
    try:
        return best_hand(tiles)
    except RulesError as error:
        raise RulesError(
            f"{error}: they do not split into a meld of 4 and a meld of 3",
            field=HAND_TILES.name,
        ) from None


def _check_entry(entry, table):
    """Return the hand's best reading (None when the tiles are not entered), checked in full.

    Raise RulesError naming the field when the entry cannot be a hand at this table.
    """
    _check_caller(entry.caller, table)
    if entry.caller is None:
        _check_nobody_called(entry)
        return None
    refusals = Refusals()
    hand = None
    if entry.tiles:
        with refusals.about():
            hand = _best_hand(entry.tiles, entry.caller)
    with refusals.about():
        _check_typed_points(entry.points)
    refusals.raise_any()
    if hand is None:
        if entry.points is None:
            who = seat_name(entry.caller, seat="Player")
            raise RulesError(
                f"{who} called That's it: enter their seven tiles or type the score, "
                "so the hand can be scored",
                field=HAND_TILES.name,
            )
        return None
    if entry.points is not None and entry.points != hand.points:
        raise RulesError(
            f"The tiles score {hand.points} read the best way, but the score typed is "
            f"{entry.points}; correct one of them or clear the typed score",
            field=TYPED_POINTS.name,
        )
    return hand


def score_entry(entry: Entry, table: Table, options: dict) -> Scored:
    """Return each player's points in the hand: only the caller scores.

    With the tiles entered the notes show the best split and its score.
    """
    _check_table(table, options)
    hand = _check_entry(entry, table)
    points = [0] * table.players
    if entry.caller is None:
        lines = ("nobody called: no score",) * table.players
        notes = ("Nobody called That's it (the boneyard ran out), so nobody scores.",)
        return Scored(tuple(points), lines, notes)
    score = entry.points if hand is None else hand.points
    points[entry.caller] = score
    lines = ["did not call"] * table.players
    typed = " (typed)" if hand is None else ""
    lines[entry.caller] = f"called That's it: {plural(score, 'point')}{typed}"
    notes = () if hand is None else tuple(hand.describe())
    return Scored(tuple(points), tuple(lines), notes)


def fold(entries: Sequence[Entry], table: Table, options: dict) -> Fold:
    """Return the game's state after its hands, in order.

    The first player to reach the event's target wins at that hand; hands after it
    raise RulesError.
    """
    _check_table(table, options)
    hands = each_hand(entries, lambda entry: score_entry(entry, table, options).points)
    return fold_points(hands, table, options)


def fold_points(hands: Sequence[tuple[int, ...]], table: Table, options: dict) -> Fold:
    """Return the game's state after hands already scored (each score_entry's points)."""
    _check_table(table, options)
    state = fold_to_target(hands, sides=table.players, target=options["target"], seat="Player")
    winners = (state.winner,) if state.finished else ()
    return Fold(state.totals, state.finished, winners, state.finished_at)


# Stored hands are worded from the scored lines, the target is the options' whatever the
# table, and a hand's points come from score_entry (the optional parts of
# games.contract.GameHands).
describe_hand = None
table_target = None
hand_points = None
