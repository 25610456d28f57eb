"""The API's response shapes: typed from Python types, and so described in its OpenAPI."""

from datetime import date, datetime

from ninja import Field, Schema
from ninja.pagination import PageNumberPagination

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
    score: int
    result: str | None = Field(description="won, tied, lost, or null while playing")


class GameOut(Schema):
    id: int
    game: str = Field(description="The game's id in the tournament, as in games.csv")
    event_id: int
    round: int
    table: int | None
    status: str = Field(description="finished, closed at time or playing")
    sides: list[SideOut]


class HandOut(Schema):
    number: int
    points: list[int] = Field(description="Each side's points in seat order, penalties included")


class GameDetail(GameOut):
    hands: list[HandOut]


class BracketRoundOut(Schema):
    number: int
    name: str
    games: list[GameOut]


class StandingOut(Schema):
    place: int
    shared: bool
    side: str
    players: list[str]
    played: int
    won: int
    tied: int
    lost: int
    sat_out: int
    match_points: int
    points_for: int
    points_against: float


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
