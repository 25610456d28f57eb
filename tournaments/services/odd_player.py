"""The player left without a partner after the partner draw (an odd number checked in).

Before the doubles bracket is drawn the official decides: partner them with a player who
arrived late (`partner_odd_player`), or take them out of the doubles
(`leave_out_odd_player`), straight into the singles it feeds if asked. The draw refuses
a doubles bracket until that is done (`draws._refuse_odd_players`); who is odd is the
selectors' `odd_players`.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max

from ..acting import User
from ..changes import log_activity, mark_changed
from ..draw import same_chapter
from ..errors import DeskError
from ..models import Entry, Event, Team, TeamMember
from ..selectors import odd_players
from .draws import bracket_drawn, lock_event
from .singles_entry import add_singles_entrant

__all__ = ["leave_out_odd_player", "partner_odd_player"]


def _odd_player(event: Event, player) -> None:
    if not event.is_doubles:
        raise DeskError(f"{event.name} is a singles event: nobody is without a partner.")
    if event.status != Event.Status.DRAWN or bracket_drawn(event):
        raise DeskError(
            "A player without a partner is decided after the partner draw and before "
            "the bracket is drawn."
        )
    if not odd_players(event).filter(pk=player.pk).exists():
        raise DeskError(
            f"{player.name} is not a checked-in player of {event.name} without a partner."
        )


@transaction.atomic
def partner_odd_player(*, event: Event, by: User, player, partner) -> Team:
    """Team a player left without a partner with a player who arrived late.

    The late player is entered in the event and checked in; the new team takes the next
    number.
    """
    event = lock_event(event)
    _odd_player(event, player)
    if partner.pk == player.pk:
        raise DeskError("Choose another player as the partner.")
    if partner.tournament_id != event.tournament_id:
        raise DeskError("That player belongs to another tournament.")
    if partner.withdrawn:
        raise DeskError(f"{partner.name} is withdrawn: reinstate them first.")
    if TeamMember.objects.filter(event=event, player=partner).exists():
        raise DeskError(f"{partner.name} already has a partner in {event.name}.")
    Entry.objects.get_or_create(event=event, player=partner)
    if not partner.checked_in:
        partner.checked_in = True
        partner.save(update_fields=["checked_in"])
    number = (Team.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0) + 1
    same = same_chapter(
        (player.pk, partner.pk), {player.pk: player.chapter_id, partner.pk: partner.chapter_id}
    )
    team = Team.objects.create(event=event, number=number, same_chapter=same)
    TeamMember.objects.bulk_create(
        [
            TeamMember(team=team, event=event, player=player, position=0),
            TeamMember(team=team, event=event, player=partner, position=1),
        ]
    )
    mark_changed(event=event)
    log_activity(
        tournament=event.tournament,
        by=by,
        text=f"Partnered {player.name} with {partner.name} in {event.name} (team {number})",
    )
    return team


@transaction.atomic
def leave_out_odd_player(*, event: Event, by: User, player, to_singles: bool = False):
    """Take a player without a partner out of a doubles event before its bracket is drawn.

    With ``to_singles`` their partners' game is a bye: they go straight into the singles
    event fed by this one (as a player the official added). Return that singles team.
    """
    event = lock_event(event)
    _odd_player(event, player)
    singles = event.feeds.order_by("pk").first() if to_singles else None
    if to_singles and singles is None:
        raise DeskError(f"No singles event starts from {event.name}; create it first.")
    Entry.objects.filter(event=event, player=player).delete()
    mark_changed(event=event)
    team = None
    if singles is not None:
        team = add_singles_entrant(event=singles, by=by, player=player)
    where = f" and sent straight to {singles.name}" if singles is not None else ""
    log_activity(
        tournament=event.tournament,
        by=by,
        text=f"Took {player.name} (no partner) out of {event.name}{where}",
    )
    return team
