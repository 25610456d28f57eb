"""Write services that play the rounds of a rounds event: start, settle, close, finish.

The flow of a rounds event (every game but Texas Good Sams):
1. Partnership events draw their partners first (`draw_partners_for_event`); in other
   events every checked-in entrant is a side of their own.
2. `seat_round` (`seating.py`) seats the next round with `games.seating` (a recorded
   seed: the same seed seats alike): tables of sizes the game allows, fair sit-outs,
   fewest repeat opponents. The seating is shown to the official first (round status
   "seating").
3. `move_entrant` (`seating.py`) swaps two entrants or moves one to another table or out
   of the round, while the tables concerned have no hands; `seat_round` may also seat it
   afresh.
4. `start_round` opens the tables for score entry and the public pages.
5. Hands settle each table through `settle_table`; `close_at_time` ends a table's game
   when the round's time is up. When every table has a result the round is finished and
   the next round can be seated; late arrivals join from there.
"""

from __future__ import annotations

from django.db import connection, transaction
from django.db.models import Case, F, Q, Subquery, Value, When
from django.utils import timezone

from games.engine import Fold
from games.engine import close_at_time as closed_result

from .. import naming
from ..acting import User
from ..changes import log_activity, mark_changed
from ..compiled import compiled
from ..errors import DeskError
from ..models import OPEN, SCORED, Event, Game, Round, Side
from .settle_bracket import Settled


def lock_event(event: Event) -> Event:
    """Return the event locked for this transaction (its round is seated one at a time)."""
    return (
        Event.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=event.pk)
    )


def lock_round(round_: Round) -> Round:
    """Return the round locked for this transaction, with its event and tournament."""
    return (
        Round.objects.select_for_update(of=("self",))
        .select_related("event__tournament")
        .get(pk=round_.pk)
    )


# Lock order, on every path that locks a round and games of it: the round first, then
# its games, then the event's row (a hand: the round, then its game, as
# `lock_round_of_game` then the game's own lock in scoring/services/game_rows.py; close
# at time the same; start_round and move_entrant the round, then the games they change;
# seat_round the event's last round, then the event, see seating.py); the event's change
# marker is written last. Whoever decides that a round is finished holds its round's
# lock, so two tables decided at once are seen one after the other. Locking a game
# before its round deadlocks against move_entrant (tests/services/test_races_rounds.py).


def lock_round_of_game(game_id: int) -> None:
    """Lock the round the game is played in (none for a bracket game), before the game.

    Nothing to do where the database has no row locks (SQLite: a writer holds the
    whole database).
    """
    if not connection.features.has_select_for_update:
        return
    _lock_round_rows(game=int(game_id))


def round_lock_statement(game_id: int) -> tuple[str, list] | None:
    """The SQL and parameters of `lock_round_of_game`, to send with the game's own lock in
    one round trip (None where the database has no row locks)."""
    if not connection.features.has_select_for_update:
        return None
    return _lock_round_rows.statement(game=int(game_id))


@compiled(game=-770_601)
def _lock_round_rows(*, game: int):
    """The lock of `lock_round_of_game`, compiled once: it runs for every hand at a table."""
    table = Game.objects.filter(pk=game).values("round_id")
    return Round.objects.select_for_update().filter(pk=Subquery(table)).values_list("pk")


def refuse_while_playing(event: Event) -> None:
    """Refuse while a round is being played (a correction may reopen an earlier one)."""
    current = (
        Round.objects.filter(event=event, status=Round.Status.PLAYING).order_by("number").first()
    )
    if current is not None:
        raise DeskError(
            f"Round {current.number} is still being played: every table needs a result "
            "(or to be closed at time) before the next round."
        )


@transaction.atomic
def start_round(*, round: Round, by: User) -> Round:
    """Open a seated round's tables for scores; the public pages show it from now on."""
    round_ = lock_round(round)
    if round_.status != Round.Status.SEATING:
        raise DeskError(f"Round {round_.number} has already started.")
    refuse_while_playing(round_.event)
    round_.status = Round.Status.PLAYING
    round_.started_at = timezone.now()  # the round's clock starts here (server time)
    round_.save(update_fields=["status", "started_at"])
    Game.objects.filter(round=round_, status=Game.Status.WAITING).update(
        status=Game.Status.READY, version=F("version") + 1, updated_at=timezone.now()
    )
    mark_changed(event=round_.event)
    log_activity(
        tournament=round_.event.tournament,
        by=by,
        text=f"Started {round_.event.name}, {naming.seating_round_name(round_.number)}",
    )
    return round_


def _finish_round_if_done(round_id: int) -> None:
    """Mark the round finished when every table has a result, playing again when not.

    The round is locked first (already held on every path, see the lock order above):
    the other tables are read once no other table's result is being decided.
    """
    list(Round.objects.select_for_update().filter(pk=round_id).values_list("pk"))
    open_tables = Game.objects.filter(round_id=round_id).exclude(status__in=SCORED).exists()
    wanted = Round.Status.PLAYING if open_tables else Round.Status.FINISHED
    Round.objects.filter(pk=round_id).exclude(status=Round.Status.SEATING).exclude(
        status=wanted
    ).update(status=wanted)


def _store_table(game: Game, *, totals, status: str, winner_seat, hand_count: int) -> Game:
    """Store the table's totals (one statement, the sides that changed) and its result.

    The round's own status is looked at only when the table gains or loses a result:
    otherwise what decides it (is every table scored?) is as it was.
    """
    now = timezone.now()
    decided = (game.status in SCORED) != (status in SCORED)
    running = game.status not in SCORED and status not in SCORED  # no result before or after
    same = Q(pk__in=[])
    for seat, total in enumerate(totals):
        same |= Q(seat=seat, total=total)
    Side.objects.filter(game=game, seat__lt=len(totals)).exclude(same).update(
        total=Case(*(When(seat=seat, then=Value(total)) for seat, total in enumerate(totals)))
    )
    game.status = status
    game.winner_seat = winner_seat
    game.hand_count = hand_count
    game.version += 1
    game.updated_at = now
    Game.objects.filter(pk=game.pk).update(
        status=status,
        winner_seat=winner_seat,
        hand_count=hand_count,
        version=game.version,
        updated_at=now,
    )
    if decided:
        _finish_round_if_done(game.round_id)
    # A running score changes this table's own page only (its version); a result, or a
    # decided table's totals or winner corrected, the round's standings and every page of
    # the event (the standings are kept under its shared version), but no team's names.
    mark_changed(event=game.event_id, at=now, one_game=running, names=False)
    return game


def settle_table(*, game: Game, fold: Fold, hand_count: int, by: User | None) -> Settled:
    """Store a rounds game's totals and result to match its hands (inside scoring's lock).

    A game closed at time stays closed (its result is the best total) unless its hands
    now reach the game's end by themselves.
    """
    was = (game.status, game.winner_seat)
    if fold.finished:
        status, winner = Game.Status.FINISHED, fold.winner
    elif game.status == Game.Status.CLOSED:
        status, winner = Game.Status.CLOSED, closed_result(fold.totals).winner
    else:
        status = Game.Status.PLAYING if hand_count else Game.Status.READY
        winner = None
    game = _store_table(
        game, totals=fold.totals, status=status, winner_seat=winner, hand_count=hand_count
    )
    has_result = status in SCORED
    had_result = was[0] in SCORED
    return Settled(
        game=game,
        won=has_result and (not had_result or was[1] != winner),
        reopened=had_result and not has_result,
    )


@transaction.atomic
def close_at_time(*, game: Game, by: User, version: int | None = None) -> Game:
    """End a table's game when the round's time is up: the highest total wins, level ties."""
    lock_round_of_game(game.pk)
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("event__tournament", "round")
        .get(pk=game.pk)
    )
    if game.round_id is None:
        raise DeskError("Only a game at a table of a round can be closed at time.")
    if version is not None and int(version) != game.version:
        raise DeskError(
            f"Table {game.table_number} changed while you were looking at it; check it and "
            "try again."
        )
    return _close_table(game, by=by)


def _close_table(game: Game, *, by: User) -> Game:
    """Close one table at time, its round and its game locked (`close_at_time`, and every
    table of `close_all_at_time`): refused unless its round has started and it is open."""
    if game.round.status == Round.Status.SEATING:
        raise DeskError(
            f"Round {game.round.number} has not started: its tables have nothing to close."
        )
    if game.status not in (Game.Status.READY, Game.Status.PLAYING):
        raise DeskError(
            f"Table {game.table_number} is {game.get_status_display().lower()} already."
        )
    totals = [side.total for side in game.sides_by_seat]
    result = closed_result(totals)
    game = _store_table(
        game,
        totals=totals,
        status=Game.Status.CLOSED,
        winner_seat=result.winner,
        hand_count=game.hand_count,
    )
    table = naming.game_name(
        stage=game.stage, round_number=game.round_number, position=game.position, at_a_table=True
    )
    log_activity(
        tournament=game.event.tournament,
        by=by,
        text=f"{game.event.name}, {table}: closed at time",
    )
    return game


@transaction.atomic
def close_all_at_time(*, round: Round, by: User, tables: dict[int, int]) -> list[Game]:
    """Close at time every table of the round still playing, as the official confirmed.

    ``tables`` maps each table's game id to the version the confirmation page showed:
    the tables still playing now must be exactly those, unchanged (a hand saved
    meanwhile, a table finished), or nothing is closed and DeskError says which table
    changed. Locks in the documented order: the round, then its games, then the event
    (the change marker, written last).
    """
    round_ = lock_round(round)
    if round_.status != Round.Status.PLAYING:
        raise DeskError(f"Round {round_.number} is not being played: there is nothing to close.")
    games = list(
        Game.objects.select_for_update(of=("self",))
        .filter(round=round_)
        .select_related("event__tournament", "round")
        .prefetch_related("sides")
        .order_by("position")
    )
    if not any(game.status in OPEN for game in games):
        raise DeskError(f"Every table of round {round_.number} has a result already.")
    open_now = check_listed(games, tables, noun="table", name=lambda g: f"Table {g.table_number}")
    return [_close_table(game, by=by) for game in games if game.pk in open_now]


def check_listed(games: list[Game], listed: dict[int, int], *, noun: str, name) -> set[int]:
    """Return the ids of the games still playing, refusing unless they are exactly those
    the confirmation page ``listed`` (id: version), each unchanged since (Close all at
    time, of a round or a bracket round: the games locked by the caller)."""
    open_now = {game.pk for game in games if game.status in OPEN}
    for game in games:
        shown = game.pk in listed
        if (game.pk in open_now) != shown or (shown and listed[game.pk] != game.version):
            raise DeskError(
                f"{name(game)} changed since the list was shown. Here are the {noun}s still "
                f"playing as they stand now; check them and confirm again."
            )
    if set(listed) - open_now:
        raise DeskError(f"A {noun} on that list is not in this round; reload the page.")
    return open_now


@transaction.atomic
def finish_event(*, event: Event, by: User) -> Event:
    """Mark a rounds event finished once no round is seated or being played.

    Its standings are then final (a correction still changes them); its public pages
    stop polling often. `reopen_event` takes it back.
    """
    event = lock_event(event)
    if not event.game.plays_rounds:
        raise DeskError(f"{event.name} is played as a bracket: it finishes with its final.")
    if event.status == Event.Status.FINISHED:
        raise DeskError(f"{event.name} is already finished.")
    open_round = (
        Round.objects.filter(event=event)
        .exclude(status=Round.Status.FINISHED)
        .order_by("number")
        .first()
    )
    if open_round is not None:
        what = (
            "seated but not started"
            if open_round.status == Round.Status.SEATING
            else ("still being played")
        )
        raise DeskError(
            f"Round {open_round.number} is {what}: finish it (or seat it again and play it) "
            "before finishing the event."
        )
    if not Round.objects.filter(event=event).exists():
        raise DeskError(f"{event.name} has not played a round yet.")
    mark_changed(event=event, status=Event.Status.FINISHED)
    log_activity(tournament=event.tournament, by=by, text=f"Finished {event.name}")
    event.status = Event.Status.FINISHED
    return event


@transaction.atomic
def reopen_event(*, event: Event, by: User) -> Event:
    """Take back a rounds event's finish, so more rounds can be seated."""
    event = lock_event(event)
    if event.status != Event.Status.FINISHED or not event.game.plays_rounds:
        raise DeskError(f"{event.name} is not a finished rounds event.")
    mark_changed(event=event, status=Event.Status.PLAYING)
    log_activity(tournament=event.tournament, by=by, text=f"Reopened {event.name}")
    event.status = Event.Status.PLAYING
    return event
