"""Export pages: ask for a file, watch it being built, download it; chapter links, backups,
API tokens. Official pages check the tournament's officials; a chapter link's page is
public to whoever holds its secret."""

import csv
import io
import tempfile

from django.contrib import messages
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournaments import background
from tournaments.permissions import official_required
from tournaments.views.refusals import refusal

from ..api import tokens
from ..backup import jobs
from ..exports import (
    ExportFolderError,
    export_file,
    fail_stuck_exports,
    links,
    remove_old_exports,
    request_export,
    retry_export,
    tables,
    writers,
)
from ..exports.cells import csv_value
from ..exports.forms import CHOOSE, ApiTokenForm, ExportForm, RestoreForm
from ..models import ApiToken, ChapterLink, Export, Restore
from ..tasks import build_export, restore_backup

RECENT = 20


def _exports_context(tournament, *, kinds=None) -> dict:
    fail_stuck_exports(tournament)
    found = tournament.exports.select_related("chapter")
    if kinds is not None:
        found = found.filter(kind__in=kinds)
    exports = list(found[:RECENT])
    only_backups = kinds is not None
    return {
        "tournament": tournament,
        "exports": exports,
        "pending": any(export.is_pending for export in exports),
        "poll_url": reverse(
            "scoring:backup" if only_backups else "scoring:exports", args=[tournament.slug]
        ),
        "back": "backup" if only_backups else "",
    }


@official_required
@require_GET
def export_list(request: HttpRequest, tournament) -> HttpResponse:
    """The exports page: the files to ask for, the files asked for, the chapter links."""
    if request.htmx:
        context = _exports_context(tournament)
        return render(request, "scoring/exports.html#export-list", context)
    try:
        remove_old_exports()
    except ExportFolderError as exc:
        messages.error(request, str(exc))
    context = _exports_context(tournament)
    context["form"] = ExportForm(tournament=tournament)
    context["every_file"] = f"{Export.Kind.RESULTS}.{Export.Format.ZIP}"
    context["links"] = _chapter_links(tournament)
    return render(request, "scoring/exports.html", context)


def _chapter_links(tournament) -> list[tuple]:
    live = {
        link.chapter_id: link
        for link in ChapterLink.objects.filter(tournament=tournament, revoked_at__isnull=True)
    }
    return [(chapter, live.get(chapter.pk)) for chapter in tournament.chapters.order_by("name")]


@official_required
@require_POST
def export_create(request: HttpRequest, tournament) -> HttpResponse:
    """Ask for a file; the page answers at once, with a retry when the worker is out of reach."""
    form = ExportForm(request.POST, tournament=tournament)
    back = _back(request, tournament)
    if not form.is_valid():
        messages.error(request, CHOOSE)
        return redirect(back)
    with refusal(request) as refused:
        export = request_export(
            tournament=tournament,
            by=request.user,
            kind=form.cleaned_data["kind"],
            format=form.cleaned_data["format"],
            chapter=form.cleaned_data["chapter"]
            if form.cleaned_data["kind"] == "chapters"
            else None,
        )
    if refused:
        return redirect(back)
    _started(request, export, background.start(export, build_export))
    return redirect(back)


def _started(request, export: Export, sent: bool) -> None:
    if sent:
        messages.success(request, "The file is being built; it appears below when ready.")
    else:
        # Why it failed: the broker out of reach, or (eager) the file could not be written.
        messages.error(request, export.error or background.SEND_FAILED)


def _back(request, tournament) -> str:
    if request.POST.get("back") == "backup":
        return reverse("scoring:backup", args=[tournament.slug])
    return reverse("scoring:exports", args=[tournament.slug])


@official_required
@require_POST
def export_retry(request: HttpRequest, tournament, pk: int) -> HttpResponse:
    """Build a failed export again."""
    export = get_object_or_404(Export, tournament=tournament, pk=pk)
    with refusal(request):
        retry_export(export=export)
        _started(request, export, background.start(export, build_export))
    return redirect(_back(request, tournament))


@official_required
@require_GET
def export_download(request: HttpRequest, tournament, pk: int) -> HttpResponse:
    export = get_object_or_404(Export, tournament=tournament, pk=pk, status=Export.Status.READY)
    path = export_file(export)
    if path is None:
        raise Http404("This file is no longer kept; build it again.")
    return FileResponse(open(path, "rb"), as_attachment=True, filename=export.filename)


# Chapter links ----------------------------------------------------------------------------


@official_required
@require_POST
def chapter_link_create(request: HttpRequest, tournament, pk: int) -> HttpResponse:
    chapter = get_object_or_404(tournament.chapters, pk=pk)
    links.create_chapter_link(tournament=tournament, chapter=chapter, by=request.user)
    messages.success(request, f"A new link to {chapter.name}'s report is ready to share.")
    return redirect(reverse("scoring:exports", args=[tournament.slug]) + "#chapter-links")


@official_required
@require_POST
def chapter_link_revoke(request: HttpRequest, tournament, pk: int) -> HttpResponse:
    link = get_object_or_404(ChapterLink, tournament=tournament, pk=pk)
    links.revoke_chapter_link(link=link, by=request.user)
    messages.success(request, f"The link to {link.chapter.name}'s report no longer works.")
    return redirect(reverse("scoring:exports", args=[tournament.slug]) + "#chapter-links")


@require_GET
@never_cache
def chapter_report(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """A chapter's report for whoever holds its link: the page, or the file (?format=)."""
    link = links.chapter_for_link(slug, token)
    if link is None:
        raise Http404("This link does not work (it may have been revoked).")
    snapshot = tables.read_snapshot(link.tournament)
    rows = tables.chapter_rows(snapshot, link.chapter)
    name = f"{link.tournament.slug}-chapter-{slugify(link.chapter.name) or link.chapter_id}"
    wanted = request.GET.get("format")
    if wanted == "csv":
        response = StreamingHttpResponse(_csv_lines(rows), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
        return response
    if wanted == "xlsx":
        table = tables.Table("chapters", "Chapters", tables.CHAPTERS_HEADER, lambda: rows, int)
        spool = tempfile.TemporaryFile()  # noqa: SIM115 - FileResponse closes it
        writers.write_xlsx(writers.table_sheets([table]), spool, writers.Progress())
        spool.seek(0)
        return FileResponse(spool, as_attachment=True, filename=f"{name}.xlsx")
    context = {
        "tournament": link.tournament,
        "chapter": link.chapter,
        "members": tables.chapter_members(snapshot, rows),
    }
    return render(request, "scoring/exports_chapter.html", context)


def _csv_lines(rows):
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(tables.CHAPTERS_HEADER)
    for row in rows:
        writer.writerow([csv_value(value) for value in row])
        yield buffer.getvalue().encode()
        buffer.seek(0)
        buffer.truncate()
    yield buffer.getvalue().encode()


# Backup and restore ------------------------------------------------------------------------


@official_required
def backup_page(request: HttpRequest, tournament) -> HttpResponse:
    """Build a backup of the tournament, or restore a backup file (in the background) as a
    new tournament owned by the official restoring it."""
    form = RestoreForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        with refusal(request, form=form) as refused:
            restore = jobs.request_restore(
                tournament=tournament,
                by=request.user,
                upload=form.cleaned_data["file"],
                slug=form.cleaned_data["slug"] or "",
            )
        if not refused:
            if background.start(restore, restore_backup):
                messages.success(
                    request,
                    "The file is being restored; the new tournament appears below when ready.",
                )
            else:
                jobs.remove_file(restore)  # nothing will read it
                messages.error(request, background.SEND_FAILED)
            return redirect("scoring:backup", tournament.slug)
    jobs.fail_stuck_restores(tournament)
    restores = list(
        Restore.objects.filter(tournament=tournament).select_related("restored")[:RECENT]
    )
    restoring = any(restore.is_pending for restore in restores)
    for restore in restores:
        restore.progress = jobs.progress_of(restore)
    if request.htmx and request.method == "GET" and request.GET.get("part") == "restores":
        context = {"tournament": tournament, "restores": restores, "restoring": restoring}
        return render(request, "scoring/exports_backup.html#restore-list", context)
    if request.htmx and request.method == "GET":
        context = _exports_context(tournament, kinds=[Export.Kind.BACKUP])
        return render(request, "scoring/exports.html#export-list", context)
    context = _exports_context(tournament, kinds=[Export.Kind.BACKUP])
    context.update(form=form, restores=restores, restoring=restoring)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/exports_backup.html", context, status=status)


# API tokens --------------------------------------------------------------------------------


@official_required
def api_tokens(request: HttpRequest, tournament) -> HttpResponse:
    """The official's API tokens for this tournament: make one (shown once), revoke one."""
    form = ApiTokenForm(request.POST or None)
    secret = ""
    if request.method == "POST" and form.is_valid():
        _, secret = tokens.create_api_token(
            tournament=tournament, by=request.user, name=form.cleaned_data["name"]
        )
        form = ApiTokenForm()
    context = {
        "tournament": tournament,
        "form": form,
        "secret": secret,
        "tokens": ApiToken.objects.filter(tournament=tournament, user=request.user),
    }
    return render(request, "scoring/exports_api_tokens.html", context)


@official_required
@require_POST
def api_token_revoke(request: HttpRequest, tournament, pk: int) -> HttpResponse:
    token = get_object_or_404(ApiToken, tournament=tournament, user=request.user, pk=pk)
    tokens.revoke_api_token(token=token, by=request.user)
    messages.success(request, f"The token “{token.name}” no longer works.")
    return redirect("scoring:api_tokens", tournament.slug)
