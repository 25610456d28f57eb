"""The score sheet's reads of a game: its sides with their players, its hands, a table's
waiting hand. Each is compiled once (`tournaments.compiled`): every hand entered, at the
desk or at a table, reads them again to draw its sheet."""

from django.db.models import QuerySet

from tournaments.compiled import compiled
from tournaments.models import Side, Team, TeamMember

from ..models import Hand, TableEntry
from ..models.table import OPEN_ENTRY


@compiled(game=-770_201)
def _sides(*, game: int):
    return Side.objects.filter(game_id=game).select_related("team").order_by("seat")


@compiled(game=-770_202)
def _members(*, game: int):
    return (
        TeamMember.objects.filter(team__sides__game_id=game)
        .select_related("player__chapter")
        .order_by("team_id", "position")
    )


def _keep_members(team: Team, members: list[TeamMember]) -> None:
    """Give the team its members as prefetch_related would (`Team.members` reads them)."""
    kept = QuerySet(model=TeamMember)
    kept._result_cache, kept._prefetch_done = members, True
    team._prefetched_objects_cache = {"memberships": kept}


def sides_with_members(game_id: int) -> list[Side]:
    """Return the game's sides in seat order with their teams, each team's members read
    with their players and chapters as `Team.members` reads them (two queries)."""
    found = _sides(game=game_id)
    members: dict[int, list[TeamMember]] = {}
    for member in _members(game=game_id):
        members.setdefault(member.team_id, []).append(member)
    for side in found:
        if side.team is not None:
            _keep_members(side.team, members.get(side.team_id, []))
    return found


@compiled(game=-770_203)
def _hands(*, game: int):
    return Hand.objects.filter(game_id=game).order_by("number")


@compiled(game=-770_204)
def _open_entries(*, game: int):
    return TableEntry.objects.filter(game_id=game, status__in=OPEN_ENTRY).order_by("pk")[:1]


def hands_of(game_id: int) -> list[Hand]:
    """Return the game's hands in order (one query)."""
    return _hands(game=game_id)


def open_entry_of(game_id: int) -> TableEntry | None:
    """Return the table's hand waiting or disputed, if any (one query)."""
    found = _open_entries(game=game_id)
    return found[0] if found else None
