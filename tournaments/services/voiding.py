"""Voiding and correcting: what a changed result does to the games after it.

The old winner is taken out of the games they went on to: a later game with no hands
that is not decided simply gets the new team (or waits for one); a later game that has
hands or is decided must be voided, and so must every game after it on the winner's
path. Voiding needs the official's say-so: without ``confirm=True`` the service raises
`ConfirmationNeeded` listing those games and changes nothing. With it, each voided game
loses its totals, hand count and winner and goes back to "ready" (or "waiting" for a
side).

How scoring learns which games were voided (their hands are scoring's business):
- the `games_voided` signal is sent inside the same transaction, with ``games`` (the
  voided `Game` rows, already reset) and ``by``; scoring connects a receiver that
  deletes or marks their hands, so both commit or roll back together;
- the returned game carries the same list as ``game.voided_games``;
- every voided game's ``version`` is bumped, so an open score sheet for one is stale.
"""

from __future__ import annotations

from django.dispatch import Signal

from ..errors import DeskError
from ..models import Event, Game
from .locked_games import GameRow, LockedGames
from .partners_games import cancel_partner_games, take_back_singles
from .result_names import game_name, voided_name

__all__ = ["ConfirmationNeeded", "copy_back", "finish", "follow_winner", "games_voided"]

# Sent inside the transaction with `games` (voided Game rows) and `by` (the user).
games_voided = Signal()


class ConfirmationNeeded(DeskError):
    """A correction would void later games; ``games`` lists them for the official."""

    def __init__(self, message: str, *, games):
        super().__init__(message)
        self.games = list(games)


def follow_winner(locked: LockedGames, game: GameRow, team_id) -> None:
    """Put ``team_id`` (None: nobody) where ``game``'s winner plays next.

    Later games that have hands or a result are voided, and their own winners taken
    out of the games after them, all along the path.
    """
    next_id, slot = game.next_game_id, game.next_slot
    while next_id is not None:
        later = locked.get(next_id)
        if later.status == Game.Status.BYE:
            # A bye passes its team straight on.
            locked.place(later, slot, team_id)
            next_id, slot = later.next_game_id, later.next_slot
            continue
        if later.seats[slot].team_id == team_id:
            return
        if not later.is_decided and later.hand_count == 0:
            locked.place(later, slot, team_id)
            return
        was_decided = later.is_decided
        if was_decided:
            cancel_partner_games(locked, later)
            set_final_event_status(later, finished=False)
        locked.void(later)
        locked.place(later, slot, team_id)
        if not was_decided:
            return
        next_id, slot, team_id = later.next_game_id, later.next_slot, None


def set_final_event_status(game: GameRow, *, finished: bool) -> None:
    """Mark the event finished when its final is decided, playing again when it is not."""
    if game.stage != 1 or game.next_game_id is not None:
        return
    wanted = Event.Status.FINISHED if finished else Event.Status.PLAYING
    if game.event.status != wanted:
        game.event.status = wanted
        game.event.status_changed = True


def as_games(rows) -> list[Game]:
    """Return the Game rows (with their event) for locked rows, in the same order."""
    found = Game.objects.select_related("event").in_bulk([row.pk for row in rows])
    return [found[row.pk] for row in rows]


def finish(locked: LockedGames, *, current: GameRow, game: Game, by, text: str, confirm: bool):
    """Refuse or carry out the voiding, write everything, log it and tell scoring."""
    if locked.voided and not confirm:
        names = ", ".join(f"{g.event.name}: {game_name(g)}" for g in locked.voided)
        count = len(locked.voided)
        raise ConfirmationNeeded(
            f"This change voids {count} later game{'s' if count != 1 else ''} that already "
            f"{'have' if count != 1 else 'has'} scores or a result ({names}). "
            "Confirm to void them; their scores will be wiped.",
            games=as_games(locked.voided),
        )
    locked.touch(current)
    if locked.voided:
        text += f"; voided {', '.join(voided_name(g, current) for g in locked.voided)}"
    now = locked.save(by=by, text=text)
    copy_back(current, game, now)
    game.voided_games = as_games(locked.voided) if locked.voided else []
    if locked.voided:
        games_voided.send(sender=Game, games=list(game.voided_games), by=by)
    game.freed_singles = take_back_singles(locked) if locked.cancelled else {}


def copy_back(current: GameRow, game: Game, now) -> None:
    """Bring the caller's game object up to date with the locked row."""
    for name in ("status", "winner_seat", "walkover", "hand_count", "version"):
        setattr(game, name, getattr(current, name))
    game.walkover_reason = current.reason
    game.updated_at = now
