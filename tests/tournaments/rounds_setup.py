"""Set-up shared by the rounds tests: an event of players, seated rounds, results at tables."""

from django.db import transaction

from games.engine import Fold
from tests.factories import EventFactory
from tournaments import services
from tournaments.models import Chapter, Entry, Event, Game, Player, Round


def rounds_event(
    tournament,
    *,
    players=8,
    game_key="double_draw",
    team_size=1,
    options=None,
    name="Double Draw",
    chapters=4,
    checked_in=True,
):
    """Return a rounds event with `players` entered players, spread over `chapters`."""
    event = EventFactory(
        tournament=tournament,
        name=name,
        game_key=game_key,
        format=Event.Format.ROUNDS,
        team_size=team_size,
        options=options or {},
    )
    clubs = Chapter.objects.bulk_create(
        [Chapter(tournament=tournament, name=f"{name} club {n}") for n in range(chapters)]
    )
    people = Player.objects.bulk_create(
        [
            Player(
                tournament=tournament,
                name=f"{name} player {n:03d}",
                chapter=clubs[n % chapters],
                checked_in=checked_in,
            )
            for n in range(players)
        ]
    )
    Entry.objects.bulk_create([Entry(event=event, player=p) for p in people])
    return event


def add_player(event, name, *, checked_in=True):
    """Enter one more player in the event (a late arrival when checked in later)."""
    player = Player.objects.create(
        tournament=event.tournament, name=name, checked_in=checked_in, chapter=None
    )
    Entry.objects.create(event=event, player=player)
    return player


def seat_and_start(event, official, *, seed=1) -> Round:
    """Seat the event's next round with `seed` and start it."""
    seated = services.seat_round(event=event, by=official, seed=seed)
    return services.start_round(round=seated.round, by=official)


def tables_of(round_) -> list[Game]:
    return list(Game.objects.filter(round=round_).order_by("position"))


def settle(game, official, totals, *, winners=None, finished=True, hands=3) -> Game:
    """Give a table the totals its hands would (as scoring does), inside a transaction.

    winners: the winning seats; by default the best total (all level: a tie).
    """
    totals = tuple(totals)
    if winners is None:
        best = max(totals)
        winners = tuple(seat for seat, total in enumerate(totals) if total == best)
    fold = Fold(totals, finished, tuple(winners) if finished else ())
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        return services.settle_game(game=game, fold=fold, hand_count=hands, by=official).game


def finish_round(round_, official, *, scores=None):
    """Give every table of the round a result: by default seat 0 wins with 61."""
    for game in tables_of(round_):
        sides = game.sides.count()
        totals = scores(game) if scores else (61, *range(10, 10 + 5 * (sides - 1), 5))
        settle(game, official, totals)
    round_.refresh_from_db()
    return round_
