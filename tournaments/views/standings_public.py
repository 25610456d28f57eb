"""The public standings and round results of a rounds event: no login, read on phones.

Refreshed by htmx polling. Built once per change of the event and served from the cache
until the next; an unchanged page costs one small query and an empty 304 answer
(`page_cache`; every service that changes what these pages show marks the event changed).
Only rounds that have started are shown.
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from .. import selectors
from ..models import Event
from ..page_cache import event_marker, public_page


def _get_event(slug: str, pk: int) -> Event:
    return get_object_or_404(
        selectors.with_waiting_hands(Event.objects.select_related("tournament")),
        pk=pk,
        tournament__slug=slug,
        format=Event.Format.ROUNDS,
    )


@require_GET
@cache_control(no_cache=True)
@vary_on_headers("HX-Request")
@public_page(event_marker)
def standings(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The live standings of a rounds event, with how they are ranked in words."""
    event = _get_event(slug, pk)
    context = {
        "tournament": event.tournament,
        "event": event,
        "standings": selectors.standings(event, with_rounds=True),
        "waiting_hands": event.waiting_hands,
        "clock": selectors.playing_round_clock(event),
    }
    if request.htmx:
        return render(request, "tournaments/standings_public.html#live", context)
    return render(request, "tournaments/standings_public.html", context)


@require_GET
@cache_control(no_cache=True)
@vary_on_headers("HX-Request")
@public_page(event_marker)
def round_results(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    """One round's tables: players, scores, winners, ties, tables closed at time, sit-outs."""
    event = _get_event(slug, pk)
    shown = selectors.started_round(event, number)
    if shown is None:
        raise Http404("This round has not started.")
    for table in shown.tables:  # each table's public live score
        table.link = reverse("scoring_public:game", args=[slug, table.pk])
    context = {
        "tournament": event.tournament,
        "event": event,
        "shown": shown,
        "clock": selectors.round_clock(event, shown),
    }
    if request.htmx:
        return render(request, "tournaments/round_results.html#live", context)
    return render(request, "tournaments/round_results.html", context)
