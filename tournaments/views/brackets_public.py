"""The public live bracket: no login, read on phones, refreshed by htmx polling.

Built once per change of the event and served from the cache until the next; an
unchanged bracket costs one small query and an empty 304 answer (`page_cache`).

`?team=N` marks team N's games (the lookup links here) and `?round=R` picks the round a
phone shows (one round at a time on a narrow screen, tabs to the others; the whole tree
on a wide screen and on paper). Anything else in the query string is ignored.
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from .. import selectors
from ..fragments import attach_cards, kept_team_lines, render_page
from ..page_cache import event_marker, public_page
from ..written import public_bracket_live
from .common import numbered_addresses


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
    # A visitor's page is assembled from parts kept under their own versions
    # (`fragments`); a page never kept (an official's, one with a message) is built whole.
    shared = getattr(request, "page_shared", False)
    # The event and, in the same round trip (`public_event_with`), its games with their
    # sides, or a big bracket's games' versions alone for a visitor (the lines kept for
    # them are used, the moved games read: `bracket_kept`).
    read = selectors.visitor_bracket_read(pk) if shared else selectors.bracket_rows
    event, (found,) = selectors.public_event_with(slug, pk, read)
    given = {"versions" if read is selectors.bracket_versions else "rows": found}
    if event is None:
        raise Http404("No such event.")
    teams, names = kept_team_lines(event, selectors.team_lines) if shared else (None, "")
    shown = selectors.public_bracket(
        event,
        team=_number(request, "team"),
        round_number=_number(request, "round"),
        part=request.GET.get("part"),
        teams=teams,
        **given,
        names=names,
    )
    bracket = shown.bracket
    games = bracket.games + bracket.partner_games
    # Each game's public live score (its address made once, not reversed for every game).
    link = numbered_addresses("scoring_public:game", slug)
    for game in games:
        game.link = link(game.pk)
    if shared:  # each card kept under its game's version: a hand re-draws its own only
        attach_cards(bracket, event=event, shown=shown, names=names)
    context = {
        "tournament": event.tournament,
        "event": event,
        "bracket": bracket,
        "shown": shown,
        "waiting_hands": event.waiting_hands,
    }
    return render_page(
        request,
        "tournaments/bracket_public.html",
        context,
        event=event,
        shared=shared,
        write_live=public_bracket_live,
    )
