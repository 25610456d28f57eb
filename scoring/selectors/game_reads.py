"""The score sheet's reads of a game: its sides with their players, its hands, a table's
waiting hand. Each is compiled once (`tournaments.compiled`): every hand entered, at the
desk or at a table, reads them again to draw its sheet."""

from django.db import models
from django.db.models import QuerySet

from tournaments.compiled import compiled
from tournaments.models import Chapter, Player, Side, Team, TeamMember

from ..models import Hand, TableEntry
from ..models.table import OPEN_ENTRY

# Each row of the joint read: the side, its team, one member, its player, their chapter
# (the team's, member's, player's and chapter's columns None where there is none).
_PARTS = (
    (Side, ""),
    (Team, "team__"),
    (TeamMember, "team__memberships__"),
    (Player, "team__memberships__player__"),
    (Chapter, "team__memberships__player__chapter__"),
)


def _spans() -> list[tuple]:
    """Return (model, its columns, where they start and end in a row) for each part."""
    spans, at = [], 0
    for model, _ in _PARTS:
        names = [field.attname for field in model._meta.concrete_fields]
        spans.append((model, names, at, at + len(names)))
        at += len(names)
    return spans


_SPANS = _spans()


def _rows_of(sides: QuerySet) -> QuerySet:
    """One row a member of each side's team (one row for a side without team or members),
    in seat order and the members in theirs."""
    columns = [f"{path}{f.attname}" for model, path in _PARTS for f in model._meta.concrete_fields]
    return sides.order_by("seat", "team__memberships__position").values_list(*columns)


@compiled(game=-770_201)
def _sides_and_members(*, game: int):
    return _rows_of(Side.objects.filter(game_id=game))


@compiled(slug="\0slug", code="\0code")
def _sides_at_table(*, slug: str, code: str):
    """The sides of the game whose table link has this code (`find_link`'s game)."""
    return _rows_of(
        Side.objects.filter(game__table_links__code=code, game__event__tournament__slug=slug)
    )


def _keep_members(team: Team, members: list[TeamMember]) -> None:
    """Give the team its members as prefetch_related would (`Team.members` reads them)."""
    kept = QuerySet(model=TeamMember)
    kept._result_cache, kept._prefetch_done = members, True
    team._prefetched_objects_cache = {"memberships": kept}


def _made(row: tuple, span) -> models.Model | None:
    """Return the row's instance of one model (None where its id is None: no such row)."""
    model, names, start, end = span
    values = row[start:end]
    return None if values[0] is None else model.from_db("default", names, values)


def sides_read(game_id: int) -> tuple:
    """The sides' read as `tournaments.compiled.together` takes it, to send it with
    another read; give what it returns to `sides_with_members` as ``rows``."""
    return _sides_and_members, {"game": game_id}


def sides_read_at_table(slug: str, code: str) -> tuple:
    """`sides_read` of the game of the tournament's table link with this code."""
    return _sides_at_table, {"slug": slug, "code": code}


def sides_with_members(game_id: int, rows: list | None = None) -> list[Side]:
    """Return the game's sides in seat order with their teams, each team's members read
    with their players and chapters as `Team.members` reads them (one query: read apart,
    sides then members, they were two round trips on every hand entered; none when the
    `sides_read` was sent with another read, its ``rows`` given)."""
    sides: dict[int, Side] = {}
    members: dict[int, list[TeamMember]] = {}
    side_span, team_span, member_span, player_span, chapter_span = _SPANS
    for row in _sides_and_members(game=game_id) if rows is None else rows:
        side = sides.get(row[0])
        if side is None:
            side = sides[row[0]] = _made(row, side_span)
            team = _made(row, team_span)
            Side.team.field.set_cached_value(side, team)
            if team is not None:
                members[team.pk] = []
                _keep_members(team, members[team.pk])
        member = _made(row, member_span)
        if member is None:
            continue
        player = _made(row, player_span)
        Player.chapter.field.set_cached_value(player, _made(row, chapter_span))
        TeamMember.player.field.set_cached_value(member, player)
        members[member.team_id].append(member)
    return list(sides.values())


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
