"""Write services for bracket games: progress from scoring, results, corrections, reopening.

Scoring calls these inside its own transaction; the tournaments app never imports scoring.

- `set_game_progress` stores the running totals and hand count after every hand change.
- `record_result` decides a game (a win, or a walkover with no hands), advances the
  winner to the game and slot its winner goes to, and corrects a result already given.
- `reopen_game` takes a result back (a correction took both sides below the target).

Corrections follow one rule. The old winner is taken out of the games they went on to:
a later game with no hands that is not decided simply gets the new team (or waits for
one); a later game that has hands or is decided must be voided, and so must every game
after it on the winner's path. Voiding needs the official's say-so: without
``confirm=True`` the service raises `ConfirmationNeeded` listing those games and
changes nothing. With it, each voided game loses its totals, hand count and winner and
goes back to "ready" (or "waiting" for a side).

How scoring learns which games were voided (their hands are scoring's business):
- the `games_voided` signal is sent inside the same transaction, with ``games`` (the
  voided `Game` rows, already reset) and ``by``; scoring connects a receiver that
  deletes or marks their hands, so both commit or roll back together;
- the returned game carries the same list as ``game.voided_games``;
- every voided game's ``version`` is bumped, so an open score sheet for one is stale.

Singles fed by doubles: when a doubles game is the first game its losing team played
(round one, or round two after a bye), the team's two partners get a partners' game
(stage 0) in the singles event fed by the doubles event, at once, with a singles team
and entry for each (marked ``fed_from`` that doubles game). When that result is
corrected or reopened, all of that goes, leaving the singles event exactly as if the
wrong result had never been given (tests compare with a replay from scratch):
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
`tournaments.services.draws.open_singles` creates partners' games for doubles results
given before the singles event existed.

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

import functools
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Max, Q
from django.dispatch import Signal
from django.utils import timezone

from .. import naming, selectors
from ..changes import mark_changed
from ..errors import DeskError
from ..models import DECIDED, WITH_RESULT, Entry, Event, Game, Side, Team, TeamMember
from . import result_statements
from .locked_games import GameRow, LockedGames, SideRow

__all__ = [
    "DECIDED",
    "ConfirmationNeeded",
    "Settled",
    "StaleGame",
    "feed_partners_game",
    "game_name",
    "games_voided",
    "is_first_game",
    "record_result",
    "reopen_game",
    "set_game_progress",
    "settle_bracket_game",
]

# Sent inside the transaction with `games` (voided Game rows) and `by` (the user).
games_voided = Signal()

# A cancelled partners' game is moved to this position plus its id: out of every list.
SET_ASIDE = 1_000_000
REASON_MAX = 200

# Off: every result takes the general path (the tests compare the two; the bench
# measures both).
ONE_STATEMENT = True


class ConfirmationNeeded(DeskError):
    """A correction would void later games; ``games`` lists them for the official."""

    def __init__(self, message: str, *, games):
        super().__init__(message)
        self.games = list(games)


class StaleGame(DeskError):
    """The game changed since the official's page was drawn."""


def game_name(game) -> str:
    """Name a game for the official as every page does: "Game 6 (Semi-final)" (naming)."""
    return selectors.game_name(game)


# How the activity log names a game: "Doubles, Game 13 (Quarter-final)". The same
# template serves `result_statements`' SQL, which fills in the names it reads.
_LOG_GAME = "{event}, {game}"


def _log_name(game: GameRow) -> str:
    """Name a game in the activity log: its event and its name on every page (naming)."""
    return _LOG_GAME.format(event=game.event.name, game=game_name(game))


def _voided_name(game: GameRow, current: GameRow) -> str:
    """Name a voided game in the log line of ``current``: "Game 9 (Semi-final)", or
    "Partners' game 2 in Singles" for a game of another event."""
    if game.event is current.event:
        return game_name(game)
    return f"{game_name(game)} in {game.event.name}"


def _as_games(rows) -> list[Game]:
    """Return the Game rows (with their event) for locked rows, in the same order."""
    found = Game.objects.select_related("event").in_bulk([row.pk for row in rows])
    return [found[row.pk] for row in rows]


def _check_version(game: GameRow, expected_version) -> None:
    if expected_version is not None and int(expected_version) != game.version:
        raise StaleGame(
            f"{game_name(game)} changed while you were looking at it. "
            "Here it is as it stands now; check it and try again."
        )


def _check_sides_known(game: GameRow) -> None:
    if game.status == Game.Status.BYE:
        raise DeskError("This is a bye: there is no game to play.")
    if game.status == Game.Status.VOID:
        raise DeskError("This game was cancelled and is not played.")
    if not game.both_seated:
        raise DeskError(f"{game_name(game)} is still waiting for a side.")


def _side_name(side: SideRow, team_size: int) -> str:
    """Name a seated side in the activity log by its number: "Team 9", "Player 9"."""
    return naming.team_number_label(side.team_number, team_size)


def _follow_winner(locked: LockedGames, game: GameRow, team_id) -> None:
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
            _cancel_partner_games(locked, later)
            _set_final_event_status(later, finished=False)
        locked.void(later)
        locked.place(later, slot, team_id)
        if not was_decided:
            return
        next_id, slot, team_id = later.next_game_id, later.next_slot, None


def _cancel_partner_games(locked: LockedGames, doubles_game: GameRow) -> None:
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
        if Game.objects.filter(event_id=partner_game.event_id, stage=1).exists():
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


def _take_back_singles(locked: LockedGames) -> dict[int, tuple[int, list[int]]]:
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


def _renumber_singles(singles_ids) -> None:
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
        fields = {"changed_at": timezone.now()}
        if not Game.objects.filter(
            Q(stage=1) | Q(stage=0, position__lt=SET_ASIDE), event_id=singles_id
        ).exists():
            fields["status"] = Event.Status.REGISTRATION
        Event.objects.filter(pk=singles_id, status=Event.Status.PLAYING).update(**fields)
        Event.objects.filter(pk=singles_id).update(changed_at=fields["changed_at"])


def _set_final_event_status(game: GameRow, *, finished: bool) -> None:
    """Mark the event finished when its final is decided, playing again when it is not."""
    if game.stage != 1 or game.next_game_id is not None:
        return
    wanted = Event.Status.FINISHED if finished else Event.Status.PLAYING
    if game.event.status != wanted:
        game.event.status = wanted
        game.event.status_changed = True


def is_first_game(game, seat: int) -> bool:
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
    if Game.objects.filter(event=singles, stage=1).exists():
        raise DeskError(
            f"The {singles.name} bracket has already been drawn; "
            "doubles results that send partners to singles can no longer change."
        )
    members = list(
        TeamMember.objects.filter(team_id=loser_team_id)
        .select_related("player")
        .order_by("position")
    )
    if len(members) != 2:
        return None
    players = [member.player for member in members]
    teams = {
        member.player_id: member.team
        for member in TeamMember.objects.filter(event=singles, player__in=players).select_related(
            "team"
        )
    }
    free_numbers = list(numbers)
    next_number = (Team.objects.filter(event=singles).aggregate(n=Max("number"))["n"] or 0) + 1
    for player in players:
        if player.pk not in teams:
            if free_numbers:
                number = free_numbers.pop(0)
            else:
                number, next_number = next_number, next_number + 1
            team = Team.objects.create(event=singles, number=number, fed_from_id=doubles_game.pk)
            TeamMember.objects.create(team=team, event=singles, player=player, position=0)
            Entry.objects.get_or_create(
                event=singles, player=player, defaults={"fed_from_id": doubles_game.pk}
            )
            teams[player.pk] = team
    live = Game.objects.filter(event=singles, stage=0, position__lt=SET_ASIDE)
    if position is None or live.filter(position=position).exists():
        last = live.aggregate(p=Max("position"))["p"]
        position = 0 if last is None else last + 1
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


def _finish(locked: LockedGames, *, current: GameRow, game: Game, by, text: str, confirm: bool):
    """Refuse or carry out the voiding, write everything, log it and tell scoring."""
    if locked.voided and not confirm:
        names = ", ".join(f"{g.event.name}: {game_name(g)}" for g in locked.voided)
        count = len(locked.voided)
        raise ConfirmationNeeded(
            f"This change voids {count} later game{'s' if count != 1 else ''} that already "
            f"{'have' if count != 1 else 'has'} scores or a result ({names}). "
            "Confirm to void them; their scores will be wiped.",
            games=_as_games(locked.voided),
        )
    locked.touch(current)
    if locked.voided:
        text += f"; voided {', '.join(_voided_name(g, current) for g in locked.voided)}"
    now = locked.save(by=by, text=text)
    _copy_back(current, game, now)
    game.voided_games = _as_games(locked.voided) if locked.voided else []
    if locked.voided:
        games_voided.send(sender=Game, games=list(game.voided_games), by=by)
    game.freed_singles = _take_back_singles(locked) if locked.cancelled else {}


def _copy_back(current: GameRow, game: Game, now) -> None:
    """Bring the caller's game object up to date with the locked row."""
    for name in ("status", "winner_seat", "walkover", "hand_count", "version"):
        setattr(game, name, getattr(current, name))
    game.walkover_reason = current.reason
    game.updated_at = now


def _result_text(name: str, winner: str, loser: str, *, walkover: bool, correcting=False) -> str:
    """Write the activity line of a result: "Doubles, Game 2 (Semi-final): Team 3 beat Team 9"."""
    how = "won by walkover (W/O) against" if walkover else "beat"
    return f"{name}{' corrected' if correcting else ''}: {winner} {how} {loser}"


@functools.cache
def _statement_texts(walkover: bool) -> tuple[str, str]:
    """Return the activity line of a result as `format()` templates for the statement, by
    team size (1, 2): it fills in the event's name (%1$s), the game's name (%2$s) and the
    winning and losing sides' numbers (%3$s, %4$s), as `_log_name` and `_side_name` do."""
    return tuple(
        _result_text(
            _LOG_GAME.format(event="%1$s", game="%2$s"),
            naming.team_number_label("%3$s", team_size),
            naming.team_number_label("%4$s", team_size),
            walkover=walkover,
        )
        for team_size in (1, 2)
    )


def _one_statement() -> bool:
    return ONE_STATEMENT and result_statements.available()


def _valid_progress(totals: tuple, hand_count) -> bool:
    """Say whether two totals and a hand count are whole and not negative (else: general path)."""
    try:
        return (
            len(totals) == 2
            and all(int(total) == total and total >= 0 for total in totals)
            and int(hand_count) == hand_count
            and hand_count >= 0
        )
    except (TypeError, ValueError):
        return False


def _decide_at_once(
    game: Game,
    *,
    winner_seat: int,
    walkover: bool,
    expected_version,
    by,
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
        texts=_statement_texts(walkover),
        now=now,
        totals=None if totals is None else tuple(int(total) for total in totals),
        hand_count=hand_count,
    )
    if written is None:
        return False
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
    if _one_statement() and _valid_progress(totals, hand_count):
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
        now = locked.save()
        _copy_back(current, game, now)
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
    by,
    walkover: bool = False,
    reason: str = "",
    confirm: bool = False,
    expected_version: int | None = None,
) -> Game:
    """Decide a game, advance its winner, and correct a result already given.

    ``winner_seat`` is 0 or 1. A walkover (W/O) has no hands, unless it is a forfeit:
    given over entered hands with a ``reason``. Raises `ConfirmationNeeded` when the
    change would void later games and ``confirm`` is not set, and `StaleGame` when
    ``expected_version`` no longer matches. The returned game carries ``voided_games``.
    """
    walkover = bool(walkover)
    reason = clean_reason(reason) if walkover else ""
    if winner_seat in (0, 1) and _decide_at_once(
        game,
        winner_seat=winner_seat,
        walkover=walkover,
        expected_version=expected_version,
        by=by,
        reason=reason,
    ):
        return game
    with transaction.atomic():
        locked = LockedGames()
        current = locked.lock_with_next(game)
        _check_version(current, expected_version)
        _check_sides_known(current)
        if winner_seat not in (0, 1):
            raise DeskError("Choose the winner: side 1 or side 2.")
        if walkover and current.hand_count and not reason:
            raise DeskError(
                f"Hands have been entered in {game_name(current)}; a walkover (W/O) has "
                "no hands. Record the winner instead, delete the hands first, or give "
                "the game as a forfeit with its reason."
            )
        winner, loser = current.seats[winner_seat], current.seats[1 - winner_seat]
        name = _log_name(current)
        size = current.event.team_size
        why = f" ({reason})" if reason else ""
        if current.is_decided and current.winner_seat == winner_seat:
            if (current.walkover, current.reason) != (walkover, reason):
                current.walkover = walkover
                current.reason = reason
                current.status = Game.Status.WALKOVER if walkover else Game.Status.FINISHED
                how = "won by walkover (W/O)" if walkover else "won"
                text = f"{name}: {_side_name(winner, size)} {how}{why}"
                _finish(locked, current=current, game=game, by=by, text=text, confirm=confirm)
            else:
                _copy_back(current, game, game.updated_at)
            game.voided_games = []
            return game

        correcting = current.is_decided
        if correcting:
            _cancel_partner_games(locked, current)
        current.winner_seat = winner_seat
        current.walkover = walkover
        current.reason = reason
        current.status = Game.Status.WALKOVER if walkover else Game.Status.FINISHED
        _follow_winner(locked, current, winner.team_id)
        _set_final_event_status(current, finished=True)
        text = _result_text(
            name,
            _side_name(winner, size),
            _side_name(loser, size),
            walkover=walkover,
            correcting=correcting,
        )
        _finish(locked, current=current, game=game, by=by, text=text + why, confirm=confirm)

        singles_id = current.event.singles_id
        if singles_id and current.stage == 1 and is_first_game(current, loser.seat):
            singles = Event.objects.select_for_update().get(pk=singles_id)
            position, numbers = game.freed_singles.get(current.pk, (None, ()))
            feed_partners_game(
                doubles_game=current,
                singles=singles,
                loser_team_id=loser.team_id,
                position=position,
                numbers=numbers,
            )
        if locked.cancelled:
            _renumber_singles(g.event_id for g in locked.cancelled)
        return game


def reopen_game(
    *, game: Game, by, confirm: bool = False, expected_version: int | None = None
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
            raise DeskError(f"{game_name(current)} has no result to take back.")
        winner = current.seats[current.winner_seat]
        _cancel_partner_games(locked, current)
        _follow_winner(locked, current, None)
        _set_final_event_status(current, finished=False)
        current.winner_seat = None
        current.walkover = False
        current.reason = ""
        current.status = Game.Status.PLAYING if current.hand_count else Game.Status.READY
        text = (
            f"{_log_name(current)}: reopened "
            f"(took back {_side_name(winner, current.event.team_size)}'s win)"
        )
        _finish(locked, current=current, game=game, by=by, text=text, confirm=confirm)
        if locked.cancelled:
            _renumber_singles(g.event_id for g in locked.cancelled)
        return game


@dataclass
class Settled:
    """What settling a game after a hand change did: the game as it now stands.

    won: the game was decided, or went to another side. reopened: a result was taken
    back. voided: later bracket games voided on the way (their hands go too).
    """

    game: Game
    won: bool = False
    reopened: bool = False
    voided: list = field(default_factory=list)


def settle_bracket_game(*, game: Game, fold, hand_count: int, by, confirm: bool) -> Settled:
    """Store a bracket game's totals and decide, re-decide or reopen it to match its hands.

    The hand that ends an ordinary game stores its totals and decides it in one
    statement on PostgreSQL (`_decide_at_once`).
    """
    settled = Settled(game=game)
    was_won = game.status == Game.Status.FINISHED
    if was_won and not (fold.finished and fold.winner == game.winner_seat):
        if fold.finished:
            # Another side wins now: the winner it advanced is swapped.
            game = record_result(game=game, winner_seat=fold.winner, by=by, confirm=confirm)
            settled.won = True
        else:
            game = reopen_game(game=game, by=by, confirm=confirm)
            settled.reopened = True
        settled.voided.extend(game.voided_games)
    elif (
        fold.finished
        and not was_won
        and fold.winner in (0, 1)
        and _valid_progress(tuple(fold.totals), hand_count)
        and _decide_at_once(
            game,
            winner_seat=fold.winner,
            walkover=False,
            expected_version=None,
            by=by,
            totals=tuple(fold.totals),
            hand_count=int(hand_count),
        )
    ):
        settled.won = True
        return settled
    game = set_game_progress(game=game, totals=fold.totals, hand_count=hand_count)
    if fold.finished and game.status != Game.Status.FINISHED:
        game = record_result(game=game, winner_seat=fold.winner, by=by, confirm=confirm)
        settled.won = True
        settled.voided.extend(game.voided_games)
    settled.game = game
    return settled
