"""Reads for the tournament pages: each returns what one page shows, in few queries."""

from dataclasses import dataclass, field, replace

from django.db.models import Count, Exists, IntegerField, Max, OuterRef, Prefetch, Q, Subquery
from django.db.models.functions import Coalesce

from . import naming
from .brackets import byes_count
from .models import DECIDED, OPEN, WITH_RESULT, Entry, Event, Game, Player, Side, Team, TeamMember


def tournament_counts(tournament) -> dict:
    """Return the registration figures shown on the tournament pages."""
    figures = tournament.players.aggregate(
        total=Count("pk", filter=Q(withdrawn=False)),
        checked_in=Count("pk", filter=Q(checked_in=True, withdrawn=False)),
        withdrawn=Count("pk", filter=Q(withdrawn=True)),
    )
    figures["chapters"] = tournament.chapters.count()
    return figures


def _count_of(model, **outer):
    """Return a subquery counting `model` rows that point at the outer event."""
    rows = model.objects.filter(**{k: OuterRef(v) for k, v in outer.items()})
    return Subquery(
        rows.order_by().values(*outer).annotate(n=Count("pk")).values("n")[:1],
        output_field=IntegerField(),
    )


def events_with_counts(tournament):
    """Return the tournament's events with their entry and team counts.

    Each count is its own subquery: joining entries and teams in one query would
    multiply them (hundreds of entries times hundreds of teams per event).
    """
    return tournament.events.annotate(
        entry_count=Coalesce(_count_of(Entry, event="pk"), 0),
        team_count=Coalesce(_count_of(Team, event="pk"), 0),
    ).order_by("created_at", "pk")


def players_with_entries(tournament, *, search: str = ""):
    """Return the tournament's players with chapter and event entries loaded."""
    players = tournament.players.select_related("chapter").prefetch_related(
        Prefetch("entries__event", queryset=Event.objects.only("pk", "name"))
    )
    if search:
        players = players.filter(name__icontains=search.strip())
    return players.order_by("name", "pk")


# Draws and brackets ----------------------------------------------------------------------


@dataclass
class PlayerLine:
    """A player as a bracket shows them: name and chapter."""

    pk: int
    name: str
    chapter: str


@dataclass
class TeamLine:
    """A team as a bracket shows it: number, players with chapters, same-chapter flag."""

    pk: int
    number: int
    players: list[PlayerLine]
    same_chapter: bool = False
    team_size: int = 2

    @property
    def label(self) -> str:
        names = [p.name for p in self.players]
        return naming.team_label(names, self.number, len(names) or self.team_size)

    @property
    def number_label(self) -> str:
        """Return the draw number in words: "Team 9", or "Player 9" in singles."""
        return naming.team_number_label(self.number, self.team_size)

    @property
    def chapters(self) -> str:
        return " · ".join(p.chapter for p in self.players)


@dataclass
class SideLine:
    seat: int
    team: TeamLine | None
    total: int
    won: bool = False
    lost: bool = False
    bye: bool = False


@dataclass
class GameLine:
    """One game of a bracket, ready for a template."""

    pk: int
    stage: int
    round_number: int
    position: int
    status: str
    status_label: str
    walkover: bool
    hand_count: int
    version: int
    sides: list[SideLine]
    row: int = 1
    span: int = 1
    link: str = ""  # the game's score page, set by the view
    rounds_total: int = 0  # the bracket's rounds, for the game's number and name
    walkover_reason: str = ""  # why a walkover or forfeit was given (official pages show it)

    @property
    def number(self) -> int:
        """Return the game's number: through the bracket, or in the partners' games."""
        if self.stage == 0:
            return self.position + 1
        return naming.game_number(self.round_number, self.position, self.rounds_total)

    @property
    def name(self) -> str:
        """Return "Game 13 (Quarter-final)" or "Partners' game 3" (`naming.game_name`)."""
        return naming.game_name(
            stage=self.stage,
            round_number=self.round_number,
            position=self.position,
            rounds_total=self.rounds_total,
        )

    @property
    def short_name(self) -> str:
        """Return the name without the round, for a card under its round's heading."""
        return naming.numbered_game(self.stage, self.number)

    @property
    def is_bye(self) -> bool:
        return self.status == Game.Status.BYE

    @property
    def is_decided(self) -> bool:
        return self.status in DECIDED

    @property
    def is_open(self) -> bool:
        """Ready or playing: a result can be given."""
        return self.status in OPEN

    @property
    def has_result(self) -> bool:
        return self.status in WITH_RESULT

    @property
    def winner(self) -> TeamLine | None:
        return next((s.team for s in self.sides if s.won), None)


@dataclass
class RoundLine:
    number: int
    name: str
    games: list[GameLine]
    column: int
    current: bool = False


@dataclass
class Bracket:
    """Everything a bracket page shows, read in a fixed number of queries."""

    event: Event
    rounds: list[RoundLine] = field(default_factory=list)
    partner_games: list[GameLine] = field(default_factory=list)
    champion: TeamLine | None = None
    runner_up: TeamLine | None = None
    first_round_games: int = 0
    teams: list[TeamLine] = field(default_factory=list)

    @property
    def drawn(self) -> bool:
        return bool(self.rounds)

    @property
    def games(self) -> list[GameLine]:
        return [game for rnd in self.rounds for game in rnd.games]


def _team_lines(event) -> dict[int, TeamLine]:
    """Return every team of the event with its players and chapters (two queries)."""
    teams = {
        team.pk: TeamLine(team.pk, team.number, [], team.same_chapter, event.team_size)
        for team in Team.objects.filter(event=event).order_by("number")
    }
    members = (
        TeamMember.objects.filter(event=event)
        .select_related("player__chapter")
        .order_by("team_id", "position")
    )
    for member in members:
        player = member.player
        teams[member.team_id].players.append(
            PlayerLine(player.pk, player.name, player.chapter_name)
        )
    return teams


def bracket_for_event(event) -> Bracket:
    """Return the event's bracket and partners' games: four queries whatever its size."""
    teams = _team_lines(event)
    # Bracket games only: a rounds event's tables (of 2 to 8 sides) are not a bracket.
    games = list(
        Game.objects.filter(event=event, round__isnull=True)
        .exclude(status=Game.Status.VOID)
        .order_by("stage", "round_number", "position")
    )
    seats: dict[int, list] = {}
    for side in Side.objects.filter(game__event=event, game__round__isnull=True).order_by():
        seats.setdefault(side.game_id, [None, None])[side.seat] = side
    status_labels = dict(Game.Status.choices)

    bracket = Bracket(event=event, teams=list(teams.values()))
    by_round: dict[int, list[GameLine]] = {}
    for game in games:
        sides = []
        for seat, side in enumerate(seats.get(game.pk, [None, None])):
            team = teams.get(side.team_id) if side is not None else None
            decided = game.winner_seat is not None and game.status != Game.Status.BYE
            sides.append(
                SideLine(
                    seat=seat,
                    team=team,
                    total=side.total if side is not None else 0,
                    won=game.winner_seat == seat and game.status != Game.Status.VOID,
                    lost=decided and game.winner_seat != seat,
                    bye=game.status == Game.Status.BYE and game.winner_seat != seat,
                )
            )
        line = GameLine(
            pk=game.pk,
            stage=game.stage,
            round_number=game.round_number,
            position=game.position,
            status=game.status,
            status_label=status_labels[game.status],
            walkover=game.walkover,
            hand_count=game.hand_count,
            version=game.version,
            sides=sides,
            walkover_reason=game.walkover_reason,
        )
        if game.stage == 0:
            bracket.partner_games.append(line)
        else:
            by_round.setdefault(game.round_number, []).append(line)

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
    if bracket.rounds:
        final = bracket.rounds[-1].games[0]
        if final.has_result:
            bracket.champion = final.winner
            bracket.runner_up = next((s.team for s in final.sides if s.lost), None)
    return bracket


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


def leftover_singles_teams(event):
    """Return the singles teams left over from partners' games that were cancelled.

    A corrected doubles result cancels (voids) the old losers' partners' game; their
    singles teams stay behind but are not entrants. The official may still add them.
    """
    return (
        Team.objects.filter(event=event, sides__game__status=Game.Status.VOID)
        .exclude(sides__game__status__in=[s for s in Game.Status.values if s != Game.Status.VOID])
        .distinct()
    )


def players_to_add_to_singles(event):
    """Return the players the official may add to a singles event, with their chapters."""
    entered = TeamMember.objects.filter(event=event).exclude(team__in=leftover_singles_teams(event))
    return (
        event.tournament.players.filter(withdrawn=False)
        .exclude(memberships__in=entered)
        .select_related("chapter")
        .order_by("name")
    )


@dataclass
class DrawOverview:
    """What the draw page shows: teams, flags, the odd players out, byes to give."""

    teams: list[TeamLine]
    odd_players: list[Player]
    flagged: list[TeamLine]
    byes: int
    bracket_drawn: bool
    partner_games: list[GameLine] = field(default_factory=list)
    added: list[TeamLine] = field(default_factory=list)
    first_games_open: int = 0
    bracket_played: bool = False
    entrants: list[TeamLine] = field(default_factory=list)

    @property
    def partner_games_open(self) -> int:
        return sum(1 for game in self.partner_games if not game.is_decided)

    @property
    def ready_for_bracket(self) -> bool:
        """Say whether the bracket can be drawn (again) now."""
        if self.bracket_played:
            return False
        return not (self.first_games_open or self.partner_games_open)


def draw_overview(event) -> DrawOverview:
    """Return the draw page's figures in a fixed number of queries."""
    teams = _team_lines(event)
    in_teams = {p.pk for team in teams.values() for p in team.players}
    odd = []
    if event.is_doubles and teams:
        odd = [
            entry.player
            for entry in event.entries.filter(player__checked_in=True, player__withdrawn=False)
            .select_related("player__chapter")
            .order_by("player__name")
            if entry.player_id not in in_teams
        ]
    team_list = list(teams.values())
    bracket_drawn = Game.objects.filter(event=event, stage=1).exists()
    overview = DrawOverview(
        teams=team_list,
        odd_players=odd,
        flagged=[team for team in team_list if team.same_chapter],
        byes=byes_count(len(team_list)),
        bracket_drawn=bracket_drawn,
        bracket_played=bracket_drawn and bracket_played(event),
        entrants=team_list,
    )
    if not event.is_doubles and event.fed_by_id:
        bracket = bracket_for_event(event)
        overview.partner_games = bracket.partner_games
        # Players the official added have never sat in a partners' game.
        in_partner_games = set(
            Side.objects.filter(game__event=event, game__stage=0).values_list("team_id", flat=True)
        )
        overview.added = [team for team in team_list if team.pk not in in_partner_games]
        overview.first_games_open = first_games_open(event.fed_by_id)
        winners = [g.winner for g in bracket.partner_games if g.has_result]
        overview.entrants = sorted(winners + overview.added, key=lambda team: team.number)
        overview.byes = byes_count(len(overview.entrants))
    return overview


def bracket_played(event) -> bool:
    """Say whether the event's bracket has begun: a game with hands or a result (not a bye).

    The draw page asks it, and the bracket draw refuses to draw again once it is true.
    """
    return (
        Game.objects.filter(event=event, stage=1)
        .exclude(status=Game.Status.BYE)
        .filter(Q(hand_count__gt=0) | Q(status__in=WITH_RESULT))
        .exists()
    )


def first_games_open(doubles_id: int) -> int:
    """Count the doubles games, still undecided, that are a team's first game.

    Those decide who plays the singles partners' games: round one, or round two after a
    bye. The draw page shows it, and opening the singles waits for it to be 0.
    """
    open_games = Game.objects.filter(event_id=doubles_id, stage=1).exclude(status__in=DECIDED)
    return (
        open_games.filter(Q(round_number=1) | Q(round_number=2, feeders__status=Game.Status.BYE))
        .distinct()
        .count()
    )


def bracket_rounds(event_id: int) -> int:
    """Return how many rounds the event's bracket has, 0 before it is drawn (one query)."""
    return Event(pk=event_id).bracket_rounds


def with_bracket_rounds(games):
    """Annotate each game with its bracket's rounds, so that its name needs no query."""
    rounds = (
        Game.objects.filter(event=OuterRef("event"), stage=1, round__isnull=True)
        .order_by()
        .values("event")
        .annotate(n=Max("round_number"))
        .values("n")[:1]
    )
    return games.annotate(bracket_rounds=Coalesce(Subquery(rounds), 0))


def game_name(game, *, rounds_total: int | None = None) -> str:
    """Return a game's name (`naming.game_name`) for a Game or a locked game row.

    A bracket game's name needs the bracket's rounds: read once (one query) unless given.
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
    )


# Entering players in bulk ------------------------------------------------------------------


NO_CHAPTER = "none"


def players_for_entry(tournament, event, *, chapter=None):
    """Return the tournament's players for the bulk-entry page, each with `entered`.

    `chapter` narrows the list: a Chapter, NO_CHAPTER for players without one, or None
    for everyone. One query, whatever the number of players.
    """
    players = tournament.players.select_related("chapter").annotate(
        entered=Exists(Entry.objects.filter(event=event, player=OuterRef("pk")))
    )
    if chapter == NO_CHAPTER:
        players = players.filter(chapter__isnull=True)
    elif chapter is not None:
        players = players.filter(chapter=chapter)
    return players.order_by("name", "pk")


def checked_in_to_enter(tournament, event, *, chapter=None):
    """Return the checked-in players (of `chapter`, as above) not yet entered in the event."""
    return players_for_entry(tournament, event, chapter=chapter).filter(
        checked_in=True, withdrawn=False, entered=False
    )
