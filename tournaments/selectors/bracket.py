"""Reads for a bracket: its games and sides in a fixed number of queries, its placings,
its printed pages, and a game's name."""

from dataclasses import dataclass, replace

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
from .bracket_kept import kept_lines
from .bracket_reads import GameRow, bracket_rows, parsed
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
    versions: list | None = None,
    names: str = "",
) -> Bracket:
    """Return the event's bracket and partners' games: three queries whatever its size
    (one when ``teams``, the event's `team_lines`, are given; none with ``rows`` as well,
    its games as `bracket_rows` read them; with ``names``, see below).

    ``names``: a digest of what ``teams`` say (`fragments.kept_team_lines`), for a
    visitor's bracket: with it, the lines are those this process kept for the games'
    versions (of ``rows``, or ``versions`` as `bracket_versions` reads them, or read
    here), and only the games whose version moved are built again, their rows read when
    not given (`bracket_kept`): a 64-table bracket rebuilt after a hand reads and builds
    one game, not 127."""
    teams = team_lines(event) if teams is None else teams
    target = event.game.target_score(event.options)
    rule = event_rule(event)

    def build(game: GameRow, sides: list) -> GameLine:
        line = _game_line(game, sides, teams, target)
        line.to_win = match_to_win(game, rule)
        return line

    if names:
        lines = kept_lines(event, (names, target, rule), build, versions=versions, rows=rows)
    else:
        games, seats = parsed(bracket_rows(event=event.pk) if rows is None else rows)
        lines = [build(game, seats.get(game.pk, [None, None])) for game in games]
    bracket = Bracket(event=event, teams=list(teams.values()))
    by_round: dict[int, list[GameLine]] = {}
    by_part: dict[tuple[int, int], list[GameLine]] = {}
    for line in lines:
        if line.stage == naming.PARTNERS_STAGE:
            bracket.partner_games.append(line)
        elif line.stage == naming.STAGE_OF[MAIN]:
            by_round.setdefault(line.round_number, []).append(line)
        else:
            by_part.setdefault((line.stage, line.round_number), []).append(line)
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


_BYE, _CLOSED, _VOID = Game.Status.BYE, Game.Status.CLOSED, Game.Status.VOID


def _game_line(
    game: GameRow, seats: list, teams: dict[int, TeamLine], target: int | None = None
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
