"""Official pages for chapters: add, rename and merge them."""

from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from .. import services
from ..forms import ChapterForm, MergeChaptersForm
from ..models import Chapter, Tournament
from ..permissions import official_required
from .common import posted
from .refusals import refusal


def _get_chapter_for_official(tournament: Tournament, pk: int) -> Chapter:
    return get_object_or_404(Chapter, tournament=tournament, pk=pk)


@official_required
@require_http_methods(["GET", "POST"])
def chapters(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = ChapterForm(posted(request))
    if request.method == "POST" and form.is_valid():
        with refusal(request, form=form, field="name") as refused:
            services.add_chapter(tournament=tournament, by=request.user, **form.cleaned_data)
        if not refused:
            messages.success(request, f"Chapter {form.cleaned_data['name']} added.")
            return redirect("desk:chapters", tournament.slug)
    return _render_chapters(request, tournament, form=form)


def _render_chapters(request, tournament, *, form=None, merge_form=None, status=200):
    rows = tournament.chapters.annotate(player_count=Count("players")).order_by("name")
    return render(
        request,
        "tournaments/chapters.html",
        {
            "tournament": tournament,
            "chapters": rows,
            "form": form or ChapterForm(),
            "merge_form": merge_form or MergeChaptersForm(tournament=tournament),
        },
        status=status,
    )


@official_required
@require_POST
def chapter_rename(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    chapter = _get_chapter_for_official(tournament, pk)
    form = ChapterForm(request.POST)
    if form.is_valid():
        with refusal(request) as refused:
            services.rename_chapter(
                chapter=chapter,
                by=request.user,
                name=form.cleaned_data["name"],
                code=form.cleaned_data["code"],
            )
        if not refused:
            messages.success(request, f"Chapter renamed to {chapter.name}.")
    else:
        messages.error(request, "Type the chapter's new name.")
    return redirect("desk:chapters", tournament.slug)


@official_required
@require_POST
def chapter_merge(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = MergeChaptersForm(request.POST, tournament=tournament)
    if form.is_valid():
        with refusal(request, form=form) as refused:
            services.merge_chapters(by=request.user, **form.cleaned_data)
        if not refused:
            messages.success(request, f"Merged into {form.cleaned_data['target'].name}.")
            return redirect("desk:chapters", tournament.slug)
    return _render_chapters(request, tournament, merge_form=form, status=422)
