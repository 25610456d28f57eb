"""Official pages for tournaments: the list, a new one, its dashboard and its details."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from .. import selectors, services
from ..forms import TournamentEditForm, TournamentForm
from ..models import Tournament
from ..permissions import official_required
from .common import posted
from .refusals import refusal


@login_required
def official_home(request: HttpRequest) -> HttpResponse:
    tournaments = (
        Tournament.objects.all()
        if request.user.is_superuser
        else (request.user.officiated_tournaments.all())
    )
    tournaments = tournaments.annotate(player_count=Count("players", distinct=True))
    return render(request, "tournaments/official_home.html", {"tournaments": tournaments})


@login_required
@require_http_methods(["GET", "POST"])
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(posted(request))
    if request.method == "POST" and form.is_valid():
        with refusal(request, form=form) as refused:
            tournament = services.create_tournament(by=request.user, **form.cleaned_data)
        if not refused:
            messages.success(request, f"{tournament.name} is ready. Add its events next.")
            return redirect("desk:dashboard", tournament.slug)
    return render(request, "tournaments/tournament_form.html", {"form": form})


@official_required
def dashboard(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return render(
        request,
        "tournaments/dashboard.html",
        {
            "tournament": tournament,
            "counts": selectors.tournament_counts(tournament),
            "events": selectors.events_with_counts(tournament),
            "activity": tournament.activity.select_related("user")[:15],
        },
    )


@official_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    initial = {
        "name": tournament.name,
        "starts_on": tournament.starts_on,
        "ends_on": tournament.ends_on,
        "venue": tournament.venue,
    }
    form = TournamentEditForm(posted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        with refusal(request, form=form) as refused:
            services.update_tournament(tournament=tournament, by=request.user, **form.cleaned_data)
        if not refused:
            messages.success(request, "Tournament details saved.")
            return redirect("desk:dashboard", tournament.slug)
    return render(
        request, "tournaments/tournament_form.html", {"form": form, "tournament": tournament}
    )
