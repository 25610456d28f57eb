"""The official's pages of one game: its tournament, the user's right, the game and its
sides read together, in one round trip of reads compiled once.

Every hand entered at the desk, and every keystroke's preview, asks who the user is, the
tournament of the address and the game. Read apart (the user, `official_required`, then
the game) that is three round trips to the database on each; read together, with the
user's row (`tournaments.sessions.signed_in_with`), it is one. Anything other than an
official's own game (no login, another tournament's game, no right) is answered by
`official_required` as on every other official page: the same login, 404 and 403.
"""

from functools import wraps

from django.db.models import Exists, OuterRef
from django.http import Http404

from tournaments.compiled import compiled
from tournaments.models import Game, Tournament
from tournaments.permissions import official_required
from tournaments.selectors import with_bracket_rounds
from tournaments.sessions import signed_in_with

from ..selectors import game_sides
from ..selectors.game_reads import sides_read


def _games_of(games):
    """The game's read for its sheet: its event, next game and bracket size."""
    return with_bracket_rounds(games.select_related("event", "next_game"))


@compiled(tournament=-770_101, pk=-770_102)
def _games(*, tournament: int, pk: int):
    return _games_of(Game.objects).filter(event__tournament_id=tournament, pk=pk)


@compiled(slug="\0slug", pk=-770_103, user=-770_104)
def _official_games(*, slug: str, pk: int, user: int):
    """The game of this address, with its tournament and whether the user is its official."""
    officials = Tournament.officials.through.objects.filter(
        tournament_id=OuterRef("event__tournament_id"), user_id=user
    )
    games = _games_of(Game.objects.select_related("event__tournament"))
    return games.filter(event__tournament__slug=slug, pk=pk).annotate(
        user_is_official=Exists(officials)
    )


def get_game_for_official(tournament: Tournament | int, pk: int) -> Game:
    """Return the tournament's game with its event, next game and bracket size (one
    query, compiled once: every hand entered at the desk reads it); 404 for any other."""
    found = _games(tournament=getattr(tournament, "pk", tournament), pk=pk)
    if not found:
        raise Http404("No such game in this tournament.")
    return found[0]


def official_game_required(view):
    """Give the view the tournament, its game and the game's sides (one round trip)
    when the user is its official; answer anyone or anything else as
    `official_required` does.

    The view receives (request, tournament, game, sides: `game_sides`) instead of the
    slug and the game's id. The sides are read in the game's round trip, by the game's
    id in the address: a page that is refused shows nothing of them.
    """

    @official_required
    def refused(request, tournament, pk, *args, **kwargs):
        # Only reached where the joint read found nothing the user may see: the login,
        # 404 or 403 of `official_required`, else 404 for a game not of this tournament.
        game = get_game_for_official(tournament, pk)
        return view(request, tournament, game, game_sides(game), *args, **kwargs)

    @wraps(view)
    def wrapper(request, slug, pk, *args, **kwargs):
        # The user's row in the same round trip (`signed_in_with`).
        user, read = signed_in_with(
            request,
            lambda user_id: [
                (_official_games, {"slug": slug, "pk": pk, "user": user_id}),
                sides_read(pk),
            ],
        )
        if user is not None:
            found, rows = read
            if found and (user.is_superuser or found[0].user_is_official):
                game = found[0]
                tournament = game.event.tournament
                tournament.user_is_official = game.user_is_official
                return view(request, tournament, game, game_sides(game, rows=rows), *args, **kwargs)
        return refused(request, slug, pk, *args, **kwargs)

    return wrapper
