"""Add, edit and delete hands, keeping their history; each in one transaction."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from games.engine import Fold
from scoring.models import Hand, HandChange, Source, TableEntry
from scoring.models.table import OPEN_ENTRY
from scoring.selectors.tables import table_of
from scoring.services.checks import (
    _answer_for_another_hand,
    _check_offenders,
    _fold,
    _read_entry,
    _stored_entries,
    next_match_game,
)
from scoring.services.game_rows import HandRow, hand_rows, lock_game, lock_game_with_hands
from scoring.services.hand_history import Origin, _record_change, _who, hand_snapshot, new_change
from scoring.services.hand_rows_sql import hand_steps
from tournaments import services as desk
from tournaments.acting import User
from tournaments.errors import DeskError
from tournaments.models import OPEN, SCORED, Game

# Hands are entered in open games; corrections are also allowed once the game has a result.
CORRECTABLE = OPEN | SCORED

CLOSED_MESSAGES = {
    Game.Status.WAITING: (
        "This game is waiting for a side: hands can be entered once both sides are known."
    ),
    Game.Status.FINISHED: (
        "This game is finished: no more hands can be added. To correct it, edit or delete a hand."
    ),
    Game.Status.CLOSED: (
        "This game was closed at time: no more hands can be added. To correct it, edit or "
        "delete a hand."
    ),
    Game.Status.WALKOVER: "This game was a walkover (W/O): it has no hands.",
    Game.Status.BYE: "This game is a bye: no hands are played.",
    Game.Status.VOID: "This game was voided by a correction earlier in the bracket.",
}


class StaleSheet(DeskError):
    """The sheet was changed by someone else since the form was shown."""


STALE_MESSAGE = (
    "Another official changed this game while you were typing, so nothing was saved. "
    "Here is the sheet as it is now: check it, then save your entry again if it is still needed."
)


@dataclass
class HandResult:
    """What a hand change did: the game as it now stands and the hand (None if deleted).

    repeated: the same form had already been saved, and nothing was done again.
    won: the change decided the game, or gave it to another side.
    reopened: the change took a result back. voided: later games voided by the
    correction (their hands were deleted). fold: the game's state after the change.
    unchanged: a correction that changed nothing, so nothing was stored.
    hands: the game's hands after the change, as its lock read them with the hand added
    (`HandRow`s): its sheet is drawn from them (`selectors.game_sheet`) without reading
    them again; None where the change does not give them.
    """

    game: Game
    hand: Hand | None
    repeated: bool = False
    unchanged: bool = False
    won: bool = False
    reopened: bool = False
    voided: list[Game] = field(default_factory=list)
    fold: Fold | None = None
    hands: list[HandRow] | None = None


# --- Writing ---------------------------------------------------------------------


def _already_done(*, game: Game, key) -> HandChange | None:
    change = HandChange.objects.filter(request_key=key).select_related("hand").first()
    if change is not None and change.game_id != game.pk:
        raise DeskError("That form was for another game. Reload this game's sheet.")
    return change


def _check_version(game: Game, version: int) -> None:
    if version != game.version:
        raise StaleSheet(STALE_MESSAGE)


def _check_game(game: Game, *, allowed) -> None:
    if game.status not in allowed:
        raise DeskError(CLOSED_MESSAGES[game.status])


def _settle(
    *, game: Game, state: Fold, hand_count: int, by: User | None, confirm: bool
) -> HandResult:
    """Hand the game's new state to the tournaments app, which moves its bracket or round."""
    settled = desk.settle_game(game=game, fold=state, hand_count=hand_count, by=by, confirm=confirm)
    return _settled_result(settled, state)


def _settled_result(settled: desk.Settled, state: Fold, hand: Hand | None = None) -> HandResult:
    return HandResult(
        game=settled.game,
        hand=hand,
        won=settled.won,
        reopened=settled.reopened,
        voided=list(settled.voided),
        fold=state,
    )


def delete_voided_hands(*, games: Sequence[Game], by: User | None = None) -> int:
    """Delete the hands of games a bracket correction voided, keeping them in the history.

    Connected to `tournaments.services.games_voided`, so it runs in the transaction of
    whatever voided the games (a hand correction here, or a result corrected on the
    bracket page). Return how many hands were deleted.
    """
    hands = list(Hand.objects.filter(game__in=[g.pk for g in games]).order_by("game_id", "number"))
    if not hands:
        return 0
    HandChange.objects.bulk_create(
        [
            HandChange(
                game_id=hand.game_id,
                hand=None,
                hand_number=hand.number,
                action=HandChange.Action.VOIDED,
                by=_who(by),
                before=hand_snapshot(hand),
            )
            for hand in hands
        ]
    )
    Hand.objects.filter(pk__in=[hand.pk for hand in hands]).delete()
    return len(hands)


def _on_games_voided(sender, *, games: Sequence[Game], by: User | None = None, **kwargs) -> None:
    delete_voided_hands(games=games, by=by)


def add_hand(*, game: Game, by: User, version: int, key, entry=None, data=None) -> HandResult:
    """Add the next hand to a game, and record the result when it decides the game.

    Give the hand as the game's typed entry or as flat form data (the keys of the
    game's entry_fields). A form sent again (same key) gets back the hand it recorded.
    """
    key = uuid.UUID(str(key))
    try:
        return _add_hand(game=game, by=by, version=version, key=key, entry=entry, data=data)
    except IntegrityError:
        used = Hand.objects.filter(entry_key=key).exists()
        if used or HandChange.objects.filter(request_key=key).exists():
            raise DeskError("That form was for another game. Reload this game's sheet.") from None
        raise


def add_origin_hand(
    *, game: Game, by: User | None, key: uuid.UUID, data: dict, origin: Origin, rows=None
) -> HandResult:
    """Count a hand entered at the table, now confirmed (or decided by the official `by`):
    the desk's own checks and writes, against the game as it now stands.

    The caller holds the game's lock, in its own transaction: `game` is as it read it,
    and ``rows`` the game's hands (`hand_rows`) if it read them under that lock.
    """
    with transaction.atomic(savepoint=False):  # the caller's: an error undoes it all
        return _add_locked_hand(
            game=game, by=by, version=None, key=key, entry=None, data=data, origin=origin, rows=rows
        )


@transaction.atomic
def _add_hand(
    *, game: Game, by: User | None, version: int | None, key: uuid.UUID, entry, data
) -> HandResult:
    game, rows = lock_game_with_hands(game)
    return _add_locked_hand(
        game=game, by=by, version=version, key=key, entry=entry, data=data, rows=rows
    )


def _add_locked_hand(
    *,
    game: Game,
    by: User | None,
    version: int | None,
    key: uuid.UUID,
    entry,
    data,
    origin=None,
    rows=None,
) -> HandResult:
    rows = hand_rows(game) if rows is None else rows
    for row in rows:
        if row.entry_key == key:
            return HandResult(game=game, hand=Hand.objects.get(pk=row.pk), repeated=True)
    if version is not None:
        _check_version(game, version)
    _check_game(game, allowed=OPEN)
    table = table_of(game)
    entry, scored = _read_entry(game, table, entry=entry, data=data)
    _check_offenders(game, entry)
    stored, numbers = _stored_entries(game, table, rows), [row.match_game for row in rows]
    in_play = next_match_game(game, table, stored, numbers)
    state = _fold(game, table, [*stored, entry], [*numbers, in_play])
    hand = Hand(
        game=game,
        number=len(rows) + 1,
        match_game=in_play,
        points=list(scored.points),
        detail=game.event.game.entry_to_data(entry),
        entry_key=key,
        entered_by=_who(by) if origin is None else None,
    )
    if origin is not None:
        hand.source = Source.TABLE
        hand.entered_by_name = origin.entered_by_name
        hand.entered_at = origin.entered_at
        hand.confirmed_by_name = origin.confirmed_by_name
        hand.confirmed_at = timezone.now()
    else:
        # The desk entered this hand itself: a table's entry for it no longer fits.
        if game.table_hand:
            TableEntry.objects.filter(game_id=game.pk, status__in=OPEN_ENTRY).update(
                status=TableEntry.Status.SET_ASIDE,
                decided_by=_who(by),
                decided_at=timezone.now(),
                revision=F("revision") + 1,
            )
            Game.objects.filter(pk=game.pk).update(table_hand="")
            game.table_hand = ""
    change = new_change(
        game=game,
        hand=hand,
        number=hand.number,
        action=HandChange.Action.ADDED,
        by=by,
        after=hand_snapshot(hand),
        key=key,
        origin=origin,
    )
    if desk.settles_in_one_statement(game, state, hand.number):
        # Most hands: the hand, its history and the running score (or a table's result)
        # in one statement.
        settled, hand.pk = desk.settle_after(
            hand_steps(hand, change), game=game, fold=state, hand_count=hand.number
        )
        hand._state.adding, hand._state.db = False, "default"
        result = _settled_result(settled, state, hand)
    else:
        hand.save(force_insert=True)
        change.save(force_insert=True)
        result = _settle(game=game, state=state, hand_count=hand.number, by=by, confirm=False)
        result.hand = hand
    result.hands = [*rows, HandRow.of(hand)]
    return result


def _lock_for_correction(*, hand: Hand, version: int, key) -> tuple[Game, HandChange | None]:
    """Lock the hand's game; return it with the change this form already made, if any.

    When the form is new, check that the sheet is not stale and the game can be corrected.
    """
    game = lock_game(hand.game_id)
    done = _already_done(game=game, key=key)
    if done is None:
        _check_version(game, version)
        _check_game(game, allowed=CORRECTABLE)
    return game, done


@transaction.atomic
def edit_hand(
    *, hand: Hand, by: User, version: int, key, entry=None, data=None, confirm: bool = False
) -> HandResult:
    """Replace a hand's figures, then recompute the totals, the result and the bracket."""
    game, done = _lock_for_correction(hand=hand, version=version, key=key)
    if done is not None:
        return HandResult(game=game, hand=done.hand, repeated=True)
    rows = hand_rows(game)
    index = _find(rows, hand.pk)
    table = table_of(game)
    entry, scored = _read_entry(game, table, entry=entry, data=data)
    _check_offenders(game, entry)
    entries = _stored_entries(game, table, rows)
    spec = game.event.game
    if spec.entry_to_data(entry) == spec.entry_to_data(entries[index]):
        # Compared as stored data, after reading: a blank box read as 0 is no change.
        return HandResult(game=game, hand=Hand.objects.get(pk=rows[index].pk), unchanged=True)
    entries[index] = entry
    numbers = [row.match_game for row in rows]
    answered = _answer_for_another_hand(game, table, entries, index=index, numbers=numbers)
    state = _fold(game, table, entries, numbers)
    target = Hand.objects.get(pk=rows[index].pk)
    detail = spec.entry_to_data(entries[index])
    _rewrite_hand(game=game, hand=target, detail=detail, points=scored.points, by=by, key=key)
    if answered is not None:
        answered_hand = Hand.objects.get(pk=rows[answered].pk)
        detail = spec.entry_to_data(entries[answered])
        _rewrite_hand(game=game, hand=answered_hand, detail=detail, by=by)
    result = _settle(game=game, state=state, hand_count=len(rows), by=by, confirm=confirm)
    desk.log_activity(
        tournament=game.event.tournament, by=by, text=f"Edited hand {target.number} of {game}"
    )
    result.hand = target
    return result


def _rewrite_hand(*, game: Game, hand: Hand, detail: dict, by: User, points=None, key=None) -> None:
    """Store a hand's new detail (and points), keeping the change in its history.

    A correction rewrites the hand corrected, and the hand whose decision it answered
    (its detail only: the answer changes no points).
    """
    before = hand_snapshot(hand)
    fields = ["detail", "edited_at"]
    hand.detail = detail
    if points is not None:
        hand.points = list(points)
        fields.append("points")
    hand.edited_at = timezone.now()
    hand.save(update_fields=fields)
    _record_change(
        game=game,
        hand=hand,
        number=hand.number,
        action=HandChange.Action.EDITED,
        by=by,
        before=before,
        after=hand_snapshot(hand),
        key=key,
    )


@transaction.atomic
def delete_hand(*, hand: Hand, by: User, version: int, key, confirm: bool = False) -> HandResult:
    """Delete a hand and number the later hands down; recompute as for an edit."""
    game, done = _lock_for_correction(hand=hand, version=version, key=key)
    if done is not None:
        return HandResult(game=game, hand=None, repeated=True)
    rows = hand_rows(game)
    index = _find(rows, hand.pk)
    rest = rows[:index] + rows[index + 1 :]
    table = table_of(game)
    state = _fold(game, table, _stored_entries(game, table, rest), [r.match_game for r in rest])
    target = Hand.objects.get(pk=rows[index].pk)
    _record_change(
        game=game,
        hand=None,
        number=target.number,
        action=HandChange.Action.DELETED,
        by=by,
        before=hand_snapshot(target),
        key=key,
    )
    number = target.number
    target.delete()
    # One row at a time, upwards, so the numbers stay unique at every step.
    for later in rest[index:]:
        Hand.objects.filter(pk=later.pk).update(number=later.number - 1)
    result = _settle(game=game, state=state, hand_count=len(rest), by=by, confirm=confirm)
    desk.log_activity(
        tournament=game.event.tournament, by=by, text=f"Deleted hand {number} of {game}"
    )
    return result


def _find(rows: Sequence[HandRow], pk: int) -> int:
    for index, row in enumerate(rows):
        if row.pk == pk:
            return index
    raise DeskError("That hand is no longer on this sheet: someone deleted it.")
