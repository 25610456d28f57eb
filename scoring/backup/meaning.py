"""Hold a restored tournament, as written, to the game's rules before it is committed.

Every hand is read and scored again by its game (`games.registry`: `entry_from_data`,
`hand_points`, score_entry's points, as the hand services score it) and must score the
points it holds; each game's side totals and result must be what those points fold to
(`fold_scored`: the game's `fold`, each hand scored once); seats run 1 to N and a winner
is one of them; every side, team member, sit-out, round, fed game and history line
belongs to its own event and game. Return the problems found, each naming the
record (by its id in the file), the field and why; none means the tournament holds.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from django.db.models import F

from games.engine import close_at_time
from games.matches import MatchFold, match_fold
from games.rules import RulesError
from scoring.services.checks import _check_offenders as check_offender_plays
from tournaments.errors import DeskError
from tournaments.matches import match_to_win
from tournaments.models import Entry, Event, Game, Side, SitOut, Team, TeamMember

from ..models import Hand, HandChange
from .meaning_table import table_problems

ENOUGH = 25  # stop looking once this many problems are found
CHUNK = 2000


def check_meaning(tournament, new_ids: dict) -> list[str]:
    """Return what does not hold together in the restored tournament (empty: it all holds)."""
    file_game = {new: old for old, new in new_ids["games"].items()}
    problems = _links(tournament, file_game)
    if len(problems) < ENOUGH:
        problems += _games(tournament, file_game, {v: k for k, v in new_ids["hands"].items()})
    if len(problems) < ENOUGH:
        entries = {v: k for k, v in new_ids.get("table_entries", {}).items()}
        problems += table_problems(tournament, file_game, entries)
    return problems


def _links(tournament, file_game: dict) -> list[str]:
    """Refuse records that point into another event or game than their own."""
    found = []
    at = {"event__tournament": tournament}
    for game, seat in (
        Side.objects.filter(game__event__tournament=tournament, team__isnull=False)
        .exclude(team__event=F("game__event"))
        .values_list("game_id", "seat")[:ENOUGH]
    ):
        found.append(
            f"game record {file_game[game]}, side {seat + 1}: its team plays another event"
        )
    checks = (
        (TeamMember.objects.filter(**at).exclude(team__event=F("event")), "a team member"),
        (
            SitOut.objects.filter(round__event__tournament=tournament).exclude(
                team__event=F("round__event")
            ),
            "a sit-out",
        ),
        (
            Game.objects.filter(**at, round__isnull=False).exclude(round__event=F("event")),
            "a game at a round",
        ),
        (
            Game.objects.filter(**at, next_game__isnull=False).exclude(next_game__event=F("event")),
            "a game whose next game",
        ),
        (
            Game.objects.filter(**at, loser_game__isnull=False).exclude(
                loser_game__event=F("event")
            ),
            "a game whose loser's next game",
        ),
        (
            Game.objects.filter(**at, only_if_game__isnull=False).exclude(
                only_if_game__event=F("event")
            ),
            "a game played only after a game that",
        ),
        (
            Game.objects.filter(**at, fed_from__isnull=False).exclude(
                fed_from__event=F("event__fed_by")
            ),
            "a game fed from a game that",
        ),
        (
            Team.objects.filter(**at, fed_from__isnull=False).exclude(
                fed_from__event=F("event__fed_by")
            ),
            "a team made by a game that",
        ),
        (
            Entry.objects.filter(**at, fed_from__isnull=False).exclude(
                fed_from__event=F("event__fed_by")
            ),
            "an entry made by a game that",
        ),
        (
            HandChange.objects.filter(
                game__event__tournament=tournament, hand__isnull=False
            ).exclude(hand__game=F("game")),
            "a hand's history line whose hand",
        ),
    )
    for queryset, what in checks:
        count = queryset.count()
        if count:
            found.append(f"{count} records: {what} is of another event or game")
    return found


def _hands_by_game(tournament) -> Iterator[tuple[int, list]]:
    """Yield (game id, its hands in order) for every game with hands, reading in chunks."""
    rows = (
        Hand.objects.filter(game__event__tournament=tournament)
        .order_by("game_id", "number")
        .values_list("game_id", "pk", "number", "points", "detail", "match_game")
        .iterator(chunk_size=CHUNK)
    )
    game, hands = None, []
    for row in rows:
        if row[0] != game and hands:
            yield game, hands
            hands = []
        game = row[0]
        hands.append(row[1:])
    if hands:
        yield game, hands


def _games(tournament, file_game: dict, file_hand: dict) -> list[str]:
    events = {event.pk: event for event in Event.objects.filter(tournament=tournament)}
    totals: dict[int, dict[int, int]] = defaultdict(dict)
    won: dict[int, dict[int, int]] = defaultdict(dict)
    for game, seat, total, games_won in Side.objects.filter(
        game__event__tournament=tournament
    ).values_list("game_id", "seat", "total", "games_won"):
        totals[game][seat] = total
        won[game][seat] = games_won
    games = {
        row[0]: row
        for row in Game.objects.filter(event__tournament=tournament).values_list(
            "pk",
            "event_id",
            "status",
            "winner_seat",
            "hand_count",
            "round_id",
            "stage",
            "round_number",
            "next_game_id",
        )
    }
    found: list[str] = []
    probe = Game()  # the game a hand's penalties are looked up by (its id set per game)
    groups = _hands_by_game(tournament)  # in the order of the games' ids, as below
    waiting = next(groups, None)
    for pk in sorted(games):
        hands = ()
        if waiting is not None and waiting[0] == pk:
            hands, waiting = waiting[1], next(groups, None)
        row = games[pk]
        check = _Game(row, events[row[1]], totals[pk], f"game record {file_game[pk]}", file_hand)
        check.won = won[pk]
        probe.pk = pk
        found += check.problems(hands, probe)
        if len(found) >= ENOUGH:
            break
    return found


class _Game:
    def __init__(self, row, event, totals: dict[int, int], where: str, file_hand: dict):
        self.pk, _, self.status, self.winner, self.hand_count, self.round_id, *at = row
        self.event, self.totals, self.where, self.file_hand = event, totals, where, file_hand
        self.stage, self.round_number, self.next_game_id = at
        self.won: dict[int, int] = {}

    def problems(self, hands, probe: Game) -> list[str]:
        seats = sorted(self.totals)
        found = []
        if seats != list(range(len(seats))):
            shown = ", ".join(str(seat + 1) for seat in seats)
            return [f"{self.where}: its sides sit at seats {shown}, not 1 to {len(seats)}"]
        if self.winner is not None and self.winner >= len(seats):
            found.append(
                f"{self.where}: “winner_seat” {self.winner + 1} is none of its {len(seats)} sides"
            )
        numbers = [hand[1] for hand in hands]
        if numbers != list(range(1, len(hands) + 1)) or self.hand_count != len(hands):
            found.append(
                f"{self.where}: “hand_count” {self.hand_count} is not its {len(hands)} hands "
                "numbered from 1"
            )
        if not hands:
            if any(self.totals.values()):
                found.append(f"{self.where}: its sides have totals but it has no hands")
            return found
        return found + self._scored(hands, len(seats), probe)

    def _scored(self, hands, sides: int, game: Game) -> list[str]:
        """Score every hand again, fold them, and compare with what the file stored."""
        event = self.event
        spec, options = event.game, event.options
        try:
            table = spec.table(options, sides=sides, team_size=event.team_size)
        except RulesError as exc:
            return [f"{self.where}: it has hands but cannot be played at its table ({exc})"]
        entries, scored, found = [], [], []
        score = spec.hand_scorer(table, options)
        for pk, number, points, detail, _ in hands:
            try:
                entry, hand = score(detail)
                check_offender_plays(game, entry)
            except (RulesError, DeskError, TypeError, ValueError, AttributeError) as exc:
                where = f"hand record {self.file_hand[pk]} (hand {number} of {self.where})"
                found.append(f"{where}: the rules refuse it ({exc})")
                continue
            if list(hand) != points:
                where = f"hand record {self.file_hand[pk]} (hand {number} of {self.where})"
                found.append(f"{where}: “points” {points} are not the {list(hand)} it scores")
            entries.append(entry)
            scored.append(hand)
        if found:
            return found
        try:  # each hand scored once: the game (or its match) folds the points found above
            fold = match_fold(
                [hand[4] for hand in hands],
                lambda at: spec.fold_scored(
                    [entries[i] for i in at], [scored[i] for i in at], table, options
                ),
                to_win=match_to_win(self),
                sides=sides,
            )
        except RulesError as exc:
            return [f"{self.where}: the rules refuse its hands ({exc})"]
        if fold.decision is not None:
            return [f"{self.where}: its hands wait for a decision ({fold.decision.message})"]
        stored = [self.totals[seat] for seat in range(sides)]
        if stored != list(fold.totals):
            found.append(
                f"{self.where}: its side totals {stored} are not the {list(fold.totals)} its "
                "hands add up to"
            )
        won = [self.won.get(seat, 0) for seat in range(sides)]
        if isinstance(fold, MatchFold) and won != list(fold.games_won):
            found.append(
                f"{self.where}: its sides' games won {won} are not the "
                f"{list(fold.games_won)} its hands make"
            )
        return found + self._result(fold)

    def _result(self, fold) -> list[str]:
        if fold.finished:
            expected = (Game.Status.FINISHED, fold.winner)
        elif self.status == Game.Status.CLOSED and isinstance(fold, MatchFold):
            expected = (Game.Status.CLOSED, fold.winner_at_time)
        elif self.status == Game.Status.CLOSED:
            expected = (Game.Status.CLOSED, close_at_time(fold.totals).winner)
        else:
            return []
        if (self.status, self.winner) != expected:
            winner = "none" if expected[1] is None else f"side {expected[1] + 1}"
            return [
                f"{self.where}: its result ({self.status}, winner seat {self.winner}) is not "
                f"what its hands make ({expected[0]}, winner {winner})"
            ]
        return []
