"""bench/hands.py's events: a drawn bracket (with its singles feed) and started rounds,
made through the services, and the games of an event that take hands now."""

import os
import random

from _common import checked_in_players

ROUND_PLAYERS = int(os.environ.get("BENCH_ROUND_PLAYERS", "24"))


def bracket(tournament, official, teams: int, name: str, *, singles: bool = False):
    """Return a drawn Texas Good Sams doubles bracket of `teams` teams (and its singles)."""
    from tournaments import services
    from tournaments.models import Chapter, Entry, Event

    event = services.create_event(
        tournament=tournament,
        by=official,
        name=name,
        game_key="texas_good_sams",
        format=Event.Format.SINGLE_ELIMINATION,
        team_size=2,
    )
    if singles:
        services.create_event(
            tournament=tournament,
            by=official,
            name=f"{name} singles",
            game_key="texas_good_sams",
            format=Event.Format.SINGLE_ELIMINATION,
            team_size=1,
            fed_by=event,
        )
    chapters = list(Chapter.objects.filter(tournament=tournament)) or Chapter.objects.bulk_create(
        [Chapter(tournament=tournament, name=f"Chapter {n}") for n in range(40)]
    )
    rng = random.Random(name)
    players = checked_in_players(
        tournament, (f"{name} player {n}" for n in range(2 * teams)), chapters, rng
    )
    Entry.objects.bulk_create([Entry(event=event, player=p) for p in players])
    services.draw_partners_for_event(event=event, by=official, seed=1)
    services.draw_bracket(event=event, by=official, seed=1)
    return event


def started_round(tournament, official, game_key: str, name: str = "", players: int = 0):
    """Return a rounds event of `game_key` whose first round is seated and started (named
    after the game, and `name` after it), of `players` (BENCH_ROUND_PLAYERS) players."""
    from games.registry import get_game
    from tournaments import services
    from tournaments.models import Entry, Event, Player

    spec = get_game(game_key)
    event = services.create_event(
        tournament=tournament,
        by=official,
        name=f"{spec.name}{name}",
        game_key=game_key,
        format=Event.Format.ROUNDS,
        team_size=1,
    )
    players = Player.objects.bulk_create(
        [
            Player(tournament=tournament, name=f"{spec.name}{name} player {n}", checked_in=True)
            for n in range(players or ROUND_PLAYERS)
        ]
    )
    Entry.objects.bulk_create([Entry(event=event, player=p) for p in players])
    seated = services.seat_round(event=event, by=official, seed=1)
    return services.start_round(round=seated.round, by=official)


def open_games(event) -> list:
    """Return the event's games that take hands now, in bracket order."""
    from scoring.services import OPEN
    from tournaments.models import Game

    return list(
        Game.objects.filter(event=event, status__in=OPEN).order_by(
            "stage", "round_number", "position"
        )
    )
