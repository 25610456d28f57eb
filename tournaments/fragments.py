"""Parts of a public page kept under their own version, so a change rebuilds only its part.

A hall's tables send a hand every few seconds, and every hand is a new version of its
event's public bracket (`page_cache`): rebuilt whole, a 64-table bracket took most of its
time re-reading every team and re-drawing every game's card. A hand changes one game,
so the page is assembled from parts kept in the pages' cache under their own versions:

- The event's teams with their players and chapters, under the event's
  ``names_changed_at``: every change to a team, a player or a chapter moves it (every
  change but a game's running score and a result: `changes.mark_changed`). A result
  (a game decided, its winner and loser seated ahead) does not: the standings of a
  rounds event read their teams again only when a name may have changed.
- Each game's card, under the game's own version (bumped by every change to the game and
  its sides), a digest of the event's team lines (the names on the card, read under
  ``names_changed_at``), the event's options, its place on the grid, and whose games the
  page marks (`attach_cards`): a result draws again the cards of the games it changed.
- A rounds event's public pages the same way: each table's card on a round's page
  (`attach_tables`) under its game's version and ``names_changed_at`` (a result at one
  table draws that table's card again, not the round's); the standings table
  (`standings_table`) under what it is ranked from (every result, sit-out and the points
  a sit-out scores, read for the page) and ``shared_changed_at``: a hand that decides
  nothing changes neither, and a result changes it at once. What it is ranked from is
  itself kept under ``shared_changed_at`` (`kept_ranking`): a page rebuilt after a hand
  that decides nothing reads none of the event's tables.

- The rest of a whole page around its live part (`render_page`): its title, links and
  house rules, under what it shows (the event's and its tournament's names, the event's
  game, format, team size and options: `_shell_shows`) and the address. Not under
  ``shared_changed_at``, which every result moves: a result drew the whole page again.

Never by time: a key names the version it was built from, and the versions are read
before the rows they stand for, so what a key holds is never older than its name (the
page cache's own argument). A cache that answers nothing (Redis down) only costs a
rebuild. The build of the code is in every key (`page_cache._build`).

Each process also keeps the parts it drew or read last in its own memory, in front of the
pages' cache (`kept.LOCAL`): a part named by its version can be kept anywhere without
going stale.

Every part is kept as ASCII, and a visitor's page is put together from ASCII alone
(`ascii_html`): the few other characters a page shows (a winner's tick, the dot between
two chapters, an accented name) are written as character references. One such character
anywhere made Python hold the whole page two bytes a character, and every join and the
final encoding to UTF-8 copy it character by character.
"""

from __future__ import annotations

import copy
import hashlib
import pickle
from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import get_template, render_to_string
from django.utils.safestring import SafeData, mark_safe

from .kept import LOCAL
from .page_cache import _build
from .written import (
    public_card,
    public_rounds_html,
    public_standing_row,
    public_standings_table,
)

TABLE_TEMPLATE = "tournaments/round_table.html"
# Where a page's live part goes in the rest of the page kept without it (`render_page`).
LIVE_PLACE = mark_safe("<!-- the live part -->")


def _stamp(event, version) -> str:
    """The build, the event and one of its versions (``shared_changed_at``, or
    ``names_changed_at`` for what shows only names)."""
    return f"{_build()}:{event.pk}:{version.isoformat()}"


def team_lines_of(event, build, *, kind: str = "teams"):
    """Return ``build(event)`` (the event's team lines) from the cache when its teams are
    as they were (see the module), building and keeping them otherwise. kind: what
    ``build`` gives (the bracket's lines, or a rounds event's `event_teams`)."""
    return kept_team_lines(event, build, kind=kind)[0]


def kept_team_lines(event, build, *, kind: str = "teams") -> tuple[object, str]:
    """Return `team_lines_of` and a digest of what they say (every team's number, players
    and chapters): the same names read again after a result give the same digest."""
    key = f"{kind}:{_stamp(event, event.names_changed_at)}"
    kept = LOCAL.get_many([key]).get(key)
    if kept is None:
        teams = build(event)
        kept = (teams, _digest(teams))
        LOCAL.set_many({key: kept})
    return kept


def ascii_html(html: str) -> str:
    """Return ``html`` (safe HTML, outside any script or style: the desk has none inline)
    with each character outside ASCII written as a character reference, which the browser
    shows as the character itself; ASCII as it is, at no cost.

    Why (issue 22): the 128-team bracket's page, 108,000 characters, holds 64 ticks (U+2713)
    and 193 dots between chapters (U+00B7). With them the page's text took two bytes a
    character, and putting the page together and encoding it took 0.36 ms of a page
    rebuilt after a hand; in ASCII 0.15 ms (a test client, PostgreSQL, AMD EPYC 2-core,
    2026-11-29)."""
    if html.isascii():
        return html
    written = html.encode("ascii", "xmlcharrefreplace").decode("ascii")
    # Safe only if it came so: a reference never makes text that was not escaped safe.
    return mark_safe(written) if isinstance(html, SafeData) else written


def _digest(value) -> str:
    return hashlib.blake2b(repr(value).encode(), digest_size=12).hexdigest()


def attach_cards(bracket, *, event, shown, names: str) -> None:
    """Give each game line of ``bracket`` its card's HTML as ``card``, from the cache when
    the game is as it was (write the others, `written.public_card`, and keep them), and
    each round its cards joined
    (``cards``, ``partner_cards``: the page includes one string a round, not a template a
    game).

    A card is kept under what it is drawn from: the game's version (its row and its
    sides), ``names`` (the digest of the event's team lines, `kept_team_lines`), the
    event's game and options (the score that wins, the match rule), the bracket's size,
    the card's place, whether it is marked and its link. Not under the event's shared
    version: a result elsewhere (which moves it) draws the cards of the games it changed,
    not all of them again.

    A line this process kept (`selectors.bracket_kept`) holds its cards as well
    (``kept_cards``, by place, marking and link: the rest is in the kept line's own key),
    so its card is found without a key made and looked up for every game.
    """
    games = bracket.games + bracket.partner_games
    if not games:
        return
    rules = _digest((event.game_key, event.options))
    stamp = f"{_build()}:{event.pk}:{names}:{rules}"
    team = getattr(shown, "team", None)
    missing, to_keep = {}, []
    for game in games:
        marked = team.pk if getattr(game, "mine", False) and team is not None else 0
        drawn = (game.rounds_total, game.row, game.span, marked, game.link)
        kept = getattr(game, "kept_cards", None)
        game.card = kept.get(drawn) if kept is not None else None
        if game.card is None:
            place = ":".join(map(str, drawn))
            missing[f"card:{stamp}:{game.pk}:{game.version}:{place}"] = game
            if kept is not None:
                to_keep.append((kept, drawn, game))
    _attach(missing, lambda game: public_card(game, shown))
    for kept, drawn, game in to_keep:
        kept[drawn] = game.card
    for rnd in bracket.rounds:
        rnd.cards = mark_safe("".join(game.card for game in rnd.games))
    bracket.partner_cards = mark_safe("".join(game.card for game in bracket.partner_games))
    if bracket.rounds and not bracket.parts:  # a double elimination's parts are drawn whole
        bracket.rounds_html = public_rounds_html(bracket, shown)


def attach_tables(tables, *, event, tournament) -> None:
    """Give each table of a round (`TableLine`, its public ``link`` set) its card's HTML
    as ``card`` (read by the round's template), kept under the game's version."""
    if not tables:
        return
    stamp = _stamp(event, event.names_changed_at)
    keys = {f"table:{stamp}:{t.pk}:{t.version}:{t.link}": t for t in tables}
    context = {"official": False, "tournament": tournament, "event": event}
    template = get_template(TABLE_TEMPLATE)
    _attach(keys, lambda table: template.render({**context, "table": table}))


def _attach(keys: dict, draw: Callable[[object], str]) -> None:
    """Set ``card`` on each object of ``keys`` (by cache key): its HTML (`_drawn`)."""
    cards = _drawn(keys, draw)
    for item, card in zip(keys.values(), cards, strict=True):
        item.card = card


def _drawn(keys: dict, draw: Callable[[object], str]) -> list[str]:
    """Return the HTML of each object of ``keys`` (by cache key), in order: kept, or
    ``draw(item)`` in ASCII (`ascii_html`) and kept."""
    found = LOCAL.get_many(list(keys))
    drawn = {}
    parts = []
    for key, item in keys.items():
        part = found.get(key)
        if part is None:
            part = drawn[key] = ascii_html(draw(item))
        parts.append(part)
    if drawn:
        LOCAL.set_many(drawn)
    return parts


@dataclass(frozen=True)
class Ranking:
    """What a rounds event's standings are ranked from (`selectors.standings_inputs`: the
    results, the rounds sat out, a sit-out's points), a digest of it, and the started
    rounds' summaries (copied for each page: a page sets their links)."""

    inputs: tuple
    digest: str
    rounds: tuple

    @classmethod
    def of(cls, found) -> Ranking:
        inputs, rounds = found
        # Pickled, not repr'd: half the time (the results' dataclasses repr slowly). The
        # same rows read in the same order pickle the same; were two equal inputs ever to
        # pickle apart, that would be one more key, never a stale page.
        digest = hashlib.blake2b(pickle.dumps(inputs, 5), digest_size=16).hexdigest()
        return cls(inputs=inputs, digest=digest, rounds=tuple(rounds))

    def rounds_shown(self) -> list:
        return [copy.copy(rnd) for rnd in self.rounds]


def _ranking_key(request: HttpRequest, event_pk: int) -> str | None:
    version = getattr(request, "page_version", None)  # the event marker's: shared last
    return None if version is None else f"ranking:{_build()}:{event_pk}:{_digest(version[-1])}"


def kept_ranking(request: HttpRequest, event_pk: int) -> Ranking | None:
    """Return a visitor's standings' `Ranking` kept under the event's shared version, as
    this request's marker read it (`page_cache.event_marker`), or None.

    Only a game's running score or waiting hand leaves that version as it was
    (`changes.mark_changed`, ``one_game``), and neither is ranked: a page rebuilt after
    such a hand reads none of the event's tables again. What is kept was read after the
    marker named its version, so it is never older than its key."""
    key = _ranking_key(request, event_pk)
    return None if key is None else LOCAL.get_many([key]).get(key)


def keep_ranking(request: HttpRequest, event_pk: int, found) -> Ranking:
    """Keep `Ranking.of(found)` for the next page of this version (`kept_ranking`)."""
    ranking = Ranking.of(found)
    key = _ranking_key(request, event_pk)
    if key is not None:
        LOCAL.set_many({key: ranking})
    return ranking


def standings_table(event, *, ranking: Ranking, build) -> str:
    """Return the public standings table's HTML: kept under what the standings are
    computed from (``ranking``) and the event's names; else ``build()`` gives the
    standings (`selectors.standings`), drawn and kept."""
    key = f"standings:{_stamp(event, event.shared_changed_at)}:{ranking.digest}"
    html = LOCAL.get_many([key]).get(key)
    if html is None:
        standings = build()
        html = ascii_html(public_standings_table(event, standings, _standing_rows(standings.rows)))
        LOCAL.set_many({key: html})
    return html


def _standing_rows(rows) -> str:
    """Return the standings' rows drawn, each kept under what it shows (its place, its
    side's names and its figures): a result draws again the rows it changed."""
    build = _build()
    keys = {}
    for row in rows:
        shown = (row.place_label, row.team.label, row.team.chapters, *vars(row).values())
        keys[f"standing:{build}:{_digest(shown)}"] = row
    return mark_safe("".join(_drawn(keys, public_standing_row)))


def _shell_shows(event) -> str:
    """Return a digest of what the rest of a public page shows (its title, links, house
    rules and how standings are ranked): the event's and its tournament's names and
    address, the event's game, format, team size and options."""
    tournament = event.tournament
    shown = (event.name, event.game_key, event.format, event.team_size, event.options)
    return _digest((*shown, tournament.name, tournament.slug))


def render_page(
    request: HttpRequest,
    template_name: str,
    context: dict,
    *,
    event,
    shared: bool,
    write_live: Callable[[dict, str], str] | None = None,
) -> HttpResponse:
    """Render a public page whose changing part is its ``live`` partial: htmx asks for
    that part alone; a visitor's whole page is the rest of the page (its title, links,
    house rules), kept under what it shows (`_shell_shows`) and the address, with the
    live part drawn in its place; an official's page is drawn whole.

    ``write_live(context, path)``, where a page has one, writes a visitor's live part in
    Python as the partial draws it (`written`; None where it leaves the page to the
    partial): the partial took a tenth of a rebuilt page's time.

    Outside its live part, a page so kept shows nothing but what its key is made of:
    anything else there would stay as it was drawn."""
    live = write_live(context, request.path) if shared and write_live is not None else None
    if live is None and (request.htmx or shared):
        live = render_to_string(f"{template_name}#live", context, request)
    elif live is None:
        return render(request, template_name, context)
    live = ascii_html(live)
    if request.htmx:
        return HttpResponse(live)
    key = f"shell:{_build()}:{event.pk}:{_shell_shows(event)}:{template_name}:{request.path}"
    shell = LOCAL.get_many([key]).get(key)
    if shell is None:
        whole = render_to_string(template_name, {**context, "live_html": LIVE_PLACE}, request)
        shell = tuple(ascii_html(part) for part in whole.split(LIVE_PLACE))
        LOCAL.set_many({key: shell})
    before, after = shell
    return HttpResponse(before + live + after)
