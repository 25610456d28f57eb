"""The read-only JSON API, with django-ninja: `/api/`, described at `/api/openapi.json`.

Public data (what the public pages show: tournaments, events, brackets, games with
their hands, standings and placings) needs no login. What only officials see (players
with their check-in, chapter reports, a game's hand history, the activity log) needs
the official's session or a token they made on the API tokens page, sent as
`Authorization: Bearer <token>`; a token reads its own tournament only.

Why django-ninja: the response shapes are plain Python type hints (`schemas.py`), from
which it both checks every response and writes the OpenAPI description, so the two
cannot drift apart; it is a small dependency (pydantic) for a read-only API, where
Django REST framework would bring serializers, viewsets and drf-spectacular to say
the same.
"""

from typing import Annotated

from django.http import Http404
from django.shortcuts import get_object_or_404
from ninja import NinjaAPI, Path
from ninja.errors import HttpError
from ninja.pagination import paginate
from ninja.security import HttpBearer, django_auth

from games.matches import most_games
from tournaments.matches import event_rule, match_to_win
from tournaments.models import Activity, Chapter, Event, Game, Tournament
from tournaments.naming import FIRST_STAGES, bracket_round_name
from tournaments.selectors import standings as event_standings

from ..exports import tables
from ..models import Hand, HandChange
from . import schemas, tokens
from .schemas import Message, Pages

api = NinjaAPI(
    title="Domino desk",
    version="1",
    description=__doc__.split("\n\n")[1],
    urls_namespace="api",
    docs_url=None,
)

Slug = Annotated[str, Path(pattern=r"^[-a-zA-Z0-9_]{1,40}$")]
Id = Annotated[int, Path(ge=1, le=2**62)]
# Every operation reads a path or a query parameter, so each may refuse it (422).
INVALID = {422: schemas.InvalidInput}
NOT_FOUND = {404: Message, **INVALID}


class TokenAuth(HttpBearer):
    """A token made on the API tokens page; checked against the tournament in the view."""

    def authenticate(self, request, token):
        return token if token.startswith(tokens.PREFIX) else None


OFFICIAL = [TokenAuth(), django_auth]
OFFICIAL_RESPONSES = {401: Message, 403: Message, 404: Message, **INVALID}


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def _official_tournament(request, slug: str) -> Tournament:
    """Return the tournament if the session's user or the token is one of its officials."""
    tournament = _tournament(slug)
    auth = request.auth
    if isinstance(auth, str):
        user = tokens.user_for_token(auth, tournament)
    else:
        user = auth if tournament.is_official(auth) else None
    if user is None:
        raise HttpError(403, "Only the tournament's officials may read this.")
    return tournament


def _event(tournament, event_id: int) -> Event:
    return get_object_or_404(Event, tournament=tournament, pk=event_id)


def _event_out(event: Event, number: int) -> dict:
    return {
        "id": event.pk,
        "number": number,
        "name": event.name,
        "game_key": event.game_key,
        "game": event.game.name,
        "format": event.format,
        "team_size": event.team_size,
        "status": event.status,
    }


def _game_out(snapshot: tables.Snapshot, game: tables.GameInfo) -> dict:
    event = next(event for event in snapshot.events if event.pk == game.event_id)
    to_win = match_to_win(game, event_rule(event))
    sides = []
    won = game.games_won
    for side, result, games in zip(game.sides, game.results, won, strict=True):
        team = snapshot.teams.get(side.team_id)
        sides.append(
            {
                "seat": side.seat,
                "side": team.side if team else None,
                "players": list(team.names) if team else [],
                "score": side.total,
                "result": result or None,
                "games_won": games if to_win > 1 else None,
            }
        )
    return {
        "id": game.pk,
        "game": game.label,
        "event_id": game.event_id,
        "round": game.round_number,
        "table": game.position + 1 if game.at_a_table else None,
        "status": tables.STATUS_WORDS[game.status],
        "best_of": most_games(to_win) if to_win > 1 else None,
        "sides": sides,
    }


# Public --------------------------------------------------------------------------------


@api.get("/tournaments", response={200: list[schemas.TournamentOut], **INVALID}, tags=["public"])
@paginate(Pages)
def list_tournaments(request):
    """Every tournament, newest first."""
    return Tournament.objects.order_by("-starts_on", "name", "pk")


@api.get(
    "/tournaments/{slug}",
    response={200: schemas.TournamentDetail, **NOT_FOUND},
    tags=["public"],
)
def get_tournament(request, slug: Slug):
    """A tournament and its events."""
    tournament = _tournament(slug)
    events = tournament.events.order_by("created_at", "pk")
    return {
        "slug": tournament.slug,
        "name": tournament.name,
        "starts_on": tournament.starts_on,
        "ends_on": tournament.ends_on,
        "venue": tournament.venue,
        "events": [_event_out(e, n) for n, e in enumerate(events, start=1)],
    }


@api.get(
    "/tournaments/{slug}/events",
    response={200: list[schemas.EventOut], **NOT_FOUND},
    tags=["public"],
)
@paginate(Pages)
def list_events(request, slug: Slug):
    """A tournament's events, in the order they were made."""
    tournament = _tournament(slug)
    events = tournament.events.order_by("created_at", "pk")
    return [_event_out(e, n) for n, e in enumerate(events, start=1)]


@api.get(
    "/tournaments/{slug}/events/{event_id}/games",
    response={200: list[schemas.GameOut], **NOT_FOUND},
    tags=["public"],
)
@paginate(Pages)
def list_games(request, slug: Slug, event_id: Id):
    """An event's games as games.csv lists them (rounds not yet started are not shown)."""
    event = _event(_tournament(slug), event_id)
    snapshot = tables.read_snapshot(event.tournament)
    games = [g for g in snapshot.event_games(event.pk) if snapshot.shown(g)]
    return [_game_out(snapshot, game) for game in games]


@api.get(
    "/tournaments/{slug}/events/{event_id}/bracket",
    response={200: list[schemas.BracketRoundOut], **NOT_FOUND},
    tags=["public"],
)
def get_bracket(request, slug: Slug, event_id: Id):
    """A bracket event's rounds, each with its games (404 for an event played in rounds)."""
    event = _event(_tournament(slug), event_id)
    if event.game.plays_rounds:
        raise Http404("This event is played in rounds: see its standings.")
    snapshot = tables.read_snapshot(event.tournament)
    games = [g for g in snapshot.event_games(event.pk) if g.stage >= 1 and snapshot.shown(g)]
    every = snapshot.event_games(event.pk)
    total = max((g.round_number for g in every if g.stage in FIRST_STAGES), default=0)
    rounds = []
    # A double elimination's rounds: the winners', then the losers', then the finals'.
    for stage, number in sorted({(g.stage, g.round_number) for g in games}):
        rounds.append(
            {
                "number": number,
                "name": bracket_round_name(stage, number, total),
                "games": [
                    _game_out(snapshot, g)
                    for g in games
                    if (g.stage, g.round_number) == (stage, number)
                ],
            }
        )
    return rounds


@api.get(
    "/tournaments/{slug}/events/{event_id}/standings",
    response={200: list[schemas.StandingOut], **NOT_FOUND},
    tags=["public"],
)
@paginate(Pages)
def list_standings(request, slug: Slug, event_id: Id):
    """A rounds event's standings, as standings.csv (404 for a bracket event)."""
    event = _event(_tournament(slug), event_id)
    if not event.game.plays_rounds:
        raise Http404("This event is a bracket: see its placings.")
    return [schemas.standing_out(row) for row in event_standings(event).rows]


@api.get(
    "/tournaments/{slug}/events/{event_id}/placings",
    response={200: list[schemas.PlacingOut], **NOT_FOUND},
    tags=["public"],
)
@paginate(Pages)
def list_placings(request, slug: Slug, event_id: Id):
    """Each side's place in the event and how far it got."""
    event = _event(_tournament(slug), event_id)
    snapshot = tables.read_snapshot(event.tournament)
    found = []
    for row in tables.placings_rows(snapshot, [event]):
        team = next(
            t for t in snapshot.teams.values() if t.event_id == event.pk and t.side == row[4]
        )
        found.append(
            {
                "place": row[2],
                "shared": row[3],
                "side": row[4],
                "players": list(team.names),
                "chapters": row[6],
                "reached": row[7],
            }
        )
    return found


@api.get(
    "/tournaments/{slug}/games/{game_id}",
    response={200: schemas.GameDetail, **NOT_FOUND},
    tags=["public"],
)
def get_game(request, slug: Slug, game_id: Id):
    """A game with its sides and every hand's points."""
    tournament = _tournament(slug)
    snapshot = tables.read_snapshot(tournament)
    game = snapshot.games.get(game_id)
    if game is None or not snapshot.shown(game):
        raise Http404("No such game.")
    found = _game_out(snapshot, game)
    found["hands"] = [
        {"number": number, "points": points, "match_game": match_game}
        for number, points, match_game in Hand.objects.filter(game_id=game.pk)
        .order_by("number")
        .values_list("number", "points", "match_game")
    ]
    return found


# Officials only ----------------------------------------------------------------------------


@api.get(
    "/tournaments/{slug}/players",
    response={200: list[schemas.PlayerOut], **OFFICIAL_RESPONSES},
    auth=OFFICIAL,
    tags=["officials"],
)
@paginate(Pages)
def list_players(request, slug: Slug):
    """The tournament's players with their chapter, check-in and withdrawal."""
    tournament = _official_tournament(request, slug)
    return [
        {
            "id": player.pk,
            "name": player.name,
            "chapter": player.chapter.name if player.chapter_id else None,
            "checked_in": player.checked_in,
            "withdrawn": player.withdrawn,
        }
        for player in tournament.players.select_related("chapter").order_by("name", "pk")
    ]


@api.get(
    "/tournaments/{slug}/chapters",
    response={200: list[schemas.ChapterOut], **OFFICIAL_RESPONSES},
    auth=OFFICIAL,
    tags=["officials"],
)
@paginate(Pages)
def list_chapters(request, slug: Slug):
    """The tournament's chapters."""
    tournament = _official_tournament(request, slug)
    return list(tournament.chapters.order_by("name").values("id", "name", "code"))


@api.get(
    "/tournaments/{slug}/chapters/{chapter_id}/report",
    response={200: list[schemas.ChapterReportRow], **OFFICIAL_RESPONSES},
    auth=OFFICIAL,
    tags=["officials"],
)
@paginate(Pages)
def chapter_report(request, slug: Slug, chapter_id: Id):
    """A chapter's report: each member's events, placings, games won and points."""
    tournament = _official_tournament(request, slug)
    chapter = get_object_or_404(Chapter, tournament=tournament, pk=chapter_id)
    snapshot = tables.read_snapshot(tournament)
    return [
        dict(zip(tables.CHAPTERS_HEADER, row, strict=True))
        for row in tables.chapter_rows(snapshot, chapter)
    ]


@api.get(
    "/tournaments/{slug}/games/{game_id}/history",
    response={200: list[schemas.HandChangeOut], **OFFICIAL_RESPONSES},
    auth=OFFICIAL,
    tags=["officials"],
)
@paginate(Pages)
def game_history(request, slug: Slug, game_id: Id):
    """Every change to a game's hands: added, edited, deleted; who, when, before and after."""
    tournament = _official_tournament(request, slug)
    game = get_object_or_404(Game, event__tournament=tournament, pk=game_id)
    return [
        {
            "hand_number": change.hand_number,
            "action": change.action,
            "by": change.by.username if change.by_id else None,
            "at": change.at,
            "before": change.before if isinstance(change.before, dict) else None,
            "after": change.after if isinstance(change.after, dict) else None,
        }
        for change in HandChange.objects.filter(game=game).select_related("by").order_by("at", "pk")
    ]


@api.get(
    "/tournaments/{slug}/activity",
    response={200: list[schemas.ActivityOut], **OFFICIAL_RESPONSES},
    auth=OFFICIAL,
    tags=["officials"],
)
@paginate(Pages)
def list_activity(request, slug: Slug):
    """What the officials did, newest first."""
    tournament = _official_tournament(request, slug)
    return [
        {"at": a.at, "user": a.user.username if a.user_id else None, "text": a.text}
        for a in Activity.objects.filter(tournament=tournament).select_related("user")
    ]


# Seasons across tournaments (issue 24): their own module, on this one API.
from .seasons import router as seasons_router  # noqa: E402

api.add_router("/seasons", seasons_router)
