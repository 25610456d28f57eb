"""The official's one-click results on the bracket page: checked, previewed, undone.

`results.py` applies a result as told (scoring's hands use it too). These are the
official's buttons, with the rules that make a result hard to give by mistake:

- A plain win over entered hands must agree with the score sheet: the game is still
  open and the winner is ahead and has reached the game's target score (a game the
  sheet has already decided is changed on the sheet, by editing or deleting a hand).
  Anything else over hands is a forfeit: a walkover (W/O) with its reason.
- A walkover or forfeit given here always has a reason (stored on the game, shown).
- Every result and take-back is shown first (`preview_result`, `preview_take_back`):
  what it will do, in plain words, found by doing it in a transaction that is rolled
  back, so the preview is exactly what the confirmed action does.
- The result just given can be undone (`undo_result`) while nothing has changed since
  (the game's version): a first result is taken back, a correction restores the
  result it replaced. Undo is not offered for a change that voided later games (their
  hands are gone; the history keeps them).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from .. import naming
from ..acting import User
from ..errors import DeskError
from ..models import WITH_RESULT, Game, Team
from ..naming import PARTNERS_STAGE
from .dry_run import rolled_back
from .results import (
    SET_ASIDE,
    ConfirmationNeeded,
    StaleGame,
    clean_reason,
    name_of,
    record_result,
    reopen_game,
)

__all__ = [
    "Before",
    "Preview",
    "give_result",
    "preview_result",
    "preview_take_back",
    "take_back_result",
    "undo_result",
]


@dataclass(frozen=True)
class Before:
    """A game's result before a one-click change: what Undo puts back (None: no result)."""

    winner_seat: int
    walkover: bool
    reason: str
    closed: bool = False  # closed at time (the highest total won)

    @classmethod
    def of(cls, game) -> Before | None:
        """Return a game's result as Undo would put it back, or None without a result."""
        if game.status not in WITH_RESULT or game.winner_seat is None:
            return None
        closed = game.status == Game.Status.CLOSED
        return cls(game.winner_seat, game.walkover, game.walkover_reason, closed)

    def as_list(self) -> list:
        return [self.winner_seat, self.walkover, self.reason, self.closed]

    @classmethod
    def from_list(cls, value) -> Before | None:
        """Read a stored Before (a list of three or four), or None for anything else."""
        if not isinstance(value, list) or len(value) not in (3, 4):
            return None
        seat, walkover, reason, closed = [*value, False][:4]
        if seat not in (0, 1) or not isinstance(walkover, bool) or not isinstance(reason, str):
            return None
        if not isinstance(closed, bool):
            return None
        return cls(seat, walkover, reason, closed)


@dataclass
class Preview:
    """What a result or take-back will do: plain sentences, and the games it voids."""

    lines: list[str] = field(default_factory=list)
    voided: list = field(default_factory=list)


def _label(team_id) -> str:
    team = (
        Team.objects.prefetch_related("memberships__player").filter(pk=team_id).first()
        if team_id
        else None
    )
    return team.label if team is not None else "nobody"


def _fresh(game: Game) -> Game:
    return Game.objects.select_related("event").get(pk=game.pk)


def _sides(game: Game) -> list:
    return sorted(game.sides.all(), key=lambda side: side.seat)


def _hands(game: Game) -> str:
    return f"{game.hand_count} hand{'s' if game.hand_count != 1 else ''}"


def _decided(game: Game, sides) -> str:
    """Say how the sheet decided a game, winner's total first: "Ann & Bo won 260 – 175 ..."."""
    plain = [side.total for side in sides]
    totals = naming.result_totals(plain, game.winner_seat)
    target = game.event.game.target_score(game.event.options)
    why = naming.reached_first(plain, game.winner_seat, target)
    totals = f"{totals}, {why}," if why else totals
    return f"{_label(sides[game.winner_seat].team_id)} won {totals} after {_hands(game)}"


def _check_against_sheet(game: Game, winner_seat: int, *, walkover: bool, reason: str) -> None:
    """Refuse a one-click result that the game's score sheet does not bear out."""
    if walkover:
        if not reason:
            raise DeskError(
                "Say why the game is given as a walkover (W/O): for example "
                "“did not come to the table” or “withdrew, unwell”."
            )
        return
    if not game.hand_count or winner_seat not in (0, 1):
        return
    sides = _sides(game)
    totals = [side.total for side in sides]
    stands = f"{naming.result_totals(totals)} after {_hands(game)}"
    name = name_of(game)
    if game.status == Game.Status.CLOSED:
        raise DeskError(
            f"{name} was closed at time: {_decided(game, sides)}. To change its result, "
            "edit or delete a hand on the score sheet (the bracket follows), take the "
            "result back to play on, or record a forfeit with its reason."
        )
    if game.is_decided:
        raise DeskError(
            f"The score sheet decided {name}: {_decided(game, sides)}. To change its "
            "result, edit or delete a hand on the score sheet; the bracket follows. To "
            "give the game to the other side anyway, record a forfeit with its reason."
        )
    target = game.event.game.target_score(game.event.options)
    mine, theirs = totals[winner_seat], totals[1 - winner_seat]
    if mine <= theirs or (target is not None and mine < target):
        wanted = f"reached {target} and leads" if target is not None else "leads"
        raise DeskError(
            f"The score sheet of {name} stands at {stands}: {_label(sides[winner_seat].team_id)} "
            f"has not {wanted}. Enter the rest of the hands on the score sheet (the result "
            "follows from them), or record a forfeit with its reason."
        )


def give_result(
    *,
    game: Game,
    winner_seat: int,
    by: User,
    walkover: bool = False,
    reason: str = "",
    confirm: bool = False,
    expected_version: int | None = None,
) -> tuple[Game, Before | None]:
    """Record the official's one-click result (or correction) after checking it.

    Return the game as it now stands and what it was before (for Undo).
    """
    walkover = bool(walkover)
    reason = clean_reason(reason) if walkover else ""
    with transaction.atomic():
        current = _fresh(game)
        if expected_version is not None and int(expected_version) != current.version:
            raise StaleGame(
                f"{name_of(current)} changed while you were looking at it. "
                "Here it is as it stands now; check it and try again."
            )
        _check_against_sheet(current, winner_seat, walkover=walkover, reason=reason)
        before = Before.of(current)
        record_result(
            game=game,
            winner_seat=winner_seat,
            by=by,
            walkover=walkover,
            reason=reason,
            confirm=confirm,
            expected_version=expected_version,
        )
        return game, before


def take_back_result(
    *, game: Game, by: User, confirm: bool = False, expected_version: int | None = None
) -> Game:
    """Take back a result given at the desk (a result the score sheet decided is
    changed on the sheet instead)."""
    with transaction.atomic():
        current = _fresh(game)
        if current.status == Game.Status.FINISHED and current.hand_count:
            raise DeskError(
                f"The score sheet decided {name_of(current)}: "
                f"{_decided(current, _sides(current))}. To take the result back, edit or "
                "delete the hand that ended it on the score sheet."
            )
        return reopen_game(game=game, by=by, confirm=confirm, expected_version=expected_version)


def undo_result(*, game: Game, by: User, version: int, before: Before | None) -> Game:
    """Put a game back exactly as it was before the one-click result just given.

    ``version`` is the game's version right after that result: anything changed since
    and Undo is refused (the official corrects the result instead).
    """
    with transaction.atomic():
        current = _fresh(game)
        if current.version != version:
            raise DeskError(
                f"{name_of(current)} has changed since that result was "
                "given, so it can no longer be undone. Correct the result instead."
            )
        try:
            if before is None:
                return reopen_game(game=game, by=by, expected_version=version)
            return record_result(
                game=game,
                winner_seat=before.winner_seat,
                by=by,
                walkover=before.walkover,
                reason=before.reason,
                expected_version=version,
                closed=before.closed,
            )
        except ConfirmationNeeded as exc:
            names = ", ".join(name_of(g) for g in exc.games)
            raise DeskError(
                f"That result can no longer be undone: {names} has had scores or a "
                "result since. Correct the result instead."
            ) from None


# Previews: do it, describe it, roll it back ---------------------------------------------


def _partners_games_of(doubles_game_id) -> list[Game]:
    return list(
        Game.objects.filter(fed_from_id=doubles_game_id, position__lt=SET_ASIDE)
        .exclude(status=Game.Status.VOID)
        .select_related("event")
        .prefetch_related("sides")
    )


def _partners_line(partners_game: Game, verb: str) -> str:
    names = " and ".join(_label(side.team_id) for side in _sides(partners_game))
    return f"{names} {verb} in {partners_game.event.name} ({name_of(partners_game)})."


def _describe(before_game: Game, after: Game, old_partners, preview: Preview) -> None:
    """Add what changed between ``before_game`` and ``after`` to the preview, in words."""
    event = after.event
    sides = _sides(after)
    lines = preview.lines
    if after.winner_seat is not None:
        winner = _label(sides[after.winner_seat].team_id)
        loser = _label(sides[1 - after.winner_seat].team_id)
        how = " by walkover (W/O)" if after.walkover else ""
        if after.walkover and after.hand_count:
            how = " by forfeit, over the hands entered"
        lines.append(f"Record that {winner} beat {loser} in {name_of(after)}{how}.")
        if after.walkover_reason:
            lines.append(f"Reason kept with the result: “{after.walkover_reason}”.")
        if before_game.winner_seat is not None and before_game.winner_seat != after.winner_seat:
            lines.append(f"This replaces {loser}'s win.")
        nxt = Game.objects.filter(pk=after.next_game_id).first() if after.next_game_id else None
        if after.stage != PARTNERS_STAGE and (
            nxt is None
            or (nxt.only_if_game_id == after.pk and nxt.only_if_slot != after.winner_seat)
        ):
            lines.append(f"{winner} win {event.name}.")
        elif nxt is not None:
            lines.append(f"{winner} go on to {name_of(nxt)}.")
        if after.loser_game_id is not None:
            lines.append(f"{loser} go to {name_of(Game.objects.get(pk=after.loser_game_id))}.")
        if not after.hand_count:
            lines.append("No hands are entered for this game; the sheet will show no score.")
    else:
        old = _label(_sides(before_game)[before_game.winner_seat].team_id)
        again = "playing again" if after.hand_count else "ready to play again"
        lines.append(f"Take back {old}'s win in {name_of(after)}: the game is {again}.")
        if before_game.next_game_id is not None:
            nxt = Game.objects.get(pk=before_game.next_game_id)
            lines.append(f"{old} leave {name_of(nxt)}.")
        if before_game.loser_game_id is not None:
            beaten = _label(_sides(before_game)[1 - before_game.winner_seat].team_id)
            later = Game.objects.get(pk=before_game.loser_game_id)
            lines.append(f"{beaten} leave {name_of(later)}.")
    new_partners = _partners_games_of(after.pk)
    old_ids = {g.pk for g in old_partners}
    for partners_game in old_partners:
        if partners_game.pk not in {g.pk for g in new_partners}:
            lines.append(_partners_line(partners_game, "no longer play each other"))
    for partners_game in new_partners:
        if partners_game.pk not in old_ids:
            lines.append(_partners_line(partners_game, "will play each other"))
    if preview.voided:
        lines.append(
            f"{len(preview.voided)} later game{'s' if len(preview.voided) != 1 else ''} "
            "lose their scores and result (listed below)."
        )


def _preview(game: Game, action) -> Preview:
    preview = Preview()
    before_game = _fresh(game)
    old_partners = _partners_games_of(game.pk)

    def describe():
        done = action(_fresh(game))
        preview.voided = list(done.voided_games)
        _describe(before_game, _fresh(game), old_partners, preview)

    rolled_back(describe)
    if preview.voided:
        # As they stand (the preview read them after they were voided).
        found = Game.objects.select_related("event").in_bulk([g.pk for g in preview.voided])
        preview.voided = [found[g.pk] for g in preview.voided]
    return preview


def preview_result(
    *,
    game: Game,
    winner_seat: int,
    by: User,
    walkover: bool = False,
    reason: str = "",
    expected_version: int | None = None,
) -> Preview:
    """Say what `give_result` will do, changing nothing; raise what it would refuse."""

    def action(fresh):
        given, _ = give_result(
            game=fresh,
            winner_seat=winner_seat,
            by=by,
            walkover=walkover,
            reason=reason,
            confirm=True,
            expected_version=expected_version,
        )
        return given

    return _preview(game, action)


def preview_take_back(*, game: Game, by: User, expected_version: int | None = None) -> Preview:
    """Say what `take_back_result` will do, changing nothing."""
    return _preview(
        game,
        lambda fresh: take_back_result(
            game=fresh, by=by, confirm=True, expected_version=expected_version
        ),
    )
