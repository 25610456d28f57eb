"""Texas Good Sams in the one engine (games.engine): its table, a hand as the desk enters
it (its fields, read from flat form data and back, and in one line for its history), its
score and the game's state.

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
from games.rules.checks import Refusals, about, check_seat, seat_name
from games.rules.texas_good_sams.rules import (
    _HAND_SIZES,
    _NO_PIPS,
    END_BLOCKED,
    END_NONE,
    END_OUT,
    NAME,
    PENALTY_POINTS,
    PENALTY_REASONS,
    SIDES,
    TARGET,
    TEAM_SIZES,
    Penalty,
    clean_options,
    fold_game,
    penalty_reasons,
    score_hand,
)
from games.rules.tiles import round_to_nearest_five


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
            choices=tuple(penalty_reasons(table.partnerships).items()),
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


def _penalty_from_data(index, raw, table):
    try:
        penalty = Penalty(raw["side"], raw["reason"], raw.get("offender"))
    except (KeyError, TypeError):
        raise RulesError(
            "A penalty needs the offending side and the reason", field=f"penalty-{index}"
        ) from None
    except RulesError as exc:
        raise RulesError(str(exc), field=f"penalty-{index}") from None
    _check_penalty_applies(index, penalty, table)
    return penalty


def _check_penalty_applies(index, penalty, table):
    """Refuse a penalty whose reason does not apply at this table (talking, in singles)."""
    if penalty.reason not in penalty_reasons(table.partnerships):
        raise RulesError(
            f"{penalty.label} is a penalty of the doubles game: in singles nobody has a partner",
            field=f"penalty-{index}",
        )


def entry_from_data(data, table, options):
    """Return the Entry a form's flat data holds (blank points count as 0)."""
    _check_table(table)

    def pair(name, blank):
        return tuple(
            blank if data.get(f"{name}_{s}") is None else data[f"{name}_{s}"] for s in SIDES
        )

    refusals = Refusals()
    penalties = []
    for index, raw in enumerate(data.get("penalties") or ()):
        with refusals.about():
            penalties.append(_penalty_from_data(index, raw, table))
    end, out_seat = END_NONE, None
    with refusals.about():
        end, out_seat = _end_and_out_seat(data)
    entry = Entry(
        play=pair("play", 0),
        muggins=pair("muggins", 0),
        end=end,
        out_seat=out_seat,
        pips=pair("pips", None),
        penalties=tuple(penalties),
        reached_first=data.get("reached_first"),
    )
    if refusals.found:
        # The typed figures are checked too, so that every refusal shows at once.
        _check_figures(entry, refusals)
    refusals.raise_any()
    return entry


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


def _score(entry, blocked_scoring):
    """Return score_hand's HandScore for a typed entry, under the event's blocked scoring."""
    out_pips, blocked_pips = _end_pips(entry)
    return score_hand(
        play=entry.play,
        muggins=entry.muggins,
        end=entry.end,
        out_side=entry.out_seat,
        out_pips=out_pips,
        blocked_pips=blocked_pips,
        penalties=entry.penalties,
        blocked_scoring=blocked_scoring,
    )


def score_entry_parts(entry, options):
    """Return the hand's HandScore; RulesError names the field the rules refuse.

    Each typed figure is checked on its own first, so that the message lands at the
    field it is about; then the hand as a whole.
    """
    refusals = Refusals()
    _check_figures(entry, refusals)
    refusals.raise_any()
    # The hand as a whole, once each figure stands on its own.
    with about(_end_field(entry)):
        return _score(entry, clean_options(options)["blocked_scoring"])


def _check_figures(entry, refusals):
    """Check each typed figure on its own, keeping each refusal at its field."""
    for part in ("play", "muggins"):
        values = getattr(entry, part)
        for side in SIDES:
            probe = [0, 0]
            probe[side] = values[side]
            with refusals.about(f"{part}_{side}"):
                score_hand(**{part: tuple(probe)})
    for side in SIDES:
        if entry.pips[side] is not None:
            # A side's pips alone, checked as the pips a side that went out scores.
            with refusals.about(f"pips_{side}"):
                score_hand(end=END_OUT, out_side=1 - side, out_pips=entry.pips[side])
    if entry.reached_first is not None:
        what = f"The side that reached {TARGET} first"
        with refusals.about("reached_first"):
            check_seat(entry.reached_first, count=2, what=what)


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
    for index, penalty in enumerate(entry.penalties):
        _check_penalty_applies(index, penalty, table)
    score = score_entry_parts(entry, options)
    notes = {END_BLOCKED: ("blocked",), END_NONE: ("not finished",)}.get(score.end, ())
    return Scored(score.points, tuple(_side_line(score, side) for side in SIDES), notes)


def fold(entries, table, options):
    """Return the game's state after these hands; a Decision when one took both to 250."""

    _check_table(table)
    blocked = clean_options(options)["blocked_scoring"]
    rows = [(_score(entry, blocked).points, entry.reached_first) for entry in entries]
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


# The target is the options' (250), whatever the table; a hand's points come from
# score_entry, and the fold reads the hands themselves (games.contract.GameHands).
table_target = None
hand_points = None
fold_points = None
