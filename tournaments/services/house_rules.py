"""Write service for an event's house rules: its options, as the game's registry defines them.

Ruling (the issue says "locked once play has started unless the official confirms"):
play has started when a game of the event has a hand entered or a result (finished,
closed at time, or a walkover). Until then the rules change freely; after, only with
the official's confirmation of a sentence saying what changes for the games already
played (`play_started_warning`). Nothing already stored is rescored: a finished game
keeps its result until one of its hands is corrected, and then it is scored again by
the rules of the moment (a correction replays the game's hands).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q

from games.registry import GameSpec

from ..acting import User
from ..changes import log_activity, mark_changed
from ..errors import DeskError
from ..models import DECIDED, Event, Game

ACTIVITY_MAX = 255


class ConfirmRulesChange(DeskError):
    """Play has started: the change needs the official's say-so; the message says why."""


@dataclass(frozen=True)
class PlayStarted:
    """How far play has gone in an event: games with a result, games being played."""

    decided: int
    playing: int

    def __bool__(self) -> bool:
        return bool(self.decided or self.playing)


def play_started(event) -> PlayStarted:
    """Return how many of the event's games have a result and how many are being played."""
    played = Q(status__in=[Game.Status.FINISHED, Game.Status.CLOSED, Game.Status.WALKOVER])
    playing = Q(hand_count__gt=0) & ~Q(status__in=DECIDED | {Game.Status.VOID})
    counts = Game.objects.filter(event=event).aggregate(
        decided=Count("pk", filter=played), playing=Count("pk", filter=playing)
    )
    return PlayStarted(decided=counts["decided"], playing=counts["playing"])


def _games(count: int) -> str:
    return f"{count} game{'s' if count != 1 else ''}"


def play_started_warning(started: PlayStarted) -> str:
    """Return the sentence an official confirms to change the rules after play started."""
    parts = []
    if started.decided:
        parts.append(
            f"{_games(started.decided)} already have a result and keep it; a correction to "
            "one of their hands would score that game again by the new rules"
        )
    if started.playing:
        parts.append(
            f"{_games(started.playing)} being played follow the new rules from their next "
            "hand (their totals so far stay)"
        )
    return "Play has started: " + "; ".join(parts) + "."


def _shown(option, value) -> str:
    if option.kind == "bool":
        return "yes" if value else "no"
    labels = dict(option.choices)
    return str(labels.get(value, value))


def describe_changes(game: GameSpec, before: dict, after: dict) -> list[str]:
    """Return each option changed, in plain words: "Points to win: 250 → 300"."""
    return [
        f"{option.label}: {_shown(option, before.get(option.name))} → "
        f"{_shown(option, after.get(option.name))}"
        for option in game.options
        if before.get(option.name) != after.get(option.name)
    ]


@transaction.atomic
def update_event_options(*, event, by: User, options: dict, confirmed: bool = False) -> list[str]:
    """Set the event's house rules, checked by its game; return the changes made.

    Refuse a bad value (RulesError naming the option), and once play has started refuse
    (ConfirmRulesChange) unless `confirmed`. Nothing changed when nothing differs.
    """
    event = (
        Event.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=event.pk)
    )
    game = event.game
    after = game.validate_options(options)
    before = game.validate_options(event.options)
    changes = describe_changes(game, before, after)
    if not changes:
        return []
    started = play_started(event)
    if started and not confirmed:
        raise ConfirmRulesChange(play_started_warning(started))
    event.options = after
    event.save(update_fields=["options"])
    mark_changed(event=event)
    note = " (confirmed after play had started)" if started else ""
    text = f"Changed the house rules of {event.name}{note}: " + "; ".join(changes)
    if len(text) > ACTIVITY_MAX:
        text = text[: ACTIVITY_MAX - 1] + "…"
    log_activity(tournament=event.tournament, by=by, text=text)
    return changes
