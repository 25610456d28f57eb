"""Voiding and correcting: what a changed result does to the games after it.

The old winner and loser are taken out of the games they went on to (the game's
``next_game`` and, in double elimination, its ``loser_game``): a later game with no
hands that is not decided simply gets the new team (or waits for one); a later game that
has hands or is decided must be voided, and so must every game after it on its winner's
and its loser's paths. Whatever the format, the games' pointers are all this follows, so
a correction leaves the brackets as a replay of the results kept (tests compare with
`games.formats.play`).
Voiding needs the official's say-so: without ``confirm=True`` the service raises
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

from collections.abc import Iterable

from django.dispatch import Signal

from .. import naming
from ..acting import User
from ..errors import DeskError
from ..models import WITH_RESULT, Event, Game
from .locked_games import GameRow, LockedGames
from .partners_games import cancel_partner_games, take_back_singles
from .result_names import name_of, voided_name

__all__ = ["ConfirmationNeeded", "copy_back", "finish", "follow_result", "games_voided"]

# Sent inside the transaction with `games` (voided Game rows) and `by` (the user).
games_voided = Signal()


class ConfirmationNeeded(DeskError):
    """A correction would void later games; ``games`` lists them for the official."""

    def __init__(self, message: str, *, games: Iterable[Game]):
        super().__init__(message)
        self.games = list(games)


def follow_result(locked: LockedGames, game: GameRow) -> None:
    """Put ``game``'s winner and loser where its format sends them, as it now stands.

    A game without a result sends nobody (taking back the teams it had sent). Later
    games that have hands or a result are voided, and the teams they had sent on taken
    back, along every path (winner's and loser's). A conditional game (the grand final
    reset) that its game's result makes unnecessary still gets its teams, as a replay
    places them, and is void: not needed. Then the event is finished or playing again,
    as its last games say.
    """
    _follow(locked, _sent_by(locked, game))
    for row in list(locked.games.values()):
        _settle_conditional(locked, row)
    _settle_event_status(locked)


def _sent_by(locked: LockedGames, game: GameRow) -> list[tuple[int, int, int | None]]:
    """Return where ``game`` sends its teams: (game id, slot, team id or None)."""
    winner = loser = None
    if game.status in WITH_RESULT and game.winner_seat is not None:
        winner = game.seats[game.winner_seat].team_id
        loser = game.seats[1 - game.winner_seat].team_id
    sent = []
    if game.next_game_id is not None:
        sent.append((game.next_game_id, game.next_slot, winner))
    if game.loser_game_id is not None:
        sent.append((game.loser_game_id, game.loser_slot, loser))
    return sent


def _needs(locked: LockedGames, game: GameRow, later: GameRow) -> bool:
    """Say whether ``later`` is played, as far as ``game`` decides it: always, unless it is
    played only when a slot of ``game`` wins and ``game`` was won by the other slot."""
    if later.only_if_game_id != game.pk:
        return True
    return not (game.status in WITH_RESULT and game.winner_seat != later.only_if_slot)


def _follow(locked: LockedGames, waiting: list[tuple[int, int, int | None]]) -> None:
    """Seat each (game, slot, team), earliest game in play first, voiding as needed."""
    while waiting:
        # Games are written last first, so the earliest in play has the highest id.
        waiting.sort(key=lambda item: item[0])
        next_id, slot, team_id = waiting.pop()
        later = locked.get(next_id)
        if later.status == Game.Status.BYE:
            # A bye passes its team straight on.
            locked.place(later, slot, team_id)
            if later.next_game_id is not None:
                waiting.append((later.next_game_id, later.next_slot, team_id))
            continue
        if later.seats[slot].team_id == team_id:
            continue
        if not later.is_decided and later.hand_count == 0:
            locked.place(later, slot, team_id)
            continue
        was_decided = later.is_decided
        if was_decided:
            cancel_partner_games(locked, later)
        locked.void(later)
        locked.place(later, slot, team_id)
        if was_decided:
            waiting.extend((pk, seat, None) for pk, seat, _team in _sent_by(locked, later))


def _settle_conditional(locked: LockedGames, game: GameRow) -> None:
    """Make a conditional game void when its condition failed, and waiting or ready again
    when it no longer has."""
    if game.only_if_game_id is None or game.only_if_game_id not in locked.games:
        return
    needed = _needs(locked, locked.games[game.only_if_game_id], game)
    if not needed and game.status != Game.Status.VOID:
        game.status = Game.Status.VOID
        locked.touch(game)
    elif needed and game.status == Game.Status.VOID:
        game.status = Game.Status.READY if game.both_seated else Game.Status.WAITING
        locked.touch(game)


def _settle_event_status(locked: LockedGames) -> None:
    """Mark each event finished when one of its last games gave it a champion, and
    playing again when its last games touched here no longer do."""
    last: dict[int, list[bool]] = {}
    for game in locked.games.values():
        if game.stage not in naming.BRACKET_STAGES:
            continue
        later = locked.games.get(game.next_game_id) if game.next_game_id else None
        if game.next_game_id is not None and (later is None or later.only_if_game_id != game.pk):
            continue
        ends = game.status in WITH_RESULT and (later is None or not _needs(locked, game, later))
        last.setdefault(game.event.pk, []).append(ends)
    for event in locked.events.values():
        if event.pk not in last:
            continue
        if any(last[event.pk]):
            wanted = Event.Status.FINISHED
        elif event.status == Event.Status.FINISHED:
            wanted = Event.Status.PLAYING
        else:
            continue
        if event.status != wanted:
            event.status = wanted
            event.status_changed = True


def as_games(rows) -> list[Game]:
    """Return the Game rows (with their event) for locked rows, in the same order."""
    found = Game.objects.select_related("event").in_bulk([row.pk for row in rows])
    return [found[row.pk] for row in rows]


def finish(
    locked: LockedGames, *, current: GameRow, game: Game, by: User | None, text: str, confirm: bool
):
    """Refuse or carry out the voiding, write everything, log it and tell scoring."""
    if locked.voided and not confirm:
        names = ", ".join(f"{g.event.name}: {name_of(g)}" for g in locked.voided)
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
