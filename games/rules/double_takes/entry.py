"""Double Takes in the one engine (games.engine): the tables a round seats, a hand of the
shuffle as the desk enters it (each side's tricks, doubles and revokes; read from flat form
data and back), its score and the game's state.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.engine import INT as INT_FIELD
from games.engine import PER_SIDE, Field, Fold, Scored, Table, TableRule, plural
from games.rules import RulesError
from games.rules.checks import Refusals, refuse_hands_after
from games.rules.double_takes.rules import (
    NAME,
    PARTNERSHIP_PLAYERS,
    REVOKE_PENALTY,
    _check_players,
    _counting_left_over,
    _side,
    check_counts,
    rounds_per_shuffle,
    score_round,
    score_shuffle,
    table_sizes,
)

TRICKS_FIELD = Field("tricks", "tricks", INT_FIELD, per=PER_SIDE, required=True)
DOUBLES_FIELD = Field("doubles", "doubles", INT_FIELD, per=PER_SIDE, required=True)
REVOKES_FIELD = Field(
    "revokes",
    "revokes",
    INT_FIELD,
    per=PER_SIDE,
    help=f"Blank for none; {REVOKE_PENALTY} points off each.",
)


@dataclass(frozen=True)
class Entry:
    """One hand of the shuffle as the official enters it, one count per side.

    A side is a player, or a partnership when 4 play. tricks: the tricks each side took.
    doubles: the doubles each side took in those tricks. revokes: how often each side
    did not follow suit when able (5 points off each).
    """

    tricks: tuple[int, ...]
    doubles: tuple[int, ...]
    revokes: tuple[int, ...]


def _players_at(table):
    """Return the players at a table if Double Takes can be played there."""
    _check_players(table.players)
    if table.partnerships and table.players != PARTNERSHIP_PLAYERS:
        raise RulesError(
            f"{NAME} partnerships need {PARTNERSHIP_PLAYERS} players, two against two, "
            f"not {table.players}"
        )
    if table.players == PARTNERSHIP_PLAYERS and not table.partnerships:
        raise RulesError(
            f"{PARTNERSHIP_PLAYERS} players at a {NAME} table play as two partnerships, "
            "not each alone"
        )
    return table.players


def tables(options: dict, team_size: int) -> TableRule:
    """Return the tables a round may seat: 2 or 3 players alone, or two partnerships."""
    sizes, preferred = table_sizes(options, team_size)
    return TableRule(sizes=sizes, preferred=preferred, team_size=team_size)


def entry_fields(table: Table, options: dict) -> tuple[Field, ...]:
    """Return what a hand's form asks for: each side's tricks, doubles and revokes."""
    _players_at(table)
    return (TRICKS_FIELD, DOUBLES_FIELD, REVOKES_FIELD)


def _read_counts(data, field, table, refusals):
    """Return a field's count for each side; a blank is refused if required, else 0.

    A refused count is kept in refusals (and read as 0), so every box is checked.
    """
    counts = []
    for side, key in enumerate(field.keys(table)):
        what = f"{table.side_name(side)}'s {field.label}"
        value = data.get(key)
        if value is None and field.required:
            refusals.add(f"{what}: enter a number, 0 if none", field=key)
        elif value is not None and type(value) is not int:
            refusals.add(f"{what}: {value!r} is not a whole number", field=key)
        counts.append(value if type(value) is int else 0)
    return tuple(counts)


def entry_from_data(data: Mapping[str, object], table: Table, options: dict) -> Entry:
    """Return the hand typed in data (the keys of entry_fields), checked in full.

    Its place in the shuffle is not known here: fold checks the tile left over.
    Raise RulesError naming the field that is refused and why.
    """
    players = _players_at(table)
    refusals = Refusals()
    entry = Entry(
        tricks=_read_counts(data, TRICKS_FIELD, table, refusals),
        doubles=_read_counts(data, DOUBLES_FIELD, table, refusals),
        revokes=_read_counts(data, REVOKES_FIELD, table, refusals),
    )
    if refusals.found:
        # The counts that could be read are checked too, so every refusal shows at once.
        skip = {field for field, _ in refusals.found}
        counts = (entry.tricks, entry.doubles, entry.revokes)
        check_counts(*counts, players=players, refusals=refusals, skip=skip)
    refusals.raise_any()
    score_round(entry.tricks, entry.doubles, entry.revokes, players=players)
    return entry


def entry_to_data(entry: Entry) -> dict:
    """Return the hand as flat data, the keys of the form."""
    data = {}
    for field, counts in (
        (TRICKS_FIELD, entry.tricks),
        (DOUBLES_FIELD, entry.doubles),
        (REVOKES_FIELD, entry.revokes),
    ):
        for side, count in enumerate(counts):
            data[f"{field.name}_{side}"] = count
    return data


def _line(score, side):
    """Return what a side's points in a hand came from: "10 tricks, 5 doubles"."""
    parts = [plural(score.tricks[side], "trick"), plural(score.doubles[side], "double")]
    revokes = score.revokes[side]
    if revokes:
        parts.append(f"{plural(revokes, 'revoke')}: -{REVOKE_PENALTY * revokes}")
    return ", ".join(parts)


def score_entry(entry: Entry, table: Table, options: dict) -> Scored:
    """Return each side's points in one hand: tricks and doubles, less 5 per revoke."""
    players = _players_at(table)
    score = score_round(entry.tricks, entry.doubles, entry.revokes, players=players)
    notes = tuple(
        f"{_side(players, side)} counts the tile left over, so this must be the last hand "
        "of the shuffle"
        for side in _counting_left_over(score, players)
    )
    return Scored(
        points=score.points,
        lines=tuple(_line(score, side) for side in range(table.sides)),
        notes=notes,
    )


def fold(entries: Sequence[Entry], table: Table, options: dict) -> Fold:
    """Return where a game (one shuffle) stands after its hands, in order.

    The game is finished after the last hand; every side with the highest total wins
    (more than one: a tie). Hands after the last are refused.
    """
    players = _players_at(table)
    rounds = rounds_per_shuffle(players)
    entries = list(entries)
    refuse_hands_after(
        rounds - 1,
        len(entries),
        reason=(
            f"A shuffle for {players} players deals {rounds} hands, and the game ended with "
            f"hand {rounds}"
        ),
    )
    result = score_shuffle(
        [(entry.tricks, entry.doubles, entry.revokes) for entry in entries], players=players
    )
    ended_at = rounds - 1 if result.finished else None
    return Fold(result.totals, result.finished, result.winners, ended_at)


# Stored hands are worded from the scored lines, the game is one shuffle whatever the
# table, and the fold reads the hands themselves (games.contract.GameHands).
describe_hand = None
table_target = None
hand_points = fold_points = None
