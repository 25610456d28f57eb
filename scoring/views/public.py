"""Public game page: the live score hand by hand, for players on their phones.

Built once per change of the game (or of its event beyond another game's running score:
`page_cache.game_marker`) and served from the cache until the
next; an unchanged score costs one small query and an empty 304 answer (`page_cache`).
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.vary import vary_on_headers

from tournaments.models import Game
from tournaments.page_cache import game_marker, public_page
from tournaments.selectors import with_bracket_rounds

from .. import selectors

POLL_SECONDS = 5
POLL_SECONDS_DECIDED = 30


@vary_on_headers("HX-Request")
@public_page(game_marker)
def game(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    game = get_object_or_404(
        with_bracket_rounds(Game.objects.select_related("event__tournament", "next_game")),
        event__tournament__slug=slug,
        pk=pk,
    )
    sheet = selectors.game_sheet(game)
    context = {
        "tournament": game.event.tournament,
        "game": game,
        "sheet": sheet,
        "poll_seconds": POLL_SECONDS_DECIDED if game.is_decided else POLL_SECONDS,
        # What the page is keyed on (`game_marker`): the game's own change, or its event's
        # beyond one game's score; not a hand at another table.
        "changed": max(game.updated_at, game.event.shared_changed_at),
    }
    if request.htmx:
        return render(request, "scoring/game_public.html#score", context)
    return render(request, "scoring/game_public.html", context)
