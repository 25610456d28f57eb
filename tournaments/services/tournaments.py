"""Write services for tournaments and their events: create them, change their details.

Each function runs in one transaction, takes keyword-only arguments, validates, and
records who did it in the tournament's activity log.
"""

from __future__ import annotations

from functools import cache

from django.db import IntegrityError, transaction
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils.text import slugify

from games.formats import FORMATS, get_format
from games.registry import GameSpec, get_game

from ..acting import User
from ..changes import log_activity, mark_changed
from ..errors import DeskError
from ..models import Event, Tournament
from ..names import clean_name, name_key
from .names import check_name

# Words that are never a tournament's address, besides those the URLs use (see
# `reserved_slugs`): kept free for pages to come.
RESERVED_WORDS = frozenset(
    {"new", "admin", "login", "logout", "desk", "static", "media", "api", "t", "www"}
)


def _literal_segments(patterns, prefix: str, found: set[str]) -> None:
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            _literal_segments(pattern.url_patterns, route, found)
        elif isinstance(pattern, URLPattern):
            for base in ("desk/", "t/", ""):
                if base and not route.startswith(base):
                    continue
                first = route.removeprefix(base).split("/", 1)[0]
                if first and "<" not in first and "(" not in first and "^" not in first:
                    found.add(first.lower())


@cache
def reserved_slugs() -> frozenset[str]:
    """Return the words a tournament's address cannot be: every fixed word its URLs use.

    `/desk/new/` is the new-tournament page, so a tournament called `new` would never
    reach its dashboard at `/desk/new/`; the words are read from the URL configuration,
    so a page added later reserves its word too.
    """
    found: set[str] = set()
    _literal_segments(get_resolver().url_patterns, "", found)
    return frozenset(found | RESERVED_WORDS)


def check_slug(slug: str) -> str:
    """Return the address as stored, or refuse one the desk's own pages use."""
    slug = slugify(slug or "")[:40]
    if not slug:
        raise DeskError("Choose a short public address made of letters and digits.")
    if slug in reserved_slugs():
        raise DeskError(f"“{slug}” is a word the desk's own pages use; choose another address.")
    return slug


@transaction.atomic
def create_tournament(*, by: User, name, slug, starts_on, ends_on, venue="") -> Tournament:
    """Create a tournament with `by` as its owner and first official."""
    name = check_name(name, what="tournament name")
    slug = check_slug(slug or name)
    if ends_on < starts_on:
        raise DeskError("The last day cannot be before the first day.")
    taken = DeskError(f"The address “{slug}” is taken; choose another.")
    if Tournament.objects.filter(slug=slug).exists():
        raise taken
    try:
        with transaction.atomic():
            tournament = Tournament.objects.create(
                name=name,
                slug=slug,
                starts_on=starts_on,
                ends_on=ends_on,
                venue=clean_name(venue),
                owner=by if by and by.pk else None,
            )
    except IntegrityError:  # another official took the address a moment ago
        raise taken from None
    tournament.officials.add(by)
    log_activity(tournament=tournament, by=by, text=f"Created the tournament {name}")
    return tournament


@transaction.atomic
def update_tournament(*, tournament, by: User, name, starts_on, ends_on, venue="") -> Tournament:
    """Change a tournament's name, days and venue; its public address stays as printed."""
    tournament.name = check_name(name, what="tournament name")
    if ends_on < starts_on:
        raise DeskError("The last day cannot be before the first day.")
    tournament.starts_on, tournament.ends_on = starts_on, ends_on
    tournament.venue = clean_name(venue)
    tournament.save(update_fields=["name", "starts_on", "ends_on", "venue"])
    mark_changed(tournament=tournament)
    log_activity(tournament=tournament, by=by, text="Edited the tournament's details")
    return tournament


def formats_for(game: GameSpec) -> list[str]:
    """Return the formats an event of this game may be played in, its own first: a game
    played in brackets may be single or double elimination."""
    own = get_format(game.format)
    return [game.format] + [
        key for key, spec in FORMATS.items() if key != game.format and spec.bracket == own.bracket
    ]


@transaction.atomic
def create_event(
    *,
    tournament,
    by: User,
    name,
    game_key,
    format,
    team_size=1,
    options=None,
    fed_by=None,
    format_options=None,
) -> Event:
    """Create an event; its house-rule options are validated by the game, and its
    format's (double elimination's grand final reset) by the format.

    A game played in brackets may be single or double elimination (single by default:
    the Texas Good Sams rules); a game played in rounds is played in rounds.
    """
    name = check_name(name, what="event name")
    game = get_game(game_key)
    checked = game.validate_options(options or {})
    wanted = Event.Format(game.format)
    if format not in formats_for(game):
        raise DeskError(f"{game.name} is played as {wanted.label.lower()}.")
    format_checked = get_format(format).validate_options(format_options or {})
    if team_size not in game.team_sizes:
        raise DeskError(f"{game.name} is not played in partnerships.")
    if fed_by is not None and (fed_by.tournament_id != tournament.pk or fed_by.team_size != 2):
        raise DeskError("A singles event can only be fed by a doubles event of this tournament.")
    if fed_by is not None and fed_by.format != Event.Format.SINGLE_ELIMINATION:
        # The feed is single elimination's (its `singles_feed`: a team's first game).
        raise DeskError(
            "Only a single elimination doubles event opens a singles event with its "
            f"first-game losers; {fed_by.name} is {fed_by.get_format_display().lower()}."
        )
    taken = {name_key(other) for other in tournament.events.values_list("name", flat=True)}
    if name_key(name) in taken:
        raise DeskError(f"This tournament already has an event called {name}.")
    event = Event.objects.create(
        tournament=tournament,
        name=name,
        game_key=game_key,
        format=format,
        team_size=team_size,
        options=checked,
        format_options=format_checked,
        fed_by=fed_by,
    )
    log_activity(tournament=tournament, by=by, text=f"Created the event {name}")
    return event
