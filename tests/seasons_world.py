"""Finished tournaments for season tests, built with the ORM: a doubles bracket and a
rounds table, each with its results, every event finished."""

import datetime

from tournaments.models import (
    Chapter,
    Event,
    Game,
    Player,
    Round,
    Side,
    Team,
    TeamMember,
    Tournament,
)

PEOPLE = [
    ("Ann Lee", "Alamo"),
    ("Bo Fox", "Alamo"),
    ("Cy Day", "Bexar"),
    ("Di Roe", "Bexar"),
    ("Ed Poe", "Comal"),
    ("Flo Kay", "Comal"),
    ("Gus Orr", ""),
    ("Hal Ames", "Dallas"),
]


def _players(tournament, people):
    chapters = {}
    players = []
    for name, chapter in people:
        if chapter and chapter not in chapters:
            chapters[chapter] = Chapter.objects.create(tournament=tournament, name=chapter)
        players.append(
            Player.objects.create(tournament=tournament, name=name, chapter=chapters.get(chapter))
        )
    return players


def _team(event, number, players):
    team = Team.objects.create(event=event, number=number)
    for position, player in enumerate(players):
        TeamMember.objects.create(team=team, event=event, player=player, position=position)
    return team


def _game(event, teams, totals, *, round_number=1, position=0, round_=None, winner=0):
    game = Game.objects.create(
        event=event,
        stage=1,
        round_number=round_number,
        position=position,
        round=round_,
        status=Game.Status.FINISHED,
        winner_seat=winner,
        hand_count=1,
    )
    for seat, (team, total) in enumerate(zip(teams, totals, strict=True)):
        Side.objects.create(game=game, seat=seat, team=team, total=total)
    return game


def finished_tournament(
    slug, *, people=PEOPLE, official=None, starts_on=datetime.date(2026, 3, 7)
) -> Tournament:
    """A tournament of eight players: a doubles bracket (first pair wins, the third pair
    second) and a rounds table of the first three (first ahead, the next two level)."""
    tournament = Tournament.objects.create(
        name=f"Rally {slug}", slug=slug, starts_on=starts_on, ends_on=starts_on
    )
    if official is not None:
        tournament.officials.add(official)
    players = _players(tournament, people)
    doubles = Event.objects.create(
        tournament=tournament,
        name="Doubles",
        game_key="texas_good_sams",
        format=Event.Format.SINGLE_ELIMINATION,
        team_size=2,
        status=Event.Status.FINISHED,
    )
    teams = [_team(doubles, n + 1, players[2 * n : 2 * n + 2]) for n in range(4)]
    _game(doubles, teams[0:2], [250, 120], position=0)
    _game(doubles, teams[2:4], [250, 200], position=1)
    _game(doubles, [teams[0], teams[2]], [250, 240], round_number=2)
    table = Event.objects.create(
        tournament=tournament,
        name="Double draw",
        game_key="double_draw",
        format=Event.Format.ROUNDS,
        team_size=1,
        status=Event.Status.FINISHED,
    )
    round_ = Round.objects.create(event=table, number=1, seed=1, status=Round.Status.FINISHED)
    seats = [_team(table, n + 1, [players[n]]) for n in range(3)]
    _game(table, seats, [30, 20, 20], round_=round_, winner=None)
    return tournament
