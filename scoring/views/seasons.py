"""Official season pages: make a season, add and remove its tournaments, its points rule,
and the proposals that two players are the same. Only the season's owner (or the site
admin) opens them; anyone else is refused, a visitor sent to log in."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from games.seasons import describe
from tournaments import services
from tournaments.models import Season, SeasonMatch, Tournament
from tournaments.views.common import posted
from tournaments.views.refusals import refusal

from ..seasons.board import season_board
from ..seasons.forms import AddTournamentForm, PointsForm, SeasonForm


def season_official_required(view):
    """Load the season named by the URL and refuse anyone who does not run it.

    A season that does not exist is refused alike (403): the answer says nothing of
    other officials' seasons.
    """

    @wraps(view)
    def wrapper(request, pk, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        season = Season.objects.filter(pk=pk).first()
        if season is None or not season.is_official(request.user):
            raise PermissionDenied("You do not run this season.")
        return view(request, season, *args, **kwargs)

    return wrapper


def _signed_in(view):
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return view(request, *args, **kwargs)

    return wrapper


@_signed_in
@require_http_methods(["GET", "POST"])
def season_list(request: HttpRequest) -> HttpResponse:
    form = SeasonForm(posted(request))
    if request.method == "POST" and form.is_valid():
        with refusal(request, form=form) as refused:
            season = services.create_season(by=request.user, **form.cleaned_data)
        if not refused:
            messages.success(request, f"Season {season} made: add its tournaments.")
            return redirect("seasons:season", season.pk)
    seasons = Season.objects.all() if request.user.is_superuser else request.user.seasons.all()
    status = 422 if form.errors else 200
    return render(
        request, "scoring/season_list.html", {"seasons": seasons, "form": form}, status=status
    )


def _render_season(request, season, *, status=200, **forms):
    board = season_board(season)
    context = {
        "season": season,
        "board": board,
        "edit_form": forms.get("edit_form")
        or SeasonForm(
            initial={"name": season.name, "year": season.year, "organiser": season.organiser}
        ),
        "points_form": forms.get("points_form") or PointsForm.for_rule(board.rule),
        "add_form": forms.get("add_form") or AddTournamentForm(user=request.user, season=season),
        "rules": describe(board.rule),
    }
    return render(request, "scoring/season_desk.html", context, status=status)


@season_official_required
@require_http_methods(["GET"])
def season_desk(request: HttpRequest, season: Season) -> HttpResponse:
    return _render_season(request, season)


@season_official_required
@require_POST
def season_edit(request: HttpRequest, season: Season) -> HttpResponse:
    form = SeasonForm(request.POST)
    if form.is_valid():
        with refusal(request, form=form) as refused:
            services.update_season(season=season, by=request.user, **form.cleaned_data)
        if not refused:
            messages.success(request, "Season saved.")
            return redirect("seasons:season", season.pk)
    return _render_season(request, season, edit_form=form, status=422)


@season_official_required
@require_POST
def season_points(request: HttpRequest, season: Season) -> HttpResponse:
    form = PointsForm(request.POST)
    if form.is_valid():
        with refusal(request, form=form) as refused:
            services.set_season_points(season=season, by=request.user, **form.cleaned_data)
        if not refused:
            messages.success(request, "Points rule saved: the leaderboard follows it now.")
            return redirect("seasons:season", season.pk)
    return _render_season(request, season, points_form=form, status=422)


@season_official_required
@require_POST
def season_add_tournament(request: HttpRequest, season: Season) -> HttpResponse:
    form = AddTournamentForm(request.POST, user=request.user, season=season)
    if form.is_valid():
        tournament = form.cleaned_data["tournament"]
        with refusal(request, form=form, field="tournament") as refused:
            services.add_season_tournament(season=season, by=request.user, tournament=tournament)
        if not refused:
            messages.success(request, f"{tournament.name} added to the season.")
            return redirect("seasons:season", season.pk)
    return _render_season(request, season, add_form=form, status=422)


@season_official_required
@require_POST
def season_remove_tournament(request: HttpRequest, season: Season, tournament: int) -> HttpResponse:
    found = Tournament.objects.filter(pk=tournament).first()
    if found is None:
        messages.error(request, "That tournament is not in this season.")
        return _render_season(request, season, status=422)
    with refusal(request) as refused:
        services.remove_season_tournament(season=season, by=request.user, tournament=found)
    if refused:
        return _render_season(request, season, status=refused.status)
    messages.success(request, f"{found.name} taken out of the season.")
    return redirect("seasons:season", season.pk)


@season_official_required
@require_POST
def season_decide(request: HttpRequest, season: Season) -> HttpResponse:
    """Answer one proposal: the same player, different players, or forget the answer."""
    decision = request.POST.get("decision") or None
    if decision == "undecided":
        decision = None
    with refusal(request) as refused:
        services.decide_season_match(
            season=season,
            by=request.user,
            name=request.POST.get("name", ""),
            chapters=(request.POST.get("chapter", ""), request.POST.get("other_chapter", "")),
            decision=decision,
        )
    if refused:
        return _render_season(request, season, status=refused.status)
    words = dict(SeasonMatch.Decision.choices).get(decision, "Answer forgotten")
    messages.success(request, f"{request.POST.get('name', '')}: {words.lower()}.")
    return redirect("seasons:season", season.pk)
