"""The public standings and round results of a rounds event: no login, read on phones.

Refreshed by htmx polling. Built once per change of the event and served from the cache
until the next; an unchanged page costs one small query and an empty 304 answer
(`page_cache`; every service that changes what these pages show marks the event changed).
Only rounds that have started are shown.
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from .. import selectors
from ..fragments import (
    attach_tables,
    keep_ranking,
    kept_ranking,
    render_page,
    standings_table,
    team_lines_of,
)
from ..models import Event
from ..page_cache import event_marker, public_page
from ..written import public_standings_live
from .common import numbered_addresses


def _teams(event):
    """The event's teams, kept under its names' version (`fragments.team_lines_of`)."""
    return team_lines_of(event, selectors.event_teams, kind="event-teams")


def _get_event(slug: str, pk: int, *reads) -> tuple[Event, list]:
    """Return the rounds event of the address, and what ``reads`` read with it."""
    event, results = selectors.public_event_with(slug, pk, *reads, rounds=True)
    if event is None:
        raise Http404("No such event.")
    return event, results


@require_GET
@cache_control(no_cache=True)
@vary_on_headers("HX-Request")
@public_page(event_marker)
def standings(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The live standings of a rounds event, with how they are ranked in words."""
    shared = getattr(request, "page_shared", False)
    # A visitor's page reads its tables and sit-outs with the event, in one round trip,
    # unless what they rank is kept under the event's shared version (`fragments`).
    ranking = kept_ranking(request, pk) if shared else None
    reads = selectors.standings_reads() if shared and ranking is None else ()
    event, rows = _get_event(slug, pk, *reads)
    context = {
        "tournament": event.tournament,
        "event": event,
        "waiting_hands": event.waiting_hands,
        "clock": selectors.playing_round_clock(event),
    }
    if shared:
        # A visitor's page: the standings table kept under what it is ranked from
        # (`fragments`), so a hand that decides nothing draws none of it again.
        if ranking is None:
            ranking = keep_ranking(request, pk, selectors.standings_inputs(event, rows=rows))
        inputs = ranking.inputs
        results, _, points = inputs
        context["standings_html"] = standings_table(
            event,
            ranking=ranking,
            build=lambda: selectors.standings(event, inputs=inputs, teams=_teams(event)),
        )
        context["standings"] = selectors.Standings(
            event=event,
            rows=[],
            sit_out_points=points,
            games_counted=len(results),
            rounds=ranking.rounds_shown(),
        )
    else:
        context["standings"] = selectors.standings(event, with_rounds=True)
    link = numbered_addresses("public:round_results", slug, pk)
    for rnd in context["standings"].rounds:  # read by the page's links to each round
        rnd.link = link(rnd.number)
    return render_page(
        request,
        "tournaments/standings_public.html",
        context,
        event=event,
        shared=shared,
        write_live=public_standings_live,
    )


@require_GET
@cache_control(no_cache=True)
@vary_on_headers("HX-Request")
@public_page(event_marker)
def round_results(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    """One round's tables: players, scores, winners, ties, tables closed at time, sit-outs."""
    event, _ = _get_event(slug, pk)
    shared = getattr(request, "page_shared", False)
    shown = selectors.started_round(event, number, teams=_teams(event) if shared else None)
    if shown is None:
        raise Http404("This round has not started.")
    for table in shown.tables:  # each table's public live score
        table.link = reverse("scoring_public:game", args=[slug, table.pk])
    if shared:  # each table's card kept under its game's version: a hand re-draws its own
        attach_tables(shown.tables, event=event, tournament=event.tournament)
    context = {
        "tournament": event.tournament,
        "event": event,
        "shown": shown,
        "clock": selectors.round_clock(event, shown),
    }
    if request.htmx:
        return render(request, "tournaments/round_results.html#live", context)
    return render(request, "tournaments/round_results.html", context)
