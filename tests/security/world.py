"""A tournament with something behind every URL, and every URL filled from it.

The hostile-input suite and the form fuzz walk the URL configuration, so a page added
later is covered without touching them; this module gives each URL's arguments real
objects (a player for players/<pk>, every event for events/<pk>, ...).
"""

import itertools
from dataclasses import dataclass, field
from urllib.parse import quote

from django.urls import URLPattern, URLResolver, get_resolver

from scoring.models import Export
from tests.factories import ChapterFactory, EventFactory, PlayerFactory, drawn_doubles
from tests.tournaments.rounds_setup import rounds_event, seat_and_start
from tournaments.models import Game, RosterUpload, Team


@dataclass
class World:
    tournament: object
    players: list = field(default_factory=list)
    chapters: list = field(default_factory=list)
    events: list = field(default_factory=list)
    games: list = field(default_factory=list)
    teams: list = field(default_factory=list)
    exports: list = field(default_factory=list)
    uploads: list = field(default_factory=list)


def build_world(tournament, official) -> World:
    """Fill the tournament: chapters, players, a drawn bracket, a rounds event, an export."""
    world = World(tournament=tournament)
    lone_star = ChapterFactory(tournament=tournament, name="Lone Star")
    world.chapters = [lone_star, ChapterFactory(tournament=tournament, name="Hill Country")]
    world.players = [
        PlayerFactory(tournament=tournament, name="Ada Pruitt", chapter=lone_star),
        PlayerFactory(tournament=tournament, name="Bob Wills", chapter=None, checked_in=False),
        PlayerFactory(tournament=tournament, name="Cal Gone", withdrawn=True, checked_in=False),
    ]
    doubles = drawn_doubles(tournament, official, 4)
    singles = EventFactory(tournament=tournament, name="Singles", team_size=1)
    world.events = [doubles, singles]
    # A set-up that breaks fails the walk: it must never lose the rounds pages quietly.
    rounds = rounds_event(tournament, players=8)
    seat_and_start(rounds, official)
    world.events.append(rounds)
    games = Game.objects.filter(event__tournament=tournament).order_by("pk")
    world.games = [
        games.filter(status=Game.Status.READY).first() or games.first(),
        games.filter(status=Game.Status.WAITING).first(),
        games.filter(round__isnull=False).first(),
    ]
    world.games = [g for g in world.games if g is not None]
    world.teams = list(Team.objects.filter(event__tournament=tournament).order_by("pk")[:2])
    fields = {f.name for f in Export._meta.get_fields()}
    extra = {k: v for k, v in {"content": "a,b\n", "filename": "x.csv"}.items() if k in fields}
    world.exports = [
        Export.objects.create(tournament=tournament, kind="players", status="ready", **extra)
    ]
    world.uploads = [
        RosterUpload.objects.create(
            tournament=tournament,
            filename="r.csv",
            status="ready",
            rows=[[2, "Dot Ames", "Lone Star"]],
        )
    ]
    return world


def _routes(patterns, prefix="", namespace=""):
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            inner = pattern.namespace or namespace
            yield from _routes(pattern.url_patterns, route, inner)
        elif isinstance(pattern, URLPattern):
            yield namespace, pattern.name, route, pattern


def all_routes():
    """Return (namespace, name, route, pattern) for every URL of the project but the admin."""
    return [r for r in _routes(get_resolver().url_patterns) if r[0] != "admin"]


def _choices(world: World, route: str, key: str) -> list:
    before = route.split(f"<int:{key}>")[0].rstrip("/").rsplit("/", 1)[-1]
    if key == "slug":
        return [world.tournament.slug]
    if key == "number":
        return [1, 2]
    if key == "team_pk":
        return [t.pk for t in world.teams] or [1]
    if key == "hand_pk":
        return [1]
    table = {
        "players": world.players,
        "chapters": world.chapters,
        "events": world.events,
        "games": world.games,
        "exports": world.exports,
        "uploads": world.uploads,
    }
    return [obj.pk for obj in table.get(before, [])] or [1]


def filled_urls(world: World, *, namespaces=None) -> list[tuple[str, str]]:
    """Return (url name, path) for every URL, its arguments filled from the world."""
    out = []
    for namespace, name, route, pattern in all_routes():
        if namespaces is not None and namespace not in namespaces:
            continue
        keys = list(pattern.pattern.converters)
        options = [_choices(world, route, key) for key in keys]
        for values in itertools.product(*options):
            path = "/" + route
            for key, value in zip(keys, values, strict=True):
                converter = pattern.pattern.converters[key]
                path = path.replace(f"<{_converter_name(converter)}:{key}>", str(value))
            out.append((f"{namespace}:{name}" if namespace else str(name), path))
    return out


def junk_in_each_parameter(world: World, junk: str, *, namespaces=None):
    """Yield (url name, parameter, path): each URL with one parameter replaced by `junk`
    (quoted as a browser sends it), the others filled from the world."""
    for namespace, name, route, pattern in all_routes():
        if namespaces is not None and namespace not in namespaces:
            continue
        converters = pattern.pattern.converters
        for wrong in converters:
            path = "/" + route
            for key, converter in converters.items():
                value = quote(junk, safe="") if key == wrong else _choices(world, route, key)[0]
                path = path.replace(f"<{_converter_name(converter)}:{key}>", str(value))
            yield (f"{namespace}:{name}" if namespace else str(name)), wrong, path


def _converter_name(converter) -> str:
    from django.urls.converters import get_converters

    for name, known in get_converters().items():
        if type(known) is type(converter):
            return name
    raise AssertionError(f"unknown converter {converter!r}")  # pragma: no cover
