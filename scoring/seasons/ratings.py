"""A season's ratings: every game with a result and hands, rated in play order.

Read in three queries whatever the season's size (the games, their sides, the teams'
players) and rated from scratch by `games.ratings.rate` (openskill): seconds for a large
season, so never in a web request. The ratings are computed by a background task
(`scoring.tasks.rate_season`) and stored with the version of the season they were
computed at (`tournaments.models.SeasonRatings`): the season's own change and its
tournaments' events' markers, so any change in the season (a hand corrected, a
tournament added, a proposal answered) is a new version. A page showing ratings of an
older version sends the task (once per version) and shows the last ratings meanwhile,
"being updated"; with eager Celery (the embedded default) the task has run by then.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from config.celery import app as celery_app
from games.ratings import PlayedGame, Rating, rate
from games.registry import get_game
from tournaments import background, services
from tournaments.models import WITH_RESULT, Game, Season, SeasonRatings, Side, TeamMember
from tournaments.names import name_key

from .board import Board, collector_paused, person_slug, season_board


@dataclass
class RatingLine:
    place: int
    name: str
    chapter: str
    slug: str
    rating: Rating


@dataclass
class FamilyRatings:
    game_key: str
    game_name: str
    lines: list[RatingLine]


def played_games(board: Board) -> tuple[list[PlayedGame], dict]:
    """Return the season's games as the ratings read them, and each person's name."""
    ids = [entry.tournament.pk for entry in board.entries]
    order = {entry.tournament.pk: index for index, entry in enumerate(board.entries)}
    played = {
        "status__in": WITH_RESULT,
        "hand_count__gt": 0,
        "walkover": False,
        "event__tournament_id__in": ids,
    }
    games = (
        Game.objects.filter(**played)
        .order_by()
        .values_list(
            "pk",
            "event__tournament_id",
            "event__game_key",
            "stage",
            "round_number",
            "event_id",
            "position",
            "winner_seat",
        )
    )
    sides: dict[int, list] = {}
    for game_id, _seat, team_id, total in (
        Side.objects.filter(**{f"game__{key}": value for key, value in played.items()})
        .order_by("game_id", "seat")
        .values_list("game_id", "seat", "team_id", "total")
    ):
        sides.setdefault(game_id, []).append((team_id, total))
    members: dict[int, list] = {}
    names = {}
    keys: dict[str, str] = {}  # each spelling's `name_key`, worked out once: names come back
    for team_id, name, chapter in (
        TeamMember.objects.filter(event__tournament_id__in=ids)
        .order_by("team_id", "position")
        .values_list("team_id", "player__name", "player__chapter__name")
    ):
        chapter = chapter or ""
        for text in (name, chapter):
            if text not in keys:
                keys[text] = name_key(text)
        key = (keys[name], keys[chapter])
        person = board.who.get(key, key)
        members.setdefault(team_id, []).append(person)
        names.setdefault(person, (name, chapter))
    found = []
    for pk, tournament_id, game_key, stage, round_number, event_id, position, winner in games:
        seats = sides.get(pk, [])
        found.append(
            PlayedGame(
                family=game_key,
                order=(order[tournament_id], stage, round_number, event_id, position, pk),
                sides=tuple(tuple(members.get(team_id, ())) for team_id, _ in seats),
                totals=tuple(total for _, total in seats),
                winners=frozenset() if winner is None else frozenset({winner}),
            )
        )
    return found, names


def ratings_marker(board: Board) -> str:
    """Return the version of the season the ratings are computed from."""
    markers = repr([(e.tournament.pk, e.marker) for e in board.entries])
    return hashlib.sha256(f"{board.season.changed_at}|{markers}".encode()).hexdigest()


def compute_ratings(board: Board) -> list[FamilyRatings]:
    """Rate the season from scratch: one list per game, best first."""
    games, names = played_games(board)
    found = []
    for game_key, people in sorted(rate(games).items()):
        ranked = sorted(
            people.items(), key=lambda item: (-item[1].ordinal, names[item[0]][0].casefold())
        )
        lines = [
            RatingLine(index, *names[person], person_slug(person), rating)
            for index, (person, rating) in enumerate(ranked, start=1)
        ]
        found.append(FamilyRatings(game_key, get_game(game_key).name, lines))
    return found


@dataclass
class SeasonRatingsNow:
    """The ratings to show: the last computed, and whether a newer version is on its way."""

    families: list[FamilyRatings]
    updating: bool
    computed_at: object = None


def season_ratings(board: Board) -> SeasonRatingsNow:
    """Return the season's last computed ratings; when they are not of the season as it
    stands, send the background task that computes them (once per version)."""
    marker = ratings_marker(board)
    kept = SeasonRatings.objects.filter(season_id=board.season.pk).first()
    if kept is None or kept.marker != marker:
        _send(board.season, marker)
        kept = SeasonRatings.objects.filter(season_id=board.season.pk).first()
    return _shown(kept, marker)


def keep_ratings_current(board: Board) -> bool:
    """Send the background task when the season's ratings are not of the season as it
    stands (the leaderboard's page does, so a change is rated without anyone asking);
    return whether they were current. One query when they are."""
    marker = ratings_marker(board)
    if SeasonRatings.objects.filter(season_id=board.season.pk, marker=marker).exists():
        return True
    _send(board.season, marker)
    return False


def _shown(kept, marker: str) -> SeasonRatingsNow:
    if kept is None or not kept.computed_at:
        return SeasonRatingsNow([], True)
    return SeasonRatingsNow(
        _families(kept.families), kept.marker != marker, computed_at=kept.computed_at
    )


def current_ratings(board: Board) -> list[FamilyRatings]:
    """Return the ratings of the season as it stands, computed here if need be (for the
    background work that needs them exact: the season's files)."""
    marker = ratings_marker(board)
    kept = SeasonRatings.objects.filter(season_id=board.season.pk, marker=marker).first()
    if kept is not None:
        return _families(kept.families)
    return _rate_and_keep(board, marker)


def rate_season(*, season_id: int) -> str:
    """Compute the season's ratings from scratch and store them (the background task)."""
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        return "gone"
    board = season_board(season)
    marker = ratings_marker(board)
    _rate_and_keep(board, marker)
    return marker


def _rate_and_keep(board: Board, marker: str) -> list[FamilyRatings]:
    """Rate the season from scratch and keep the ratings under ``marker``."""
    with collector_paused():
        found = compute_ratings(board)
    services.keep_season_ratings(season_id=board.season.pk, marker=marker, families=_data(found))
    return found


# The task that runs `rate_season` (scoring/tasks.py), found by its name in the Celery
# app: the tasks module imports this one, so this one does not import it back.
RATE_TASK = "scoring.tasks.rate_season"


def _send(season, marker: str) -> None:
    task = celery_app.tasks[RATE_TASK]
    retry_after = background.stuck_after()
    sending = services.queue_season_ratings(season=season, marker=marker, retry_after=retry_after)
    if sending and not background.enqueue(task, season.pk):
        services.unqueue_season_ratings(season=season, marker=marker)


def _data(families: list[FamilyRatings]) -> list:
    return [
        {
            "game_key": family.game_key,
            "game_name": family.game_name,
            "lines": [
                [line.place, line.name, line.chapter, line.slug, *_rating(line.rating)]
                for line in family.lines
            ],
        }
        for family in families
    ]


def _rating(rating: Rating) -> list:
    return [rating.mu, rating.sigma, rating.games]


def _families(data: list) -> list[FamilyRatings]:
    return [
        FamilyRatings(
            family["game_key"],
            family["game_name"],
            [
                RatingLine(place, name, chapter, slug, Rating(mu, sigma, games))
                for place, name, chapter, slug, mu, sigma, games in family["lines"]
            ],
        )
        for family in data
    ]
