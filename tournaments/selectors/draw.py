"""Reads for the draw page: the teams, the odd players out, the byes to give, and whether
the bracket may be drawn (again)."""

from dataclasses import dataclass, field

from django.db.models import Q

from .. import naming
from ..brackets import byes_count
from ..draw import fewest_same_chapter
from ..models import DECIDED, WITH_RESULT, Entry, Game, Player, Side, Team, TeamMember
from .bracket import bracket_for_event, team_lines
from .lines import GameLine, TeamLine
from .parts import draw_warnings


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


def odd_players(event):
    """Return the checked-in players of a doubles event left without a partner, by name.

    The draw page's overview and the odd-player services (`services.draws`) both use it.

    The players entered EXCEPT those in a team: two index reads and a hash, whatever the
    planner knows of the tables (3.5 ms for 8,192 players on PostgreSQL, where the join
    with NOT EXISTS took 22 ms on tables just written, bench/bracket.py).
    """
    without_team = (
        Entry.objects.filter(event=event)
        .order_by()
        .values_list("player_id")
        .difference(TeamMember.objects.filter(event=event).order_by().values_list("player_id"))
    )
    return (
        event.tournament.players.filter(pk__in=without_team, checked_in=True, withdrawn=False)
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
    # What the format warns of in the bracket drawn (a second bye in double elimination).
    warnings: list[str] = field(default_factory=list)

    @property
    def same_chapter_words(self) -> str:
        """Say how many teams are of one chapter, and whether a draw could have fewer."""
        chapters = [player.chapter_id for team in self.teams for player in team.players]
        chapters += [player.chapter_id for player in self.odd_players]
        return naming.same_chapter_teams(len(self.flagged), fewest_same_chapter(chapters))

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
    teams = team_lines(event)
    odd = list(odd_players(event)) if event.is_doubles and teams else []
    team_list = list(teams.values())
    bracket_drawn = Game.objects.filter(event=event, stage__in=naming.FIRST_STAGES).exists()
    overview = DrawOverview(
        teams=team_list,
        odd_players=odd,
        flagged=[team for team in team_list if team.same_chapter],
        byes=byes_count(len(team_list)),
        bracket_drawn=bracket_drawn,
        bracket_played=bracket_drawn and bracket_played(event),
        entrants=team_list,
    )
    if bracket_drawn and event.has_bracket:
        overview.warnings = draw_warnings(event)
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
        Game.objects.filter(event=event, stage__in=naming.BRACKET_STAGES)
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
