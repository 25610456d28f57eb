"""Texas Good Sams' rules: the deal, a hand's score, the game to 250 and the house rules.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from dataclasses import dataclass

from games.engine import CHOICE
from games.rules import RulesError
from games.rules.checks import check_count, check_length, check_seat, refuse_hands_after, seat_name
from games.rules.game_state import GameState
from games.rules.options import Option, validate_options
from games.rules.tiles import (
    check_multiple_of_five,
    round_to_nearest_five,
    set_pip_total,
    tile_count,
)

NAME = "Texas Good Sams"
MAX_PIP = 6
TARGET = 250
PENALTY_POINTS = 50
MAX_PIPS = set_pip_total(MAX_PIP)
# Points of play or muggins above this for one side in one hand are a typing slip.
MAX_HAND_POINTS = 1000
SIDES = (0, 1)
TEAM_SIZES = (1, 2)
PLAYS_ON_AFTER_WITHDRAWAL = False

PENALTY_REASONS = {
    "talking": "Talking to a partner",
    "out_of_turn": "Playing out of turn",
    "renege": "Reneging",
    "exposed": "Exposing a domino that cannot be played",
}
# Reasons that need a partner at the table: not offered, and refused, in singles.
PARTNERS_ONLY_REASONS = frozenset({"talking"})


def penalty_reasons(partnerships):
    """Return the penalty reasons that apply at a table, by key: partners' ones only there."""
    return {
        key: label
        for key, label in PENALTY_REASONS.items()
        if partnerships or key not in PARTNERS_ONLY_REASONS
    }


END_OUT = "out"
END_BLOCKED = "blocked"
END_NONE = "none"
ENDS = (END_OUT, END_BLOCKED, END_NONE)

BLOCKED_TOTAL = "total"
BLOCKED_DIFFERENCE = "difference"

OPTIONS = (
    Option(
        name="blocked_scoring",
        label="Blocked hand scoring",
        kind=CHOICE,
        default=BLOCKED_TOTAL,
        choices=(
            (BLOCKED_TOTAL, "The side with fewer pips scores the other side's pips"),
            (BLOCKED_DIFFERENCE, "The side with fewer pips scores the difference"),
        ),
        help="What the side with fewer pips scores when no one can play.",
    ),
)

_HAND_SIZES = {4: 7, 2: 9}
_NO_PIPS = (None, None)


def hand_size(players):
    """Return the tiles each player draws: 7 in doubles (4 players), 9 in singles (2)."""
    if players not in _HAND_SIZES:
        raise RulesError(f"{NAME} is played by 2 players (singles) or 4 (doubles), not {players}")
    return _HAND_SIZES[players]


def bone_pile(players):
    """Return the tiles left in the bone pile after the draw: 0 in doubles, 10 in singles."""
    return tile_count(MAX_PIP) - players * hand_size(players)


@dataclass(frozen=True)
class Penalty:
    """A 50-point penalty: side is the offending side; the other side gets the points."""

    side: int
    reason: str
    offender: str | None = None

    def __post_init__(self):
        check_seat(self.side, count=2, what="A penalty's offending side")
        if self.reason not in PENALTY_REASONS:
            reasons = ", ".join(label.lower() for label in PENALTY_REASONS.values())
            raise RulesError(f'"{self.reason}" is not a penalty reason; the reasons are: {reasons}')

    @property
    def label(self):
        """Return the reason in plain words: "Talking to a partner"."""
        return PENALTY_REASONS[self.reason]


@dataclass(frozen=True)
class HandScore:
    """One hand's points per side, and the parts they came from.

    raw_pips holds the pips the official typed for each side (None where none were
    typed) and rounded_pips the same rounded to the nearest 5.
    """

    points: tuple[int, int]
    play: tuple[int, int]
    muggins: tuple[int, int]
    end: str
    out_side: int | None
    end_award: tuple[int, int]
    raw_pips: tuple[int | None, int | None]
    rounded_pips: tuple[int | None, int | None]
    penalty_points: tuple[int, int]
    penalties: tuple[Penalty, ...]


HAND_BOUND_REASON = (
    f"a hand worth more than {MAX_HAND_POINTS:,} points to one side cannot happen; "
    "check the entries"
)


def _side_points(values, what):
    """Return a pair of non-negative multiples of 5, one per side, each at most 1,000."""
    if type(values) is not tuple or len(values) != 2:
        values = check_length(values, count=2, what=f"The {what}")
    for side in SIDES:
        value = values[side]
        # The common case, checked first so that scoring many hands stays quick.
        if type(value) is not int or value % 5 or not 0 <= value <= MAX_HAND_POINTS:
            what_side = f"{seat_name(side)}'s {what}"
            if type(value) is int and value > MAX_HAND_POINTS:
                raise RulesError(
                    f"{what_side}: {value} is more than {MAX_HAND_POINTS}: {HAND_BOUND_REASON}"
                )
            check_multiple_of_five(value, what=what_side)
    return values


def _check_hand_bound(points):
    """Refuse a hand that gives one side more than 1,000 points, penalties included."""
    for side in SIDES:
        if points[side] > MAX_HAND_POINTS:
            raise RulesError(
                f"{seat_name(side)} would score {points[side]} in this hand, penalties "
                f"included: {HAND_BOUND_REASON}"
            )


def _blocked_pips(values):
    return check_length(values, count=2, what="The pips left on each side")


def _pips_left(value, side):
    return check_count(value, what=f"{seat_name(side)}'s pips left", high=MAX_PIPS)


def _score_out(out_side, out_pips, blocked_pips):
    if out_side is None:
        raise RulesError("Say which side went out")
    check_seat(out_side, count=2, what="The side that went out")
    if out_pips is None:
        raise RulesError("Enter the pips left in the opponents' hands")
    if _blocked_pips(blocked_pips) != _NO_PIPS:
        raise RulesError("A hand that ended out takes the opponents' pips only, not both sides'")
    other = 1 - out_side
    rounded = round_to_nearest_five(_pips_left(out_pips, other))
    if out_side == 0:
        return (rounded, 0), (None, out_pips), (None, rounded)
    return (0, rounded), (out_pips, None), (rounded, None)


def _score_blocked(out_side, out_pips, blocked_pips, blocked_scoring):
    blocked_pips = _blocked_pips(blocked_pips)
    if None in blocked_pips:
        raise RulesError("A blocked hand needs both sides' pips")
    if out_side is not None or out_pips is not None:
        raise RulesError("A blocked hand has no side that went out")
    first, second = (_pips_left(blocked_pips[side], side) for side in SIDES)
    if first + second > MAX_PIPS:
        raise RulesError(
            f"The two sides' pips add up to {first + second}, "
            f"more than the {MAX_PIPS} in a double-six set"
        )
    rounded = (round_to_nearest_five(first), round_to_nearest_five(second))
    if first == second:
        return (0, 0), blocked_pips, rounded
    lower = 0 if first < second else 1
    higher_pips = blocked_pips[1 - lower]
    if blocked_scoring == BLOCKED_DIFFERENCE:
        award = round_to_nearest_five(higher_pips - blocked_pips[lower])
    else:
        award = rounded[1 - lower]
    return ((award, 0) if lower == 0 else (0, award)), blocked_pips, rounded


def _score_end(end, out_side, out_pips, blocked_pips, blocked_scoring):
    """Return the end-of-hand award, the typed pips and the rounded pips, per side."""
    if end == END_OUT:
        return _score_out(out_side, out_pips, blocked_pips)
    if end == END_BLOCKED:
        return _score_blocked(out_side, out_pips, blocked_pips, blocked_scoring)
    if end != END_NONE:
        raise RulesError(f'"{end}" is not a way a hand ends; it ends out, blocked or none')
    if out_side is not None or out_pips is not None or _blocked_pips(blocked_pips) != _NO_PIPS:
        raise RulesError("Pips are entered only for a hand that ended out or blocked")
    return (0, 0), _NO_PIPS, _NO_PIPS


def score_hand(
    *,
    play=(0, 0),
    muggins=(0, 0),
    end=END_NONE,
    out_side=None,
    out_pips=None,
    blocked_pips=_NO_PIPS,
    penalties=(),
    blocked_scoring=BLOCKED_TOTAL,
):
    """Return the points each side scores in one hand.

    play: points each side scored during play. muggins: points each side claimed
    from scores the other side did not announce. Both are multiples of 5.
    end: END_OUT (out_side went out; out_pips is what the opponents still hold),
    END_BLOCKED (blocked_pips holds each side's pips) or END_NONE (the hand stopped
    because the game ended, or was not finished).
    penalties: Penalty entries; each gives 50 points to the other side.
    blocked_scoring: BLOCKED_TOTAL or BLOCKED_DIFFERENCE, the event's house rule.
    """
    if blocked_scoring != BLOCKED_TOTAL and blocked_scoring != BLOCKED_DIFFERENCE:
        raise RulesError(f'"{blocked_scoring}" is not a way to score a blocked hand')
    play = _side_points(play, "play points")
    muggins = _side_points(muggins, "muggins points")
    award, raw_pips, rounded_pips = _score_end(
        end, out_side, out_pips, blocked_pips, blocked_scoring
    )
    penalties = tuple(penalties)
    against = [0, 0]
    for penalty in penalties:
        if type(penalty) is not Penalty:
            raise RulesError(f"{penalty!r} is not a penalty")
        against[penalty.side] += PENALTY_POINTS
    penalty_points = (against[1], against[0])
    points = (
        play[0] + muggins[0] + award[0] + penalty_points[0],
        play[1] + muggins[1] + award[1] + penalty_points[1],
    )
    _check_hand_bound(points)
    return HandScore(
        points,
        play,
        muggins,
        end,
        out_side,
        award,
        raw_pips,
        rounded_pips,
        penalty_points,
        penalties,
    )


def fold_game(hands, *, target=TARGET):
    """Return the state of a game after its hands, in order.

    hands holds (points, reached_first) per hand: points per side, and when that hand
    took both sides to the target, the side the official says got there first (None
    until they say; reached_first is ignored for other hands). The game ends at the
    first hand after which a side has the target or more; hands after it raise
    RulesError.
    """
    check_count(target, what="The target score", low=1)
    hands = list(hands)
    first = second = 0
    for index, hand in enumerate(hands):
        number = index + 1
        points, reached_first = check_length(hand, count=2, what=f"Hand {number}")
        points = _side_points(points, f"points in hand {number}")
        first += points[0]
        second += points[1]
        totals = (first, second)
        if first < target and second < target:
            continue
        if first >= target and second >= target:
            if reached_first is None:
                state = GameState(totals, needs_decision_at=index)
                reason = f"Hand {number} took both sides to {target}"
            else:
                check_seat(
                    reached_first,
                    count=2,
                    what=f"The side that reached {target} first in hand {number}",
                )
                state = GameState(totals, True, reached_first, index)
                reason = f"The game was won at hand {number}"
        else:
            state = GameState(totals, True, 0 if first >= target else 1, index)
            reason = f"The game was won at hand {number}"
        refuse_hands_after(index, len(hands), reason=reason)
        return state
    return GameState((first, second))


def clean_options(raw):
    """Return the event's house rules for this game, defaults filled in."""
    return validate_options(OPTIONS, raw, game=NAME)


def target_score(options):
    """Return the score that wins a game: 250, whatever the options."""
    return TARGET


def house_rules(options, team_size=2):
    """Return the rules an event plays by, as plain sentences for the event page.

    team_size 2 is a doubles event, 1 a singles event; both are described.
    """
    options = clean_options(options)
    if options["blocked_scoring"] == BLOCKED_DIFFERENCE:
        blocked = (
            "A blocked hand: the side with fewer pips scores the difference between the "
            "two sides' pips, rounded to the nearest 5."
        )
    else:
        blocked = (
            "A blocked hand: the side with fewer pips scores the other side's pips, "
            "rounded to the nearest 5."
        )
    return [
        "Doubles: 4 players in 2 partnerships, 7 tiles each. "
        "Singles: 2 players, 9 tiles each, with a bone pile of 10.",
        f"The first side to reach {TARGET} or more wins the game. If one hand takes both "
        f"sides to {TARGET}, the official says which side got there first.",
        "During play, a side scores the open ends whenever they total a multiple of 5.",
        "A score not announced before the next play may be claimed by the other side.",
        "Out: the side that went out scores the pips left in the opponents' hands, "
        "rounded to the nearest 5 (12 counts as 10, 13 as 15).",
        blocked + " Equal pips score nothing.",
        f"Penalty: {PENALTY_POINTS} points to the other side for each case of talking to a "
        "partner, playing out of turn, reneging, or exposing a domino that cannot be played.",
    ]
