"""Texas Good Sams (double-six): score a hand and follow a game to 250.

Doubles is 4 players in 2 partnerships with 7 tiles each; singles is 2 players with
9 tiles each and a bone pile of 10. Either way a game has two sides, Side 1 and
Side 2 (indexes 0 and 1), and the first side to reach 250 wins.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from dataclasses import dataclass

from games.engine import (
    CHOICE,
    INT,
    PENALTIES,
    PER_SIDE,
    SEAT,
    Decision,
    Field,
    Fold,
    Scored,
    TableRule,
)
from games.rules import RulesError
from games.rules.checks import (
    check_count,
    check_length,
    check_seat,
    refuse_hands_after,
    seat_name,
)
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

PENALTY_REASONS = {
    "talking": "Talking to a partner",
    "out_of_turn": "Playing out of turn",
    "renege": "Reneging",
    "exposed": "Exposing a domino that cannot be played",
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


# --- The one engine (games.engine) ------------------------------------------------

TEAM_SIZES = (1, 2)
PLAYS_ON_AFTER_WITHDRAWAL = False


@dataclass(frozen=True)
class Entry:
    """A hand as the official typed it, before the rules have checked it.

    play and muggins: each side's points in play and muggins claimed (0 when blank).
    end: END_OUT (out_seat went out; pips holds the opponents' pips), END_BLOCKED (pips
    holds each side's pips) or END_NONE. penalties: Penalty entries, offender being
    whatever identifies the player (the desk uses the player's id).
    reached_first: the side that reached 250 first, when this hand took both sides there.
    """

    play: tuple[int, int] = (0, 0)
    muggins: tuple[int, int] = (0, 0)
    end: str = END_NONE
    out_seat: int | None = None
    pips: tuple[int | None, int | None] = (None, None)
    penalties: tuple[Penalty, ...] = ()
    reached_first: int | None = None


def tables(options, team_size):
    """Return the one table of the game: two sides, of 1 player (singles) or 2 (doubles)."""

    if team_size not in TEAM_SIZES:
        raise RulesError(f"{NAME} is played by sides of 1 or 2 players, not {team_size}")
    return TableRule(sizes=(2,), preferred=2, team_size=team_size)


def _check_table(table):
    if table.sides != 2 or table.players not in _HAND_SIZES:
        raise RulesError(
            f"{NAME} is played by 2 players (singles) or 2 partnerships (doubles), "
            f"not {table.players} players"
        )


def entry_fields(table, options):
    """Return what the hand form asks for: the fields of the Texas Good Sams sheet."""
    _check_table(table)
    ends = (
        *((f"{END_OUT}_{side}", f"{seat_name(side)} went out") for side in SIDES),
        (END_BLOCKED, "Blocked"),
        (END_NONE, "Not finished (the game ended)"),
    )
    return (
        Field("play", "points in play", INT, per=PER_SIDE),
        Field("muggins", "muggins claimed", INT, per=PER_SIDE),
        Field("end", "How the hand ended", CHOICE, required=True, choices=ends),
        Field(
            "pips",
            "pips left",
            INT,
            per=PER_SIDE,
            help="Out: the other side's pips. Blocked: both.",
        ),
        Field(
            "reached_first",
            f"Both sides passed {TARGET}: which side got there first?",
            SEAT,
            asked_when_needed=True,
        ),
        Field(
            "penalties",
            f"Penalties ({PENALTY_POINTS} points to the other side)",
            PENALTIES,
            choices=tuple(PENALTY_REASONS.items()),
        ),
    )


def _end_and_out_seat(data):
    """Return (end, out_seat) from flat data: "out_1" names the side that went out."""
    end = data.get("end") or END_NONE
    out_seat = data.get("out_seat")
    if isinstance(end, str) and end.startswith(f"{END_OUT}_"):
        side = end.removeprefix(f"{END_OUT}_")
        if side not in ("0", "1"):
            raise RulesError(f'"{end}" is not a way a hand ends', field="end")
        end, out_seat = END_OUT, int(side)
    return end, out_seat


def _penalty_from_data(index, raw):
    try:
        return Penalty(raw["side"], raw["reason"], raw.get("offender"))
    except (KeyError, TypeError):
        raise RulesError(
            "A penalty needs the offending side and the reason", field=f"penalty-{index}"
        ) from None
    except RulesError as exc:
        raise RulesError(str(exc), field=f"penalty-{index}") from None


def entry_from_data(data, table, options):
    """Return the Entry a form's flat data holds (blank points count as 0)."""
    _check_table(table)

    def pair(name, blank):
        return tuple(
            blank if data.get(f"{name}_{s}") is None else data[f"{name}_{s}"] for s in SIDES
        )

    penalties = tuple(
        _penalty_from_data(index, raw) for index, raw in enumerate(data.get("penalties") or ())
    )
    end, out_seat = _end_and_out_seat(data)
    return Entry(
        play=pair("play", 0),
        muggins=pair("muggins", 0),
        end=end,
        out_seat=out_seat,
        pips=pair("pips", None),
        penalties=penalties,
        reached_first=data.get("reached_first"),
    )


def entry_to_data(entry):
    """Return the entry as flat, JSON-able data: what entry_from_data reads."""
    end = entry.end
    if end == END_OUT and entry.out_seat in SIDES:
        end = f"{END_OUT}_{entry.out_seat}"
    data = {"end": end, "reached_first": entry.reached_first}
    for side in SIDES:
        data[f"play_{side}"] = entry.play[side]
        data[f"muggins_{side}"] = entry.muggins[side]
        data[f"pips_{side}"] = entry.pips[side]
    data["penalties"] = [
        {"side": p.side, "reason": p.reason, "offender": p.offender} for p in entry.penalties
    ]
    return data


def _probe(field, rule, *args, **kwargs):
    try:
        return rule(*args, **kwargs)
    except RulesError as exc:
        raise RulesError(str(exc), field=field) from None


def _end_pips(entry):
    """Return (out_pips, blocked_pips) as score_hand takes them from the two pip fields."""
    if entry.end == END_OUT and entry.out_seat in SIDES:
        other = 1 - entry.out_seat
        own = entry.pips[entry.out_seat]
        if own is None or own == 0:
            # Nothing (or 0) typed for the side that went out: only the opponents' pips.
            return entry.pips[other], _NO_PIPS
        return entry.pips[other], tuple(entry.pips)
    if entry.end == END_BLOCKED or entry.pips != _NO_PIPS:
        return None, tuple(entry.pips)
    return None, _NO_PIPS


def _end_field(entry):
    """Return the field a refusal of the hand's end belongs to."""
    if entry.end == END_OUT and entry.out_seat in SIDES:
        other = 1 - entry.out_seat
        if entry.pips[other] is None or not entry.pips[entry.out_seat]:
            return f"pips_{other}"
        return f"pips_{entry.out_seat}"
    if entry.end == END_BLOCKED:
        missing = [side for side in SIDES if entry.pips[side] is None]
        return f"pips_{missing[0] if missing else 1}"
    if entry.end == END_NONE:
        typed = [side for side in SIDES if entry.pips[side] is not None]
        return f"pips_{typed[0]}" if typed else "end"
    return "end"


def score_entry_parts(entry, options):
    """Return the hand's HandScore; RulesError names the field the rules refuse.

    Each typed figure is checked on its own first, so that the message lands at the
    field it is about; then the hand as a whole.
    """
    for part in ("play", "muggins"):
        values = getattr(entry, part)
        for side in SIDES:
            probe = [0, 0]
            probe[side] = values[side]
            _probe(f"{part}_{side}", score_hand, **{part: tuple(probe)})
    for side in SIDES:
        if entry.pips[side] is not None:
            # A side's pips alone, checked as the pips a side that went out scores.
            _probe(
                f"pips_{side}",
                score_hand,
                end=END_OUT,
                out_side=1 - side,
                out_pips=entry.pips[side],
            )
    if entry.reached_first is not None:
        what = f"The side that reached {TARGET} first"
        _probe("reached_first", check_seat, entry.reached_first, count=2, what=what)
    out_pips, blocked_pips = _end_pips(entry)
    return _probe(
        _end_field(entry),
        score_hand,
        play=entry.play,
        muggins=entry.muggins,
        end=entry.end,
        out_side=entry.out_seat,
        out_pips=out_pips,
        blocked_pips=blocked_pips,
        penalties=entry.penalties,
        blocked_scoring=clean_options(options)["blocked_scoring"],
    )


def _side_line(score, side):
    parts = []
    if score.play[side]:
        parts.append(f"play {score.play[side]}")
    if score.muggins[side]:
        parts.append(f"muggins {score.muggins[side]}")
    if score.end == END_OUT and score.out_side == side:
        parts.append("went out")
    if score.raw_pips[side] is not None:
        parts.append(f"{score.raw_pips[side]} pips → {score.rounded_pips[side]}")
    if score.end_award[side]:
        parts.append(f"+{score.end_award[side]} pips")
    if score.penalty_points[side]:
        parts.append(f"+{score.penalty_points[side]} penalty")
    return " · ".join(parts)


def score_entry(entry, table, options):
    """Return the hand's points per side, with what each side's points came from."""

    _check_table(table)
    score = score_entry_parts(entry, options)
    notes = {END_BLOCKED: ("blocked",), END_NONE: ("not finished",)}.get(score.end, ())
    return Scored(score.points, tuple(_side_line(score, side) for side in SIDES), notes)


def fold(entries, table, options):
    """Return the game's state after these hands; a Decision when one took both to 250."""

    _check_table(table)
    blocked = clean_options(options)["blocked_scoring"]
    rows = []
    for entry in entries:
        out_pips, blocked_pips = _end_pips(entry)
        score = score_hand(
            play=entry.play,
            muggins=entry.muggins,
            end=entry.end,
            out_side=entry.out_seat,
            out_pips=out_pips,
            blocked_pips=blocked_pips,
            penalties=entry.penalties,
            blocked_scoring=blocked,
        )
        rows.append((score.points, entry.reached_first))
    state = fold_game(rows)
    if state.needs_decision_at is not None:
        number = state.needs_decision_at + 1
        decision = Decision(
            hand=state.needs_decision_at,
            field="reached_first",
            message=f"Hand {number} took both sides to {TARGET}: say which side got there first.",
            choices=SIDES,
        )
        return Fold(state.totals, decision=decision)
    return state.to_fold()


def describe_hand(data, points):
    """Return a hand in one line for its history, from its flat data and points per side.

    "Side 1 25, Side 2 0 (Side 1 played 10; Side 1 went out, 13 pips → 15)". A penalty
    names its offender by "offender_name" when the data holds it, else by side.
    """

    def held(pips):
        return "no pips" if pips is None else f"{pips} pips → {round_to_nearest_five(pips)}"

    details = []
    for side in SIDES:
        if data.get(f"play_{side}"):
            details.append(f"{seat_name(side)} played {data[f'play_{side}']}")
        if data.get(f"muggins_{side}"):
            details.append(f"{seat_name(side)} claimed {data[f'muggins_{side}']} muggins")
    end, out_seat = _end_and_out_seat(data)
    if end == END_OUT:
        details.append(f"{seat_name(out_seat)} went out, {held(data.get(f'pips_{1 - out_seat}'))}")
    elif end == END_BLOCKED:
        first, second = (f"{seat_name(s)} held {held(data.get(f'pips_{s}'))}" for s in SIDES)
        details.append(f"blocked, {first}, {second}")
    else:
        details.append("not finished")
    for penalty in data.get("penalties") or ():
        who = penalty.get("offender_name") or seat_name(penalty["side"])
        reason = PENALTY_REASONS.get(penalty["reason"], penalty["reason"]).lower()
        details.append(f"penalty on {who}: {reason}")
    if data.get("reached_first") is not None:
        details.append(f"{seat_name(data['reached_first'])} reached {TARGET} first")
    return f"{seat_name(0)} {points[0]}, {seat_name(1)} {points[1]} ({'; '.join(details)})"
