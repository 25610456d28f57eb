"""Write services for the clocks: a bracket round's clock, and a round's clock restarted.

A rounds event's round starts its clock when it starts (`rounds.start_round` stores
`Round.started_at`); a bracket round has no start of its own, so the official starts
its clock from the bracket page ("Start the clock for Semi-final"), stores it as a
`BracketClock` (one per event, stage and round), and may restart it (from now) or stop
it (the start taken back). Each is refused, with a sentence, when the event has no
minutes per round or per game. Time left is read by `selectors.clocks`.

Locks, in the documented order: a round, then its games, then the event's row (the
event's lock also makes one start of a bracket round's clock at a time; the change
marker, an UPDATE of the event's row, comes last).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from .. import naming
from ..acting import User
from ..changes import log_activity, mark_changed
from ..errors import DeskError
from ..models import OPEN, BracketClock, Event, Game, Round
from .rounds import lock_event, lock_round

START, RESTART, STOP = "start", "restart", "stop"
ACTIONS = (START, RESTART, STOP)


def _no_clock(event: Event, what: str) -> DeskError:
    return DeskError(
        f"{event.name} has no clock: set the {what} in its house rules first "
        '("Change the house rules" on the event page).'
    )


@transaction.atomic
def restart_round_clock(*, round: Round, by: User) -> Round:
    """Start a round's clock again from now (the round started late, or was paused)."""
    round_ = lock_round(round)
    event = round_.event
    if event.game.clock_minutes(event.options) is None:
        raise _no_clock(event, "minutes per round")
    if round_.status != Round.Status.PLAYING:
        raise DeskError(f"Round {round_.number} is not being played: its clock cannot restart.")
    round_.started_at = timezone.now()
    round_.save(update_fields=["started_at"])
    mark_changed(event=event)
    log_activity(
        tournament=event.tournament,
        by=by,
        text=f"Restarted the clock of {event.name}, {naming.seating_round_name(round_.number)}",
    )
    return round_


@transaction.atomic
def set_bracket_clock(
    *, event: Event, stage: int, round_number: int, action: str, by: User
) -> BracketClock | None:
    """Start, restart (from now) or stop the clock of one round of the event's bracket.

    Refused: an event without minutes per game, a round the bracket does not have, a
    round whose every game has a result (start, restart), a clock already running
    (start) or not running (restart, stop). Returns the clock (None once stopped).
    """
    if action not in ACTIONS:
        raise DeskError("That form was not filled in properly; reload the page and try again.")
    games = list(
        Game.objects.select_for_update(of=("self",))
        .filter(event=event, stage=stage, round_number=round_number, round__isnull=True)
        .exclude(status=Game.Status.VOID)
        .values_list("status", flat=True)
    )
    event = lock_event(event)
    if event.game.plays_rounds:
        raise DeskError(f"{event.name} is played in rounds: its rounds start their own clocks.")
    if event.game.clock_minutes(event.options) is None:
        raise _no_clock(event, "minutes per game")
    if not games:
        raise DeskError("The bracket has no such round; reload the page.")
    name = naming.bracket_round_name(stage, round_number, event.bracket_rounds)
    the = name if name.startswith("Round") else f"the {name.lower()}"
    clock = BracketClock.objects.filter(event=event, stage=stage, round_number=round_number).first()
    if action != STOP and not any(status in OPEN for status in games):
        raise DeskError(f"No game of {the} is ready or being played: there is nothing to time.")
    if action == START and clock is not None:
        raise DeskError(f"The clock of {the} is already running.")
    if action != START and clock is None:
        raise DeskError(f"The clock of {the} is not running.")
    if action == STOP:
        clock.delete()
        clock = None
        words = "Stopped"
    elif clock is None:
        clock = BracketClock.objects.create(
            event=event, stage=stage, round_number=round_number, started_at=timezone.now()
        )
        words = "Started"
    else:
        clock.started_at = timezone.now()
        clock.save(update_fields=["started_at"])
        words = "Restarted"
    mark_changed(event=event)
    log_activity(
        tournament=event.tournament, by=by, text=f"{words} the clock of {event.name}, {name}"
    )
    return clock
