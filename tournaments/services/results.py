"""Write services for bracket games: progress from scoring, results, reopening.

Scoring calls these inside its own transaction; the tournaments app never imports scoring.

- `set_game_progress` stores the running totals and hand count after every hand change.
- `record_result` decides a game (a win, or a walkover with no hands), sends the winner
  and the loser where the format's pointers say (`voiding.follow_result`), and corrects
  a result already given.
- `reopen_game` takes a result back (a correction took both sides below the target).

The rest lives beside this module, by what it does:
- `voiding.py`: what a corrected or reopened result does to the games after it (the
  confirmation rule, `ConfirmationNeeded`, the `games_voided` signal);
- `partners_games.py`: the singles partners' games a doubles result makes and takes back
  (`tournaments.services.draws.open_singles` creates them for doubles results given
  before the singles event existed);
- `settle_bracket.py`: settling a bracket game from its hands;
- `result_names.py`: how games and sides are named on pages and in the activity log.
Their public names are re-exported here and in `tournaments.services`.

Walkovers and forfeits: a walkover (W/O) has no hands; a forfeit is a walkover given
over entered hands, and needs a reason (`walkover_reason`, shown on the bracket). The
official's one-click results (checked against the score sheet, previewed, undone) are
in `desk_results.py`; the functions here apply a result as told.

Recording a result and storing progress after a hand are the desk's hot path (every
hand and every game of every bracket; bench/bracket.py, bench/hands.py). On PostgreSQL
the ordinary case (the game ready or playing, the next game not begun, no partners' game
to create in singles) is one statement (`result_statements.py`): it is its own
transaction when the caller has none, and needs no savepoint when it has one.
Everything else, and every result on SQLite, takes the general path below: the games
locked and read into plain rows (`locked_games.py`), the rules applied in Python, the
rows written back, all in one transaction.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from ..acting import User
from ..errors import DeskError
from ..models import DECIDED, WITH_RESULT, Event, Game
from . import result_statements
from .locked_games import GameRow, LockedGames, SideRow
from .partners_games import (
    SET_ASIDE,
    cancel_partner_games,
    feed_partners_game,
    is_first_game,
    renumber_singles,
)
from .result_names import log_name, name_of, result_text, side_name, statement_text
from .voiding import (
    ConfirmationNeeded,
    copy_back,
    finish,
    follow_result,
    games_voided,
)

__all__ = [
    "DECIDED",
    "SET_ASIDE",
    "ConfirmationNeeded",
    "StaleGame",
    "clean_reason",
    "feed_partners_game",
    "games_voided",
    "is_first_game",
    "name_of",
    "record_result",
    "reopen_game",
    "set_game_progress",
]

REASON_MAX = 200


class StaleGame(DeskError):
    """The game changed since the official's page was drawn."""


def _check_version(game: GameRow, expected_version) -> None:
    if expected_version is not None and int(expected_version) != game.version:
        raise StaleGame(
            f"{name_of(game)} changed while you were looking at it. "
            "Here it is as it stands now; check it and try again."
        )


def _check_sides_known(game: GameRow) -> None:
    if game.status == Game.Status.BYE:
        raise DeskError("This is a bye: there is no game to play.")
    if game.status == Game.Status.VOID:
        raise DeskError("This game was cancelled and is not played.")
    if not game.both_seated:
        raise DeskError(f"{name_of(game)} is still waiting for a side.")


def _one_statement() -> bool:
    return settings.RESULTS_ONE_STATEMENT and result_statements.available()


def valid_progress(totals: tuple, hand_count) -> bool:
    """Say whether the totals (two or more) and a hand count are whole and not negative
    (else: general path)."""
    try:
        return (
            len(totals) >= 2
            and all(int(total) == total and total >= 0 for total in totals)
            and int(hand_count) == hand_count
            and hand_count >= 0
        )
    except (TypeError, ValueError):
        return False


def decide_at_once(
    game: Game,
    *,
    winner_seat: int,
    walkover: bool,
    expected_version,
    by: User | None,
    totals: tuple | None = None,
    hand_count: int | None = None,
    reason: str = "",
) -> bool:
    """Decide an ordinary game in one statement; False (nothing written) when it is not."""
    if not _one_statement() or reason:
        return False
    now = timezone.now()
    written = result_statements.decide(
        game_id=game.pk,
        winner_seat=winner_seat,
        walkover=walkover,
        expected_version=None if expected_version is None else int(expected_version),
        user_id=by.pk if by is not None and by.pk else None,
        text=statement_text(walkover),
        now=now,
        totals=None if totals is None else tuple(int(total) for total in totals),
        hand_count=hand_count,
        # Its partners' game is written next: in the same transaction only.
        feeds=transaction.get_connection().in_atomic_block,
    )
    if written is None:
        return False
    if written.singles is not None and is_first_game(game, 1 - winner_seat):
        try:
            _send_partners(game, written.singles, written.loser_team)
        except DeskError:  # the singles bracket is drawn: the result must not stand alone
            transaction.set_rollback(True)
            raise
    game.status = written.status
    game.winner_seat = winner_seat
    game.walkover = walkover
    game.walkover_reason = ""
    game.hand_count = written.hand_count
    game.version = written.version
    game.updated_at = now
    game.voided_games = []
    return True


def set_game_progress(*, game: Game, totals: tuple[int, ...], hand_count: int) -> Game:
    """Store a game's running totals and hand count after a hand is entered or changed.

    A game not decided becomes "playing" (or "ready" again with no hands). A decided
    game keeps its result: call `record_result` or `reopen_game` to change it.
    """
    totals = tuple(totals)
    if _one_statement() and valid_progress(totals, hand_count):
        now = timezone.now()
        written = result_statements.progress(
            game_id=game.pk,
            totals=tuple(int(total) for total in totals),
            hand_count=int(hand_count),
            now=now,
        )
        if written is not None:
            game.status = written.status
            game.hand_count = written.hand_count
            game.version = written.version
            game.updated_at = now
            return game
    with transaction.atomic():
        locked = LockedGames()
        current = locked.get(game.pk)
        _check_sides_known(current)
        if current.status == Game.Status.WALKOVER:
            raise DeskError("This game was a walkover (W/O): no hands are entered.")
        if len(totals) != len(current.seats):
            raise DeskError(f"Give a total for each of the {len(current.seats)} sides.")
        if any(int(total) != total or total < 0 for total in totals) or hand_count < 0:
            raise DeskError("Totals and the hand count cannot be negative.")
        for side, total in zip(current.seats, totals, strict=True):
            locked.set_total(side, int(total))
        current.hand_count = hand_count
        if not current.is_decided:
            current.status = Game.Status.PLAYING if hand_count else Game.Status.READY
        locked.touch(current)
        now = locked.save(one_game=True)  # a running score: this game's page only
        copy_back(current, game, now)
        return game


def clean_reason(reason) -> str:
    """Return a walkover's reason as stored: one line, trimmed; refuse one too long."""
    reason = " ".join(str(reason or "").split())
    if len(reason) > REASON_MAX:
        raise DeskError(f"Keep the reason to {REASON_MAX} characters ({len(reason)} typed).")
    return reason


def record_result(
    *,
    game: Game,
    winner_seat: int,
    by: User | None,
    walkover: bool = False,
    reason: str = "",
    confirm: bool = False,
    expected_version: int | None = None,
    closed: bool = False,
    at_once: bool = True,
) -> Game:
    """Decide a game, advance its winner, and correct a result already given.

    ``winner_seat`` is 0 or 1. A walkover (W/O) has no hands, unless it is a forfeit:
    given over entered hands with a ``reason``. ``closed``: the game was closed at time
    (`bracket_time.py`), marked "closed at time"; its winner moves on like any other.
    Raises `ConfirmationNeeded` when the change would void later games and ``confirm``
    is not set, and `StaleGame` when ``expected_version`` no longer matches. The
    returned game carries ``voided_games``. ``at_once=False``: the caller has just tried
    the one statement (`decide_at_once`) for this game and it was refused (a game of
    players alone, say): the general path takes it without a second try.
    """
    walkover = bool(walkover)
    reason = clean_reason(reason) if walkover else ""
    closed = bool(closed) and not walkover
    if (
        at_once
        and not closed
        and winner_seat in (0, 1)
        and decide_at_once(
            game,
            winner_seat=winner_seat,
            walkover=walkover,
            expected_version=expected_version,
            by=by,
            reason=reason,
        )
    ):
        return game
    with transaction.atomic():
        locked = LockedGames()
        current = locked.lock_with_next(game)
        _check_result(current, winner_seat, walkover, reason, expected_version)
        if current.is_decided and current.winner_seat == winner_seat:
            _restate_win(locked, current, game, walkover, reason, closed, by=by, confirm=confirm)
            return game
        loser = current.seats[1 - winner_seat]
        text = _decide(locked, current, winner_seat, walkover, reason, closed)
        finish(locked, current=current, game=game, by=by, text=text, confirm=confirm)
        _feed_singles(current, game, loser)
        if locked.cancelled:
            renumber_singles(g.event_id for g in locked.cancelled)
        return game


def _check_result(current: GameRow, winner_seat, walkover: bool, reason: str, expected_version):
    """Refuse a result for a stale, unplayable or waiting game, a missing winner, or a
    walkover over entered hands without a reason (a forfeit)."""
    _check_version(current, expected_version)
    _check_sides_known(current)
    if winner_seat not in (0, 1):
        raise DeskError("Choose the winner: side 1 or side 2.")
    if walkover and current.hand_count and not reason:
        raise DeskError(
            f"Hands have been entered in {name_of(current)}; a walkover (W/O) has "
            "no hands. Record the winner instead, delete the hands first, or give "
            "the game as a forfeit with its reason."
        )


def _won_status(walkover: bool, closed: bool) -> str:
    if walkover:
        return Game.Status.WALKOVER
    return Game.Status.CLOSED if closed else Game.Status.FINISHED


def _restate_win(
    locked: LockedGames,
    current: GameRow,
    game: Game,
    walkover,
    reason,
    closed,
    *,
    by: User | None,
    confirm,
) -> None:
    """The same side wins again: only how it won (walkover, forfeit reason, closed at
    time or played out) may change."""
    was_closed = current.status == Game.Status.CLOSED
    if (current.walkover, current.reason, was_closed) != (walkover, reason, closed):
        current.walkover = walkover
        current.reason = reason
        current.status = _won_status(walkover, closed)
        how = "won by walkover (W/O)" if walkover else "won"
        how += " (closed at time)" if closed else ""
        why = f" ({reason})" if reason else ""
        winner = side_name(current.seats[current.winner_seat], current.event.team_size)
        text = f"{log_name(current)}: {winner} {how}{why}"
        finish(locked, current=current, game=game, by=by, text=text, confirm=confirm)
    else:
        copy_back(current, game, game.updated_at)
    game.voided_games = []


def _decide(
    locked: LockedGames, current: GameRow, winner_seat: int, walkover, reason, closed=False
) -> str:
    """Give ``current`` to ``winner_seat`` (taking back a result it had), move the winner
    on and return the activity line."""
    correcting = current.is_decided
    if correcting:
        cancel_partner_games(locked, current)
    winner, loser = current.seats[winner_seat], current.seats[1 - winner_seat]
    current.winner_seat = winner_seat
    current.walkover = walkover
    current.reason = reason
    current.status = _won_status(walkover, closed)
    follow_result(locked, current)
    size = current.event.team_size
    text = result_text(
        log_name(current),
        side_name(winner, size),
        side_name(loser, size),
        walkover=walkover,
        correcting=correcting,
    )
    if closed:
        text += " (closed at time)"
    return text + (f" ({reason})" if reason else "")


def _feed_singles(current: GameRow, game: Game, loser: SideRow) -> None:
    """Send the losing partners of a doubles team's first game to their singles event."""
    singles_id = current.event.singles_id
    if singles_id and current.stage == 1 and is_first_game(current, loser.seat):
        position, numbers = game.freed_singles.get(current.pk, (None, ()))
        _send_partners(current, singles_id, loser.team_id, position=position, numbers=numbers)


def _send_partners(doubles_game, singles_id: int, loser_team_id: int, **place) -> None:
    """Lock the singles event, then write the losing partners' game there (``place``:
    the position and team numbers a correction left free)."""
    singles = Event.objects.select_for_update().get(pk=singles_id)
    feed_partners_game(
        doubles_game=doubles_game, singles=singles, loser_team_id=loser_team_id, **place
    )


def reopen_game(
    *, game: Game, by: User | None, confirm: bool = False, expected_version: int | None = None
) -> Game:
    """Take back a game's result: its winner leaves the next game; it is playing again.

    Same confirmation rule as `record_result` for later games with hands or a result.
    """
    with transaction.atomic():
        locked = LockedGames()
        current = locked.lock_with_next(game)
        _check_version(current, expected_version)
        if current.status == Game.Status.BYE:
            raise DeskError("This is a bye: there is no result to take back.")
        if current.status not in WITH_RESULT:
            raise DeskError(f"{name_of(current)} has no result to take back.")
        winner = current.seats[current.winner_seat]
        cancel_partner_games(locked, current)
        current.winner_seat = None
        current.walkover = False
        current.reason = ""
        current.status = Game.Status.PLAYING if current.hand_count else Game.Status.READY
        follow_result(locked, current)
        text = (
            f"{log_name(current)}: reopened "
            f"(took back {side_name(winner, current.event.team_size)}'s win)"
        )
        finish(locked, current=current, game=game, by=by, text=text, confirm=confirm)
        if locked.cancelled:
            renumber_singles(g.event_id for g in locked.cancelled)
        return game
