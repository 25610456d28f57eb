"""Games with sides for scoring tests, built with the ORM (no draw needed), and hands."""

import uuid

from games.rules.texas_good_sams.entry import Entry
from games.rules.texas_good_sams.rules import Penalty
from scoring import services
from scoring.models import Hand
from tests.factories import ChapterFactory, EventFactory, PlayerFactory
from tournaments.models import Event, Game, Round, Side, Team, TeamMember

FIRST_NAMES = ["Ann", "Bob", "Cal", "Dot", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kay", "Lou"]


def make_team(event, number: int, *, size: int | None = None) -> Team:
    """Return team `number` of the event, its players from different chapters."""
    size = size or event.team_size
    team = Team.objects.create(event=event, number=number)
    for position in range(size):
        index = (number - 1) * size + position
        chapter = ChapterFactory(tournament=event.tournament, name=f"Chapter {index + 1}")
        first = FIRST_NAMES[index % len(FIRST_NAMES)]
        name = f"{first} {chr(65 + index // len(FIRST_NAMES))}{index}"
        player = PlayerFactory(tournament=event.tournament, name=name, chapter=chapter)
        TeamMember.objects.create(team=team, event=event, player=player, position=position)
    return team


def make_game(
    event,
    teams=(None, None),
    *,
    round_number: int = 1,
    position: int = 0,
    status: str | None = None,
    next_game: Game | None = None,
    next_slot: int | None = None,
    stage: int = 1,
) -> Game:
    """Return a game with two sides; ready when both teams are given, waiting if not."""
    if status is None:
        status = Game.Status.READY if all(teams) else Game.Status.WAITING
    game = Game.objects.create(
        event=event,
        stage=stage,
        round_number=round_number,
        position=position,
        status=status,
        next_game=next_game,
        next_slot=next_slot,
    )
    for seat, team in enumerate(teams):
        Side.objects.create(game=game, seat=seat, team=team)
    return game


def make_ready_game(tournament, *, event=None, position: int = 0) -> Game:
    """Return a doubles game between two new teams, ready for its first hand."""
    event = event or EventFactory(tournament=tournament, name="Doubles", status="playing")
    number = Team.objects.filter(event=event).count() + 1
    teams = (make_team(event, number), make_team(event, number + 1))
    return make_game(event, teams, position=position)


def make_bracket(tournament, *, team_count: int = 4):
    """Return (event, games by (round, position)) for a full bracket of 2 or 4 teams."""
    event = EventFactory(tournament=tournament, name="Doubles", status="playing")
    teams = [make_team(event, n + 1) for n in range(team_count)]
    games = {}
    if team_count == 2:
        games[(1, 0)] = make_game(event, teams)
        return event, games
    final = make_game(event, round_number=2, position=0)
    games[(2, 0)] = final
    for position in (0, 1):
        pair = (teams[2 * position], teams[2 * position + 1])
        games[(1, position)] = make_game(
            event, pair, position=position, next_game=final, next_slot=position
        )
    return event, games


def make_rounds_game(
    tournament, *, game_key="double_draw", sides=3, team_size=1, options=None
) -> Game:
    """Return a game at table 1 of round 1 of a rounds event: `sides` players alone, or
    partnerships with team_size=2."""
    event = EventFactory(
        tournament=tournament,
        name=game_key.replace("_", " ").title(),
        game_key=game_key,
        format=Event.Format.ROUNDS,
        team_size=team_size,
        status="playing",
        options=options or {},
    )
    round_ = Round.objects.create(event=event, number=1, seed=1, status=Round.Status.PLAYING)
    game = Game.objects.create(
        event=event,
        round=round_,
        stage=1,
        round_number=1,
        position=0,
        status=Game.Status.READY,
    )
    for seat in range(sides):
        Side.objects.create(game=game, seat=seat, team=make_team(event, seat + 1))
    return game


def make_hand(game, **fields):
    """Store a hand directly, as the services would: points per side and the typed detail."""
    values = {
        "game": game,
        "number": 1,
        "entry_key": uuid.uuid4(),
        "points": [0, 0],
        "detail": {},
        **fields,
    }
    return Hand.objects.create(**values)


def penalty(side, reason, offender):
    """A Texas Good Sams penalty on `offender` (a Player) of the offending `side`."""
    return Penalty(side, reason, offender.pk)


def out(seat, pips, *, play=(0, 0), muggins=(0, 0), penalties=(), reached_first=None):
    """A hand where `seat` went out and the other side held `pips`."""
    both = [None, None]
    both[1 - seat] = pips
    return Entry(
        play=play,
        muggins=muggins,
        end="out",
        out_seat=seat,
        pips=tuple(both),
        penalties=tuple(penalties),
        reached_first=reached_first,
    )


def played(first, second, **kwargs):
    """A hand that only scored in play: (first, second) points, not finished."""
    return Entry(play=(first, second), **kwargs)


def enter(game, by, entry=None, *, data=None, **kwargs):
    """Add a hand on a fresh sheet (the game's current version, a new key).

    Give the hand as the game's typed entry, or as flat form data (`data=`).
    """
    game.refresh_from_db()
    return services.add_hand(
        game=game,
        by=by,
        version=game.version,
        key=kwargs.pop("key", uuid.uuid4()),
        entry=entry,
        data=data,
    )


def edit(hand, by, entry=None, *, data=None, **kwargs):
    hand.game.refresh_from_db()
    return services.edit_hand(
        hand=hand,
        by=by,
        version=hand.game.version,
        key=uuid.uuid4(),
        entry=entry,
        data=data,
        **kwargs,
    )


def delete(hand, by, **kwargs):
    hand.game.refresh_from_db()
    return services.delete_hand(
        hand=hand, by=by, version=hand.game.version, key=uuid.uuid4(), **kwargs
    )


def form_data(*, version=0, key=None, penalties=(), **fields):
    """Return a hand form as the browser posts it; fields override the blanks.

    penalties: (offender value "seat-player_pk", reason) pairs, one per row.
    """
    data = {
        "key": str(key or uuid.uuid4()),
        "version": str(version),
        "play_0": "",
        "play_1": "",
        "muggins_0": "",
        "muggins_1": "",
        "end": "none",
        "pips_0": "",
        "pips_1": "",
        "penalty-TOTAL_FORMS": str(max(2, len(penalties))),
        "penalty-INITIAL_FORMS": "0",
    }
    for index, (offender, reason) in enumerate(penalties):
        data[f"penalty-{index}-offender"] = offender
        data[f"penalty-{index}-reason"] = reason
    data.update({name: str(value) for name, value in fields.items()})
    return data
