"""Hand entry for Texas Good Sams: add, edit and delete hands, keeping their history.

Each service runs in one transaction: it locks the game row, answers a form sent twice
with what the first one did (the form's key), refuses a stale sheet (the game's
version), checks the hand through `games.rules.texas_good_sams`, writes the hand and
its history, then tells `tournaments.services` the new totals and, when the game is
won or un-won, the result (which moves the bracket).
"""

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from django.db import IntegrityError, connection, transaction
from django.db.models import Prefetch
from django.utils import timezone

from games.rules import RulesError
from games.rules import texas_good_sams as tgs
from games.rules.checks import check_seat
from tournaments import services as desk
from tournaments.errors import DeskError
from tournaments.models import Event, Game, Player, TeamMember
from tournaments.services import ConfirmationNeeded

from .models import SEATS, Hand, HandChange, HandPenalty

GAME_KEY = "texas_good_sams"
# Hands are entered in these; corrections are also allowed once the game is finished.
OPEN = frozenset({Game.Status.READY, Game.Status.PLAYING})
CORRECTABLE = OPEN | {Game.Status.FINISHED}

CLOSED_MESSAGES = {
    Game.Status.WAITING: (
        "This game is waiting for a side: hands can be entered once both sides are known."
    ),
    Game.Status.FINISHED: (
        "This game is finished: no more hands can be added. To correct it, edit or delete a hand."
    ),
    Game.Status.WALKOVER: "This game was a walkover (W/O): it has no hands.",
    Game.Status.BYE: "This game is a bye: no hands are played.",
    Game.Status.VOID: "This game was voided by a correction earlier in the bracket.",
}


__all__ = [
    "ConfirmationNeeded",
    "DeskError",
    "HandEntry",
    "HandError",
    "HandResult",
    "PenaltyEntry",
    "StaleSheet",
    "add_hand",
    "blocked_scoring",
    "delete_hand",
    "delete_voided_hands",
    "edit_hand",
    "hand_snapshot",
    "score_entry",
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


@dataclass(frozen=True)
class PenaltyEntry:
    """A penalty as typed: the offending side, why, and who (None if not known)."""

    seat: int
    reason: str
    offender: Player | None = None


@dataclass(frozen=True)
class HandEntry:
    """A hand as the official typed it, before the rules have checked it."""

    play: tuple[int, int] = (0, 0)
    muggins: tuple[int, int] = (0, 0)
    end: str = tgs.END_NONE
    out_seat: int | None = None
    pips: tuple[int | None, int | None] = (None, None)
    penalties: tuple[PenaltyEntry, ...] = ()
    reached_first: int | None = None


@dataclass
class HandResult:
    """What a hand change did: the game as it now stands and the hand (None if deleted).

    repeated: the same form had already been saved, and nothing was done again.
    won: the change decided the game, or gave it to the other side.
    voided: later games voided by the correction (their hands were deleted).
    """

    game: Game
    hand: Hand | None
    repeated: bool = False
    won: bool = False
    reopened: bool = False
    voided: list[Game] = field(default_factory=list)


# --- Checking a hand -------------------------------------------------------------


def score_entry(entry: HandEntry, *, blocked_scoring: str = tgs.BLOCKED_TOTAL) -> tgs.HandScore:
    """Return the hand's score; raise HandError naming the field the rules refuse.

    Each typed figure is checked on its own first, so that the message lands at the
    field it is about; then the hand as a whole.
    """
    for part in ("play", "muggins"):
        values = getattr(entry, part)
        for seat in SEATS:
            probe = [0, 0]
            probe[seat] = values[seat]
            _probe(f"{part}_{seat}", tgs.score_hand, **{part: tuple(probe)})
    for seat in SEATS:
        if entry.pips[seat] is not None:
            # A side's pips alone, checked as the pips a side that went out scores.
            _probe(
                f"pips_{seat}",
                tgs.score_hand,
                end=tgs.END_OUT,
                out_side=1 - seat,
                out_pips=entry.pips[seat],
            )
    penalties = []
    for index, penalty in enumerate(entry.penalties):
        name = penalty.offender.name if penalty.offender else None
        penalties.append(
            _probe(f"penalty-{index}", tgs.Penalty, penalty.seat, penalty.reason, name)
        )
    if entry.reached_first is not None:
        what = f"The side that reached {tgs.TARGET} first"
        _probe("reached_first", check_seat, entry.reached_first, count=2, what=what)
    out_pips, blocked_pips = _end_pips(entry)
    return _probe(
        _end_field(entry),
        tgs.score_hand,
        play=entry.play,
        muggins=entry.muggins,
        end=entry.end,
        out_side=entry.out_seat,
        out_pips=out_pips,
        blocked_pips=blocked_pips,
        penalties=penalties,
        blocked_scoring=blocked_scoring,
    )


def _probe(field_name, rule, *args, **kwargs):
    try:
        return rule(*args, **kwargs)
    except RulesError as exc:
        raise HandError(str(exc), field=field_name) from exc


def _end_pips(entry: HandEntry):
    """Return (out_pips, blocked_pips) as the rules take them from the two pip fields."""
    if entry.end == tgs.END_OUT and entry.out_seat in SEATS:
        other = 1 - entry.out_seat
        own = entry.pips[entry.out_seat]
        if own is None or own == 0:
            # Nothing (or 0) typed for the side that went out: only the opponents' pips.
            return entry.pips[other], (None, None)
        return entry.pips[other], tuple(entry.pips)
    if entry.end == tgs.END_BLOCKED:
        return None, tuple(entry.pips)
    if entry.pips == (None, None):
        return None, (None, None)
    return None, tuple(entry.pips)


def _end_field(entry: HandEntry) -> str:
    """Return the field a refusal of the hand's end belongs to."""
    if entry.end == tgs.END_OUT and entry.out_seat in SEATS:
        other = 1 - entry.out_seat
        if entry.pips[other] is None or not entry.pips[entry.out_seat]:
            return f"pips_{other}"
        return f"pips_{entry.out_seat}"
    if entry.end == tgs.END_BLOCKED:
        missing = [seat for seat in SEATS if entry.pips[seat] is None]
        return f"pips_{missing[0] if missing else 1}"
    if entry.end == tgs.END_NONE:
        typed = [seat for seat in SEATS if entry.pips[seat] is not None]
        return f"pips_{typed[0]}" if typed else "end"
    return "end"


def _fold_rules(hands: Sequence[tuple[tuple[int, int], int | None]]) -> tgs.GameState:
    try:
        return tgs.fold_game(hands, target=tgs.TARGET)
    except RulesError as exc:
        raise HandError(str(exc)) from exc


def fold(hands: Sequence[tuple[tuple[int, int], int | None]]) -> tgs.GameState:
    """Return the game's state after these hands; raise HandError when it cannot stand."""
    state = _fold_rules(hands)
    if state.needs_decision_at is not None:
        number = state.needs_decision_at + 1
        raise HandError(
            f"Hand {number} took both sides to {tgs.TARGET}: say which side got there first.",
            field="reached_first",
        )
    return state


# --- History ---------------------------------------------------------------------


def hand_snapshot(hand: Hand, penalties: Sequence[HandPenalty]) -> dict:
    """Return the hand as plain data for its history."""
    return {
        "number": hand.number,
        "play": [hand.play_0, hand.play_1],
        "muggins": [hand.muggins_0, hand.muggins_1],
        "end": hand.end,
        "out_side": hand.out_seat,
        "pips": [hand.pips_0, hand.pips_1],
        "award": [hand.award_0, hand.award_1],
        "penalties": [
            {
                "side": p.seat,
                "reason": p.reason,
                "offender": p.offender_id,
                "offender_name": p.offender.name if p.offender_id else None,
            }
            for p in penalties
        ],
        "penalty_points": [hand.penalty_0, hand.penalty_1],
        "points": [hand.points_0, hand.points_1],
        "reached_first": hand.reached_first,
    }


# --- Writing ---------------------------------------------------------------------


# What a hand change reads of the game's event; other event fields load if asked for.
_EVENT_FIELDS = ("tournament_id", "name", "game_key", "options")


def _lock_game(game_id: int) -> Game:
    """Lock the game's row and read it with what the rules need of its event, in one query.

    Written as raw SQL because it runs for every hand and the ORM's locking
    select_related costs as much as the rest of the hand's queries together.
    """
    qn = connection.ops.quote_name
    event = Event._meta
    columns = ", ".join(
        f"e.{qn(event.get_field(name).column)} AS {qn('event_' + name)}" for name in _EVENT_FIELDS
    )
    sql = (
        f"SELECT g.*, {columns} FROM {qn(Game._meta.db_table)} g "
        f"JOIN {qn(event.db_table)} e ON e.{qn(event.pk.column)} = g.{qn('event_id')} "
        "WHERE g.id = %s"
    )
    if connection.features.has_select_for_update_of:
        sql += " FOR UPDATE OF g"
    found = list(Game.objects.raw(sql, [game_id]))
    if not found:
        raise Game.DoesNotExist(f"No game {game_id}")
    game = found[0]
    options = game.event_options
    values = [getattr(game, f"event_{name}") for name in _EVENT_FIELDS]
    values[_EVENT_FIELDS.index("options")] = (
        json.loads(options) if isinstance(options, str) else options
    )
    game.event = Event.from_db(Game.objects.db, ["id", *_EVENT_FIELDS], [game.event_id, *values])
    return game


def _already_done(*, game: Game, key) -> HandChange | None:
    change = HandChange.objects.filter(request_key=key).select_related("hand").first()
    if change is not None and change.game_id != game.pk:
        raise DeskError("That form was for another game. Reload this game's sheet.")
    return change


def _check_version(game: Game, version: int) -> None:
    if version != game.version:
        raise StaleSheet(STALE_MESSAGE)


def _check_game(game: Game, *, allowed) -> None:
    if game.event.game_key != GAME_KEY:
        raise DeskError(f"This score sheet is for Texas Good Sams, not {game.event.game.name}.")
    if game.status not in allowed:
        raise DeskError(CLOSED_MESSAGES[game.status])


def _check_offenders(game: Game, entry: HandEntry) -> None:
    """Refuse a penalty whose offender does not play on the side it names."""
    named = [(index, p) for index, p in enumerate(entry.penalties) if p.offender is not None]
    if not named:
        return
    seats = dict(
        TeamMember.objects.filter(
            team__sides__game=game, player__in=[p.offender for _, p in named]
        ).values_list("player_id", "team__sides__seat")
    )
    for index, penalty in named:
        seat = seats.get(penalty.offender.pk)
        if seat != penalty.seat:
            raise HandError(
                f"{penalty.offender.name} does not play for Side {penalty.seat + 1} in this game.",
                field=f"penalty-{index}",
            )


def _fill(hand: Hand, entry: HandEntry, score: tgs.HandScore) -> None:
    for seat in SEATS:
        setattr(hand, f"play_{seat}", score.play[seat])
        setattr(hand, f"muggins_{seat}", score.muggins[seat])
        setattr(hand, f"pips_{seat}", entry.pips[seat])
        setattr(hand, f"award_{seat}", score.end_award[seat])
        setattr(hand, f"penalty_{seat}", score.penalty_points[seat])
        setattr(hand, f"points_{seat}", score.points[seat])
    hand.end = score.end
    hand.out_seat = score.out_side
    hand.reached_first = entry.reached_first
    if score.end == tgs.END_OUT:
        # Only the opponents' pips count when a side went out.
        setattr(hand, f"pips_{score.out_side}", None)


def _write_penalties(hand: Hand, entry: HandEntry) -> list[HandPenalty]:
    if not entry.penalties:
        return []
    return HandPenalty.objects.bulk_create(
        [
            HandPenalty(hand=hand, seat=p.seat, reason=p.reason, offender=p.offender)
            for p in entry.penalties
        ]
    )


def blocked_scoring(game: Game) -> str:
    """Return the event's house rule for scoring a blocked hand."""
    return tgs.clean_options(game.event.options)["blocked_scoring"]


class HandRow(NamedTuple):
    """What folding a game needs of each hand, read without building model objects."""

    pk: int
    number: int
    points: tuple[int, int]
    reached_first: int | None
    entry_key: uuid.UUID


def _hand_rows(game: Game) -> list[HandRow]:
    """Return the game's hands in order, as folding and the form-key check need them.

    Raw SQL, like `_lock_game`: it runs for every hand entered.
    """
    qn = connection.ops.quote_name
    hand = Hand._meta
    columns = ", ".join(
        qn(hand.get_field(name).column)
        for name in ("id", "number", "points_0", "points_1", "reached_first", "entry_key")
    )
    sql = (
        f"SELECT {columns} FROM {qn(hand.db_table)} "
        f"WHERE {qn(hand.get_field('game').column)} = %s ORDER BY {qn('number')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [game.pk])
        rows = cursor.fetchall()
    return [
        HandRow(pk, number, (first, second), reached, _as_uuid(key))
        for pk, number, first, second, reached, key in rows
    ]


def _as_uuid(value) -> uuid.UUID:
    # PostgreSQL hands back a UUID; SQLite keeps it as 32 hex characters.
    return value if isinstance(value, uuid.UUID) else uuid.UUID(value)


def _settle(*, game: Game, state: tgs.GameState, hand_count: int, by, confirm: bool) -> HandResult:
    """Store the new totals and decide, re-decide or reopen the game to match the hands."""
    result = HandResult(game=game, hand=None)
    was_won = game.status == Game.Status.FINISHED
    if was_won and not (state.finished and state.winner == game.winner_seat):
        if state.finished:
            # Another side wins now: the bracket service swaps the winner it advanced.
            game = _decide(game=game, winner=state.winner, by=by, confirm=confirm, result=result)
            result.won = True
        else:
            game = _reopen(game=game, by=by, confirm=confirm, result=result)
            result.reopened = True
    game = desk.set_game_progress(game=game, totals=state.totals, hand_count=hand_count)
    if state.finished and game.status != Game.Status.FINISHED:
        game = _decide(game=game, winner=state.winner, by=by, confirm=confirm, result=result)
        result.won = True
    result.game = game
    return result


def _decide(*, game, winner, by, confirm, result) -> Game:
    game = desk.record_result(game=game, winner_seat=winner, by=by, confirm=confirm)
    result.voided.extend(getattr(game, "voided_games", []))
    return game


def _reopen(*, game, by, confirm, result) -> Game:
    game = desk.reopen_game(game=game, by=by, confirm=confirm)
    result.voided.extend(getattr(game, "voided_games", []))
    return game


def delete_voided_hands(*, games: Sequence[Game], by=None) -> int:
    """Delete the hands of games a bracket correction voided, keeping them in the history.

    Connected to `tournaments.services.games_voided`, so it runs in the transaction of
    whatever voided the games (a hand correction here, or a result corrected on the
    bracket page). Return how many hands were deleted.
    """
    hands = list(
        Hand.objects.filter(game__in=[g.pk for g in games])
        .prefetch_related(Prefetch("penalties", HandPenalty.objects.select_related("offender")))
        .order_by("game_id", "number")
    )
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
                before=hand_snapshot(hand, hand.penalties.all()),
            )
            for hand in hands
        ]
    )
    Hand.objects.filter(pk__in=[hand.pk for hand in hands]).delete()
    return len(hands)


def _on_games_voided(sender, *, games, by=None, **kwargs) -> None:
    delete_voided_hands(games=games, by=by)


def add_hand(*, game: Game, by, version: int, key, entry: HandEntry) -> HandResult:
    """Add the next hand to a game, and record the result when it wins the game.

    A form sent again (same key) gets back the hand it already recorded.
    """
    key = uuid.UUID(str(key))
    try:
        return _add_hand(game=game, by=by, version=version, key=key, entry=entry)
    except IntegrityError:
        used = Hand.objects.filter(entry_key=key).exists()
        if used or HandChange.objects.filter(request_key=key).exists():
            raise DeskError("That form was for another game. Reload this game's sheet.") from None
        raise


@transaction.atomic
def _add_hand(*, game: Game, by, version: int, key: uuid.UUID, entry: HandEntry) -> HandResult:
    game = _lock_game(game.pk)
    hands = _hand_rows(game)
    for row in hands:
        if row.entry_key == key:
            return HandResult(game=game, hand=Hand.objects.get(pk=row.pk), repeated=True)
    _check_version(game, version)
    _check_game(game, allowed=OPEN)
    score = score_entry(entry, blocked_scoring=blocked_scoring(game))
    _check_offenders(game, entry)
    state = fold(
        [*((h.points, h.reached_first) for h in hands), (score.points, entry.reached_first)]
    )
    hand = Hand(game=game, number=len(hands) + 1, entry_key=key, entered_by=by)
    _fill(hand, entry, score)
    hand.save(force_insert=True)
    penalties = _write_penalties(hand, entry)
    _record_change(
        game=game,
        hand=hand,
        number=hand.number,
        action=HandChange.Action.ADDED,
        by=by,
        after=hand_snapshot(hand, penalties),
        key=key,
    )
    result = _settle(game=game, state=state, hand_count=len(hands) + 1, by=by, confirm=False)
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


@transaction.atomic
def edit_hand(
    *, hand: Hand, by, version: int, key, entry: HandEntry, confirm: bool = False
) -> HandResult:
    """Replace a hand's figures, then recompute the totals, the winner and the bracket."""
    game, done = _lock_for_correction(hand=hand, version=version, key=key)
    if done is not None:
        return HandResult(game=game, hand=done.hand, repeated=True)
    hands = _hand_rows(game)
    target = _find(hands, hand.pk)
    score = score_entry(entry, blocked_scoring=blocked_scoring(game))
    _check_offenders(game, entry)
    index = hands.index(target)
    rows = [(h.points, h.reached_first) for h in hands]
    rows[index] = (score.points, entry.reached_first)
    answered = _answer_for_later_hand(rows, index=index, answer=entry.reached_first)
    if answered is not None:
        entry = replace(entry, reached_first=None)
    state = fold(rows)
    target = Hand.objects.get(pk=target.pk)
    old_penalties = list(target.penalties.select_related("offender"))
    before = hand_snapshot(target, old_penalties)
    _fill(target, entry, score)
    target.edited_at = timezone.now()
    target.save()
    HandPenalty.objects.filter(hand=target).delete()
    penalties = _write_penalties(target, entry)
    _record_change(
        game=game,
        hand=target,
        number=target.number,
        action=HandChange.Action.EDITED,
        by=by,
        before=before,
        after=hand_snapshot(target, penalties),
        key=key,
    )
    if answered is not None:
        _set_reached_first(game=game, pk=hands[answered].pk, side=rows[answered][1], by=by)
    result = _settle(game=game, state=state, hand_count=len(hands), by=by, confirm=confirm)
    desk.log_activity(
        tournament=game.event.tournament, by=by, text=f"Edited hand {target.number} of {game}"
    )
    result.hand = target
    return result


@transaction.atomic
def delete_hand(*, hand: Hand, by, version: int, key, confirm: bool = False) -> HandResult:
    """Delete a hand and number the later hands down; recompute as for an edit."""
    game, done = _lock_for_correction(hand=hand, version=version, key=key)
    if done is not None:
        return HandResult(game=game, hand=None, repeated=True)
    hands = _hand_rows(game)
    target = _find(hands, hand.pk)
    rest = [h for h in hands if h.pk != target.pk]
    # Taking a hand away only lowers the later totals, so no new decision is needed.
    state = fold([(h.points, h.reached_first) for h in rest])
    target = Hand.objects.get(pk=target.pk)
    before = hand_snapshot(target, list(target.penalties.select_related("offender")))
    _record_change(
        game=game,
        hand=None,
        number=target.number,
        action=HandChange.Action.DELETED,
        by=by,
        before=before,
        key=key,
    )
    number = target.number
    target.delete()
    # One row at a time, upwards, so the numbers stay unique at every step.
    for later in rest:
        if later.number > number:
            Hand.objects.filter(pk=later.pk).update(number=later.number - 1)
    result = _settle(game=game, state=state, hand_count=len(rest), by=by, confirm=confirm)
    desk.log_activity(
        tournament=game.event.tournament, by=by, text=f"Deleted hand {number} of {game}"
    )
    return result


def _answer_for_later_hand(rows: list, *, index: int, answer: int | None) -> int | None:
    """Move the answer to "who reached 250 first" to the hand that needs it; return its index.

    A correction can make another hand take both sides to 250. The refusal names that
    hand and the official answers on the correction form, so the answer belongs to that
    hand, not to the one being corrected. `rows` is changed in place.
    """
    if answer is None:
        return None
    at = _fold_rules(rows).needs_decision_at
    if at is None or at == index:
        return None
    rows[at] = (rows[at][0], answer)
    rows[index] = (rows[index][0], None)
    return at


def _record_change(*, game, hand, number, action, by, before=None, after=None, key=None):
    """Keep one change to a hand in the history: who, when, before and after."""
    return HandChange.objects.create(
        game=game,
        hand=hand,
        hand_number=number,
        action=action,
        by=by,
        before=before,
        after=after,
        request_key=key,
    )


def _set_reached_first(*, game: Game, pk: int, side: int, by) -> None:
    """Record on a hand which side reached 250 first, with its history."""
    hand = Hand.objects.get(pk=pk)
    penalties = list(hand.penalties.select_related("offender"))
    before = hand_snapshot(hand, penalties)
    hand.reached_first = side
    hand.edited_at = timezone.now()
    hand.save(update_fields=["reached_first", "edited_at"])
    _record_change(
        game=game,
        hand=hand,
        number=hand.number,
        action=HandChange.Action.EDITED,
        by=by,
        before=before,
        after=hand_snapshot(hand, penalties),
    )


def _find(hands: Sequence[HandRow], pk: int) -> HandRow:
    for hand in hands:
        if hand.pk == pk:
            return hand
    raise DeskError("That hand is no longer on this sheet: someone deleted it.")
