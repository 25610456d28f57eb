"""A season's files: the leaderboard, chapter points, every placing with its points and
the ratings, as a ZIP of CSV files (the workbook in it) or one workbook; built in the
background like the tournaments' exports (`tournaments.background`, the same writers and
the same exports folder, under `season-<id>/`)."""

from __future__ import annotations

import shutil
import time

from django.utils import timezone

from tournaments import background
from tournaments.errors import DeskError
from tournaments.models import SeasonExport

from ..exports import exports_folder, folder_problem, keep_for, log, writers
from ..exports.tables import Table
from .board import Board, season_board
from .ratings import FamilyRatings, current_ratings

LEADERBOARD = ("place", "shared", "player", "chapter", "points", "tournaments", "events")
CHAPTERS = ("place", "shared", "chapter", "points")
PLACINGS = (
    "tournament",
    "date",
    "event",
    "game",
    "player",
    "chapter",
    "partners",
    "place",
    "shared",
    "reached",
    "points",
)
RATINGS = ("game", "rank", "player", "chapter", "rating", "give_or_take", "games", "in_words")


def season_tables(board: Board, ratings: list[FamilyRatings]) -> list[Table]:
    """Return the season's four tables, read from the board and the ratings already built."""

    def leaderboard():
        for p in board.people:
            yield [
                p.place,
                p.shared,
                p.name,
                p.chapter,
                p.points,
                len(p.tournaments),
                len(p.events),
            ]

    def chapters():
        for c in board.chapters:
            yield [c.place, c.shared, c.name, c.points]

    def placings():
        for p in board.people:
            for e in p.events:
                yield [
                    e.tournament.name,
                    e.tournament.starts_on,
                    e.event_name,
                    e.game_name,
                    p.name,
                    p.chapter,
                    " & ".join(e.partners),
                    e.place,
                    e.shared,
                    e.reached or None,
                    e.points,
                ]

    def rated():
        for family in ratings:
            for line in family.lines:
                r = line.rating
                yield [
                    family.game_name,
                    line.place,
                    line.name,
                    line.chapter,
                    round(r.mu, 1),
                    round(r.sigma, 1),
                    r.games,
                    r.words,
                ]

    placing_rows = sum(len(p.events) for p in board.people)
    rating_rows = sum(len(f.lines) for f in ratings)
    return [
        Table("leaderboard", "Leaderboard", LEADERBOARD, leaderboard, lambda: len(board.people)),
        Table("chapters", "Chapter points", CHAPTERS, chapters, lambda: len(board.chapters)),
        Table("placings", "Placings and points", PLACINGS, placings, lambda: placing_rows),
        Table("ratings", "Ratings", RATINGS, rated, lambda: rating_rows),
    ]


def request_season_export(*, season, by, format: str) -> SeasonExport:
    if format not in SeasonExport.Format.values:
        raise DeskError("Choose CSV files or an Excel workbook.")
    return SeasonExport.objects.create(season=season, format=format, requested_by=by)


def season_export_file(export: SeasonExport):
    """Return the file of a built export, or None when it is not (or no longer) there."""
    if not export.path:
        return None
    folder = exports_folder().resolve()
    path = (folder / export.path).resolve()
    return path if folder in path.parents and path.is_file() else None


def _remove_old() -> None:
    old = SeasonExport.objects.exclude(status=SeasonExport.Status.PENDING).filter(
        finished_at__lt=timezone.now() - keep_for()
    )
    for pk in old.values_list("pk", flat=True):
        shutil.rmtree(exports_folder() / f"season-{pk}", ignore_errors=True)
    old.delete()


def build_season_export(*, export_id: int) -> SeasonExport | None:
    """Build a season export's file; the Celery task's work. None when it is gone."""
    export = SeasonExport.objects.select_related("season").filter(pk=export_id).first()
    if export is None or not export.is_pending:
        return export
    _remove_old()
    season = export.season
    folder = exports_folder() / f"season-{export.pk}"
    filename = f"season-{season.year}-{season.pk}.{export.format}"
    partial, final = folder / f"{filename}.partial", folder / filename

    def report(percent: int) -> None:
        SeasonExport.objects.filter(pk=export.pk, status=SeasonExport.Status.PENDING).update(
            progress=percent
        )

    started = time.monotonic()
    board = season_board(season)
    found = season_tables(board, current_ratings(board))
    sheets = writers.table_sheets(found)
    size = sum(table.size() for table in found)
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        if export.format == SeasonExport.Format.XLSX:
            writers.write_xlsx(sheets, partial, writers.Progress(report, size))
        else:
            workbook = (f"season-{season.year}-{season.pk}.xlsx", sheets)
            writers.write_zip(found, partial, writers.Progress(report, 2 * size), workbook=workbook)
        partial.replace(final)
    except OSError as exc:
        if folder.is_dir():
            partial.unlink(missing_ok=True)
        raise folder_problem(folder, exc) from exc
    background.finish(
        export.pk,
        SeasonExport,
        path=f"season-{export.pk}/{filename}",
        filename=filename,
        size=final.stat().st_size,
        progress=100,
    )
    log.info("Built season export %s in %.2f s", export.pk, time.monotonic() - started)
    export.refresh_from_db()
    return export
