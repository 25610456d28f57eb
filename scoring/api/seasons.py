"""The read-only API of seasons (issue 24): what the public season pages show.

Mounted at `/api/seasons` on the one API (`scoring.api.api`), so its shapes are in the
same OpenAPI description. Public, like the pages: no login.
"""

from datetime import date
from typing import Annotated

from django.shortcuts import get_object_or_404
from ninja import Field, Path, Router, Schema, Status
from ninja.pagination import paginate

from games.seasons import describe
from tournaments.models import Season

from ..seasons.board import season_board
from ..seasons.ratings import season_ratings
from .schemas import InvalidInput, Message, Pages

router = Router(tags=["seasons"])

Id = Annotated[int, Path(ge=1, le=2**62)]
Person = Annotated[str, Path(pattern=r"^[0-9a-f]{12}$")]
NOT_FOUND = {404: Message, 422: InvalidInput}


class SeasonOut(Schema):
    id: int
    name: str
    year: int
    organiser: str


class SeasonTournamentOut(Schema):
    slug: str
    name: str
    starts_on: date


class PointsRuleOut(Schema):
    bracket: list[int] = Field(description="Winner, second, each shared third, fifth, ...")
    rounds: list[int] = Field(description="First, second, third, ... in the final standings")
    playing: int = Field(description="Points every player of an event gets for playing")
    chapters: str = Field(description='"every" member, or the "best" N each tournament')
    best: int
    in_words: list[str]


class SeasonDetail(SeasonOut):
    points: PointsRuleOut
    tournaments: list[SeasonTournamentOut]


class SeasonLeaderboardRow(Schema):
    place: int
    shared: bool
    player: str
    chapter: str
    points: int
    tournaments: int
    events: int
    person: str = Field(description="The player's id in this season: /players/{person}")


class SeasonChapterRow(Schema):
    place: int
    shared: bool
    chapter: str
    points: int


class SeasonRatingOut(Schema):
    game: str
    rank: int
    player: str
    chapter: str
    person: str
    rating: float
    give_or_take: float
    games: int
    in_words: str
    being_updated: bool = Field(
        description=(
            "True while a change in the season's tournaments is being rated in the "
            "background: these are the last ratings worked out; ask again in a moment."
        )
    )


class SeasonPlacingOut(Schema):
    tournament: str
    date: date
    event: str
    game: str
    partners: list[str]
    place: int | None
    shared: bool
    reached: str
    points: int


class SeasonPlayerDetail(SeasonLeaderboardRow):
    placings: list[SeasonPlacingOut]


def _season(season_id: int) -> Season:
    return get_object_or_404(Season, pk=season_id)


def _row(person) -> dict:
    return {
        "place": person.place,
        "shared": person.shared,
        "player": person.name,
        "chapter": person.chapter,
        "points": person.points,
        "tournaments": len(person.tournaments),
        "events": len(person.events),
        "person": person.slug,
    }


@router.get("", response={200: list[SeasonOut], 422: InvalidInput})
@paginate(Pages)
def list_seasons(request):
    """Every season, the latest year first."""
    return Season.objects.order_by("-year", "name", "pk")


@router.get("/{season_id}", response={200: SeasonDetail, **NOT_FOUND})
def get_season(request, season_id: Id):
    """A season, its points rule and its tournaments."""
    season = _season(season_id)
    board = season_board(season)
    return {
        "id": season.pk,
        "name": season.name,
        "year": season.year,
        "organiser": season.organiser,
        "points": {**board.rule.to_data(), "in_words": describe(board.rule)},
        "tournaments": [
            {
                "slug": e.tournament.slug,
                "name": e.tournament.name,
                "starts_on": e.tournament.starts_on,
            }
            for e in board.entries
        ],
    }


@router.get("/{season_id}/leaderboard", response={200: list[SeasonLeaderboardRow], **NOT_FOUND})
@paginate(Pages)
def get_leaderboard(request, season_id: Id):
    """The players, most points first; equal points share a place."""
    return [_row(person) for person in season_board(_season(season_id)).people]


@router.get("/{season_id}/chapters", response={200: list[SeasonChapterRow], **NOT_FOUND})
def get_chapters(request, season_id: Id):
    """Each chapter's points under the season's chapter rule."""
    return [
        {"place": c.place, "shared": c.shared, "chapter": c.name, "points": c.points}
        for c in season_board(_season(season_id)).chapters
    ]


@router.get("/{season_id}/ratings", response={200: list[SeasonRatingOut], **NOT_FOUND})
@paginate(Pages)
def get_ratings(request, season_id: Id):
    """Every player's rating per game (openskill), best first within each game."""
    rated = season_ratings(season_board(_season(season_id)))
    return [
        {
            "game": family.game_name,
            "rank": line.place,
            "player": line.name,
            "chapter": line.chapter,
            "person": line.slug,
            "rating": round(line.rating.mu, 2),
            "give_or_take": round(line.rating.sigma, 2),
            "games": line.rating.games,
            "in_words": line.rating.words,
            "being_updated": rated.updating,
        }
        for family in rated.families
        for line in family.lines
    ]


@router.get("/{season_id}/players/{person}", response={200: SeasonPlayerDetail, **NOT_FOUND})
def get_person(request, season_id: Id, person: Person):
    """One player's season: every placing and its points."""
    board = season_board(_season(season_id))
    found = board.by_slug.get(person)
    if found is None:
        return Status(404, {"detail": "No such player in this season."})
    return {
        **_row(found),
        "placings": [
            {
                "tournament": e.tournament.name,
                "date": e.tournament.starts_on,
                "event": e.event_name,
                "game": e.game_name,
                "partners": e.partners,
                "place": e.place,
                "shared": e.shared,
                "reached": e.reached,
                "points": e.points,
            }
            for e in found.events
        ],
    }
