"""Score and fold every game's hands as the file is read, instead of reading them back.

The restore gives each game, side and hand record here once it is typed and checked
(`game`, `side`, `hand`; a hand's offenders already renumbered, as it is written). A
game's hands are held until there are as many as its `hand_count`, then the game is held
to its rules (`meaning.GameCheck`) and its hands let go: the desk writes a game's hands
close together, so few are held at once. A game that gets a hand more after that, or
whose hands are held when more than HOLD are held in all, is checked at the end from its
hands as written (`meaning.hands_by_game`), so memory stays bounded whatever the file's
order; so is every game checked at the end that never got its count. `problems` names
what was found, game by game in the order of their ids, as a check of the written
tournament in that order would, stopping past ENOUGH.
"""

from __future__ import annotations

from collections import defaultdict

from scoring.services.checks import _check_offenders as check_offender_plays
from tournaments.models import Event, Game

from .meaning import ENOUGH, GameCheck, hands_by_game

HOLD = 10_000  # hands held at most, in all, waiting for their game's last


class Games:
    def __init__(self, new_ids: dict, settle):
        self.new_ids, self.settle = new_ids, settle  # settle: wait for the rows being sent
        self.rows: dict[int, tuple] = {}  # a game's file id: its row as `GameCheck` reads it
        self.totals: dict[int, dict] = defaultdict(dict)
        self.won: dict[int, dict] = defaultdict(dict)
        self.held: dict[int, list] = defaultdict(list)
        self.holding = 0
        self.checked: set[int] = set()
        self.later: set[int] = set()  # checked at the end from the hands as written
        self.found: dict[int, list[str]] = {}  # a game's new id: its problems
        self.events: dict[int, Event] | None = None
        self.probe = Game()  # the game a hand's offenders are looked up by

    def game(self, typed: dict) -> None:
        self.rows[typed["id"]] = (
            typed["event"],
            typed["status"],
            typed["winner_seat"],
            typed["hand_count"],
            typed["round"],
            typed["stage"],
            typed["round_number"],
            typed["next_game"],
        )

    def side(self, typed: dict) -> None:
        self.totals[typed["game"]][typed["seat"]] = typed["total"]
        self.won[typed["game"]][typed["seat"]] = typed["games_won"]

    def hand(self, typed: dict) -> None:
        game = typed["game"]
        if game in self.later:
            return
        if game in self.checked:  # a hand past its count: read them all back at the end
            self.checked.discard(game)
            self.found.pop(self.new_ids["games"][game], None)
            self.later.add(game)
            return
        held = self.held[game]
        held.append(
            (typed["id"], typed["number"], typed["points"], typed["detail"], typed["match_game"])
        )
        self.holding += 1
        if len(held) == self.rows[game][3]:
            self._check(game, self._take(game))
        elif self.holding > HOLD:
            self.later.update(self.held)
            self.held.clear()
            self.holding = 0

    def _take(self, game: int) -> list:
        hands = self.held.pop(game, [])
        self.holding -= len(hands)
        return sorted(hands, key=lambda hand: hand[1])

    def _check(self, game: int, hands: list) -> None:
        self.checked.add(game)
        pk = self.new_ids["games"][game]
        if self.events is None:
            self.settle()
            events = Event.objects.filter(pk__in=self.new_ids["events"].values())
            self.events = {event.pk: event for event in events}
        event, *rest = self.rows[game]
        row = (pk, self.new_ids["events"][event], *rest)
        where = f"game record {game}"
        check = GameCheck(row, self.events[row[1]], self.totals[game], self.won[game], where)
        self.probe.pk = pk
        found = check.problems(hands, self.probe, self._offenders)
        if found:
            self.found[pk] = found
            self._keep_first()

    def _offenders(self, game: Game, entry) -> None:
        if any(p.offender is not None for p in getattr(entry, "penalties", ())):
            self.settle()  # the query waits for no rows being sent
            check_offender_plays(game, entry)

    def _keep_first(self) -> None:
        """Let go of the problems of games after the first ENOUGH problems (by id)."""
        count = 0
        for pk in sorted(self.found):
            if count >= ENOUGH:
                del self.found[pk]
            else:
                count += len(self.found[pk])

    def problems(self, tournament) -> list[str]:
        """Check the games not checked yet; return every game's problems, by id."""
        for game in list(self.rows):
            if game not in self.checked and game not in self.later:
                self._check(game, self._take(game))
        if self.later:
            new = self.new_ids["games"]
            file_hand = {v: k for k, v in self.new_ids["hands"].items()}
            file_game = {new[game]: game for game in self.later}
            groups = hands_by_game(tournament, list(file_game), file_hand)  # by game id
            waiting = next(groups, None)
            for pk, game in sorted(file_game.items()):
                hands = []
                if waiting is not None and waiting[0] == pk:
                    hands, waiting = waiting[1], next(groups, None)
                self._check(game, hands)
        found = []
        for pk in sorted(self.found):
            found += self.found[pk]
            if len(found) >= ENOUGH:
                break
        return found
