"""Withdraw a player who is in a drawn bracket: their games go to the other side, at once.

A player who withdraws cannot play their next bracket game, so it is given to the other
side as a walkover (W/O), or as a forfeit when hands are already entered, with the
reason "<name> withdrew". In doubles that is their team's game, so their partner is
out of the doubles too; when that loss sends the two partners to the singles
partners' game, the partner wins that game by walkover in the same step. A game still
waiting for its other side cannot be given yet: the withdrawal says so, and the official
gives the walkover there once the side is known.

`preview_withdrawal` shows all of this before anything changes (the same code, rolled
back); `withdraw_player` does it in one transaction. Reinstating a player later does
not take the walkovers back (correct those results on the bracket if needed).
Rounds events are left as they are: their round pages say how a table with a withdrawn
player goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from ..acting import User
from ..errors import DeskError
from ..models import Game, Player, Side, Team
from .dry_run import rolled_back
from .players import set_withdrawn
from .results import name_of, record_result

# A walkover can open one partners' game, which is given next; a few passes are plenty.
MAX_PASSES = 4


@dataclass
class Withdrawal:
    """What withdrawing a player does: plain sentences, and the games given away."""

    player: Player
    lines: list[str] = field(default_factory=list)
    games: list[int] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)

    @property
    def gives_games(self) -> bool:
        return bool(self.games or self.waiting)


def _labels(team_ids) -> dict[int, str]:
    teams = Team.objects.filter(pk__in=[pk for pk in team_ids if pk]).prefetch_related(
        "memberships__player"
    )
    return {team.pk: team.label for team in teams}


def _open_sides(player: Player, statuses):
    """Return the player's sides in bracket games of these statuses, earliest first."""
    return list(
        Side.objects.filter(
            team__memberships__player=player,
            game__round__isnull=True,
            game__status__in=statuses,
        )
        .select_related("game__event")
        .order_by("game__event_id", "game__stage", "game__round_number", "game__position")
    )


def _give_away(player: Player, by: User, withdrawal: Withdrawal) -> None:
    reason = f"{player.name} withdrew"
    for _ in range(MAX_PASSES):
        sides = _open_sides(player, [Game.Status.READY, Game.Status.PLAYING])
        if not sides:
            break
        for side in sides:
            game = side.game
            seats = {s.seat: s.team_id for s in game.sides.all()}
            winner_seat = 1 - side.seat
            labels = _labels(seats.values())
            how = "forfeit" if game.hand_count else "walkover (W/O)"
            record_result(game=game, winner_seat=winner_seat, by=by, walkover=True, reason=reason)
            withdrawal.games.append(game.pk)
            withdrawal.lines.append(
                f"{game.event.name} {name_of(game)}: {labels.get(seats[winner_seat])} "
                f"win by {how} against {labels.get(side.team_id)}."
            )
    for side in _open_sides(player, [Game.Status.WAITING]):
        game = side.game
        withdrawal.waiting.append(
            f"{game.event.name} {name_of(game)} still waits for its other side: give it "
            "as a walkover there once that side is known."
        )


def withdraw_player(*, player: Player, by: User) -> Withdrawal:
    """Withdraw a player and give their open bracket games to the other side, in one step."""
    with transaction.atomic():
        player = Player.objects.select_for_update().select_related("tournament").get(pk=player.pk)
        if player.withdrawn:
            raise DeskError(f"{player.name} is already withdrawn.")
        withdrawal = Withdrawal(player=player)
        _give_away(player, by, withdrawal)
        set_withdrawn(player=player, by=by, withdrawn=True)
        return withdrawal


def preview_withdrawal(*, player: Player, by: User) -> Withdrawal:
    """Say what `withdraw_player` will do, changing nothing."""
    return rolled_back(lambda: withdraw_player(player=player, by=by))
