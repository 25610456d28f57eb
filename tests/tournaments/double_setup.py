"""A double elimination event at the desk, and its structure replayed from scratch.

The desk's games carry their format's places: `(stage, round, position)` in the
database is the structure's `(part, round, position)`, so each structure game is found
by them, and `games.formats.play` (the replay from scratch) says what the desk's games
should hold for the results given.
"""

from __future__ import annotations

from games.formats import get_format, play
from tests.factories import EntryFactory, EventFactory, PlayerFactory
from tournaments import naming, services
from tournaments.models import DECIDED, WITH_RESULT, Event, Game


class DoubleDesk:
    """A double elimination event of `teams` players (``team_size=2``: teams of two drawn
    partners), drawn with `seed`."""

    def __init__(
        self, tournament, official, teams: int, *, seed=7, reset=True, name="Double", team_size=1
    ):
        self.official = official
        self.event = EventFactory(
            tournament=tournament,
            name=name,
            team_size=team_size,
            format=Event.Format.DOUBLE_ELIMINATION,
            format_options={"reset": reset},
        )
        for n in range(team_size * teams):
            player = PlayerFactory(tournament=tournament, name=f"{name} {n:03}", checked_in=True)
            EntryFactory(event=self.event, player=player)
        if team_size == 2:
            services.draw_partners_for_event(event=self.event, by=official, seed=seed)
        services.draw_bracket(event=self.event, by=official, seed=seed)
        self.event.refresh_from_db()
        numbers = sorted(self.event.teams.values_list("number", flat=True))
        self.structure = get_format(self.event.format).make(
            numbers, seed=seed, options=self.event.format_options
        )
        self.team_number = dict(self.event.teams.values_list("pk", "number"))

    def game(self, index: int) -> Game:
        planned = self.structure.games[index]
        return Game.objects.get(
            event=self.event,
            stage=naming.STAGE_OF[planned.stage],
            round_number=planned.round_number,
            position=planned.position,
        )

    def win(self, index: int, slot: int, **kwargs) -> Game:
        return services.record_result(
            game=self.game(index), winner_seat=slot, by=self.official, **kwargs
        )

    def _games(self) -> list[Game]:
        """Return the desk's games with their sides, by structure index (two queries)."""
        games = {
            (g.stage, g.round_number, g.position): g
            for g in Game.objects.filter(event=self.event).prefetch_related("sides__team")
        }
        return [
            games[naming.STAGE_OF[planned.stage], planned.round_number, planned.position]
            for planned in self.structure.games
        ]

    def results(self, games=None) -> dict[int, int]:
        """Return the winning slot of every game the desk has a result for, by index."""
        games = self._games() if games is None else games
        return {
            index: game.winner_seat
            for index, game in enumerate(games)
            if game.status in WITH_RESULT
        }

    def sides(self, games=None) -> list[tuple]:
        """Return each game's two teams (numbers) as the desk holds them, by index."""
        found = []
        for game in self._games() if games is None else games:
            seats = {side.seat: side.team for side in game.sides.all()}
            found.append(tuple(None if seats.get(s) is None else seats[s].number for s in (0, 1)))
        return found

    def replayed(self):
        """Return the replay from scratch of the results the desk holds."""
        return play(self.structure, self.results())

    def assert_as_replayed(self) -> None:
        """The desk's games hold exactly the teams, byes, skips and champion of a replay."""
        games = self._games()
        results = self.results(games)
        outcome = play(self.structure, results)
        assert self.sides(games) == list(outcome.sides)
        for index, planned in enumerate(self.structure.games):
            status = games[index].status
            if planned.bye:
                assert status == Game.Status.BYE
            elif index in outcome.skipped:
                assert status == Game.Status.VOID
            elif index not in results:
                assert status not in DECIDED
        self.event.refresh_from_db()
        finished = outcome.champion is not None
        assert (self.event.status == Event.Status.FINISHED) == finished

    def playable(self) -> list[int]:
        """Return the games that can be given a result now, in play order."""
        decided = self.results()
        outcome = play(self.structure, decided)
        return [
            game.index
            for game in self.structure.games
            if not game.bye
            and game.index not in decided
            and game.index not in outcome.skipped
            and None not in outcome.sides[game.index]
        ]
