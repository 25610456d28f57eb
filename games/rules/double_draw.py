"""Double Draw (double-six): score a hand and follow a game to 100 or 61.

2 to 4 players; 4 may play as 2 partnerships, seated so that players 1 and 3 (indexes
0 and 2) are Side 1 and players 2 and 4 (indexes 1 and 3) are Side 2. Scores are kept
per side: one entry per player when playing singly, one per partnership otherwise.
The event's team size says which: players alone sit at tables of 2 to 4, partnerships
at tables of two partnerships.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.engine import INT as INT_FIELD
from games.engine import PER_PLAYER, Field, Fold, Scored, Table, TableRule, plural
from games.rules import RulesError
from games.rules.checks import Refusals, check_count, each_hand, seat_name
from games.rules.game_state import fold_to_target
from games.rules.options import INT, Option, validate_options
from games.rules.tiles import set_pip_total

NAME = "Double Draw"
MAX_PIP = 6
MAX_PIPS = set_pip_total(MAX_PIP)
PLAYER_COUNTS = (2, 3, 4)
PARTNERSHIP_TARGET = 100
SINGLES_TARGET = 61
TEAM_SIZES = (1, 2)
PLAYS_ON_AFTER_WITHDRAWAL = False

OPTIONS = (
    Option(
        name="table_size",
        label="Players at a table",
        kind=INT,
        default=4,
        min=2,
        max=4,
        help="The size a round aims for; tables of 2 to 4 are used to seat everyone.",
    ),
)

PIPS = Field(
    "pips",
    "pips left",
    INT_FIELD,
    per=PER_PLAYER,
    required=True,
    help="The pips on the tiles left in this player's hand; 0 for a player who went out.",
)


@dataclass(frozen=True)
class Entry:
    """One hand of Double Draw as the official enters it.

    pips: the pips left in each player's hand when the hand ends, one count per player
    in seating order (with partnerships, players 1 and 3 are Side 1, players 2 and 4
    Side 2).
    """

    pips: tuple[int, ...]


def _check_players(players, partnerships):
    if players not in PLAYER_COUNTS:
        raise RulesError(f"{NAME} is played by 2, 3 or 4 players, not {players}")
    if partnerships and players != 4:
        raise RulesError(f"Partnerships need 4 players, not {players}")


def _check_table(table):
    _check_players(table.players, table.partnerships)


def _check_team_size(team_size):
    if team_size not in TEAM_SIZES:
        raise RulesError(
            f"{NAME} is played alone or in partnerships of 2, not in teams of {team_size!r}"
        )


def hand_size(players):
    """Return the tiles each player is dealt: 8 minus the number of players."""
    _check_players(players, False)
    return 8 - players


def side_count(players, partnerships=False):
    """Return how many sides score: 2 for partnerships, else one per player."""
    _check_players(players, partnerships)
    return 2 if partnerships else players


def target(players, partnerships=False):
    """Return the winning score: 100 for 2 players or partnerships, 61 for 3 or 4 singly."""
    if side_count(players, partnerships) == 2:
        return PARTNERSHIP_TARGET
    return SINGLES_TARGET


def table_target(table: Table) -> int:
    """Return the score that wins at this table: 100 for 2 sides, 61 for 3 or 4 singly."""
    return target(table.players, table.partnerships)


def _side_pips(pips, partnerships):
    """Return each side's pips: a partnership adds its two players' (1 and 3, 2 and 4)."""
    return [pips[0] + pips[2], pips[1] + pips[3]] if partnerships else list(pips)


def score_hand(pips, *, partnerships=False):
    """Return the points each side scores in a hand from each player's remaining pips.

    pips holds one count per player in seating order. The side with the lowest total
    scores the other sides' totals minus its own; a tie for lowest scores nothing.
    Return one entry per player, or per partnership (Side 1: players 1 and 3;
    Side 2: players 2 and 4) when partnerships is True.
    """
    pips = list(pips)
    _check_players(len(pips), partnerships)
    for player, count in enumerate(pips):
        check_count(count, what=f"{seat_name(player, seat='Player')}'s pips", high=MAX_PIPS)
    if sum(pips) > MAX_PIPS:
        raise RulesError(
            f"The players' pips add up to {sum(pips)}, more than the {MAX_PIPS} in a double-six set"
        )
    return _points(_side_pips(pips, partnerships))


def _points(totals):
    """Return each side's points from its pips (checked): the lowest alone scores."""
    lowest = min(totals)
    points = [0] * len(totals)
    if totals.count(lowest) == 1:
        winner = totals.index(lowest)
        points[winner] = sum(totals) - 2 * lowest
    return points


def fold_game(hands, *, players, partnerships=False):
    """Return the state of a game after its hands, in order.

    hands holds each hand's points as score_hand returns them. The first side to reach
    the target wins at that hand; hands after it raise RulesError.
    """
    sides = side_count(players, partnerships)
    seat = "Side" if partnerships else "Player"
    return fold_to_target(hands, sides=sides, target=target(players, partnerships), seat=seat)


# The engine: tables, a hand's entry, its score and the game's state.


def tables(options: dict, team_size: int) -> TableRule:
    """Return the tables a round may seat: 2 to 4 players alone, or 2 partnerships."""
    _check_team_size(team_size)
    if team_size == 2:
        return TableRule(sizes=(2,), preferred=2, team_size=2)
    return TableRule(sizes=PLAYER_COUNTS, preferred=options["table_size"])


def entry_fields(table: Table, options: dict) -> tuple[Field, ...]:
    """Return what a hand's form asks for: the pips left in each player's hand."""
    _check_table(table)
    return (PIPS,)


def _pips_left(player):
    return f"{seat_name(player, seat='Player')}'s pips left"


def entry_from_data(data: Mapping[str, object], table: Table, options: dict) -> Entry:
    """Return the hand typed in data (keys "pips_0", "pips_1", ...), checked in full.

    Raise RulesError naming the field of a missing or refused count, or no field when
    the counts together are more than the set holds.
    """
    _check_table(table)
    keys = PIPS.keys(table)
    pips = [data.get(key) for key in keys]
    if not all(map(_fine, pips)):  # gather and word the refusals only when there are some
        refusals = Refusals()
        for player, (key, count) in enumerate(zip(keys, pips, strict=True)):
            if count is None:
                refusals.add(
                    f"Enter {_pips_left(player)} (0 if they went out): "
                    "every player's pips decide who scores",
                    field=key,
                )
            else:
                with refusals.about():
                    _check_count(player, count)
        refusals.raise_any()
    entry = Entry(tuple(pips))
    _check_entry(entry, table)
    return entry


def entry_to_data(entry: Entry) -> dict:
    """Return the hand as flat data, the keys of the form: {"pips_0": 5, ...}."""
    return {f"{PIPS.name}_{player}": count for player, count in enumerate(entry.pips)}


def _fine(count) -> bool:
    """Say whether a player's pips are a count `_check_count` takes (the usual case)."""
    return type(count) is int and 0 <= count <= MAX_PIPS


def _check_count(player, count):
    if _fine(count):
        return
    what = _pips_left(player)
    key = f"{PIPS.name}_{player}"
    if type(count) is not int:
        raise RulesError(f"{what}: {count!r} is not a whole number", field=key)
    if count < 0:
        raise RulesError(
            f"{what}: {count} is less than 0; a hand with no tiles left has 0 pips", field=key
        )
    raise RulesError(
        f"{what}: {count} is more than {MAX_PIPS}, the pips of a whole double-six set",
        field=key,
    )


def _check_entry(entry, table):
    """Raise RulesError, naming the field, if the entry cannot be a hand at this table."""
    if len(entry.pips) != table.players:
        raise RulesError(
            f"The hand gives pips for {plural(len(entry.pips), 'player')}, "
            f"but the table seats {table.players}"
        )
    if not all(map(_fine, entry.pips)):
        refusals = Refusals()
        for player, count in enumerate(entry.pips):
            with refusals.about():
                _check_count(player, count)
        refusals.raise_any()
    total = sum(entry.pips)
    if total > MAX_PIPS:
        raise RulesError(
            f"The players' pips add up to {total}, more than the {MAX_PIPS} in a double-six set"
        )


def _side_pips_words(pips, side, partnerships):
    """Return a side's pips in words: "15 pips", or "5 + 10 = 15 pips" for partners."""
    if not partnerships:
        return plural(pips[side], "pip")
    first, second = pips[side], pips[side + 2]
    return f"{first} + {second} = {plural(first + second, 'pip')}"


def _lines(pips, totals, points, table):
    lowest = min(totals)
    tied = totals.count(lowest) > 1
    others = sum(totals) - lowest
    lines = []
    for side, total in enumerate(totals):
        words = _side_pips_words(pips, side, table.partnerships)
        if points[side]:
            words += f", the lowest: scores {others} - {lowest} = {points[side]}"
        elif tied and total == lowest:
            words += ", tied for lowest: no score"
        lines.append(words)
    return tuple(lines)


def _tie_notes(totals, table):
    lowest = min(totals)
    level = [table.side_name(side) for side, total in enumerate(totals) if total == lowest]
    if len(level) == 1:
        return ()
    names = ", ".join(level[:-1]) + " and " + level[-1]
    return (f"{names} tie for lowest with {plural(lowest, 'pip')}, so nobody scores.",)


def score_entry(entry: Entry, table: Table, options: dict) -> Scored:
    """Return each side's points in the hand, with what they came from in plain words.

    The side with the lowest pips scores the other sides' pips minus its own; a tie for
    lowest scores nothing.
    """
    points = hand_points(entry, table, options)
    totals = _side_pips(entry.pips, table.partnerships)
    lines = _lines(entry.pips, totals, points, table)
    return Scored(points, lines, _tie_notes(totals, table))


def hand_points(entry: Entry, table: Table, options: dict) -> tuple[int, ...]:
    """Return the points of score_entry alone, without wording where they came from."""
    _check_table(table)
    _check_entry(entry, table)
    return tuple(_points(_side_pips(entry.pips, table.partnerships)))


def fold(entries: Sequence[Entry], table: Table, options: dict) -> Fold:
    """Return the game's state after its hands, in order.

    The first side to reach the table's target (100 for 2 sides, 61 for 3 or 4 players
    alone) wins at that hand; hands after it raise RulesError.
    """
    _check_table(table)
    hands = each_hand(entries, lambda entry: hand_points(entry, table, options))
    return fold_points(hands, table, options)


def fold_points(hands: Sequence[tuple[int, ...]], table: Table, options: dict) -> Fold:
    """Return the game's state after hands already scored (each hand_points'), in order."""
    _check_table(table)
    state = fold_game(hands, players=table.players, partnerships=table.partnerships)
    winners = (state.winner,) if state.finished else ()
    return Fold(state.totals, state.finished, winners, state.finished_at)


# Stored hands are worded from the scored lines (an optional part of games.contract.GameHands).
describe_hand = None


def example_hand(table, rng, number, totals):
    """Return one plausible hand as the form gives it (games.contract.GameExamples): each
    player's pips left, all different."""
    pips = rng.sample(range(0, 40), table.players)
    return {f"pips_{index}": count for index, count in enumerate(pips)}


# House rules


def clean_options(raw):
    """Return the event's house rules for this game, defaults filled in."""
    return validate_options(OPTIONS, raw, game=NAME)


def target_score(options):
    """Return None: the score that wins depends on the table, not on the options.

    A table of 2 players or 2 partnerships plays to 100, one of 3 or 4 players alone to
    61; `table_target` gives the target of one table.
    """
    clean_options(options)
    return None


def house_rules(options, team_size=1):
    """Return the rules an event plays by, as plain sentences for the event page.

    team_size is the event's: 2 plays in partnerships, 1 alone.
    """
    options = clean_options(options)
    _check_team_size(team_size)
    if team_size == 2:
        tables_rule = (
            "Each table seats 4 players in 2 partnerships, partners sitting opposite each "
            f"other; each player is dealt {hand_size(4)} tiles."
        )
        lowest = "The partnership with the lower total (its two players' pips added)"
        game = f"The first partnership to reach {PARTNERSHIP_TARGET} points wins the game."
    else:
        dealt = ", ".join(f"{hand_size(players)} at {players}" for players in PLAYER_COUNTS)
        tables_rule = (
            f"2 to 4 players at a table, each playing alone; tables of {options['table_size']} "
            f"where possible. Each player is dealt 8 tiles minus the players at the table "
            f"({dealt})."
        )
        lowest = "The player with the lowest total"
        game = (
            f"The first to reach {PARTNERSHIP_TARGET} points wins at a table of 2 players; "
            f"at a table of 3 or 4, the first to reach {SINGLES_TARGET}."
        )
    return [
        tables_rule,
        "At the end of a hand the official enters the pips left in each player's hand.",
        f"{lowest} scores the other totals minus its own. A tie for lowest scores nothing.",
        game,
    ]
