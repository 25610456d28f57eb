"""bench/_orm_draw.py, the ORM version of the draw's raw SQL writers that `bench/bracket.py
--orm` times beside them, writes the same rows: teams, members, games with their pointers
and sides, for a single elimination with byes and singles fed by it and for a double
elimination with its reset (on SQLite and on PostgreSQL, as the suite runs)."""

import sys
from pathlib import Path

import pytest

from tests.factories import EntryFactory, EventFactory, PlayerFactory
from tournaments import services
from tournaments.models import Event, Game, Side, TeamMember

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from _orm_draw import orm_writers

pytestmark = pytest.mark.django_db


def _place(game_id, places) -> tuple | None:
    return None if game_id is None else places[game_id]


def _rows(event: Event) -> dict:
    """The event's drawn rows, each named by its place, not by its id."""
    games = list(Game.objects.filter(event=event))
    places = {game.pk: (game.stage, game.round_number, game.position) for game in games}
    numbers = dict(event.teams.values_list("pk", "number"))
    return {
        "teams": sorted(event.teams.values_list("number", "same_chapter")),
        "members": sorted(
            (numbers[team], player, position)
            for team, player, position in TeamMember.objects.filter(event=event).values_list(
                "team_id", "player_id", "position"
            )
        ),
        "games": sorted(
            (
                places[game.pk],
                game.number,
                game.status,
                game.winner_seat,
                _place(game.next_game_id, places),
                game.next_slot,
                _place(game.loser_game_id, places),
                game.loser_slot,
                _place(game.only_if_game_id, places),
                game.only_if_slot,
                game.hand_count,
                game.version,
            )
            for game in games
        ),
        "sides": sorted(
            (places[game], seat, None if team is None else numbers[team], total)
            for game, seat, team, total in Side.objects.filter(game__event=event).values_list(
                "game_id", "seat", "team_id", "total"
            )
        ),
    }


def _drawn(tournament, official, name: str, players, *, orm: bool, **options) -> dict:
    event = EventFactory(tournament=tournament, name=name, **options)
    for player in players:
        EntryFactory(event=event, player=player)
    if orm:
        with orm_writers():
            services.draw_partners_for_event(event=event, by=official, seed=5)
            services.draw_bracket(event=event, by=official, seed=5)
    else:
        services.draw_partners_for_event(event=event, by=official, seed=5)
        services.draw_bracket(event=event, by=official, seed=5)
    return _rows(event)


@pytest.mark.parametrize(
    "options",
    [
        {"format": Event.Format.SINGLE_ELIMINATION},
        {"format": Event.Format.DOUBLE_ELIMINATION, "format_options": {"reset": True}},
    ],
    ids=["single", "double"],
)
def test_the_orm_writers_write_the_sql_writers_rows(tournament, official, options):
    players = [
        PlayerFactory(tournament=tournament, name=f"P{n:02}", checked_in=True) for n in range(22)
    ]
    by_sql = _drawn(tournament, official, "By SQL", players, orm=False, team_size=2, **options)
    by_orm = _drawn(tournament, official, "By ORM", players, orm=True, team_size=2, **options)
    assert len(by_sql["teams"]) == 11
    assert any(row[2] == Game.Status.BYE for row in by_sql["games"])  # 11 teams: byes
    if options["format"] == Event.Format.DOUBLE_ELIMINATION:
        assert any(row[8] is not None for row in by_sql["games"])  # the reset's pointer
    assert by_orm == by_sql


def test_the_writers_are_put_back_after_the_orm_draw(tournament, official):
    from tournaments.services import draw_rows, draws

    before = (draws.insert_teams, draw_rows._insert_bracket_postgresql)
    with pytest.raises(RuntimeError), orm_writers():
        assert draws.insert_teams is not before[0]
        raise RuntimeError("a draw that fails")
    assert (draws.insert_teams, draw_rows._insert_bracket_postgresql) == before
