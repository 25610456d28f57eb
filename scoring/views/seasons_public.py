"""Public season pages (phone first): the leaderboard, chapters and tournaments; a
player's season; the ratings and how they are computed. Built once per change of the
season or of any event of its tournaments (`page_cache.season_marker`), served from the
cache until the next; an unchanged poll is an empty 304."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games.seasons import describe
from tournaments.models import Season
from tournaments.page_cache import public_page, season_marker, season_ratings_marker

from ..seasons.board import season_board
from ..seasons.ratings import keep_ratings_current, season_ratings

POLL_SECONDS = 60


def _season(pk: int) -> Season:
    return get_object_or_404(Season, pk=pk)


@public_page(season_marker)
def season(request: HttpRequest, pk: int) -> HttpResponse:
    found = _season(pk)
    board = season_board(found)
    keep_ratings_current(board)  # a change in the season is rated in the background
    context = {
        "season": found,
        "board": board,
        "rules": describe(board.rule),
        "poll_seconds": POLL_SECONDS,
    }
    if request.htmx:
        return render(request, "scoring/season_public.html#live", context)
    return render(request, "scoring/season_public.html", context)


@public_page(season_ratings_marker)
def player(request: HttpRequest, pk: int, person: str) -> HttpResponse:
    found = _season(pk)
    board = season_board(found)
    someone = board.by_slug.get(person)
    if someone is None:
        raise Http404("No such player in this season.")
    rated = season_ratings(board)
    ratings = [
        (family.game_name, line.rating)
        for family in rated.families
        for line in family.lines
        if line.slug == person
    ]
    context = {
        "season": found,
        "person": someone,
        "ratings": ratings,
        "updating": rated.updating,
        "board": board,
    }
    return render(request, "scoring/season_player.html", context)


@public_page(season_ratings_marker)
def ratings(request: HttpRequest, pk: int) -> HttpResponse:
    found = _season(pk)
    board = season_board(found)
    rated = season_ratings(board)
    context = {
        "season": found,
        "families": rated.families,
        "updating": rated.updating,
        "board": board,
    }
    return render(request, "scoring/season_ratings.html", context)
