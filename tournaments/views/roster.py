"""Official pages for roster files: upload one, see it checked, import it."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from .. import background, selectors
from ..forms import RosterForm
from ..models import RosterUpload, Tournament
from ..permissions import official_required
from ..services import roster_files
from ..services.roster_files import AlreadyImported
from ..tasks import check_roster_upload
from .common import posted
from .refusals import refusal


def _upload_id(value) -> int | None:
    """Return an upload's id as typed in a form or address, or None for anything else."""
    value = str(value or "").strip()
    return int(value) if value.isascii() and value.isdigit() and len(value) < 18 else None


def _get_upload_for_official(tournament: Tournament, value) -> RosterUpload | None:
    upload_id = _upload_id(value)
    if upload_id is None:
        return None
    return tournament.uploads.filter(pk=upload_id).first()


def _upload_url(tournament: Tournament, upload: RosterUpload) -> str:
    return f"{reverse('desk:roster_import', args=[tournament.slug])}?upload={upload.pk}"


def _lines(value) -> frozenset[int] | None:
    """Return the line numbers posted as "4,9" (none: ""), or None for anything else."""
    parts = [part.strip() for part in str(value or "").split(",") if part.strip()]
    if len(parts) > 10_001 or not all(p.isascii() and p.isdigit() and len(p) < 7 for p in parts):
        return None
    return frozenset(int(part) for part in parts)


GONE = "That file is no longer here (files are kept for a while only). Upload it again."


@official_required
@require_http_methods(["GET", "POST"])
def roster_import(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Upload a roster and see it checked; nothing is saved until the official confirms.

    The file is checked by a background task (`tournaments.tasks`); the page shows the
    check when it is done, polling while it runs. A worker that cannot be reached, or
    never answers, gives a message and a retry button.
    """
    if request.method == "POST" and "retry" in request.POST:
        return _retry_upload(request, tournament)
    form = RosterForm(posted(request), request.FILES or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        file = form.cleaned_data["file"]
        upload = roster_files.upload_roster(
            tournament=tournament,
            by=request.user,
            filename=file.name,
            data=file.read(),
            events=form.cleaned_data["events"],
        )
        background.start(upload, check_roster_upload)
        return redirect(_upload_url(tournament, upload))
    upload = None
    if request.method == "GET" and "upload" in request.GET:
        upload = _get_upload_for_official(tournament, request.GET["upload"])
        if upload is None:
            messages.error(request, GONE)
            return redirect("desk:roster_import", tournament.slug)
        background.fail_stuck(tournament.uploads.filter(pk=upload.pk))
        upload.refresh_from_db()
    context = {
        "tournament": tournament,
        "form": form,
        "upload": upload,
        "events": roster_files.upload_events(upload) if upload else [],
        "chapter_notes": selectors.roster_chapter_notes(tournament, upload.rows) if upload else [],
    }
    status = 422 if request.method == "POST" else 200
    if request.htmx and upload is not None:
        return render(request, "tournaments/roster_import.html#upload", context)
    return render(request, "tournaments/roster_import.html", context, status=status)


def _retry_upload(request, tournament):
    upload = _get_upload_for_official(tournament, request.POST.get("retry"))
    if upload is None:
        messages.error(request, GONE)
        return redirect("desk:roster_import", tournament.slug)
    if upload.is_failed and upload.data:
        background.start(upload, check_roster_upload)
    return redirect(_upload_url(tournament, upload))


@official_required
@require_POST
def roster_confirm(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Import a checked file: every line, or the lines that pass, leaving out `refused`."""
    upload = _get_upload_for_official(tournament, request.POST.get("upload"))
    if upload is None:
        messages.error(request, GONE)
        return redirect("desk:roster_import", tournament.slug)
    refused = _lines(request.POST.get("refused"))
    if refused is None:
        messages.error(request, "Nothing was imported: press one of the Import buttons.")
        return redirect(_upload_url(tournament, upload))
    with refusal() as refusal_:
        try:
            count = roster_files.import_roster_upload(
                upload=upload, by=request.user, refused=refused
            )
        except AlreadyImported as exc:
            messages.info(request, f"{exc} Nobody was added twice.")
            return redirect("desk:players", tournament.slug)
    if refusal_:
        # Something changed since the check: check again, so the page lists each line.
        roster_files.recheck_upload(upload)
        messages.error(request, f"Nothing was imported. {refusal_.message}")
        return redirect(_upload_url(tournament, upload))
    if refused:
        lines = ", ".join(str(line) for line in sorted(refused)[:20])
        more = "…" if len(refused) > 20 else ""
        messages.success(
            request,
            f"Imported {count} players. {len(refused)} lines were refused and not "
            f"imported (lines {lines}{more}): the file's page lists them.",
        )
        return redirect(_upload_url(tournament, upload))
    messages.success(request, f"Imported {count} players.")
    return redirect("desk:players", tournament.slug)
