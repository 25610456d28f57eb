"""Reads for a bracket: its games and sides in a fixed number of queries, its placings,
its printed pages, and a game's name."""

from dataclasses import dataclass, replace
from typing import NamedTuple

from django.db.models import Max, OuterRef, Subquery
from django.db.models.functions import Coalesce

from games.formats.base import MAIN

from .. import naming
from ..compiled import compiled
from ..matches import event_rule, games_as_stored, match_to_win
from ..models import (
    NO_CHAPTER_NAME,
    SCORED,
    WITH_RESULT,
    Event,
    Game,
    Team,
    TeamMember,
)
from .clocks import bracket_clocks
from .lines import Bracket, GameLine, PlayerLine, RoundLine, SideLine, TeamLine
from .parts import lay_out_parts, placings


def team_lines(event) -> dict[int, TeamLine]:
    """Return every team of the event with its players and chapters (two queries)."""
    teams = {
        pk: TeamLine(pk, number, [], same_chapter, event.team_size)
        for pk, number, same_chapter in _team_rows(event=event.pk)
    }
    for team_id, player_id, name, chapter_id, chapter in _player_rows(event=event.pk):
        teams[team_id].players.append(
            PlayerLine(player_id, name, chapter if chapter_id else NO_CHAPTER_NAME, chapter_id)
        )
    return teams


# Read again after every result of a bracket (`fragments.team_lines_of`): compiled once.
@compiled(event=-770_803)
def _team_rows(*, event: int):
    return (
        Team.objects.filter(event_id=event)
        .order_by("number")
        .values_list("pk", "number", "same_chapter")
    )


@compiled(event=-770_804)
def _player_rows(*, event: int):
    return (
        TeamMember.objects.filter(event_id=event)
        .order_by("team_id", "position")
        .values_list(
            "team_id", "player_id", "player__name", "player__chapter_id", "player__chapter__name"
        )
    )


def bracket_for_event(
    event,
    *,
    teams: dict[int, TeamLine] | None = None,
    rows: list | None = None,
    names: str = "",
) -> Bracket:
    """Return the event's bracket and partners' games: three queries whatever its size
    (one when ``teams``, the event's `team_lines`, are given; none with ``rows`` as well,
    its games as `bracket_rows` read them).

    ``names``: a digest of what ``teams`` say (`fragments.kept_team_lines`). With it, each
    game's line is copied from the one this process built last for the same row, sides,
    names and rules (`_kept_line`), not built again: a 64-table bracket rebuilt after a
    hand builds one line, not 127."""
    teams = team_lines(event) if teams is None else teams
    games: list[_GameRow] = []
    seats: dict[int, list] = {}
    for row in bracket_rows(event=event.pk) if rows is None else rows:
        pk = row[0]
        if not games or games[-1].pk != pk:
            games.append(_GameRow(*row[:_SIDE_AT]))
        seat = row[_SIDE_AT]
        if seat is not None:  # a game with no side yet comes once, its side's columns empty
            seats.setdefault(pk, [None, None])[seat] = _Seat(*row[_SIDE_AT + 1 :])
    bracket = Bracket(event=event, teams=list(teams.values()))
    by_round: dict[int, list[GameLine]] = {}
    by_part: dict[tuple[int, int], list[GameLine]] = {}
    target = event.game.target_score(event.options)
    rule = event_rule(event)
    kept = (event.pk, names, target, rule) if names else None
    for game in games:
        sides = seats.get(game.pk, [None, None])
        if kept is None:
            line = _game_line(game, sides, teams, target)
            line.to_win = match_to_win(game, rule)
        else:
            line = _kept_line(kept, game, sides, teams, rule)
        if game.stage == naming.PARTNERS_STAGE:
            bracket.partner_games.append(line)
        elif game.stage == naming.STAGE_OF[MAIN]:
            by_round.setdefault(game.round_number, []).append(line)
        else:
            by_part.setdefault((game.stage, game.round_number), []).append(line)
    if by_part:
        # A bracket of several parts: each on its own grid, the places from the format.
        lay_out_parts(bracket, by_part)
        bracket.placings = placings(event, bracket)
    _lay_out_rounds(bracket, by_round)
    _attach_clocks(bracket)
    if bracket.rounds:
        final = bracket.rounds[-1].games[0]
        if final.has_result:
            bracket.champion = final.winner
            bracket.runner_up = next((s.team for s in final.sides if s.lost), None)
    return bracket


STATUS_LABELS = dict(Game.Status.choices)


class _GameRow(NamedTuple):
    """A bracket game as `_game_line` and `match_to_win` read it (a row, not a model
    instance: building 127 instances took a third of a 64-table bracket's reads)."""

    pk: int
    stage: int
    round_number: int
    position: int
    status: str
    walkover: bool
    hand_count: int
    version: int
    walkover_reason: str
    number: int | None
    winner_seat: int | None
    next_game_id: int | None
    round_id: int | None = None  # a bracket game sits at no round's table


_GAME_COLUMNS = _GameRow._fields[1:-1]
_SIDE_AT = 1 + len(_GAME_COLUMNS)  # where a row's side begins (`bracket_rows`)


# The bracket's read, compiled once (`tournaments.compiled`): building and compiling the
# queryset took most of a 16-team bracket's reads. Its games with their sides joined,
# one row a side: read as two queries (games, then sides), each rebuilt page waited for
# one more round trip (4 queries a page, 3 now, bench/pages.py).
@compiled(event=-770_801)
def bracket_rows(*, event: int):
    """The event's bracket games (a rounds event's tables, of 2 to 8 sides, are not a
    bracket), voided games left out, each with its sides: one row a side, in the games'
    order (a game with no side: one row, its side's columns None)."""
    return (
        Game.objects.filter(event_id=event, round__isnull=True)
        .exclude(status=Game.Status.VOID)
        .order_by("stage", "round_number", "position", "pk", "sides__seat")
        .values_list(
            "pk",
            *_GAME_COLUMNS,
            "sides__seat",
            "sides__team_id",
            "sides__total",
            "sides__games_won",
        )
    )


class _Seat(NamedTuple):
    """A side as `_game_line` reads it (tuples: a 64-table bracket's 254 sides as model
    instances took a fifth of its public page's build)."""

    team_id: int | None
    total: int
    games_won: int = 0


_BYE, _CLOSED, _VOID = Game.Status.BYE, Game.Status.CLOSED, Game.Status.VOID

# Each game's line as last built, by what it is built from (`_kept_line`).
_LINES: dict[tuple, GameLine] = {}
_MOST_LINES = 5_000  # then it starts again empty (a line and its key: 1-2 KB)


def _kept_line(kept: tuple, game: _GameRow, seats: list, teams: dict, rule) -> GameLine:
    """Return a new copy of the line built last from the same game row (its version
    included), sides and ``kept`` (the event, its names' digest, its target and its
    match rule), building it the first time.

    Never the kept line itself: a request sets its own attributes on its lines (the
    marked games, their cards, their place on the grid). The sides and teams a copy
    shares are never changed once built."""
    key = (*kept, game, *seats)
    found = _LINES.get(key)
    if found is None:
        if len(_LINES) >= _MOST_LINES:
            _LINES.clear()
        found = _LINES[key] = _game_line(game, seats, teams, kept[2])
        found.to_win = match_to_win(game, rule)
    line = object.__new__(GameLine)
    line.__dict__.update(found.__dict__)
    return line


def _game_line(
    game: _GameRow, seats: list, teams: dict[int, TeamLine], target: int | None = None
) -> GameLine:
    """Return one game with its two sides: who won, who lost, who had the bye, and why a
    winner on the lower total won (`target`: the score that wins a game of the event).

    Read for every game of every rebuilt bracket (127 on a 64-table one): each status
    is compared once a game, not once a side."""
    status, winner = game.status, game.winner_seat
    won = [side.games_won if side is not None else 0 for side in seats]
    totals = [side.total if side is not None else 0 for side in seats]
    if status == _CLOSED:  # a match closed at time: its game in play counts
        won = games_as_stored(won, totals, status)
    bye = status == _BYE
    decided = winner is not None and not bye
    has_winner = status != _VOID
    sides = [
        SideLine(
            seat=seat,
            team=teams.get(side.team_id) if side is not None else None,
            total=totals[seat],
            games_won=won[seat],
            won=has_winner and winner == seat,
            lost=decided and winner != seat,
            bye=bye and winner != seat,
        )
        for seat, side in enumerate(seats)
    ]
    return GameLine(
        pk=game.pk,
        stage=game.stage,
        round_number=game.round_number,
        position=game.position,
        status=status,
        status_label=STATUS_LABELS[status],
        walkover=game.walkover,
        hand_count=game.hand_count,
        version=game.version,
        sides=sides,
        walkover_reason=game.walkover_reason,
        stored_number=game.number,
        why=naming.reached_first(totals, winner, target) if status in SCORED else "",
    )


def _lay_out_rounds(bracket: Bracket, by_round: dict[int, list[GameLine]]) -> None:
    """Place each round's games on the bracket's grid; the first with an open game is current."""
    total = max(by_round, default=0)
    if total:
        bracket.first_round_games = len(by_round.get(1, ()))
    current_found = False
    for number in sorted(by_round):
        span = 1 << (number - 1)
        for line in by_round[number]:
            line.row = line.position * span + 2
            line.span = span
            line.rounds_total = total
        rnd = RoundLine(number, naming.round_name(number, total), by_round[number], column=number)
        if not current_found and any(line.is_open for line in rnd.games):
            rnd.current = current_found = True
        bracket.rounds.append(rnd)


def _attach_clocks(bracket: Bracket) -> None:
    """Give each round with a game still open its running clock (one query, none when the
    event has no minutes per game)."""
    event = bracket.event
    bracket.timed = event.game.clock_minutes(event.options) is not None
    if not bracket.timed or not (bracket.rounds or bracket.partner_games):
        return
    first_rounds = sum(1 for rnd in bracket.rounds if rnd.stage in naming.FIRST_STAGES)
    clocks = bracket_clocks(event, rounds_total=first_rounds)
    for rnd in bracket.rounds:
        if any(game.is_open for game in rnd.games):
            rnd.clock = clocks.get((rnd.stage, rnd.number))
    if any(game.is_open for game in bracket.partner_games):
        number = bracket.partner_games[0].round_number
        bracket.partners_clock = clocks.get((0, number))


def event_placings(event) -> tuple[Team | None, Team | None]:
    """Return the winner and second place of the event's bracket, or None while undecided."""
    final = (
        Game.objects.filter(
            event=event,
            stage=1,
            next_game__isnull=True,
            status__in=WITH_RESULT,
        )
        .prefetch_related("sides__team__memberships__player")
        .first()
    )
    if final is None:
        return None, None
    sides = final.sides_by_seat
    return sides[final.winner_seat].team, sides[1 - final.winner_seat].team


@dataclass
class PrintSection:
    """One printed page of a bracket: up to five rounds of up to 16 first games."""

    title: str
    rounds: list[RoundLine]
    rows: int


PRINT_ROUNDS, PRINT_GAMES = 5, 16  # 32 teams to a page


def print_sections(bracket: Bracket) -> list[PrintSection]:
    """Cut the bracket into pages: one page up to 32 teams, then blocks of 32 slots.

    Each page holds five rounds of a block of 16 first-round games and every game they
    lead to; the rounds after those start a new band of pages, and so on to the final.
    """
    if bracket.parts:
        # A double elimination: a page per bracket (winners', losers', finals), whole.
        return [PrintSection(part.name, part.rounds, part.rows) for part in bracket.parts]
    sections = []
    rounds = bracket.rounds
    for band_start in range(0, len(rounds), PRINT_ROUNDS):
        band = rounds[band_start : band_start + PRINT_ROUNDS]
        first = band[0].games
        for block_start in range(0, len(first), PRINT_GAMES):
            block_rounds = []
            for depth, rnd in enumerate(band):
                size = 1 << depth
                low, high = block_start // size, -(-(block_start + PRINT_GAMES) // size)
                games = []
                for game in rnd.games[low:high]:
                    games.append(replace(game, row=(game.position - low) * size + 2, span=size))
                if games:
                    block_rounds.append(replace(rnd, games=games, column=depth + 1))
            count = min(PRINT_GAMES, len(first) - block_start)
            title = (
                block_rounds[0].name
                if len(block_rounds) == 1
                else (f"{block_rounds[0].name} to {block_rounds[-1].name}")
            )
            if len(first) > PRINT_GAMES:
                title += f", games {block_start + 1} to {block_start + count}"
            sections.append(PrintSection(title, block_rounds, rows=count))
    return sections


def bracket_rounds(event_id: int) -> int:
    """Return how many rounds the event's bracket has, 0 before it is drawn (one query)."""
    return Event(pk=event_id).bracket_rounds


def with_bracket_rounds(games):
    """Annotate each game with its bracket's rounds, so that its name needs no query."""
    rounds = (
        Game.objects.filter(
            event=OuterRef("event"), stage__in=naming.FIRST_STAGES, round__isnull=True
        )
        .order_by()
        .values("event")
        .annotate(n=Max("round_number"))
        .values("n")[:1]
    )
    return games.annotate(bracket_rounds=Coalesce(Subquery(rounds), 0))


def name_of(game, *, rounds_total: int | None = None) -> str:
    """Return `naming.game_name` of a Game or a locked game row: its inputs read off it.

    A bracket game's name needs the bracket's rounds: read once (one query) unless given
    or annotated (`with_bracket_rounds`).
    """
    at_a_table = getattr(game, "round_id", None) is not None
    if game.stage and not at_a_table and rounds_total is None:
        rounds_total = getattr(game, "bracket_rounds", None) or bracket_rounds(game.event_id)
    return naming.game_name(
        stage=game.stage,
        round_number=game.round_number,
        position=game.position,
        rounds_total=rounds_total or 0,
        at_a_table=at_a_table,
        number=getattr(game, "number", None),
    )
