"""Hand entry for every game: add, edit and delete hands, keeping their history.

One engine for all five games. Each service runs in one transaction: it locks the game
row, answers a form sent twice with what the first one did (the form's key), refuses a
stale sheet (the game's version), reads and scores the hand through the game's part of
`games.registry` (`entry_from_data`, `score_entry`, `fold`), writes the hand and its
history, then hands the game's new state to `tournaments.services.settle_game`, which
moves the bracket or the round. Nothing here asks which game it is handling.
"""

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from games.engine import Fold, Table
from games.rules import RulesError
from tournaments import services as desk
from tournaments.errors import DeskError
from tournaments.models import OPEN, SCORED, Event, Game, Side, TeamMember
from tournaments.services import ConfirmationNeeded

from .models import Hand, HandChange

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

__all__ = [
    "ConfirmationNeeded",
    "DeskError",
    "HandError",
    "HandResult",
    "StaleSheet",
    "add_hand",
    "delete_hand",
    "delete_voided_hands",
    "edit_hand",
    "hand_snapshot",
    "preview_hand",
    "table_of",
]


class HandError(DeskError):
    """A hand the rules refuse; `field` names the form field the message belongs to."""

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.field = field


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
    """

    game: Game
    hand: Hand | None
    repeated: bool = False
    won: bool = False
    reopened: bool = False
    voided: list[Game] = field(default_factory=list)
    fold: Fold | None = None


# --- Reading a game and its hands ----------------------------------------------------

# What a hand change reads of the game's event; other event fields load if asked for.
# In the model's field order: Model.from_db places values by that order.
_EVENT_FIELDS = tuple(
    field.attname
    for field in Event._meta.concrete_fields
    if field.attname in {"tournament_id", "name", "game_key", "format", "team_size", "options"}
)


def _json(value):
    # PostgreSQL's driver decodes JSON columns; SQLite hands back the text.
    return json.loads(value) if isinstance(value, str) else value


def _lock_game(game_id: int) -> Game:
    """Lock the game's row and read it with its event and side count, in one query.

    Written as raw SQL because it runs for every hand and the ORM's locking
    select_related costs as much as the rest of the hand's queries together
    (bench/hands.py).
    """
    qn = connection.ops.quote_name
    event = Event._meta
    columns = ", ".join(
        f"e.{qn(event.get_field(name).column)} AS {qn('event_' + name)}" for name in _EVENT_FIELDS
    )
    sides = (
        f"(SELECT COUNT(*) FROM {qn(Side._meta.db_table)} s WHERE s.{qn('game_id')} = g.id) "
        f"AS {qn('side_count')}"
    )
    sql = (
        f"SELECT g.*, {columns}, {sides} FROM {qn(Game._meta.db_table)} g "
        f"JOIN {qn(event.db_table)} e ON e.{qn(event.pk.column)} = g.{qn('event_id')} "
        "WHERE g.id = %s"
    )
    if connection.features.has_select_for_update_of:
        sql += " FOR UPDATE OF g"
    found = list(Game.objects.raw(sql, [game_id]))
    if not found:
        raise Game.DoesNotExist(f"No game {game_id}")
    game = found[0]
    values = [getattr(game, f"event_{name}") for name in _EVENT_FIELDS]
    values[_EVENT_FIELDS.index("options")] = _json(game.event_options)
    game.event = Event.from_db(Game.objects.db, ["id", *_EVENT_FIELDS], [game.event_id, *values])
    return game


def table_of(game: Game, *, sides: int | None = None) -> Table:
    """Return the table a game is played at: its sides, and its event's team size."""
    event = game.event
    if sides is None:
        sides = getattr(game, "side_count", None)
        if sides is None:
            sides = game.sides.count()
    try:
        return event.game.table(event.options, sides=sides, team_size=event.team_size)
    except RulesError as exc:
        raise DeskError(f"This game cannot be scored: {exc}.") from exc


class HandRow(NamedTuple):
    """What folding a game needs of each hand, read without building model objects."""

    pk: int
    number: int
    points: list
    detail: dict
    entry_key: uuid.UUID


def _hand_rows(game: Game) -> list[HandRow]:
    """Return the game's hands in order, as folding and the form-key check need them.

    Raw SQL, like `_lock_game`: it runs for every hand entered.
    """
    qn = connection.ops.quote_name
    hand = Hand._meta
    columns = ", ".join(
        qn(hand.get_field(name).column)
        for name in ("id", "number", "points", "detail", "entry_key")
    )
    sql = (
        f"SELECT {columns} FROM {qn(hand.db_table)} "
        f"WHERE {qn(hand.get_field('game').column)} = %s ORDER BY {qn('number')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [game.pk])
        rows = cursor.fetchall()
    return [
        HandRow(pk, number, _json(points), _json(detail), _as_uuid(key))
        for pk, number, points, detail, key in rows
    ]


def _as_uuid(value) -> uuid.UUID:
    # PostgreSQL hands back a UUID; SQLite keeps it as 32 hex characters.
    return value if isinstance(value, uuid.UUID) else uuid.UUID(value)


# --- Checking a hand through the game's rules -----------------------------------------


def _rules(call, *args, **kwargs):
    """Run a rule; turn its refusal into a HandError at the field it names."""
    try:
        return call(*args, **kwargs)
    except RulesError as exc:
        raise HandError(str(exc), field=exc.field) from exc


def _read_entry(game: Game, table: Table, *, entry=None, data=None):
    """Return the hand's typed entry and its score, from a typed entry or flat form data."""
    spec, options = game.event.game, game.event.options
    if entry is None:
        entry = _rules(spec.entry_from_data, data or {}, table, options)
    scored = _rules(spec.score_entry, entry, table, options)
    return entry, scored


def _stored_entries(game: Game, table: Table, rows: Sequence[HandRow]) -> list:
    spec, options = game.event.game, game.event.options
    return [_rules(spec.entry_from_data, row.detail, table, options) for row in rows]


def _fold(game: Game, table: Table, entries: Sequence) -> Fold:
    """Return the game's state after these hands; refuse while a decision is unanswered."""
    state = _rules(game.event.game.fold, entries, table, game.event.options)
    if state.decision is not None:
        raise HandError(state.decision.message, field=state.decision.field)
    return state


def preview_hand(*, game: Game, data: dict):
    """Return what a typed hand would score (points per side and notes), saving nothing."""
    table = table_of(game)
    return _read_entry(game, table, data=data)[1]


def _check_offenders(game: Game, entry) -> None:
    """Refuse a penalty whose offender does not play on the side it names."""
    named = [
        (index, p)
        for index, p in enumerate(getattr(entry, "penalties", ()))
        if p.offender is not None
    ]
    if not named:
        return
    seats = dict(
        TeamMember.objects.filter(
            team__sides__game=game, player_id__in=[p.offender for _, p in named]
        ).values_list("player_id", "team__sides__seat")
    )
    names = dict(
        TeamMember.objects.filter(player_id__in=[p.offender for _, p in named]).values_list(
            "player_id", "player__name"
        )
    )
    for index, penalty in named:
        if seats.get(penalty.offender) != penalty.side:
            who = names.get(penalty.offender, "That player")
            raise HandError(
                f"{who} does not play for Side {penalty.side + 1} in this game.",
                field=f"penalty-{index}",
            )


# --- History ---------------------------------------------------------------------


def hand_snapshot(hand: Hand) -> dict:
    """Return the hand as plain data for its history: number, points and what was typed.

    Penalty offenders are named as well as numbered, so the history still reads true
    if a player is renamed later.
    """
    detail = dict(hand.detail)
    penalties = detail.get("penalties")
    if penalties:
        names = dict(
            TeamMember.objects.filter(
                player_id__in=[p.get("offender") for p in penalties]
            ).values_list("player_id", "player__name")
        )
        detail["penalties"] = [
            {**p, "offender_name": names.get(p.get("offender"))} for p in penalties
        ]
    return {"number": hand.number, "points": list(hand.points), "detail": detail}


def _record_change(*, game, hand, number, action, by, before=None, after=None, key=None):
    """Keep one change to a hand in the history: who, when, before and after."""
    return HandChange.objects.create(
        game=game,
        hand=hand,
        hand_number=number,
        action=action,
        by=by if by is not None and by.pk else None,
        before=before,
        after=after,
        request_key=key,
    )


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


def _settle(*, game: Game, state: Fold, hand_count: int, by, confirm: bool) -> HandResult:
    """Hand the game's new state to the tournaments app, which moves its bracket or round."""
    settled = desk.settle_game(game=game, fold=state, hand_count=hand_count, by=by, confirm=confirm)
    return HandResult(
        game=settled.game,
        hand=None,
        won=settled.won,
        reopened=settled.reopened,
        voided=list(settled.voided),
        fold=state,
    )


def delete_voided_hands(*, games: Sequence[Game], by=None) -> int:
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
                by=by if by is not None and by.pk else None,
                before=hand_snapshot(hand),
            )
            for hand in hands
        ]
    )
    Hand.objects.filter(pk__in=[hand.pk for hand in hands]).delete()
    return len(hands)


def _on_games_voided(sender, *, games, by=None, **kwargs) -> None:
    delete_voided_hands(games=games, by=by)


def add_hand(*, game: Game, by, version: int, key, entry=None, data=None) -> HandResult:
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


@transaction.atomic
def _add_hand(*, game: Game, by, version: int, key: uuid.UUID, entry, data) -> HandResult:
    game = _lock_game(game.pk)
    rows = _hand_rows(game)
    for row in rows:
        if row.entry_key == key:
            return HandResult(game=game, hand=Hand.objects.get(pk=row.pk), repeated=True)
    _check_version(game, version)
    _check_game(game, allowed=OPEN)
    table = table_of(game)
    entry, scored = _read_entry(game, table, entry=entry, data=data)
    _check_offenders(game, entry)
    state = _fold(game, table, [*_stored_entries(game, table, rows), entry])
    hand = Hand(
        game=game,
        number=len(rows) + 1,
        points=list(scored.points),
        detail=game.event.game.entry_to_data(entry),
        entry_key=key,
        entered_by=by if by is not None and by.pk else None,
    )
    hand.save(force_insert=True)
    _record_change(
        game=game,
        hand=hand,
        number=hand.number,
        action=HandChange.Action.ADDED,
        by=by,
        after=hand_snapshot(hand),
        key=key,
    )
    result = _settle(game=game, state=state, hand_count=len(rows) + 1, by=by, confirm=False)
    result.hand = hand
    return result


def _lock_for_correction(*, hand: Hand, version: int, key) -> tuple[Game, HandChange | None]:
    """Lock the hand's game; return it with the change this form already made, if any.

    When the form is new, check that the sheet is not stale and the game can be corrected.
    """
    game = _lock_game(hand.game_id)
    done = _already_done(game=game, key=key)
    if done is None:
        _check_version(game, version)
        _check_game(game, allowed=CORRECTABLE)
    return game, done


def _answer_for_another_hand(game, table, entries: list, *, index: int) -> int | None:
    """Move an answer typed on a correction to the hand whose decision it answers.

    A correction can make another hand need a decision (Texas Good Sams: a later hand
    now takes both sides to 250). The refusal names that hand and the official answers
    on the correction form, so the answer belongs to that hand, not to the one being
    corrected. `entries` is changed in place; return the index of the hand answered.
    """
    spec, options = game.event.game, game.event.options
    state = _rules(spec.fold, entries, table, options)
    decision = state.decision
    if decision is None or decision.hand == index:
        return None
    answer = spec.entry_to_data(entries[index]).get(decision.field)
    if answer is None:
        return None
    for at, value in ((decision.hand, answer), (index, None)):
        moved = {**spec.entry_to_data(entries[at]), decision.field: value}
        entries[at] = _rules(spec.entry_from_data, moved, table, options)
    return decision.hand


@transaction.atomic
def edit_hand(
    *, hand: Hand, by, version: int, key, entry=None, data=None, confirm: bool = False
) -> HandResult:
    """Replace a hand's figures, then recompute the totals, the result and the bracket."""
    game, done = _lock_for_correction(hand=hand, version=version, key=key)
    if done is not None:
        return HandResult(game=game, hand=done.hand, repeated=True)
    rows = _hand_rows(game)
    index = _find(rows, hand.pk)
    table = table_of(game)
    entry, scored = _read_entry(game, table, entry=entry, data=data)
    _check_offenders(game, entry)
    entries = _stored_entries(game, table, rows)
    entries[index] = entry
    answered = _answer_for_another_hand(game, table, entries, index=index)
    state = _fold(game, table, entries)
    spec = game.event.game
    target = Hand.objects.get(pk=rows[index].pk)
    before = hand_snapshot(target)
    target.points = list(scored.points)
    target.detail = spec.entry_to_data(entries[index])
    target.edited_at = timezone.now()
    target.save(update_fields=["points", "detail", "edited_at"])
    _record_change(
        game=game,
        hand=target,
        number=target.number,
        action=HandChange.Action.EDITED,
        by=by,
        before=before,
        after=hand_snapshot(target),
        key=key,
    )
    if answered is not None:
        _store_answer(game=game, pk=rows[answered].pk, entry=entries[answered], by=by)
    result = _settle(game=game, state=state, hand_count=len(rows), by=by, confirm=confirm)
    desk.log_activity(
        tournament=game.event.tournament, by=by, text=f"Edited hand {target.number} of {game}"
    )
    result.hand = target
    return result


def _store_answer(*, game: Game, pk: int, entry, by) -> None:
    """Record on a hand the answer to the decision it needed, with its history."""
    hand = Hand.objects.get(pk=pk)
    before = hand_snapshot(hand)
    hand.detail = game.event.game.entry_to_data(entry)
    hand.edited_at = timezone.now()
    hand.save(update_fields=["detail", "edited_at"])
    _record_change(
        game=game,
        hand=hand,
        number=hand.number,
        action=HandChange.Action.EDITED,
        by=by,
        before=before,
        after=hand_snapshot(hand),
    )


@transaction.atomic
def delete_hand(*, hand: Hand, by, version: int, key, confirm: bool = False) -> HandResult:
    """Delete a hand and number the later hands down; recompute as for an edit."""
    game, done = _lock_for_correction(hand=hand, version=version, key=key)
    if done is not None:
        return HandResult(game=game, hand=None, repeated=True)
    rows = _hand_rows(game)
    index = _find(rows, hand.pk)
    rest = rows[:index] + rows[index + 1 :]
    table = table_of(game)
    state = _fold(game, table, _stored_entries(game, table, rest))
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
