"""Write services for tournaments, events, chapters and players.

Each function runs in one transaction, takes keyword-only arguments, validates, and
records who did it in the tournament's activity log.
"""

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from games.registry import get_game

from ..errors import DeskError
from ..models import Activity, Chapter, Entry, Event, Player, Tournament
from ..roster import NAME_MAX, Roster, clean_name, name_key


def log_activity(*, tournament, by, text: str) -> None:
    """Record who did what in the tournament."""
    Activity.objects.create(tournament=tournament, user=by if by and by.pk else None, text=text)


def touch_events(*, tournament=None, event=None) -> None:
    """Mark public pages as changed so polling phones fetch them again."""
    now = timezone.now()
    if event is not None:
        Event.objects.filter(pk=event.pk).update(changed_at=now)
    else:
        Event.objects.filter(tournament=tournament).update(changed_at=now)


def _check_name(name: str, *, what: str) -> str:
    name = clean_name(name or "")
    if not name:
        raise DeskError(f"Type the {what}.")
    if len(name) > NAME_MAX:
        raise DeskError(f"The {what} is too long: at most {NAME_MAX} characters.")
    return name


@transaction.atomic
def create_tournament(*, by, name, slug, starts_on, ends_on, venue="") -> Tournament:
    """Create a tournament with `by` as its first official."""
    name = _check_name(name, what="tournament name")
    slug = slugify(slug or name)[:40]
    if not slug:
        raise DeskError("Choose a short public address made of letters and digits.")
    if ends_on < starts_on:
        raise DeskError("The last day cannot be before the first day.")
    if Tournament.objects.filter(slug=slug).exists():
        raise DeskError(f"The address “{slug}” is taken; choose another.")
    tournament = Tournament.objects.create(
        name=name, slug=slug, starts_on=starts_on, ends_on=ends_on, venue=venue.strip()
    )
    tournament.officials.add(by)
    log_activity(tournament=tournament, by=by, text=f"Created the tournament {name}")
    return tournament


@transaction.atomic
def update_tournament(*, tournament, by, name, starts_on, ends_on, venue="") -> Tournament:
    """Change a tournament's name, days and venue; its public address stays as printed."""
    tournament.name = _check_name(name, what="tournament name")
    if ends_on < starts_on:
        raise DeskError("The last day cannot be before the first day.")
    tournament.starts_on, tournament.ends_on, tournament.venue = starts_on, ends_on, venue.strip()
    tournament.save(update_fields=["name", "starts_on", "ends_on", "venue"])
    touch_events(tournament=tournament)
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
    if tournament.events.filter(name__iexact=name).exists():
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
    chapter_name = clean_name(chapter_name or "")
    if not chapter_name:
        return None
    if len(chapter_name) > NAME_MAX:
        raise DeskError(f"The chapter name is too long: at most {NAME_MAX} characters.")
    chapter = tournament.chapters.filter(name__iexact=chapter_name).first()
    return chapter or Chapter.objects.create(tournament=tournament, name=chapter_name)


@transaction.atomic
def add_chapter(*, tournament, by, name, code="") -> Chapter:
    name = _check_name(name, what="chapter name")
    if tournament.chapters.filter(name__iexact=name).exists():
        raise DeskError(f"There is already a chapter called {name}.")
    chapter = Chapter.objects.create(tournament=tournament, name=name, code=code.strip()[:12])
    touch_events(tournament=tournament)
    log_activity(tournament=tournament, by=by, text=f"Added the chapter {name}")
    return chapter


@transaction.atomic
def rename_chapter(*, chapter, by, name, code=None) -> Chapter:
    old = chapter.name
    name = _check_name(name, what="chapter name")
    clash = chapter.tournament.chapters.filter(name__iexact=name).exclude(pk=chapter.pk)
    if clash.exists():
        raise DeskError(f"There is already a chapter called {name}: merge the two instead.")
    chapter.name = name
    if code is not None:
        chapter.code = code.strip()[:12]
    chapter.save()
    touch_events(tournament=chapter.tournament)
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
    touch_events(tournament=target.tournament)
    log_activity(
        tournament=target.tournament,
        by=by,
        text=f"Merged chapter {name} into {target.name} ({moved} players moved)",
    )
    return target


def duplicate_names(tournament, name: str, *, exclude_pk=None) -> list[Player]:
    """Return players of the tournament whose name matches `name` (case and spacing ignored)."""
    key = name_key(name)
    candidates = tournament.players.filter(name__iexact=clean_name(name))
    if exclude_pk:
        candidates = candidates.exclude(pk=exclude_pk)
    return [p for p in candidates.select_related("chapter") if name_key(p.name) == key]


@transaction.atomic
def add_player(*, tournament, by, name, chapter_name="", events=()) -> Player:
    """Register a player, creating the chapter when it is new, and enter them in events."""
    name = _check_name(name, what="player's name")
    chapter = _find_or_make_chapter(tournament, chapter_name)
    player = Player.objects.create(tournament=tournament, name=name, chapter=chapter)
    for event in events:
        _enter(event=event, player=player)
    log_activity(tournament=tournament, by=by, text=f"Registered {name}")
    touch_events(tournament=tournament)
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
    touch_events(tournament=player.tournament)
    log_activity(tournament=player.tournament, by=by, text=f"Edited player {player.name}")
    return player


@transaction.atomic
def set_withdrawn(*, player, by, withdrawn: bool) -> Player:
    player.withdrawn = withdrawn
    if withdrawn:
        player.checked_in = False
    player.save(update_fields=["withdrawn", "checked_in"])
    touch_events(tournament=player.tournament)
    verb = "Withdrew" if withdrawn else "Reinstated"
    log_activity(tournament=player.tournament, by=by, text=f"{verb} {player.name}")
    return player


@transaction.atomic
def set_checked_in(*, player, by, checked_in: bool) -> Player:
    if checked_in and player.withdrawn:
        raise DeskError(f"{player.name} is withdrawn: reinstate them before checking in.")
    player.checked_in = checked_in
    player.save(update_fields=["checked_in"])
    touch_events(tournament=player.tournament)
    verb = "Checked in" if checked_in else "Undid check-in of"
    log_activity(tournament=player.tournament, by=by, text=f"{verb} {player.name}")
    return player


def _enter(*, event, player) -> Entry:
    if event.tournament_id != player.tournament_id:
        raise DeskError("That event belongs to another tournament.")
    if event.status != Event.Status.REGISTRATION:
        raise DeskError(f"{event.name} has been drawn; entries are closed.")
    entry, _ = Entry.objects.get_or_create(event=event, player=player)
    return entry


@transaction.atomic
def enter_players(*, event, by, players) -> int:
    """Enter players into an event in one go; those already entered stay as they are.

    Withdrawn players and players of another tournament are refused. Return how many
    were entered.
    """
    players = list(players)
    strangers = [p.name for p in players if p.tournament_id != event.tournament_id]
    if strangers:
        raise DeskError(f"{strangers[0]} is not registered in this tournament.")
    withdrawn = [p.name for p in players if p.withdrawn]
    if withdrawn:
        raise DeskError(f"{withdrawn[0]} has withdrawn; reinstate them first to enter them.")
    entered = set(Entry.objects.filter(event=event).values_list("player_id", flat=True))
    new = [Entry(event=event, player=p) for p in players if p.pk not in entered]
    Entry.objects.bulk_create(new)
    if new:
        touch_events(event=event)
        log_activity(
            tournament=event.tournament,
            by=by,
            text=f"Entered {len(new)} player{'s' if len(new) != 1 else ''} in {event.name}",
        )
    return len(new)


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
    touch_events(tournament=player.tournament)
    log_activity(tournament=player.tournament, by=by, text=f"Changed entries of {player.name}")


@transaction.atomic
def import_roster(*, tournament, by, roster: Roster, events=()) -> int:
    """Import every row of a checked roster, or nothing at all; return how many were added.

    Rows whose name is already registered are refused (the whole import is refused),
    so a file imported twice does not register everyone twice.
    """
    if roster.problems or not roster.rows:
        raise DeskError("Fix the problems listed before importing.")
    existing = {name_key(n) for n in tournament.players.values_list("name", flat=True)}
    clashes = [row for row in roster.rows if name_key(row.name) in existing]
    if clashes:
        lines = ", ".join(str(row.line) for row in clashes[:10])
        raise DeskError(
            f"{len(clashes)} players are already registered (lines {lines}). "
            "Remove them from the file and import again."
        )
    chapters = {name_key(c.name): c for c in tournament.chapters.all()}
    new_chapters = []
    for row in roster.rows:
        key = name_key(row.chapter)
        if row.chapter and key not in chapters:
            chapters[key] = Chapter(tournament=tournament, name=row.chapter)
            new_chapters.append(chapters[key])
    try:
        Chapter.objects.bulk_create(new_chapters)
    except IntegrityError as exc:  # pragma: no cover - guarded by the lookup above
        raise DeskError("Two chapters in the file differ only in case; use one spelling.") from exc
    if new_chapters and new_chapters[0].pk is None:
        # Databases that do not return ids from a bulk insert (none we support today).
        chapters = {name_key(c.name): c for c in tournament.chapters.all()}
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
        if any(e.status != Event.Status.REGISTRATION for e in events):
            raise DeskError("Entries are closed for an event that has been drawn.")
        Entry.objects.bulk_create([Entry(event=e, player=p) for e in events for p in players])
    touch_events(tournament=tournament)
    log_activity(tournament=tournament, by=by, text=f"Imported {len(players)} players from a file")
    return len(players)
