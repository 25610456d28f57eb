"""Public pages: no login. Players follow events on their phones."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.cache import patch_vary_headers

from .. import selectors
from ..models import Tournament
from ..names import clean_name
from ..page_cache import public_page, tournament_marker


def index(request: HttpRequest) -> HttpResponse:
    today = timezone.localdate()
    tournaments = Tournament.objects.filter(ends_on__gte=today).order_by("starts_on")[:50]
    past = Tournament.objects.filter(ends_on__lt=today).order_by("-ends_on")[:20]
    return render(
        request, "tournaments/public_index.html", {"tournaments": tournaments, "past": past}
    )


def _lookup_query(request) -> str:
    """Return the typed lookup as it is searched: controls removed, at most 80 characters."""
    return clean_name(request.GET.get("q", ""))[:80]


@public_page(tournament_marker)
def tournament_home(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    query = _lookup_query(request)
    context = {
        "tournament": tournament,
        "events": selectors.events_with_counts(tournament),
        "counts": selectors.tournament_counts(tournament),
        "query": query,
        "found": selectors.find_players(tournament, query),
    }
    if request.htmx and request.htmx.target == "lookup-results":
        response = render(request, "tournaments/public_home.html#lookup", context)
    else:
        response = render(request, "tournaments/public_home.html", context)
    # The same address answers a partial to htmx and a page to a browser: caches must
    # keep the two apart.
    patch_vary_headers(response, ["HX-Request", "HX-Target"])
    return response
