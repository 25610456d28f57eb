"""Exports: an official asks for a file; a Celery task builds it under the data folder.

The row (`scoring.models.Export`, a `tournaments.background.Job`) is the page's view of
the work: `request_export` saves it, the view starts the task
(`background.start(export, scoring.tasks.build_export)`, as the roster upload does: it
never waits more than a moment for the broker, and fails the row with a message when the
broker does not take it), and the task calls `build_export`, which writes the file row
by row, saving its progress for the page's bar, and finishes the row. Nothing here
imports the tasks, so the tasks import this module and not the other way round.

Files live in `DATA_DIR/exports/<export id>/` and are removed, with their rows, once
`EXPORTS_KEEP_HOURS` (settings; 24 by default) have passed since they were built.
"""

from __future__ import annotations

import logging
import shutil
import time
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.utils import timezone
from django.utils.text import slugify

from tournaments import background
from tournaments.errors import DeskError

from ..models import Export
from . import tables, writers
from .tables import Snapshot, read_snapshot

log = logging.getLogger(__name__)

Kind, Format = Export.Kind, Export.Format

# The formats each kind of file comes in, the first being the default.
KIND_FORMATS = {
    Kind.PLACINGS: (Format.CSV, Format.XLSX),
    Kind.GAMES: (Format.CSV, Format.XLSX),
    Kind.HANDS: (Format.CSV, Format.XLSX),
    Kind.PENALTIES: (Format.CSV, Format.XLSX),
    Kind.STANDINGS: (Format.CSV, Format.XLSX),
    Kind.CHAPTERS: (Format.CSV, Format.XLSX),
    Kind.PLAYERS: (Format.CSV, Format.XLSX),
    Kind.WORKBOOK: (Format.XLSX,),
    Kind.RESULTS: (Format.ZIP,),
    Kind.BACKUP: (Format.JSON,),
}
BUILD_FAILED = "The file could not be built because of a fault on the desk; it has been logged."


class ExportError(DeskError):
    """An export that cannot be asked for, said in words the official can act on."""


class ExportFolderError(ExportError):
    """The export folder cannot be written (a file in its way, no space, no permission)."""


def folder_problem(folder: Path, exc: OSError) -> ExportFolderError:
    """Say which folder could not be written and why, for the official and the log."""
    return ExportFolderError(
        f"The desk cannot write export files to its folder {folder} "
        f"({exc.strerror or exc}). Whoever runs the desk must free that folder; "
        "then try again."
    )


# Files ---------------------------------------------------------------------------------


def exports_folder() -> Path:
    """Return the folder export files are written to (owner-only, under the data folder).

    Raise `ExportFolderError` when it cannot be made.
    """
    folder = Path(settings.DATA_DIR) / "exports"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise folder_problem(folder, exc) from exc
    return folder


def keep_for() -> timedelta:
    return timedelta(hours=float(settings.EXPORTS_KEEP_HOURS))


def export_file(export: Export) -> Path | None:
    """Return the file of a built export, or None when it is not (or no longer) there."""
    if not export.path:
        return None
    try:
        folder = exports_folder().resolve()
    except ExportFolderError:
        return None
    path = (folder / export.path).resolve()
    if folder not in path.parents or not path.is_file():
        return None
    return path


def remove_old_exports(*, now=None) -> int:
    """Delete the exports built (or failed) longer ago than `keep_for()`, files and rows.

    Folders left without a row (a worker stopped half-way) go too, once as old.
    Return how many exports were removed; raise `ExportFolderError` when the folder
    cannot be used.
    """
    now = now or timezone.now()
    limit = now - keep_for()
    old = Export.objects.exclude(status=Export.Status.PENDING).filter(finished_at__lt=limit)
    ids = list(old.values_list("pk", flat=True))
    folder = exports_folder()
    for pk in ids:
        shutil.rmtree(folder / str(pk), ignore_errors=True)
    Export.objects.filter(pk__in=ids).delete()
    known = {str(pk) for pk in Export.objects.values_list("pk", flat=True)}
    cutoff = limit.timestamp()
    try:
        for entry in folder.iterdir():
            if entry.name not in known and entry.stat().st_mtime < cutoff:
                if entry.is_dir():
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    entry.unlink(missing_ok=True)
    except OSError as exc:
        raise folder_problem(folder, exc) from exc
    return len(ids)


def export_filename(export: Export) -> str:
    stem = f"{export.tournament.slug}-{export.kind}"
    if export.chapter_id:
        stem = (
            f"{export.tournament.slug}-chapter-{slugify(export.chapter.name) or export.chapter_id}"
        )
    return f"{stem}.{export.format}"


# Services ---------------------------------------------------------------------------------


def request_export(*, tournament, by, kind: str, format: str = "", chapter=None) -> Export:
    """Save an official's request for a file; refuse a kind or format the desk does not make."""
    if kind not in KIND_FORMATS:
        raise ExportError("Choose which file to export.")
    format = format or KIND_FORMATS[kind][0]
    if format not in KIND_FORMATS[kind]:
        offered = " or ".join(Format(f).label for f in KIND_FORMATS[kind])
        raise ExportError(f"{Kind(kind).label} comes as {offered}.")
    if chapter is not None and (kind != Kind.CHAPTERS or chapter.tournament_id != tournament.pk):
        raise ExportError("Only a chapter report is made for one chapter.")
    return Export.objects.create(
        tournament=tournament,
        kind=kind,
        format=format,
        chapter=chapter,
        requested_by=by if by and by.pk else None,
    )


def retry_export(*, export: Export) -> bool:
    """Make a failed export pending again (its old file, if any, is removed); True.

    The export is taken from failed to pending in one conditional update, so "Try again"
    pressed by several officials at once is taken once: the others are refused, and only
    the one taken starts the task (the view, as for a new export).
    """
    failed = Export.objects.filter(pk=export.pk, status=Export.Status.FAILED)
    if not failed.update(status=Export.Status.PENDING, progress=0, path="", size=0):
        if Export.objects.filter(pk=export.pk, status=Export.Status.PENDING).exists():
            raise ExportError("This file is being built again already: wait for it.")
        raise ExportError("Only a failed export can be tried again.")
    shutil.rmtree(exports_folder() / str(export.pk), ignore_errors=True)
    return True


def fail_stuck_exports(tournament) -> int:
    """Mark failed the tournament's exports nobody finished in time (a worker gone)."""
    return background.fail_stuck(Export.objects.filter(tournament=tournament))


def build_export(*, export_id: int) -> Export | None:
    """Build an export's file; the Celery task's work. None when the export is gone.

    An export no longer pending (failed as stuck, say) is left as it is. A folder that
    cannot be written raises `ExportFolderError`, saying which and why.
    """
    export = Export.objects.select_related("tournament", "chapter").filter(pk=export_id).first()
    if export is None or not export.is_pending:
        return export
    remove_old_exports()
    folder = exports_folder() / str(export.pk)
    filename = export_filename(export)
    partial, final = folder / f"{filename}.partial", folder / filename

    def report(percent: int) -> None:
        Export.objects.filter(pk=export.pk, status=Export.Status.PENDING).update(progress=percent)

    started = time.monotonic()
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        write_export(export, partial, report=report)
        partial.replace(final)
    except BaseException as exc:
        if folder.is_dir():
            partial.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise folder_problem(folder, exc) from exc
        raise
    background.finish(
        export.pk,
        Export,
        path=f"{export.pk}/{filename}",
        filename=filename,
        size=final.stat().st_size,
        progress=100,
    )
    log.info("Built export %s (%s) in %.2f s", export.pk, filename, time.monotonic() - started)
    export.refresh_from_db()
    return export


def write_export(export: Export, path: Path, *, report=None) -> None:
    """Write the export's file to `path`."""
    tournament = export.tournament
    if export.kind == Kind.BACKUP:
        from ..backup import write_backup

        with open(path, "wb") as stream:
            write_backup(tournament, stream)
        return
    snapshot = read_snapshot(tournament)
    if export.kind == Kind.WORKBOOK:
        sheets = workbook_sheets(snapshot)
        progress = writers.Progress(report, workbook_size(snapshot))
        writers.write_xlsx(sheets, path, progress)
        return
    found = tables.tables_for(snapshot, export.kind, chapter=export.chapter)
    size = sum(table.size() for table in found)
    if export.kind == Kind.RESULTS:
        # Every file: the CSV files and the whole-tournament workbook.
        progress = writers.Progress(report, size + workbook_size(snapshot))
        workbook = (f"{tournament.slug}.xlsx", workbook_sheets(snapshot))
        writers.write_zip(found, path, progress, workbook=workbook)
        return
    progress = writers.Progress(report, size)
    if export.format == Format.XLSX:
        writers.write_xlsx(writers.table_sheets(found), path, progress)
    else:
        with open(path, "wb") as stream:
            writers.write_csv(found[0], stream, progress)


# The whole-tournament workbook --------------------------------------------------------------


def workbook_sheets(snapshot: Snapshot) -> list[writers.Sheet]:
    """Return the workbook's sheets: the tournament, one per event, then hands and chapters.

    An event's sheet starts with its standings (rounds events; the standings.csv
    columns) or placings (brackets; the placings columns), then, after a blank row,
    its games (the games.csv columns).
    """
    tournament = snapshot.tournament
    taken: set[str] = set()
    about = writers.Sheet(
        writers.sheet_title("Tournament", taken),
        [
            (
                ("tournament", "address", "venue", "starts_on", "ends_on"),
                lambda: [
                    [
                        tournament.name,
                        tournament.slug,
                        tournament.venue,
                        tournament.starts_on,
                        tournament.ends_on,
                    ]
                ],
            ),
            (
                ("event", "game_key", "game", "format", "team_size", "status"),
                lambda: (
                    [
                        event.name,
                        event.game_key,
                        event.game.name,
                        event.get_format_display(),
                        event.team_size,
                        event.get_status_display(),
                    ]
                    for event in snapshot.events
                ),
            ),
        ],
    )
    sheets = [about]
    for event in snapshot.events:
        if event.game.plays_rounds:
            first = (tables.STANDINGS_HEADER, _bound(tables.standings_rows, snapshot, event))
        else:
            first = (tables.PLACINGS_HEADER, _bound(tables.placings_rows, snapshot, event))
        games = (tables.GAMES_HEADER, _bound(tables.games_rows, snapshot, event))
        sheets.append(writers.Sheet(writers.sheet_title(event.name, taken), [first, games]))
    for table in tables.tables_for(snapshot, Kind.RESULTS):
        if table.name in ("hands", "penalties", "chapters", "players"):
            sheets.append(
                writers.Sheet(writers.sheet_title(table.title, taken), [(table.header, table.rows)])
            )
    return sheets


def _bound(rows, snapshot, event):
    return lambda: rows(snapshot, [event])


def workbook_size(snapshot: Snapshot) -> int:
    return 2 * tables.games_size(snapshot) + 2 * tables.hands_size(snapshot)


# Files for a folder: `export_results` -----------------------------------------------------


def write_results(tournament, folder: Path) -> list[Path]:
    """Write every table as CSV to `folder`, and the whole-tournament workbook; return the
    files written (games.csv, hands.csv and standings.csv among them)."""
    folder.mkdir(parents=True, exist_ok=True)
    snapshot = read_snapshot(tournament)
    written = []
    for table in tables.tables_for(snapshot, Kind.RESULTS):
        path = folder / f"{table.name}.csv"
        with open(path, "wb") as stream:
            writers.write_csv(table, stream, writers.Progress())
        written.append(path)
    workbook = folder / f"{tournament.slug}.xlsx"
    writers.write_xlsx(workbook_sheets(snapshot), workbook, writers.Progress())
    written.append(workbook)
    return written
