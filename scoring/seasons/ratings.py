"""A season's ratings: every game with a result and hands, rated in play order.

Read in three queries whatever the season's size (the games, their sides, the teams'
players), rated by `games.ratings.rate` (openskill), and kept in the cache under the
season's marker and its tournaments' markers: a change anywhere in the season (a hand
corrected, a tournament added, a proposal answered) is a new key, so the ratings are
recomputed from scratch on the next read and are never stale.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.cache import cache

from games.ratings import PlayedGame, Rating, rate
from games.registry import get_game
from tournaments.models import WITH_RESULT, Game, Side, TeamMember
from tournaments.names import name_key

from .board import Board, collector_paused, person_slug

KEEP_SECONDS = 7 * 24 * 3600


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
    for team_id, name, chapter in (
        TeamMember.objects.filter(event__tournament_id__in=ids)
        .order_by("team_id", "position")
        .values_list("team_id", "player__name", "player__chapter__name")
    ):
        key = (name_key(name), name_key(chapter or ""))
        person = board.who.get(key, key)
        members.setdefault(team_id, []).append(person)
        names.setdefault(person, (name, chapter or ""))
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


def _key(board: Board) -> str:
    markers = repr([(e.tournament.pk, e.marker) for e in board.entries])
    digest = hashlib.sha256(f"{board.season.changed_at}|{markers}".encode()).hexdigest()
    return f"season-ratings:{board.season.pk}:{digest}"


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


def season_ratings(board: Board) -> list[FamilyRatings]:
    """Return the season's ratings: kept under the season's markers, else computed."""
    key = _key(board)
    found = cache.get(key)
    if found is None:
        with collector_paused():
            found = compute_ratings(board)
        cache.set(key, found, timeout=KEEP_SECONDS)
    return found
