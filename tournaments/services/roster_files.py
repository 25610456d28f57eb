"""Write services for roster files: uploaded, checked in the background
(`tournaments.tasks`), shown to the official, then imported once: every line, or, when
the official chooses it, the lines that pass (those refused are named and left out)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from .. import background
from ..acting import User
from ..changes import log_activity, mark_changed
from ..errors import DeskError
from ..models import Chapter, Entry, Event, Player, RosterUpload, Tournament
from ..names import clean_name, name_key
from ..roster import WHY_REGISTERED, Problem, Roster, RosterRow, read_roster


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
    # Line by line, in the file's order; those about no one line (line 0) after them.
    return sorted(problems, key=lambda problem: (problem.line == 0, problem.line))


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


def _refusing(problems, refused) -> str:
    """Return why the import cannot go ahead as confirmed, or "" when it can.

    `refused` holds the lines the official saw refused and chose to leave out; the
    import goes ahead only if exactly those lines are refused now, so nothing is left
    out (or let in) that the official did not see.
    """
    whole = [p for p in problems if not p.of_line]
    if whole:
        return whole[0].what if whole[0].line == 0 and not whole[0].why else FIX_FIRST
    clashes = [p.line for p in problems if p.why == WHY_REGISTERED and p.line not in refused]
    if clashes:
        lines = ", ".join(str(line) for line in clashes[:10])
        return (
            f"{len(clashes)} players are already registered (lines {lines}). "
            "Look at the lines listed, then import the others or fix the file."
        )
    if {p.line for p in problems} != set(refused):
        return FIX_FIRST
    return ""


FIX_FIRST = (
    "Fix the problems listed before importing, or import only the lines that pass "
    "(the check has changed since the page was shown)."
)


@transaction.atomic
def import_roster(*, tournament, by: User, roster: Roster, events=(), refused=frozenset()) -> int:
    """Import the rows of a checked roster that pass; return how many were added.

    `refused` is the lines the official was shown refused and chose to leave out (none:
    every line must pass). Anything else refused (a name registered since, an event
    drawn, a problem with the file itself) refuses the whole import, which writes
    nothing. A name already registered is refused, so a file imported twice does not
    register anyone twice. Imports into one tournament run one at a time (the
    tournament's row is locked), so two files holding the same name cannot both pass.
    """
    # NO KEY: officials registering players meanwhile (their rows point at the
    # tournament) are not held up, and cannot deadlock with the import.
    Tournament.objects.select_for_update(no_key=True).filter(pk=tournament.pk).first()
    roster = Roster(rows=roster.rows, problems=[Problem(*p) for p in roster.problems])
    if not roster.rows:
        raise DeskError(FIX_FIRST)
    problems = roster_problems(tournament=tournament, roster=roster, events=events)
    why_not = _refusing(problems, refused)
    if why_not:
        raise DeskError(why_not)
    left_out = {p.line for p in problems}
    rows = [row for row in roster.rows if row.line not in left_out]
    if not rows:
        raise DeskError("No line of the file can be imported: fix the lines listed.")
    chapters = _roster_chapters(tournament, Roster(rows=rows))
    players = Player.objects.bulk_create(
        [
            Player(
                tournament=tournament,
                name=row.name,
                chapter=chapters[name_key(row.chapter)] if row.chapter else None,
            )
            for row in rows
        ]
    )
    if events:
        Entry.objects.bulk_create([Entry(event=e, player=p) for e in events for p in players])
    mark_changed(tournament=tournament)
    text = f"Imported {len(players)} players from a file"
    if left_out:
        lines = ", ".join(str(line) for line in sorted(left_out)[:20])
        more = "…" if len(left_out) > 20 else ""
        text += f"; {len(left_out)} lines refused and not imported (lines {lines}{more})"
    log_activity(tournament=tournament, by=by, text=text)
    return len(players)


UPLOADS_KEPT = 20


def upload_roster(*, tournament, by: User, filename: str, data: bytes, events=()) -> RosterUpload:
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
    """Return a checked upload's rows that passed reading, with what reading found."""
    return Roster(
        rows=[RosterRow(line=ln, name=n, chapter=c) for ln, n, c in upload.rows],
        problems=[Problem(*p) for p in upload.read_problems],
    )


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
        read_problems=[list(p) for p in roster.problems],
        data=b"",
    )
    upload.refresh_from_db()
    return upload


def recheck_upload(upload: RosterUpload) -> RosterUpload:
    """Check a checked upload's rows again, after its import was refused; save the problems.

    Something changed since the check (a name registered meanwhile, an event drawn):
    the upload page then lists, line by line, what the import found, with what reading
    the file found.
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
def import_roster_upload(*, upload: RosterUpload, by: User, refused=frozenset()) -> int:
    """Import a checked upload, once only whatever the timing; return how many were added.

    `refused` is the lines the official saw refused and left out (`import_roster`).
    The upload is claimed by one conditional update inside the import's transaction:
    a second confirm (a double click, another official, a retry) waits for the first
    and then finds it imported. A refused import leaves the upload unclaimed.
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
    return import_roster(
        tournament=upload.tournament,
        by=by,
        roster=upload_roster_rows(upload),
        events=upload_events(upload),
        refused=frozenset(refused),
    )
