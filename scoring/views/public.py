"""Public game page: the live score hand by hand, for players on their phones."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import condition
from django.views.decorators.vary import vary_on_headers

from tournaments.models import Game
from tournaments.selectors import with_bracket_rounds

from .. import selectors

POLL_SECONDS = 5
POLL_SECONDS_DECIDED = 30


def _game_etag(request: HttpRequest, slug: str, pk: int) -> str | None:
    """One small query: the game's version and its event's last change (a renamed player).

    The polled part and the whole page get different tags.
    """
    found = (
        Game.objects.filter(pk=pk, event__tournament__slug=slug)
        .values_list("version", "updated_at", "event__changed_at")
        .first()
    )
    if found is None:
        return None
    version, updated_at, event_changed_at = found
    part = "p" if request.htmx else "f"
    return f'"g{pk}-{version}-{updated_at.timestamp()}-{event_changed_at.timestamp()}-{part}"'


@vary_on_headers("HX-Request")
@condition(etag_func=_game_etag)
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
    }
    if request.htmx:
        return render(request, "scoring/game_public.html#score", context)
    return render(request, "scoring/game_public.html", context)
