"""Tables entering their own hands: a hand entered at the table, its confirmation.

A hand entered on a player's phone goes through the same reading, scoring and folding
as the desk's (`checks`), then waits as a `TableEntry`: it counts nowhere until a player
of another side confirms it, when `hands.add_origin_hand` stores it as the game's next
`Hand` in the same way the desk does. A disputed entry waits for the official, who
accepts, corrects or deletes it. Every step locks the game first (`lock_game`, which
locks its round before it), bumps the game's version (a sheet open at the desk, or on
another phone, is then stale) and the event's change marker (public pages say a hand is
waiting).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from scoring.models import TableEntry, TableLink
from scoring.models.table import OPEN_ENTRY
from scoring.selectors.tables import table_of
from scoring.services.checks import (
    _check_offenders,
    _fold,
    _read_entry,
    _stored_entries,
    next_match_game,
)
from scoring.services.game_rows import HANDS, HandRow, lock_game, lock_game_with
from scoring.services.hands import HandResult, Origin, add_origin_hand
from scoring.services.table_links import TableRefused, _user, refusal
from scoring.services.table_reads import (
    KEY_USE,
    link_rows,
    locked_entries,
    open_entries,
    sitter_rows,
)
from scoring.services.table_statements import touch, write_counted, write_entry
from tournaments import services as desk
from tournaments.acting import User
from tournaments.models import Game

Status = TableEntry.Status


@dataclass(frozen=True)
class Sitter:
    """A player at the table, and the seat (side) they play for."""

    pk: int
    name: str
    seat: int


def sitters(game_id: int, *, rows=None) -> list[Sitter]:
    """Return the table's players in seat order, each with their side's seat (one query,
    compiled once, as the other reads of `table_reads`: every step at a table makes
    them; none when ``rows``, `table_reads.sitter_rows`, were read with the lock)."""
    rows = sitter_rows(game=game_id) if rows is None else rows
    return [Sitter(pk, name, seat) for pk, name, seat in rows]


def sitters_of(sides) -> list[Sitter]:
    """Return the table's players as `sitters` does, from the sheet's sides read already."""
    return [Sitter(p.pk, p.name, side.seat) for side in sides for p in side.players]


def _sitter(game_id: int, player_id, *, role: str, rows=None) -> Sitter:
    for sitter in sitters(game_id, rows=rows):
        if str(sitter.pk) == str(player_id):
            return sitter
    raise TableRefused(f"Say who is {role}: choose your name.", field="player")


def _known_game(link: TableLink) -> Game | int:
    """The link's game as read with it (its round is known then), else its id."""
    return link.game if TableLink.game.is_cached(link) else link.game_id


def _lock_link_game(link: TableLink) -> tuple[TableLink, Game]:
    """Lock the link's game (and its round), read the link afresh; refuse what it cannot do."""
    game, (links,) = lock_game_with(_known_game(link), (link_rows, {"pk": link.pk}))
    return _usable(links[0], game), game


def _usable(link: TableLink, game: Game) -> TableLink:
    """The link, read under the game's lock, unless the table can no longer use it."""
    reason = refusal(link, game, game.event)  # the lock read the event's status and name
    if reason:
        raise TableRefused(reason)
    return link


def open_entry(game_id: int) -> TableEntry | None:
    found = open_entries(game=game_id)
    return found[0] if found else None


def _waiting_message(entry: TableEntry) -> str:
    if entry.status == Status.DISPUTED:
        return f"Hand {entry.number} is disputed: the official decides it before the next hand."
    return (
        f"Hand {entry.number} was entered by {entry.entered_by_name} and is waiting for "
        "confirmation: confirm it before entering the next hand."
    )


@dataclass
class TableResult:
    """What a table's step did. set_aside: the entry no longer fitted the game (the desk
    changed its hands since), so it was set aside instead of counted; `message` says so.
    game: the game as the step left it (its row as locked, with what the step changed),
    for the page drawn after it; None when nothing was done (`repeated`). hands: the game's
    hands after the step, as its lock read them (`HandResult.hands`), for that page;
    None where the step did not read them."""

    entry: TableEntry
    repeated: bool = False
    hand: HandResult | None = None
    set_aside: bool = False
    message: str = ""
    game: Game | None = None
    hands: list[HandRow] | None = None


def enter_hand(*, link: TableLink, player, version: int, key, data: dict) -> TableResult:
    """Enter the next hand at the table; it waits for a player of another side."""
    key = uuid.UUID(str(key))
    try:
        return _enter_hand(link=link, player=player, version=version, key=key, data=data)
    except IntegrityError:
        # Another phone's entry won the race for this hand (one open entry per game).
        found = open_entry(link.game_id)
        if found is not None:
            raise TableRefused(_waiting_message(found)) from None
        raise


@transaction.atomic
def _enter_hand(*, link, player, version, key, data) -> TableResult:
    # The lock, then all this step reads (`table_reads`), in one round trip. The form's
    # key is looked at first: the same form sent again (at once, or by a phone back on the
    # Wi-Fi after its hand decided the game) is told it was sent.
    game_id = link.game_id
    game, ((done, done_game, used), links, waiting, seated, rows) = lock_game_with(
        _known_game(link),
        (KEY_USE, {"key": key}),
        (link_rows, {"pk": link.pk}),
        (open_entries, {"game": game_id}),
        (sitter_rows, {"game": game_id}),
        (HANDS, {"game": game_id}),
    )
    if done is not None and done_game == game_id:
        return TableResult(entry=TableEntry.objects.get(pk=done), repeated=True)
    link = _usable(links[0], game)
    if waiting:
        raise TableRefused(_waiting_message(waiting[0]))
    if used or done is not None:
        raise TableRefused("That form was for another game. Reload this table's page.")
    if int(version) != game.version:
        raise TableRefused(
            "This game changed while you were typing (a hand was entered or corrected), so "
            "nothing was saved. Check the hands below, then enter yours again if it is "
            "still needed."
        )
    who = _sitter(game.pk, player, role="entering this hand", rows=seated)
    table = table_of(game)
    entry, scored = _read_entry(game, table, data=data)
    _check_offenders(game, entry)
    stored, numbers = _stored_entries(game, table, rows), [row.match_game for row in rows]
    in_play = next_match_game(game, table, stored, numbers)
    _fold(game, table, [*stored, entry], [*numbers, in_play])
    created = TableEntry(
        game=game,
        link=link,
        number=len(rows) + 1,
        points=list(scored.points),
        detail=game.event.game.entry_to_data(entry),
        entry_key=key,
        entered_by_name=who.name,
        entered_seat=who.seat,
    )
    write_entry(created, game, waiting=Status.WAITING)
    return TableResult(entry=created, game=game, hands=rows)


def _lock_entry(game: Game, entry_id) -> TableEntry:
    return _entry_found(locked_entries(game=game.pk, pk=_entry_number(entry_id)))


def _entry_number(entry_id) -> int:
    # The compiled read sends the number as it is: one beyond the column's range is no
    # entry (0, which no entry has).
    number = int(entry_id)
    return number if 0 < number < 2**63 else 0


def _entry_found(found: list) -> TableEntry:
    if not found:
        raise TableRefused("That hand is not one of this table's: reload this table's page.")
    return found[0]


def _answered(entry: TableEntry, revision) -> None:
    """Refuse an answer for an entry that is no longer what the phone showed."""
    if entry.status in OPEN_ENTRY and int(revision) == entry.revision:
        if entry.status == Status.DISPUTED:
            raise TableRefused(f"Hand {entry.number} is already disputed: the official decides it.")
        return
    raise TableRefused(
        f"Hand {entry.number} was changed meanwhile ({entry.get_status_display().lower()}), "
        "so your answer was not recorded. Here it is as it stands now."
    )


@transaction.atomic
def confirm_hand(*, link: TableLink, entry_id, revision, player) -> TableResult:
    """A player of another side confirms the waiting hand: it now counts, as the desk's do."""
    # The lock, then the link, the entry (locked), the players and the hands: one round
    # trip (`table_reads`).
    game_id = link.game_id
    game, (links, entries, seated, rows) = lock_game_with(
        _known_game(link),
        (link_rows, {"pk": link.pk}),
        (locked_entries, {"game": game_id, "pk": _entry_number(entry_id)}),
        (sitter_rows, {"game": game_id}),
        (HANDS, {"game": game_id}),
    )
    link = _usable(links[0], game)
    entry = _entry_found(entries)
    if entry.status == Status.CONFIRMED and int(revision) == entry.revision - 1:
        return TableResult(entry=entry, repeated=True)  # a double tap on Confirm
    _answered(entry, revision)
    who = _opponent(game, entry, player, rows=seated)
    return _count(game, entry, status=Status.CONFIRMED, who=who.name, by=None, rows=rows)


@transaction.atomic
def dispute_hand(*, link: TableLink, entry_id, revision, player) -> TableResult:
    """A player of another side says something is wrong: the official decides the hand."""
    link, game = _lock_link_game(link)
    entry = _lock_entry(game, entry_id)
    if entry.status == Status.DISPUTED and int(revision) == entry.revision - 1:
        return TableResult(entry=entry, repeated=True)
    _answered(entry, revision)
    who = _opponent(game, entry, player)
    entry.status = Status.DISPUTED
    entry.answered_by_name = who.name
    entry.answered_at = timezone.now()
    entry.revision += 1
    entry.save(update_fields=["status", "answered_by_name", "answered_at", "revision"])
    touch(game, waiting=Status.DISPUTED)
    desk.log_activity(
        tournament=game.event.tournament,
        by=None,
        text=f"{who.name} disputed hand {entry.number} of {game.name} at the table",
    )
    return TableResult(entry=entry, game=game)


def _opponent(game: Game, entry: TableEntry, player, *, rows=None) -> Sitter:
    who = _sitter(game.pk, player, role="answering", rows=rows)
    if who.seat == entry.entered_seat:
        others = [s.name for s in sitters(game.pk, rows=rows) if s.seat != entry.entered_seat]
        raise TableRefused(
            f"A player of another side confirms: pass the phone to {' or '.join(others)}.",
            field="player",
        )
    return who


def _count(
    game: Game, entry, *, status, who: str, by: User | None, data=None, key=None, rows=None
) -> TableResult:
    """Store the entry as the game's next hand (the desk's own path), and record how
    (``rows``: the game's hands, read under its lock, if they were)."""
    if entry.number != game.hand_count + 1:
        entry.status = Status.SET_ASIDE
        entry.decided_at = timezone.now()
        entry.revision += 1
        entry.save(update_fields=["status", "decided_at", "revision"])
        touch(game, waiting="")
        # Returned, not raised: the entry's new state must be kept.
        return TableResult(
            entry=entry,
            game=game,
            hands=rows,
            set_aside=True,
            message=(
                f"The desk changed this game's hands since hand {entry.number} was entered "
                "at the table, so it was set aside and not counted. Check the hands, then "
                "enter it again if it is still needed."
            ),
        )
    origin = Origin(
        entered_by_name=entry.entered_by_name,
        entered_at=entry.entered_at,
        confirmed_by_name=who,
    )
    result = add_origin_hand(
        game=game,
        by=by,
        key=key or entry.entry_key,
        data=entry.detail if data is None else data,
        origin=origin,
        rows=rows,
    )
    entry.status = status
    entry.hand = result.hand
    entry.revision += 1
    now = timezone.now()
    if by is None:
        entry.answered_by_name, entry.answered_at = who, now
        fields = ["answered_by_name", "answered_at"]
    else:
        entry.decided_by, entry.decided_at = _user(by), now
        fields = ["decided_by", "decided_at"]
    if data is not None:
        entry.detail, entry.points = result.hand.detail, result.hand.points
        fields += ["detail", "points"]
    write_counted(entry, ("status", "hand", "revision", *fields), result.game)
    return TableResult(entry=entry, hand=result, game=result.game, hands=result.hands)


# --- The official's decisions ------------------------------------------------------


def _lock_open_entry(entry: TableEntry) -> tuple[Game, TableEntry]:
    game = lock_game(entry.game_id)
    entry = _lock_entry(game, entry.pk)
    if entry.status not in OPEN_ENTRY:
        raise TableRefused(
            f"Hand {entry.number} was already decided: {entry.get_status_display().lower()}."
        )
    return game, entry


@transaction.atomic
def accept_hand(*, entry: TableEntry, by: User) -> TableResult:
    """The official counts a waiting or disputed table hand as it was entered."""
    game, entry = _lock_open_entry(entry)
    return _count(game, entry, status=Status.ACCEPTED, who=_name(by), by=by)


@transaction.atomic
def correct_hand(*, entry: TableEntry, by: User, data: dict, key) -> TableResult:
    """The official counts a waiting or disputed table hand with the figures they typed."""
    game, entry = _lock_open_entry(entry)
    return _count(
        game,
        entry,
        status=Status.CORRECTED,
        who=_name(by),
        by=by,
        data=data,
        key=uuid.UUID(str(key)),
    )


@transaction.atomic
def delete_entry(*, entry: TableEntry, by: User) -> TableEntry:
    """The official throws a waiting or disputed table hand away: it never counts."""
    game, entry = _lock_open_entry(entry)
    entry.status = Status.DELETED
    entry.decided_by, entry.decided_at = _user(by), timezone.now()
    entry.revision += 1
    entry.save(update_fields=["status", "decided_by", "decided_at", "revision"])
    touch(game, waiting="")
    desk.log_activity(
        tournament=game.event.tournament,
        by=by,
        text=f"Deleted hand {entry.number} of {game.name} entered at the table",
    )
    return entry


def _name(by: User | None) -> str:
    if by is None:
        return ""
    full = by.get_full_name() if hasattr(by, "get_full_name") else ""
    return (full or by.get_username())[:150]
