"""A hand's history: what it was before and after each change, who made it, and when."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.models import Hand, HandChange, Source
from tournaments.acting import User
from tournaments.models import Game, TeamMember


def hand_snapshot(hand: Hand) -> dict:
    """Return the hand as plain data for its history: number, points and what was typed.

    Penalty offenders are named as well as numbered, so the history still reads true
    if a player is renamed later.
    """
    detail = dict(hand.detail)
    snapshot = {"number": hand.number, "points": list(hand.points), "detail": detail}
    if hand.source == Source.TABLE:
        snapshot.update(
            source=hand.source,
            entered_by=hand.entered_by_name,
            confirmed_by=hand.confirmed_by_name,
        )
    penalties = detail.get("penalties")
    if penalties:
        names = dict(
            TeamMember.objects.filter(
                player_id__in=[p.get("offender") for p in penalties]
            ).values_list("player_id", "player__name")
        )
        detail["penalties"] = [
            {**p, "offender_name": names.get(p.get("offender"))} for p in penalties
        ]
    return snapshot


def _who(by: User | None):
    """Return the user to keep as who did it: None for nobody, or a user never saved."""
    return by if by is not None and by.pk else None


def _record_change(**change):
    """Keep one change to a hand in the history (`new_change`): who, when, before and after."""
    kept = new_change(**change)
    kept.save(force_insert=True)
    return kept


def new_change(
    *, game: Game, hand, number, action, by, before=None, after=None, key=None, origin=None
) -> HandChange:
    """One change to a hand for the history, not saved yet: who, when, before and after.

    A hand confirmed at the table (`origin`, no official) is kept as made there, by the
    player who confirmed it.
    """
    return HandChange(
        game=game,
        hand=hand,
        hand_number=number,
        action=action,
        by=_who(by),
        by_name=origin.confirmed_by_name if origin is not None and by is None else "",
        source=Source.TABLE if origin is not None else Source.DESK,
        before=before,
        after=after,
        request_key=key,
    )


@dataclass(frozen=True)
class Origin:
    """A hand entered at the table: who entered it and when, and who confirmed it."""

    entered_by_name: str
    entered_at: object
    confirmed_by_name: str
