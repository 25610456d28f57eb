"""The public live bracket: no login, read on phones, refreshed by htmx polling.

Built once per change of the event and served from the cache until the next; an
unchanged bracket costs one small query and an empty 304 answer (`page_cache`).

`?team=N` marks team N's games (the lookup links here) and `?round=R` picks the round a
phone shows (one round at a time on a narrow screen, tabs to the others; the whole tree
on a wide screen and on paper). Anything else in the query string is ignored.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from .. import selectors
from ..models import Event
from ..page_cache import event_marker, public_page


def _number(request: HttpRequest, name: str) -> int | None:
    """Return a small whole number from the query string, or None for anything else."""
    raw = request.GET.get(name, "")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 6 else None


@require_GET
@cache_control(no_cache=True)
@vary_on_headers("HX-Request")
@public_page(event_marker)
def bracket(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The live bracket of one event, with its placings once the final is played."""
    event = get_object_or_404(
        selectors.with_waiting_hands(Event.objects.select_related("tournament")),
        pk=pk,
        tournament__slug=slug,
    )
    shown = selectors.public_bracket(
        event,
        team=_number(request, "team"),
        round_number=_number(request, "round"),
        part=request.GET.get("part"),
    )
    bracket = shown.bracket
    games = bracket.games + bracket.partner_games
    for game in games:  # each game's public live score
        game.link = reverse("scoring_public:game", args=[slug, game.pk])
    context = {
        "tournament": event.tournament,
        "event": event,
        "bracket": bracket,
        "shown": shown,
        "waiting_hands": event.waiting_hands,
    }
    if request.htmx:
        return render(request, "tournaments/bracket_public.html#live", context)
    return render(request, "tournaments/bracket_public.html", context)
