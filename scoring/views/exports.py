"""Official pages for exports: request a file, watch it being built, download it."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from tournaments.permissions import official_required

from ..exports import request_export
from ..models import Export


@official_required
def export_list(request: HttpRequest, tournament) -> HttpResponse:
    exports = tournament.exports.defer("content")[:20]
    context = {"tournament": tournament, "exports": exports, "kinds": Export.Kind.choices}
    pending = any(e.status == Export.Status.PENDING for e in exports)
    context["pending"] = pending
    if request.htmx:
        return render(request, "scoring/exports.html#export-list", context)
    return render(request, "scoring/exports.html", context)


@official_required
@require_POST
def export_create(request: HttpRequest, tournament) -> HttpResponse:
    kind = request.POST.get("kind", "")
    if kind not in Export.Kind.values:
        messages.error(request, "Choose which file to export.")
        return redirect("scoring:exports", tournament.slug)
    request_export(tournament=tournament, by=request.user, kind=kind)
    messages.success(request, "The file is being built; it appears below when ready.")
    return redirect("scoring:exports", tournament.slug)


@official_required
def export_download(request: HttpRequest, tournament, pk: int) -> HttpResponse:
    export = get_object_or_404(Export, tournament=tournament, pk=pk, status=Export.Status.READY)
    response = HttpResponse(export.content, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    return response
