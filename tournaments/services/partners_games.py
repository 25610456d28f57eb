"""Singles fed by doubles: the partners' games a doubles result makes, and takes back.

When a doubles game is the first game its losing team played (round one, or round two
after a bye), the team's two partners get a partners' game (stage 0) in the singles
event fed by the doubles event, at once, with a singles team and entry for each (marked
``fed_from`` that doubles game). When that result is corrected or reopened, all of that
goes, leaving the singles event exactly as if the wrong result had never been given
(tests compare with a replay from scratch):
- the partners' game becomes "void" (asking for confirmation first when it has hands or
  a result) and is set aside: its sides are emptied and it moves to position
  ``SET_ASIDE + id``, where no list, bracket or export shows it, keeping the history of
  any hands it had;
- the singles teams and entries that result made are deleted;
- a correction puts the new losers' partners' game in the old one's place (its
  position, its team numbers); then the partners' games and singles teams are numbered
  again from 1 without gaps, in the order they were made;
- a singles event left with no partners' game and no bracket is back in registration.
Once the singles bracket is drawn, such a doubles result can no longer change.
"""

from __future__ import annotations

from django.db.models import Count, Max, Q
from django.utils import timezone

from .. import naming
from ..changes import mark_changed
from ..errors import DeskError
from ..models import Entry, Event, Game, Side, Team, TeamMember
from .locked_games import GameRow, LockedGames

__all__ = [
    "SET_ASIDE",
    "cancel_partner_games",
    "feed_partners_game",
    "is_first_game",
    "renumber_singles",
    "take_back_singles",
]

# A cancelled partners' game is moved to this position plus its id: out of every list.
SET_ASIDE = 1_000_000


def is_first_game(game: Game | GameRow, seat: int) -> bool:
    """Say whether the team at ``seat`` plays its first game here (round one, or after a bye)."""
    if game.round_number == 1:
        return True
    if game.round_number > 2:  # byes are only in round one
        return False
    feeder = Game.objects.filter(next_game_id=game.pk, next_slot=seat).values("status").first()
    return feeder is None or feeder["status"] == Game.Status.BYE


def feed_partners_game(
    *, doubles_game, singles: Event, loser_team_id: int, position=None, numbers=()
) -> Game | None:
    """Create the singles partners' game for a doubles team that lost its first game.

    Runs inside the caller's transaction (the singles event is expected to be locked or
    freshly read); returns the new game, or None when the team has no two players. The
    teams and entries it makes are marked ``fed_from`` the doubles game. A correction
    passes the ``position`` and team ``numbers`` the old losers' game left free.
    """
    position = _place_or_refuse(singles, position)
    players = _partners(loser_team_id)
    if players is None:
        return None
    teams = _singles_teams(singles, players, doubles_game.pk, list(numbers))
    partners_game = Game.objects.create(
        event=singles,
        stage=0,
        round_number=1,
        position=position,
        fed_from_id=doubles_game.pk,
        status=Game.Status.READY,
        updated_at=timezone.now(),
    )
    Side.objects.bulk_create(
        [
            Side(game=partners_game, seat=seat, team=teams[player.pk])
            for seat, player in enumerate(players)
        ]
    )
    opens = singles.status in (Event.Status.REGISTRATION, Event.Status.DRAWN)
    mark_changed(event=singles, **({"status": Event.Status.PLAYING} if opens else {}))
    return partners_game


def _place_or_refuse(singles: Event, position):
    """Refuse once the singles bracket is drawn; else return ``position`` when no live
    partners' game holds it, or the one after the last (one read for both)."""
    live = Q(stage=0, position__lt=SET_ASIDE)
    read = {
        "drawn": Count("pk", filter=Q(stage__in=naming.FIRST_STAGES)),
        "last": Max("position", filter=live),
    }
    if position is not None:
        read["taken"] = Count("pk", filter=live & Q(position=position))
    found = Game.objects.filter(event=singles).aggregate(**read)
    if found["drawn"]:
        raise DeskError(
            f"The {singles.name} bracket has already been drawn; "
            "doubles results that send partners to singles can no longer change."
        )
    if position is None or found["taken"]:
        position = 0 if found["last"] is None else found["last"] + 1
    return position


def _partners(team_id: int):
    """Return the doubles team's two players in order, or None when it has not two."""
    members = list(
        TeamMember.objects.filter(team_id=team_id).select_related("player").order_by("position")
    )
    if len(members) != 2:
        return None
    return [member.player for member in members]


def _singles_teams(singles: Event, players, doubles_id: int, free_numbers: list) -> dict:
    """Return each player's singles team by player id, making the missing ones (with
    their entries) from the free ``numbers`` first, then after the highest number.

    The new teams, their members and the entries are each one INSERT; an entry the player
    already has (or one entered at the same moment) stands."""
    teams = {
        member.player_id: member.team
        for member in TeamMember.objects.filter(event=singles, player__in=players).select_related(
            "team"
        )
    }
    missing = [player for player in players if player.pk not in teams]
    if not missing:
        return teams
    next_number = (Team.objects.filter(event=singles).aggregate(n=Max("number"))["n"] or 0) + 1
    for player in missing:
        if free_numbers:
            number = free_numbers.pop(0)
        else:
            number, next_number = next_number, next_number + 1
        teams[player.pk] = Team(event=singles, number=number, fed_from_id=doubles_id)
    Team.objects.bulk_create([teams[player.pk] for player in missing])
    TeamMember.objects.bulk_create(
        [
            TeamMember(team=teams[player.pk], event=singles, player=player, position=0)
            for player in missing
        ]
    )
    Entry.objects.bulk_create(
        [Entry(event=singles, player=player, fed_from_id=doubles_id) for player in missing],
        ignore_conflicts=True,
    )
    return teams


def cancel_partner_games(locked: LockedGames, doubles_game: GameRow) -> None:
    """Void the singles partners' games that came from this doubles result."""
    if doubles_game.stage != 1 or doubles_game.event.singles_id is None:
        return
    partner_ids = list(
        Game.objects.filter(fed_from_id=doubles_game.pk)
        .exclude(status=Game.Status.VOID)
        .values_list("pk", flat=True)
    )
    if not partner_ids:
        return
    locked.lock(*partner_ids)
    for pk in partner_ids:
        partner_game = locked.games[pk]
        drawn = Game.objects.filter(event_id=partner_game.event_id, stage__in=naming.FIRST_STAGES)
        if drawn.exists():
            raise DeskError(
                f"The {partner_game.event.name} bracket has been drawn from the doubles "
                "first-game results, so this doubles result can no longer change."
            )
        if partner_game.hand_count or partner_game.is_decided:
            locked.voided.append(partner_game)
        for side in partner_game.seats:
            locked.set_total(side, 0)
        partner_game.status = Game.Status.VOID
        partner_game.hand_count = 0
        partner_game.winner_seat = None
        partner_game.walkover = False
        partner_game.reason = ""
        locked.touch(partner_game)
        locked.cancelled.append(partner_game)


def take_back_singles(locked: LockedGames) -> dict[int, tuple[int, list[int]]]:
    """Set the cancelled partners' games aside and delete the singles teams and entries
    their doubles results made; return, per doubles game, the position and team numbers
    they leave free (a correction gives them to the new losers)."""
    freed = {}
    for partner_game in locked.cancelled:
        doubles_id = partner_game.fed_from_id
        numbers = sorted(
            Team.objects.filter(event_id=partner_game.event_id, fed_from_id=doubles_id).values_list(
                "number", flat=True
            )
        )
        Side.objects.filter(game_id=partner_game.pk).update(team=None)
        Game.objects.filter(pk=partner_game.pk).update(position=SET_ASIDE + partner_game.pk)
        Team.objects.filter(event_id=partner_game.event_id, fed_from_id=doubles_id).delete()
        Entry.objects.filter(event_id=partner_game.event_id, fed_from_id=doubles_id).delete()
        freed[doubles_id] = (partner_game.position, numbers)
    return freed


def renumber_singles(singles_ids) -> None:
    """Number the live partners' games from 0 and the teams from 1, without gaps, in
    the order they were made; a singles event with neither partners' games nor a bracket
    is back in registration."""
    for singles_id in sorted(set(singles_ids)):
        live = Game.objects.filter(event_id=singles_id, stage=0, position__lt=SET_ASIDE)
        for wanted, (pk, position) in enumerate(
            live.order_by("position").values_list("pk", "position")
        ):
            if position != wanted:
                Game.objects.filter(pk=pk).update(position=wanted)
        teams = Team.objects.filter(event_id=singles_id).order_by("number")
        for wanted, (pk, number) in enumerate(teams.values_list("pk", "number"), start=1):
            if number != wanted:
                Team.objects.filter(pk=pk).update(number=wanted)
        if not Game.objects.filter(
            Q(stage__in=naming.FIRST_STAGES) | Q(stage=0, position__lt=SET_ASIDE),
            event_id=singles_id,
        ).exists():
            Event.objects.filter(pk=singles_id, status=Event.Status.PLAYING).update(
                status=Event.Status.REGISTRATION
            )
        mark_changed(event=singles_id)
