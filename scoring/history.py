"""Hand history in plain words: what a hand was before and after a change."""

from dataclasses import dataclass

from games.rules.texas_good_sams import END_BLOCKED, END_OUT, PENALTY_REASONS
from games.rules.tiles import round_to_nearest_five

from .models import HandChange


def describe_hand(data: dict | None) -> str:
    """Return a hand's snapshot as one line: "Side 1 45, Side 2 20 (Side 1 out, 13 pips → 15)"."""
    if not data:
        return ""
    points = data["points"]
    text = f"Side 1 {points[0]}, Side 2 {points[1]}"
    details = []
    for seat in (0, 1):
        if data["play"][seat]:
            details.append(f"Side {seat + 1} played {data['play'][seat]}")
        if data["muggins"][seat]:
            details.append(f"Side {seat + 1} claimed {data['muggins'][seat]} muggins")
    if data["end"] == END_OUT:
        out = data["out_side"]
        pips = data["pips"][1 - out]
        details.append(f"Side {out + 1} went out, {_pips(pips)}")
    elif data["end"] == END_BLOCKED:
        details.append(
            f"blocked, Side 1 held {_pips(data['pips'][0])}, Side 2 held {_pips(data['pips'][1])}"
        )
    else:
        details.append("not finished")
    for penalty in data["penalties"]:
        who = penalty.get("offender_name") or f"Side {penalty['side'] + 1}"
        reason = PENALTY_REASONS.get(penalty["reason"], penalty["reason"]).lower()
        details.append(f"penalty on {who}: {reason}")
    if data.get("reached_first") is not None:
        details.append(f"Side {data['reached_first'] + 1} reached 250 first")
    return f"{text} ({'; '.join(details)})"


def _pips(pips: int | None) -> str:
    if pips is None:
        return "no pips"
    return f"{pips} pips → {round_to_nearest_five(pips)}"


@dataclass
class ChangeView:
    change: HandChange
    before: str
    after: str


def describe_change(change: HandChange) -> ChangeView:
    """Return a history row with its before and after in plain words."""
    return ChangeView(
        change=change, before=describe_hand(change.before), after=describe_hand(change.after)
    )
