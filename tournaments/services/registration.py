"""Write services for tournaments, events, chapters and players.

Each function runs in one transaction, takes keyword-only arguments, validates, and
records who did it in the tournament's activity log.
"""

from dataclasses import dataclass, field
from functools import cache

from django.db import IntegrityError, transaction
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone
from django.utils.text import slugify

from games.registry import get_game

from .. import background
from ..changes import log_activity, mark_changed
from ..errors import DeskError
from ..models import Chapter, Entry, Event, Player, RosterUpload, Tournament
from ..names import clean_name, name_key
from ..roster import KEY_MAX, NAME_MAX, WHY_REGISTERED, Problem, Roster, RosterRow, read_roster

# Words that are never a tournament's address, besides those the URLs use (see
# `reserved_slugs`): kept free for pages to come.
RESERVED_WORDS = frozenset(
    {"new", "admin", "login", "logout", "desk", "static", "media", "api", "t", "www"}
)


def _check_name(name: str, *, what: str) -> str:
    name = clean_name(name or "")
    if not name:
        raise DeskError(f"Type the {what}.")
    if len(name) > NAME_MAX:
        raise DeskError(f"The {what} is too long: at most {NAME_MAX} characters.")
    return name


def _check_chapter_key(name: str) -> None:
    """Refuse a chapter name whose comparison key would not fit `Chapter.name_key`."""
    if len(name_key(name)) > KEY_MAX:
        raise DeskError(
            "The chapter name holds characters that stand for several letters each, so it "
            "is too long to compare with other chapters; type it in plain letters."
        )


def _literal_segments(patterns, prefix: str, found: set[str]) -> None:
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            _literal_segments(pattern.url_patterns, route, found)
        elif isinstance(pattern, URLPattern):
            for base in ("desk/", "t/", ""):
                if base and not route.startswith(base):
                    continue
                first = route.removeprefix(base).split("/", 1)[0]
                if first and "<" not in first and "(" not in first and "^" not in first:
                    found.add(first.lower())


@cache
def reserved_slugs() -> frozenset[str]:
    """Return the words a tournament's address cannot be: every fixed word its URLs use.

    `/desk/new/` is the new-tournament page, so a tournament called `new` would never
    reach its dashboard at `/desk/new/`; the words are read from the URL configuration,
    so a page added later reserves its word too.
    """
    found: set[str] = set()
    _literal_segments(get_resolver().url_patterns, "", found)
    return frozenset(found | RESERVED_WORDS)


def check_slug(slug: str) -> str:
    """Return the address as stored, or refuse one the desk's own pages use."""
    slug = slugify(slug or "")[:40]
    if not slug:
        raise DeskError("Choose a short public address made of letters and digits.")
    if slug in reserved_slugs():
        raise DeskError(f"“{slug}” is a word the desk's own pages use; choose another address.")
    return slug


@transaction.atomic
def create_tournament(*, by, name, slug, starts_on, ends_on, venue="") -> Tournament:
    """Create a tournament with `by` as its owner and first official."""
    name = _check_name(name, what="tournament name")
    slug = check_slug(slug or name)
    if ends_on < starts_on:
        raise DeskError("The last day cannot be before the first day.")
    taken = DeskError(f"The address “{slug}” is taken; choose another.")
    if Tournament.objects.filter(slug=slug).exists():
        raise taken
    try:
        with transaction.atomic():
            tournament = Tournament.objects.create(
                name=name,
                slug=slug,
                starts_on=starts_on,
                ends_on=ends_on,
                venue=clean_name(venue),
                owner=by if by and by.pk else None,
            )
    except IntegrityError:  # another official took the address a moment ago
        raise taken from None
    tournament.officials.add(by)
    log_activity(tournament=tournament, by=by, text=f"Created the tournament {name}")
    return tournament


@transaction.atomic
def update_tournament(*, tournament, by, name, starts_on, ends_on, venue="") -> Tournament:
    """Change a tournament's name, days and venue; its public address stays as printed."""
    tournament.name = _check_name(name, what="tournament name")
    if ends_on < starts_on:
        raise DeskError("The last day cannot be before the first day.")
    tournament.starts_on, tournament.ends_on = starts_on, ends_on
    tournament.venue = clean_name(venue)
    tournament.save(update_fields=["name", "starts_on", "ends_on", "venue"])
    mark_changed(tournament=tournament)
    log_activity(tournament=tournament, by=by, text="Edited the tournament's details")
    return tournament


@transaction.atomic
def create_event(
    *, tournament, by, name, game_key, format, team_size=1, options=None, fed_by=None
) -> Event:
    """Create an event; its house-rule options are validated by the game."""
    name = _check_name(name, what="event name")
    game = get_game(game_key)
    checked = game.validate_options(options or {})
    wanted = Event.Format(game.format)
    if format != wanted:
        raise DeskError(f"{game.name} is played as {wanted.label.lower()}.")
    if team_size not in game.team_sizes:
        raise DeskError(f"{game.name} is not played in partnerships.")
    if fed_by is not None and (fed_by.tournament_id != tournament.pk or fed_by.team_size != 2):
        raise DeskError("A singles event can only be fed by a doubles event of this tournament.")
    taken = {name_key(other) for other in tournament.events.values_list("name", flat=True)}
    if name_key(name) in taken:
        raise DeskError(f"This tournament already has an event called {name}.")
    event = Event.objects.create(
        tournament=tournament,
        name=name,
        game_key=game_key,
        format=format,
        team_size=team_size,
        options=checked,
        fed_by=fed_by,
    )
    log_activity(tournament=tournament, by=by, text=f"Created the event {name}")
    return event


def _find_or_make_chapter(tournament, chapter_name: str) -> Chapter | None:
    """Return the tournament's chapter of that name, creating it when it is new.

    Two officials typing the same new chapter at once both get the one chapter: the
    unique key makes the second insert fail, and get_or_create then finds the first.
    """
    chapter_name = clean_name(chapter_name or "")
    if not chapter_name:
        return None
    if len(chapter_name) > NAME_MAX:
        raise DeskError(f"The chapter name is too long: at most {NAME_MAX} characters.")
    _check_chapter_key(chapter_name)
    chapter, _ = Chapter.objects.get_or_create(
        tournament=tournament, name_key=name_key(chapter_name), defaults={"name": chapter_name}
    )
    return chapter


@transaction.atomic
def add_chapter(*, tournament, by, name, code="") -> Chapter:
    name = _check_name(name, what="chapter name")
    _check_chapter_key(name)
    chapter, created = Chapter.objects.get_or_create(
        tournament=tournament,
        name_key=name_key(name),
        defaults={"name": name, "code": clean_name(code)[:12]},
    )
    if not created:
        raise DeskError(f"There is already a chapter called {chapter.name}.")
    mark_changed(tournament=tournament)
    log_activity(tournament=tournament, by=by, text=f"Added the chapter {name}")
    return chapter


@transaction.atomic
def rename_chapter(*, chapter, by, name, code=None) -> Chapter:
    old = chapter.name
    name = _check_name(name, what="chapter name")
    _check_chapter_key(name)
    clash = chapter.tournament.chapters.filter(name_key=name_key(name)).exclude(pk=chapter.pk)
    if clash.exists():
        raise DeskError(f"There is already a chapter called {name}: merge the two instead.")
    chapter.name = name
    if code is not None:
        chapter.code = clean_name(code)[:12]
    chapter.save()
    mark_changed(tournament=chapter.tournament)
    log_activity(tournament=chapter.tournament, by=by, text=f"Renamed chapter {old} to {name}")
    return chapter


@transaction.atomic
def merge_chapters(*, source, target, by) -> Chapter:
    """Move every player of `source` into `target` and delete `source`."""
    if source.pk == target.pk:
        raise DeskError("Choose two different chapters to merge.")
    if source.tournament_id != target.tournament_id:
        raise DeskError("Both chapters must belong to this tournament.")
    moved = Player.objects.filter(chapter=source).update(chapter=target)
    name = source.name
    source.delete()
    mark_changed(tournament=target.tournament)
    log_activity(
        tournament=target.tournament,
        by=by,
        text=f"Merged chapter {name} into {target.name} ({moved} players moved)",
    )
    return target


def duplicate_names(tournament, name: str, *, exclude_pk=None) -> list[Player]:
    """Return players of the tournament whose name matches `name` (compared by `name_key`)."""
    key = name_key(name)
    candidates = tournament.players.all()
    if exclude_pk:
        candidates = candidates.exclude(pk=exclude_pk)
    same = [pk for pk, other in candidates.values_list("pk", "name") if name_key(other) == key]
    return list(tournament.players.filter(pk__in=same).select_related("chapter")) if same else []


@transaction.atomic
def add_player(*, tournament, by, name, chapter_name="", events=()) -> Player:
    """Register a player, creating the chapter when it is new, and enter them in events."""
    name = _check_name(name, what="player's name")
    chapter = _find_or_make_chapter(tournament, chapter_name)
    player = Player.objects.create(tournament=tournament, name=name, chapter=chapter)
    for event in events:
        _enter(event=event, player=player)
    log_activity(tournament=tournament, by=by, text=f"Registered {name}")
    mark_changed(tournament=tournament)
    return player


@transaction.atomic
def update_player(*, player, by, name, chapter_name="", events=None) -> Player:
    """Change a player's name and chapter and, when `events` is given, their open entries.

    Entries in events already drawn stay as they are; all of it is saved, or none.
    """
    player.name = _check_name(name, what="player's name")
    player.chapter = _find_or_make_chapter(player.tournament, chapter_name)
    player.save(update_fields=["name", "chapter"])
    if events is not None:
        drawn = player.entries.exclude(event__status=Event.Status.REGISTRATION)
        set_entries(
            player=player,
            by=by,
            events=[*events, *(entry.event for entry in drawn.select_related("event"))],
        )
    mark_changed(tournament=player.tournament)
    log_activity(tournament=player.tournament, by=by, text=f"Edited player {player.name}")
    return player


@transaction.atomic
def set_withdrawn(*, player, by, withdrawn: bool) -> Player:
    player.withdrawn = withdrawn
    if withdrawn:
        player.checked_in = False
    player.save(update_fields=["withdrawn", "checked_in"])
    mark_changed(tournament=player.tournament)
    verb = "Withdrew" if withdrawn else "Reinstated"
    log_activity(tournament=player.tournament, by=by, text=f"{verb} {player.name}")
    return player


@transaction.atomic
def set_checked_in(*, player, by, checked_in: bool) -> Player:
    if checked_in and player.withdrawn:
        raise DeskError(f"{player.name} is withdrawn: reinstate them before checking in.")
    player.checked_in = checked_in
    player.save(update_fields=["checked_in"])
    mark_changed(tournament=player.tournament)
    verb = "Checked in" if checked_in else "Undid check-in of"
    log_activity(tournament=player.tournament, by=by, text=f"{verb} {player.name}")
    return player


def entries_closed_reason(event) -> str:
    """Return why no player can be entered in the event now, or "" when entries are open.

    A rounds event takes late arrivals (seated from the next round) until it is finished;
    a bracket event takes entries until its partners or bracket are drawn.
    """
    if event.status == Event.Status.REGISTRATION:
        return ""
    if event.game.plays_rounds and event.status != Event.Status.FINISHED:
        return ""
    if event.status == Event.Status.FINISHED:
        return f"{event.name} is finished; entries are closed."
    if event.status == Event.Status.DRAWN:
        return (
            f"{event.name} has been drawn (its partners are drawn); entries are closed, "
            "since a new player would have no partner and no place in the bracket."
        )
    return (
        f"{event.name} has been drawn (its bracket is drawn); entries are closed, "
        "since a new player would have no place in the bracket."
    )


def _enter(*, event, player) -> Entry:
    if event.tournament_id != player.tournament_id:
        raise DeskError("That event belongs to another tournament.")
    closed = entries_closed_reason(event)
    if closed:
        raise DeskError(closed)
    entry, _ = Entry.objects.get_or_create(event=event, player=player)
    return entry


@dataclass
class Entered:
    """What a bulk entry did: the players entered, and those who were entered already."""

    entered: list[Player] = field(default_factory=list)
    already: list[Player] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.entered)


class EntriesRefused(DeskError):
    """A bulk entry refused whole; `refusals` says, player by player, what and why."""

    def __init__(self, message: str, refusals: list[tuple[str, str]] = ()):
        super().__init__(message)
        self.refusals = list(refusals)


@transaction.atomic
def enter_players(*, event, by, players) -> Entered:
    """Enter players into an event in one go; those already entered stay as they are.

    Ruling: a player entered already is not an error (a second press, or two officials
    at once, enters nobody twice) and is reported back. Anything else refused (entries
    closed, a withdrawn player, a player of another tournament) refuses the whole
    entry with a reason for each player, and nothing is written. The event's row is
    locked, so a draw made meanwhile cannot leave a player entered after it.
    """
    players = list(players)
    event = (
        Event.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=event.pk)
    )
    closed = entries_closed_reason(event)
    if closed:
        raise EntriesRefused(closed)
    refusals = []
    for player in players:
        if player.tournament_id != event.tournament_id:
            refusals.append((player.name, "is not registered in this tournament."))
        elif player.withdrawn:
            refusals.append(
                (player.name, "has withdrawn: reinstate them on the Players page first.")
            )
    if refusals:
        name, reason = refusals[0]
        others = len(refusals) - 1
        more = f" (and {others} other{'s' if others != 1 else ''}: see the list)" if others else ""
        raise EntriesRefused(f"Nobody was entered: {name} {reason}{more}", refusals)
    entered = set(Entry.objects.filter(event=event).values_list("player_id", flat=True))
    result = Entered()
    seen = set()
    for player in players:
        if player.pk in seen:
            continue
        seen.add(player.pk)
        (result.already if player.pk in entered else result.entered).append(player)
    Entry.objects.bulk_create([Entry(event=event, player=p) for p in result.entered])
    if result.entered:
        count = len(result.entered)
        mark_changed(event=event)
        log_activity(
            tournament=event.tournament,
            by=by,
            text=f"Entered {count} player{'s' if count != 1 else ''} in {event.name}",
        )
    return result


@transaction.atomic
def set_entries(*, player, by, events) -> None:
    """Make the player's entries exactly `events` (only events still open change)."""
    wanted = {e.pk for e in events}
    current = set(player.entries.values_list("event_id", flat=True))
    for event in events:
        if event.pk not in current:
            _enter(event=event, player=player)
    leaving = current - wanted
    if leaving:
        closed = Event.objects.filter(pk__in=leaving).exclude(status=Event.Status.REGISTRATION)
        if closed.exists():
            raise DeskError(
                f"{closed.first().name} has been drawn; {player.name} cannot leave it now."
            )
        Entry.objects.filter(player=player, event_id__in=leaving).delete()
    mark_changed(tournament=player.tournament)
    log_activity(tournament=player.tournament, by=by, text=f"Changed entries of {player.name}")


def roster_problems(*, tournament, roster: Roster, events=()) -> list[Problem]:
    """Return every reason the import of this roster would be refused, by line.

    The check shown before importing and the import itself both call this, so a
    roster that passes the check is refused on import only if something changed since
    (a player registered meanwhile, an event drawn): then the import says so and the
    upload is checked again (`recheck_upload`).
    """
    problems = list(roster.problems)
    if not problems and not roster.rows:
        problems.append(Problem(0, "The file holds no players."))
    registered: dict[str, str] = {}
    for name in tournament.players.values_list("name", flat=True):
        registered.setdefault(name_key(name), name)
    for row in roster.rows:
        if name_key(row.name) in registered:
            problems.append(
                Problem(row.line, f"{row.name} is already registered.", row.name, WHY_REGISTERED)
            )
    for event in events:
        if event.tournament_id != tournament.pk:
            problems.append(Problem(0, "That event belongs to another tournament."))
        elif event.status != Event.Status.REGISTRATION:
            problems.append(Problem(0, f"Entries are closed for {event.name}: it has been drawn."))
    return problems


def _roster_chapters(tournament, roster: Roster) -> dict[str, Chapter]:
    """Return the roster's chapters by key, creating the new ones (any race is harmless)."""
    wanted: dict[str, str] = {}
    for row in roster.rows:
        if row.chapter:
            wanted.setdefault(name_key(row.chapter), row.chapter)
    known = {c.name_key: c for c in tournament.chapters.filter(name_key__in=wanted)}
    new = [Chapter(tournament=tournament, name=n) for k, n in wanted.items() if k not in known]
    if new:
        # A chapter another official adds meanwhile wins; its row is read back below.
        Chapter.objects.bulk_create(new, ignore_conflicts=True)
        known = {c.name_key: c for c in tournament.chapters.filter(name_key__in=wanted)}
    return known


@transaction.atomic
def import_roster(*, tournament, by, roster: Roster, events=()) -> int:
    """Import every row of a checked roster, or nothing at all; return how many were added.

    Rows whose name is already registered are refused (the whole import is refused),
    so a file imported twice does not register everyone twice. Imports into one
    tournament run one at a time (the tournament's row is locked), so two files
    holding the same name cannot both pass that check.
    """
    # NO KEY: officials registering players meanwhile (their rows point at the
    # tournament) are not held up, and cannot deadlock with the import.
    Tournament.objects.select_for_update(no_key=True).filter(pk=tournament.pk).first()
    if roster.problems or not roster.rows:
        raise DeskError("Fix the problems listed before importing.")
    problems = roster_problems(tournament=tournament, roster=roster, events=events)
    clashes = [p.line for p in problems if p.why == WHY_REGISTERED]
    if clashes:
        lines = ", ".join(str(line) for line in clashes[:10])
        raise DeskError(
            f"{len(clashes)} players are already registered (lines {lines}). "
            "Remove them from the file and import again."
        )
    if problems:
        raise DeskError(problems[0].what)
    chapters = _roster_chapters(tournament, roster)
    players = Player.objects.bulk_create(
        [
            Player(
                tournament=tournament,
                name=row.name,
                chapter=chapters[name_key(row.chapter)] if row.chapter else None,
            )
            for row in roster.rows
        ]
    )
    if events:
        Entry.objects.bulk_create([Entry(event=e, player=p) for e in events for p in players])
    mark_changed(tournament=tournament)
    log_activity(tournament=tournament, by=by, text=f"Imported {len(players)} players from a file")
    return len(players)


# Roster files: uploaded, checked in the background (tournaments.tasks), imported once.

UPLOADS_KEPT = 20


def upload_roster(*, tournament, by, filename: str, data: bytes, events=()) -> RosterUpload:
    """Keep an uploaded roster file to be checked by `check_roster_upload`; nothing is imported.

    Only the tournament's latest uploads are kept.
    """
    upload = RosterUpload.objects.create(
        tournament=tournament,
        uploaded_by=by if by and by.pk else None,
        filename=clean_name(filename)[:255] or "roster",
        data=data,
        events=[e.pk for e in events],
    )
    old = tournament.uploads.order_by("-created_at", "-pk").values_list("pk", flat=True)
    RosterUpload.objects.filter(pk__in=list(old[UPLOADS_KEPT:])).delete()
    return upload


def upload_roster_rows(upload: RosterUpload) -> Roster:
    """Return the rows a checked upload would import."""
    return Roster(rows=[RosterRow(line=ln, name=n, chapter=c) for ln, n, c in upload.rows])


def upload_events(upload: RosterUpload) -> list[Event]:
    return list(upload.tournament.events.filter(pk__in=upload.events).order_by("pk"))


def check_roster_upload(*, upload_id: int) -> RosterUpload | None:
    """Read and check an uploaded roster (run by a Celery task); save what was found.

    The result is saved only while the upload is still waiting for it, so a late task
    never overwrites an upload marked failed or checked since. The file itself is
    dropped once read.
    """
    upload = RosterUpload.objects.select_related("tournament").filter(pk=upload_id).first()
    if upload is None or not upload.is_pending:
        return upload
    roster = read_roster(bytes(upload.data), upload.filename)
    problems = roster_problems(
        tournament=upload.tournament, roster=roster, events=upload_events(upload)
    )
    background.finish(
        upload.pk,
        RosterUpload,
        rows=[[r.line, r.name, r.chapter] for r in roster.rows],
        problems=[list(p) for p in problems],
        data=b"",
    )
    upload.refresh_from_db()
    return upload


def recheck_upload(upload: RosterUpload) -> RosterUpload:
    """Check a checked upload's rows again, after its import was refused; save the problems.

    Something changed since the check (a name registered meanwhile, an event drawn):
    the upload page then lists, line by line, what the import found.
    """
    problems = roster_problems(
        tournament=upload.tournament,
        roster=upload_roster_rows(upload),
        events=upload_events(upload),
    )
    RosterUpload.objects.filter(pk=upload.pk, imported_at__isnull=True).update(
        problems=[list(p) for p in problems]
    )
    upload.refresh_from_db()
    return upload


class AlreadyImported(DeskError):
    """The upload was imported before: by this official a moment ago, or by another."""


@transaction.atomic
def import_roster_upload(*, upload: RosterUpload, by) -> int:
    """Import a checked upload, once only whatever the timing; return how many were added.

    The upload is claimed by one conditional update inside the import's transaction:
    a second confirm (a double click, another official, a retry) waits for the first
    and then finds it imported.
    """
    claimed = RosterUpload.objects.filter(
        pk=upload.pk, status=RosterUpload.Status.READY, imported_at__isnull=True
    ).update(imported_at=timezone.now())
    if not claimed:
        upload.refresh_from_db()
        if upload.imported_at is not None:
            raise AlreadyImported("This file has already been imported.")
        raise DeskError("This file has not been checked yet; wait for the check to finish.")
    upload.refresh_from_db()
    if upload.problems:
        raise DeskError("Fix the problems listed before importing.")
    return import_roster(
        tournament=upload.tournament,
        by=by,
        roster=upload_roster_rows(upload),
        events=upload_events(upload),
    )
