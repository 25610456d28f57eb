"""The hall display: a projector or a TV showing the tournament, no login, no interaction.

`/t/<address>/display/` shows each event being played (its round and clock, the tables or
games still playing, then its standings or bracket), panel after panel (static/js/display.js
turns them every 15 s; without it the panels stand one under the other). It polls like
the other public pages: built once per change of the tournament's events, an unchanged
poll is an empty 304 (`page_cache`).
"""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from ..models import Tournament
from ..page_cache import public_page, tournament_marker
from ..selectors.display import hall_display


@require_GET
@cache_control(no_cache=True)
@vary_on_headers("HX-Request")
@public_page(tournament_marker)
def display(request: HttpRequest, slug: str) -> HttpResponse:
    """The hall display of a tournament, for 1920x1080 read from five metres."""
    tournament = get_object_or_404(Tournament, slug=slug)
    # The address players type: DESK_PUBLIC_URL's when set, else the path alone (the page
    # is shared from the cache whatever address the screen used, so never the request's host).
    address = settings.DESK_PUBLIC_URL + reverse("public:tournament", args=[slug])
    context = {"tournament": tournament, "shown": hall_display(tournament), "address": address}
    if request.htmx:
        return render(request, "tournaments/display.html#live", context)
    return render(request, "tournaments/display.html", context)
