"""The API's response shapes: typed from Python types, and so described in its OpenAPI."""

from dataclasses import fields
from datetime import date, datetime
from typing import get_type_hints

from ninja import Field, Schema
from ninja.pagination import PageNumberPagination
from pydantic import create_model

from games.standings import Row

PAGE_MAX = 10_000
PAGE_SIZE = 50
PAGE_SIZE_MAX = 200


class Pages(PageNumberPagination):
    """Pages of 50 (page_size up to 200), `page` from 1; bounded so no query can overflow."""

    class Input(Schema):
        page: int = Field(1, ge=1, le=PAGE_MAX)
        page_size: int | None = Field(None, ge=1, le=PAGE_SIZE_MAX)

    def __init__(self, **kwargs):
        super().__init__(page_size=PAGE_SIZE, max_page_size=PAGE_SIZE_MAX, **kwargs)


class Message(Schema):
    detail: str


class InputError(Schema):
    """One check a request's input failed (django-ninja's validation, through pydantic)."""

    type: str = Field(description="The check that failed: int_parsing, greater_than_equal, ...")
    loc: list[str | int] = Field(description='Where: "path" or "query", then the parameter\'s name')
    msg: str = Field(description="What is wrong, in words")
    ctx: dict[str, object] | None = Field(
        None, description="The check's own figures (the bound, the pattern), when it has any"
    )


class InvalidInput(Schema):
    """The answer to a request whose path or query parameters are refused (status 422)."""

    detail: list[InputError]


class TournamentOut(Schema):
    slug: str
    name: str
    starts_on: date
    ends_on: date
    venue: str


class EventOut(Schema):
    id: int
    number: int = Field(description="The event's place in the tournament: E<number> in game ids")
    name: str
    game_key: str
    game: str
    format: str = Field(description="single_elimination (a bracket) or rounds (standings)")
    team_size: int
    status: str


class TournamentDetail(TournamentOut):
    events: list[EventOut]


class SideOut(Schema):
    seat: int
    side: str | None = Field(description="The side's id in its event (T3); null: not known yet")
    players: list[str]
    score: int = Field(description="The side's total (a match's: in its game in play)")
    result: str | None = Field(description="won, tied, lost, or null while playing")
    games_won: int | None = Field(
        default=None,
        description=(
            "Games won in a match of several games (a match closed at time counts its game"
            " in play for the higher total); null: one game"
        ),
    )


class GameOut(Schema):
    id: int
    game: str = Field(description="The game's id in the tournament, as in games.csv")
    event_id: int
    round: int
    table: int | None
    status: str = Field(description="finished, closed at time or playing")
    best_of: int | None = Field(
        default=None, description="A match's most games (best of 3); null: one game"
    )
    sides: list[SideOut]


class HandOut(Schema):
    number: int
    points: list[int] = Field(description="Each side's points in seat order, penalties included")
    match_game: int = Field(default=1, description="The game of its match the hand is in")


class GameDetail(GameOut):
    hands: list[HandOut]


class BracketRoundOut(Schema):
    number: int
    name: str
    games: list[GameOut]


# A standings row is `games.standings.Row`, field for field, as JSON gives it: the side as
# its id in the event (T3), points against as a number; the side's players follow the side,
# and the place leads, as on the standings page.
STANDING_AS_JSON = {"side": str, "points_against": float}
STANDING_FIRST = ("place", "shared")


def _standing_fields() -> dict:
    types = get_type_hints(Row)
    shown = {}
    for row_field in fields(Row):
        name = row_field.name
        shown[name] = (STANDING_AS_JSON.get(name, types[name]), ...)
        if name == "side":
            shown["players"] = (list[str], ...)
    return {name: shown[name] for name in STANDING_FIRST} | shown


StandingOut = create_model("StandingOut", __base__=Schema, **_standing_fields())


def standing_out(row) -> dict:
    """Return a standings row (`games.standings.Row` with its `team`) as `StandingOut` has it."""
    return {
        **{row_field.name: getattr(row, row_field.name) for row_field in fields(Row)},
        "side": f"T{row.team.number}",
        "players": [player.name for player in row.team.players],
        "points_against": float(row.points_against),
    }


class PlacingOut(Schema):
    place: int | None
    shared: bool | None
    side: str
    players: list[str]
    chapters: str
    reached: str | None


class PlayerOut(Schema):
    id: int
    name: str
    chapter: str | None
    checked_in: bool
    withdrawn: bool


class ChapterOut(Schema):
    id: int
    name: str
    code: str


class ChapterReportRow(Schema):
    chapter: str
    player: str
    event: str | None
    side: str | None
    place: int | None
    shared: bool | None
    reached: str | None
    played: int
    won: int
    points: int


class HandChangeOut(Schema):
    hand_number: int
    action: str
    by: str | None
    at: datetime
    before: dict | None
    after: dict | None


class ActivityOut(Schema):
    at: datetime
    user: str | None
    text: str
