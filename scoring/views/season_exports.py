"""A season's files: ask for one, watch it being built, download it (the season's owner)."""

from django.contrib import messages
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from tournaments import background
from tournaments.models import Season, SeasonExport
from tournaments.views.refusals import refusal

from ..seasons.exports import request_season_export, season_export_file
from ..tasks import build_season_export
from .seasons import season_official_required

RECENT = 10


@season_official_required
@require_http_methods(["GET", "POST"])
def season_exports(request: HttpRequest, season: Season) -> HttpResponse:
    status = 200
    if request.method == "POST":
        with refusal(request) as refused:
            export = request_season_export(
                season=season, by=request.user, format=request.POST.get("format", "")
            )
        if not refused:
            if background.start(export, build_season_export):
                messages.success(request, "The file is being built: it appears below when ready.")
            else:
                messages.error(request, background.SEND_FAILED)
            return redirect("seasons:exports", season.pk)
        status = refused.status
    background.fail_stuck(SeasonExport.objects.filter(season=season))
    exports = list(season.exports.all()[:RECENT])
    context = {
        "season": season,
        "exports": exports,
        "pending": any(export.is_pending for export in exports),
        "formats": SeasonExport.Format.choices,
    }
    return render(request, "scoring/season_exports.html", context, status=status)


@season_official_required
@require_GET
def season_export_download(request: HttpRequest, season: Season, export: int) -> HttpResponse:
    found = get_object_or_404(SeasonExport, season=season, pk=export)
    path = season_export_file(found) if found.status == SeasonExport.Status.READY else None
    if path is None:
        raise Http404("This file is not ready, or no longer kept.")
    return FileResponse(open(path, "rb"), as_attachment=True, filename=found.filename)
