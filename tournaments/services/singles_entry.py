"""Entering the singles event fed by doubles, before its bracket is drawn.

`open_singles` creates the partners' games for doubles results given before the singles
event existed (later results make theirs at once, `partners_games.py`), and
`add_singles_entrant` enters a player straight into the singles bracket.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max

from .. import selectors
from ..acting import User
from ..changes import log_activity, mark_changed
from ..errors import DeskError
from ..models import WITH_RESULT, Entry, Event, Game, Side, Team, TeamMember
from .draws import bracket_drawn, lock_event
from .partners_games import feed_partners_game, is_first_game

__all__ = ["add_singles_entrant", "open_singles"]


@transaction.atomic
def open_singles(*, event: Event, by: User) -> list[Game]:
    """Create the partners' games for doubles results given before this event existed.

    Safe to run again: a doubles result that already has its partners' game is skipped.
    """
    event = lock_event(event)
    if event.is_doubles or event.fed_by_id is None:
        raise DeskError(f"{event.name} is not a singles event fed by a doubles event.")
    if bracket_drawn(event):
        raise DeskError(f"The {event.name} bracket has been drawn already.")
    doubles = event.fed_by
    covered = set(
        Game.objects.filter(event=event, stage=0)
        .exclude(status=Game.Status.VOID)
        .values_list("fed_from_id", flat=True)
    )
    decided = (
        Game.objects.filter(event=doubles, stage=1)
        .filter(status__in=WITH_RESULT)
        .exclude(pk__in=covered)
        .prefetch_related("sides")
        .order_by("round_number", "position")
    )
    created = []
    for game in decided:
        loser = game.sides_by_seat[1 - game.winner_seat]
        if is_first_game(game, loser.seat):
            new = feed_partners_game(doubles_game=game, singles=event, loser_team_id=loser.team_id)
            if new is not None:
                created.append(new)
    if created:
        log_activity(
            tournament=event.tournament,
            by=by,
            text=f"Opened {event.name}: {len(created)} partners' games from {doubles.name}",
        )
    return created


@transaction.atomic
def add_singles_entrant(*, event: Event, by: User, player) -> Team:
    """Enter a player straight into the singles bracket, before it is drawn."""
    event = lock_event(event)
    if event.is_doubles:
        raise DeskError(f"{event.name} is a doubles event: players join it through the draw.")
    if not event.has_bracket:
        raise DeskError(f"{event.name} is played in rounds at tables, not in a bracket.")
    if bracket_drawn(event):
        raise DeskError(f"The {event.name} bracket has been drawn; no more players can be added.")
    if player.tournament_id != event.tournament_id:
        raise DeskError("That player belongs to another tournament.")
    if player.withdrawn:
        raise DeskError(f"{player.name} is withdrawn: reinstate them first.")
    membership = TeamMember.objects.filter(event=event, player=player).first()
    if membership is None:
        number = (Team.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0) + 1
        team = Team.objects.create(event=event, number=number)
        TeamMember.objects.create(team=team, event=event, player=player, position=0)
    elif selectors.leftover_singles_teams(event).filter(pk=membership.team_id).exists():
        # Their partners' game was cancelled by a correction: free the team from it, so
        # it enters the bracket as a player the official added.
        team = membership.team
        Side.objects.filter(team=team, game__status=Game.Status.VOID).update(team=None)
    else:
        raise DeskError(f"{player.name} is already in {event.name}.")
    Entry.objects.get_or_create(event=event, player=player)
    mark_changed(event=event)
    log_activity(tournament=event.tournament, by=by, text=f"Added {player.name} to {event.name}")
    return team
