"""Write services that seat a round of a rounds event, and adjust it before play.

`seat_round` seats the next round with `games.seating` (a recorded seed: the same seed
seats alike): tables of sizes the game allows, fair sit-outs, fewest repeat opponents.
The seating is shown to the official first (round status "seating"); `move_entrant`
swaps two entrants or moves one to another table or out of the round, while the tables
concerned have no hands. Playing the round is `rounds.py`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone

from games.rules import RulesError
from games.seating import seat_round as seat_entrants

from .. import naming
from ..acting import User
from ..changes import log_activity, mark_changed
from ..errors import DeskError
from ..models import Entry, Event, Game, Round, Side, SitOut, Team, TeamMember
from .draws import eligible_player_ids, new_seed
from .rounds import lock_event, lock_round, refuse_while_playing

OPEN_TABLE = frozenset({Game.Status.WAITING, Game.Status.READY, Game.Status.PLAYING})
# A seating number is recorded as a BigIntegerField; the partner draw takes the same range.
MAX_SEED = 2**62


def _table_rule(event: Event):
    try:
        return event.game.tables(event.options, event.team_size)
    except RulesError as exc:
        raise DeskError(f"This event's tables cannot be set: {exc}.") from exc


def _add_singles_teams(event: Event) -> None:
    """Give every checked-in entrant of a singles rounds event a side of their own."""
    seated = set(TeamMember.objects.filter(event=event).values_list("player_id", flat=True))
    newcomers = [pk for pk in eligible_player_ids(event) if pk not in seated]
    if not newcomers:
        return
    number = Team.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0
    teams = Team.objects.bulk_create(
        [Team(event=event, number=number + index + 1) for index in range(len(newcomers))]
    )
    TeamMember.objects.bulk_create(
        [
            TeamMember(team=team, event=event, player_id=pk, position=0)
            for team, pk in zip(teams, sorted(newcomers), strict=True)
        ]
    )


def seatable_teams(event: Event) -> list[Team]:
    """Return the sides that can sit at a table now: every player checked in, none withdrawn."""
    teams = Team.objects.filter(event=event).prefetch_related("memberships__player")
    return [
        team
        for team in teams
        if team.members
        and all(m.player.checked_in and not m.player.withdrawn for m in team.members)
    ]


def _meetings(event: Event) -> tuple[Counter, Counter]:
    """Return how often each pair of sides met at a table, and each side's sit-outs."""
    met: Counter = Counter()
    tables: dict[int, list[int]] = {}
    rows = Side.objects.filter(game__event=event, game__round__isnull=False, team__isnull=False)
    for game_id, team_id in rows.values_list("game_id", "team_id"):
        tables.setdefault(game_id, []).append(team_id)
    for teams in tables.values():
        for index, first in enumerate(teams):
            for second in teams[index + 1 :]:
                met[frozenset((first, second))] += 1
    sat_out = Counter(SitOut.objects.filter(round__event=event).values_list("team_id", flat=True))
    return met, sat_out


def _write_seating(round_: Round, tables, sit_outs, *, status: str) -> None:
    event = round_.event
    now = timezone.now()
    games = Game.objects.bulk_create(
        [
            Game(
                event=event,
                round=round_,
                stage=1,
                round_number=round_.number,
                position=index,
                status=status,
                updated_at=now,
            )
            for index in range(len(tables))
        ]
    )
    Side.objects.bulk_create(
        [
            Side(game=game, seat=seat, team_id=team_id)
            for game, table in zip(games, tables, strict=True)
            for seat, team_id in enumerate(table)
        ]
    )
    SitOut.objects.bulk_create([SitOut(round=round_, team_id=pk) for pk in sit_outs])


@dataclass
class SeatingOverview:
    """What seating a round did: the round, and how many repeat meetings it could not avoid."""

    round: Round
    repeats: int


@transaction.atomic
def seat_round(
    *,
    event: Event,
    by: User,
    seed: int | None = None,
    number: int | None = None,
    again: bool | None = None,
) -> SeatingOverview:
    """Seat the next round of a rounds event (or seat again a round not yet started).

    The seating is kept with its seed and shown to the official before `start_round`.
    The same seed, entrants and earlier rounds give the same seating. number: the round
    the official means to seat, from their page; refused when that is no longer the
    round to seat (someone else started it meanwhile).
    """
    last = _lock_last_round(event)
    event = lock_event(event)
    _check_can_seat(event, seed)
    rule = _table_rule(event)
    refuse_while_playing(event)
    _check_still_last(event, last)
    seated = last is not None and last.status == Round.Status.SEATING
    next_number = last.number if seated else (1 if last is None else last.number + 1)
    _check_page_is_current(next_number, seated, number=number, again=again)
    _check_sides_ready(event)
    if seated:
        round_, what = _clear_seating(last, seed), "Seated again"
    else:
        round_, what = _new_round(event, next_number, seed), "Seated"
    round_.event = event
    seating = _draw_seating(event, rule, round_.seed)
    _write_seating(round_, seating.tables, seating.sit_outs, status=Game.Status.WAITING)
    status = Event.Status.PLAYING if event.status != Event.Status.FINISHED else event.status
    mark_changed(event=event, status=status)
    log_activity(
        tournament=event.tournament,
        by=by,
        text=f"{what} {event.name}, {naming.seating_round_name(round_.number)} "
        f"(seed {round_.seed}): {len(seating.tables)} tables, {len(seating.sit_outs)} sitting out",
    )
    return SeatingOverview(round=round_, repeats=seating.repeats)


def _lock_last_round(event: Event) -> Round | None:
    """Lock the event's last round, before the event (the lock order in rounds.py).

    Seating again clears that round's tables: a "Start" pressed at the same moment
    waits, and the seating is refused once it has started (or the other way round).
    """
    last = Round.objects.filter(event=event).order_by("-number").first()
    return lock_round(last) if last is not None else None


def _check_still_last(event: Event, last: Round | None) -> None:
    """Refuse when another official seated a new round between the two locks."""
    now = Round.objects.filter(event=event).order_by("-number").first()
    if now is not None and (last is None or now.pk != last.pk):
        raise DeskError(
            f"Round {now.number} was seated by another official at the same moment: check "
            "its tables below."
        )


def _check_can_seat(event: Event, seed: int | None) -> None:
    """Refuse a bracket event, a seating number out of range, or a finished event."""
    if not event.game.plays_rounds:
        raise DeskError(f"{event.name} is played as a bracket, not in rounds.")
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise DeskError("A seating number is a whole number of up to 18 digits.")
    if event.status == Event.Status.FINISHED:
        raise DeskError(f"{event.name} is finished: reopen it to seat another round.")


def _check_page_is_current(next_number: int, seated: bool, *, number, again) -> None:
    """Refuse a seating asked from an out-of-date page: another round, or seated meanwhile."""
    if number is not None and number != next_number:
        raise DeskError(
            f"Round {next_number} is the round to seat now, not round {number}: the page was "
            "out of date. Check the tables below and try again."
        )
    if again is not None and again != seated:
        raise DeskError(
            f"Round {next_number} is already seated: check its tables below, and use "
            "“Seat again” to draw a new seating."
            if seated
            else f"Round {next_number} is not seated yet: the page was out of date."
        )


def _check_sides_ready(event: Event) -> None:
    """Give newcomers to a singles event their sides; refuse partnerships not drawn yet."""
    if event.team_size == 1:
        _add_singles_teams(event)
    elif not Team.objects.filter(event=event).exists():
        raise DeskError("Draw the partners first: this event is played in partnerships.")


def _clear_seating(round_: Round, seed: int | None) -> Round:
    """Clear a round seated but not started, with a new seed (another one unless given)."""
    Game.objects.filter(round=round_).delete()
    SitOut.objects.filter(round=round_).delete()
    round_.seed = seed if seed is not None else new_seed(not_this=round_.seed)
    round_.save(update_fields=["seed"])
    return round_


def _new_round(event: Event, number: int, seed: int | None) -> Round:
    return Round.objects.create(
        event=event, number=number, seed=seed if seed is not None else new_seed()
    )


def _draw_seating(event: Event, rule, seed: int):
    """Seat the sides ready to play (`games.seating`); refuse when no table can be filled."""
    teams = seatable_teams(event)
    met, sat_out = _meetings(event)
    try:
        seating = seat_entrants(
            sorted(team.pk for team in teams),
            sizes=rule.sizes,
            preferred=rule.preferred,
            seed=seed,
            met=met,
            sat_out=sat_out,
        )
    except RulesError as exc:
        raise DeskError(str(exc)) from exc
    if not seating.tables:
        word = "partnerships" if event.team_size == 2 else "players"
        raise DeskError(
            f"Not enough {word} are checked in to seat a table: {len(teams)} ready, and a "
            f"table here seats {rule.sizes[0]} or more."
        )
    return seating


def _place_of(round_: Round, team_id: int) -> tuple[Game | None, Side | None]:
    """Return the table and seat of an entrant in the round, (None, None) when sitting out."""
    side = Side.objects.select_related("game").filter(game__round=round_, team_id=team_id).first()
    if side is not None:
        return side.game, side
    if SitOut.objects.filter(round=round_, team_id=team_id).exists():
        return None, None
    raise DeskError("That entrant is not in this round.")


def _check_movable(game: Game | None) -> None:
    if game is not None and (game.hand_count or game.status not in OPEN_TABLE):
        raise DeskError(
            f"Table {game.table_number} has hands entered: its players can no longer move."
        )


def _renumber_seats(game: Game) -> None:
    sides = list(Side.objects.filter(game=game).order_by("seat"))
    for index, side in enumerate(sides):
        if side.seat != index:
            Side.objects.filter(pk=side.pk).update(seat=index)


def _number(value: str, what: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise DeskError(f"Choose {what}.") from None


@transaction.atomic
def move_entrant(*, round: Round, by: User, team: Team, to: str) -> Round:
    """Move an entrant before their table's first hand.

    to is "team:<id>" (swap places with that entrant), "table:<number>" (join that
    table, when both tables stay a size the game allows) or "out" (sit out the round).
    Nothing changes when the move is refused.
    """
    round_ = lock_round(round)
    event = round_.event
    if round_.status == Round.Status.FINISHED:
        raise DeskError(f"Round {round_.number} is finished: its entrants can no longer move.")
    rule = _table_rule(event)
    game, side = _place_of(round_, team.pk)
    _check_movable(game)
    kind, _, value = str(to).partition(":")
    changed = {game.pk} if game is not None else set()
    if kind == "team":
        other_id = _number(value, "the entrant to swap with")
        if other_id == team.pk:
            raise DeskError("Choose another entrant to swap with.")
        other_game, other_side = _place_of(round_, other_id)
        _check_movable(other_game)
        _swap(round_, team.pk, side, other_id, other_side)
        changed |= {other_game.pk} if other_game is not None else set()
        text = "swapped two entrants"
    elif kind == "table":
        number = _number(value, "the table to move to")
        target = Game.objects.filter(round=round_, position=number - 1).first()
        if target is None:
            raise DeskError(f"Round {round_.number} has no table {number}.")
        _check_movable(target)
        if game is not None and target.pk == game.pk:
            raise DeskError(f"That entrant already sits at table {number}.")
        _move(round_, rule, team.pk, game, side, target)
        changed.add(target.pk)
        text = f"moved an entrant to table {number}"
    elif kind == "out" and not value:
        if game is None:
            raise DeskError("That entrant already sits this round out.")
        _move(round_, rule, team.pk, game, side, None)
        text = "sat an entrant out"
    else:
        raise DeskError("Choose where the entrant goes: another entrant, a table, or out.")
    # A score sheet open for a changed table is now stale: its players changed.
    Game.objects.filter(pk__in=changed).update(version=F("version") + 1, updated_at=timezone.now())
    mark_changed(event=event)
    log_activity(
        tournament=event.tournament,
        by=by,
        text=f"{event.name}, {naming.seating_round_name(round_.number)}: {text}",
    )
    return round_


def _swap(round_, team_id, side, other_id, other_side) -> None:
    if side is None and other_side is None:
        raise DeskError("Both entrants sit out: there is nothing to swap.")
    for place, leaving, coming in ((side, team_id, other_id), (other_side, other_id, team_id)):
        if place is None:
            SitOut.objects.filter(round=round_, team_id=leaving).update(team_id=coming)
        else:
            Side.objects.filter(pk=place.pk).update(team_id=coming)


def _move(round_, rule, team_id, game: Game | None, side, target) -> None:
    counts = Counter(Side.objects.filter(game__round=round_).values_list("game_id", flat=True))
    if game is not None and counts[game.pk] - 1 not in rule.sizes:
        raise DeskError(
            f"Table {game.table_number} would be left with {counts[game.pk] - 1}; "
            f"a table here seats {_sizes_words(rule)}."
        )
    if target is not None and counts[target.pk] + 1 not in rule.sizes:
        raise DeskError(
            f"Table {target.table_number} would seat {counts[target.pk] + 1}; "
            f"a table here seats {_sizes_words(rule)}."
        )
    if side is not None:
        Side.objects.filter(pk=side.pk).delete()
        _renumber_seats(game)
    else:
        SitOut.objects.filter(round=round_, team_id=team_id).delete()
    if target is None:
        SitOut.objects.create(round=round_, team_id=team_id)
    else:
        Side.objects.create(game=target, seat=counts[target.pk], team_id=team_id)


def _sizes_words(rule) -> str:
    sizes = [str(size) for size in rule.sizes]
    return sizes[0] if len(sizes) == 1 else ", ".join(sizes[:-1]) + " or " + sizes[-1]


def entries_without_side(event: Event) -> list[Entry]:
    """Return the checked-in entrants of a partnership event who have no partner yet."""
    seated = TeamMember.objects.filter(event=event).values_list("player_id", flat=True)
    return list(
        Entry.objects.filter(event=event, player__checked_in=True, player__withdrawn=False)
        .exclude(player_id__in=seated)
        .select_related("player")
    )
