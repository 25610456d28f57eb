"""Every page an official or a player can reach, on a 390-px phone, in one test.

The set of pages comes from the URL configuration: every named URL pattern must have a
recipe in RECIPES (or a reason in EXCLUDED), so a page added later cannot be forgotten.
A recipe is a function of the world (`every_page_world.World`: the demo tournament plus
what the demo lacks) returning one visit or a list of them:

- `Page(**url_kwargs)`: rendered in Chromium as its audience (public pages anonymous,
  desk pages as an official of the tournament, the API with a token). It fails on a
  status other than 200 (or a redirect away), a form control with no accessible label,
  and a visible text smaller than 16 px. Every `hx-get` the page polls is fetched with
  the HX-Request header and must answer 200 (or 204: a quiet poll, nothing changed).
- `PostOnly(form_on=url, **url_kwargs)`: an action URL. GET must answer 405, and the page
  the form lives on (`form_on`) is rendered and checked as above, and must hold a form
  (or hx-post) aimed at the action.
- `Download(**url_kwargs)`: a file: 200 with Content-Disposition attachment.
- `Json(**url_kwargs)`: the read-only API: 200 and JSON, with the official's API token.

Adding a page is one line in RECIPES, for example:

    "desk:officials": lambda w: Page(slug=w.demo.slug),

and when the page needs an object the world lacks (an invitation, say), one more line in
`every_page_world.build_world` to make it through the services.

What counts (rulings where issue 12 is silent):
- Every page is seen at 390 px, the desk's too: officials use phones as well, and the
  print pages are looked at on screen before printing (paper sizes are not checked).
- Text is every visible text node, the text the stylesheet writes (::before, ::after)
  and what a form control shows; closed <details> are opened first. Left out: what is
  not displayed (print-only, [hidden]) and visually-hidden screen-reader text.
- A label is label[for], a wrapping label, aria-label or aria-labelledby, with words in it.
- A page must answer 200 (or the status its recipe names: the 403 and 404
  pages) at its own
  address; a redirect elsewhere is a failure.
- Logout and file downloads are checked (405 on GET, an attachment) rather than excluded.

Failures are collected over every page and reported together: first each distinct
problem with how many pages have it, then each page's list.
"""

import json
import time
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scoring.seasons.board import season_board
from tests.e2e.every_page_world import World, build_world
from tournaments.models import Game

PHONE = {"width": 390, "height": 844}
SMALLEST_TEXT_PX = 16


class Visit:
    """How to visit one URL: its arguments, who visits, what it answers."""

    kind = "page"

    def __init__(self, *, query: str = "", who: str | None = None, status: int = 200, **kwargs):
        self.kwargs = kwargs
        self.query = query
        self.who = who
        self.status = status

    def url(self, name: str) -> str:
        return reverse(name, kwargs=self.kwargs) + self.query


class Page(Visit):
    """A page rendered in the browser and checked (status, labels, text sizes, polls)."""


class PostOnly(Visit):
    """An action URL that only takes POST: GET answers 405; its form's page is checked."""

    kind = "post_only"

    def __init__(self, *, form_on: str, **kwargs):
        super().__init__(**kwargs)
        self.form_on = form_on


class Download(Visit):
    """A file to download: 200 and an attachment, not rendered."""

    kind = "download"


class Json(Visit):
    """The read-only API: 200 and JSON, read with the official's token."""

    kind = "json"


def _desk(name: str, tournament, *args) -> str:
    return reverse(name, args=[tournament.slug, *args])


def _rounds_events(w: World):
    return [*w.rounds_events, w.rounds_new, w.rounds_seated, w.rounds_between, w.rounds_finished]


def _bracket_events(w: World):
    return [w.doubles, w.singles, w.doubles_new, w.doubles_drawn, w.bracket_finished]


def _events(w: World):
    return _bracket_events(w) + _rounds_events(w)


def _played_rounds(w: World):
    """Every round with a number: (event, number), from the demo's and the early events."""
    return [
        (event, rnd.number)
        for event in [*w.rounds_events, w.rounds_seated, w.rounds_between, w.rounds_finished]
        for rnd in event.rounds.order_by("number")
    ]


def _season(w: World) -> str:
    return reverse("seasons:season", args=[w.season.pk])


def _on_rounds(event) -> str:
    return _desk("desk:rounds", event.tournament, event.pk)


def _on_draw(event) -> str:
    return _desk("desk:event_draw", event.tournament, event.pk)


def _current(w) -> int:
    """The demo doubles' bracket round being played (its clock runs)."""
    games = Game.objects.filter(event=w.doubles, stage=1, status__in=["ready", "playing"])
    return games.order_by("round_number").values_list("round_number", flat=True).first()


def _ev(event, **more) -> dict:
    return {"slug": event.tournament.slug, "pk": event.pk, **more}


def _bracket_round(w) -> dict:
    """The doubles bracket's first round, as the bracket round pages take it."""
    return {"slug": w.demo.slug, "pk": w.doubles.pk, "stage": 1, "number": 1}


def _round(w) -> dict:
    """The URL arguments of the demo round being played, where tables enter hands."""
    round_ = w.playing_round
    return {"slug": w.demo.slug, "pk": round_.event_id, "number": round_.number}


def _game(game, **more) -> dict:
    return {"slug": game.event.tournament.slug, "pk": game.pk, **more}


RECIPES: dict[str, Callable[[World], Visit | list[Visit]]] = {
    # Sign-in
    "login": lambda w: Page(who="anonymous"),
    "logout": lambda w: PostOnly(form_on=reverse("desk:home"), who="official"),
    "locked_logins": lambda w: Page(who="official"),
    # The official's desk
    "desk:home": lambda w: Page(),
    "desk:tournament_create": lambda w: Page(),
    "desk:dashboard": lambda w: [
        *(Page(slug=t.slug) for t in (w.demo, w.early, w.quiet)),
        Page(slug=w.elsewhere.slug, status=403),  # the page an official of another sees
    ],
    "desk:tournament_edit": lambda w: Page(slug=w.demo.slug),
    "desk:poster": lambda w: Page(slug=w.demo.slug),
    # Officials: the early tournament's owner is the visiting official.
    "desk:officials": lambda w: [Page(slug=w.demo.slug), Page(slug=w.early.slug)],
    "desk:official_add": lambda w: PostOnly(
        form_on=_desk("desk:officials", w.early), slug=w.early.slug
    ),
    "desk:official_leave": lambda w: PostOnly(
        form_on=_desk("desk:officials", w.demo), slug=w.demo.slug
    ),
    "desk:official_remove": lambda w: PostOnly(
        form_on=_desk("desk:officials", w.early), slug=w.early.slug, pk=w.colleague.pk
    ),
    "desk:invitation_create": lambda w: PostOnly(
        form_on=_desk("desk:officials", w.early), slug=w.early.slug
    ),
    "desk:invitation_revoke": lambda w: PostOnly(
        form_on=_desk("desk:officials", w.early), slug=w.early.slug, pk=w.invitation.pk
    ),
    # Opened by an official already: it says so and leaves the link unused.
    "desk:invitation_accept": lambda w: Page(slug=w.early.slug, token=w.invitation.token),
    "desk:event_entries": lambda w: [Page(**_ev(e)) for e in _events(w)],
    "desk:event_rules": lambda w: [Page(**_ev(e)) for e in _events(w)],
    "desk:event_create": lambda w: Page(slug=w.demo.slug),
    "desk:chapters": lambda w: [Page(slug=w.demo.slug), Page(slug=w.quiet.slug)],
    "desk:chapter_merge": lambda w: PostOnly(
        form_on=_desk("desk:chapters", w.demo), slug=w.demo.slug
    ),
    "desk:chapter_rename": lambda w: PostOnly(
        form_on=_desk("desk:chapters", w.demo), slug=w.demo.slug, pk=w.a_chapter(w.demo).pk
    ),
    "desk:players": lambda w: [
        Page(slug=w.demo.slug),
        Page(slug=w.demo.slug, query="?q=an"),
        Page(slug=w.quiet.slug),
    ],
    "desk:player_edit": lambda w: Page(slug=w.demo.slug, pk=w.a_player(w.demo).pk),
    "desk:player_check_in": lambda w: PostOnly(
        form_on=_desk("desk:players", w.demo), slug=w.demo.slug, pk=w.a_player(w.demo).pk
    ),
    "desk:players_check_in": lambda w: PostOnly(
        form_on=_desk("desk:players", w.demo), slug=w.demo.slug
    ),
    # GET shows what withdrawing a player with bracket games does; the form confirms it.
    "desk:player_withdraw": lambda w: Page(slug=w.demo.slug, pk=w.player_in_play.pk),
    "desk:roster_import": lambda w: [
        Page(slug=w.demo.slug),
        Page(slug=w.demo.slug, query=f"?upload={w.upload_checked.pk}"),
        Page(slug=w.demo.slug, query=f"?upload={w.upload_pending.pk}"),
        Page(slug=w.demo.slug, query=f"?upload={w.upload_partly.pk}"),
    ],
    "desk:roster_confirm": lambda w: PostOnly(
        form_on=_desk("desk:roster_import", w.demo) + f"?upload={w.upload_checked.pk}",
        slug=w.demo.slug,
    ),
    "desk:event_detail": lambda w: [Page(**_ev(e)) for e in _events(w)],
    "desk:event_draw": lambda w: [Page(**_ev(e)) for e in _bracket_events(w)],
    "desk:partners_draw": lambda w: PostOnly(form_on=_on_draw(w.doubles_new), **_ev(w.doubles_new)),
    "desk:partners_swap": lambda w: PostOnly(
        form_on=_on_draw(w.doubles_drawn), **_ev(w.doubles_drawn)
    ),
    "desk:bracket_draw": lambda w: PostOnly(
        form_on=_on_draw(w.doubles_drawn), **_ev(w.doubles_drawn)
    ),
    "desk:singles_open": lambda w: PostOnly(form_on=_on_draw(w.singles), **_ev(w.singles)),
    "desk:singles_add": lambda w: PostOnly(form_on=_on_draw(w.singles), **_ev(w.singles)),
    "desk:bracket": lambda w: [Page(**_ev(e)) for e in (w.doubles, w.singles, w.bracket_finished)],
    "desk:bracket_print": lambda w: [Page(**_ev(e)) for e in (w.doubles, w.bracket_finished)],
    "desk:rounds": lambda w: [Page(**_ev(e)) for e in _rounds_events(w)],
    "desk:round_seat": lambda w: PostOnly(form_on=_on_rounds(w.rounds_new), **_ev(w.rounds_new)),
    "desk:round_start": lambda w: PostOnly(
        form_on=_on_rounds(w.rounds_seated), **_ev(w.rounds_seated)
    ),
    "desk:round_move": lambda w: PostOnly(
        form_on=_on_rounds(w.rounds_seated), **_ev(w.rounds_seated)
    ),
    "desk:event_finish": lambda w: [
        PostOnly(form_on=_on_rounds(w.rounds_between), **_ev(w.rounds_between)),
        PostOnly(form_on=_on_rounds(w.rounds_finished), **_ev(w.rounds_finished)),
    ],
    "desk:round_detail": lambda w: [Page(**_ev(e, number=n)) for e, n in _played_rounds(w)],
    "desk:round_print": lambda w: [
        Page(**_ev(e, number=w.current_round(e).number))
        for e in [*w.rounds_events, w.rounds_seated]
    ],
    "desk:standings": lambda w: [Page(**_ev(e)) for e in _rounds_events(w)],
    "desk:side_games": lambda w: [
        Page(**_ev(e, team_pk=w.a_side(e).pk)) for e in [*w.rounds_events, w.rounds_finished]
    ],
    "desk:round_clock_restart": lambda w: PostOnly(
        form_on=_on_rounds(w.rounds_events[0]),
        **_ev(w.rounds_events[0], number=w.current_round(w.rounds_events[0]).number),
    ),
    "desk:close_all": lambda w: [
        Page(**_ev(e, number=w.current_round(e).number)) for e in w.rounds_events
    ],
    "desk:bracket_close_all": lambda w: Page(**_ev(w.doubles, stage=1, number=_current(w))),
    "desk:bracket_clock": lambda w: PostOnly(
        form_on=_desk("desk:bracket", w.demo, w.doubles.pk), **_ev(w.doubles)
    ),
    "desk:table_close": lambda w: PostOnly(
        form_on=_on_rounds(w.games_in_play[-1].event), **_game(w.games_in_play[-1])
    ),
    "desk:game_result": lambda w: PostOnly(
        form_on=_desk("desk:bracket", w.demo, w.doubles.pk), **_game(w.game_open)
    ),
    "desk:odd_partner": lambda w: PostOnly(form_on=_on_draw(w.doubles_odd), **_ev(w.doubles_odd)),
    "desk:odd_leave": lambda w: PostOnly(form_on=_on_draw(w.doubles_odd), **_ev(w.doubles_odd)),
    "desk:game_reopen": lambda w: PostOnly(
        form_on=_desk("desk:bracket", w.early, w.game_given.event_id), **_game(w.game_given)
    ),
    # Score sheets, corrections, exports
    "scoring:sheet": lambda w: [
        *(Page(**_game(g)) for g in w.games_in_play),
        Page(**_game(w.game_decided)),
    ],
    "scoring:preview": lambda w: PostOnly(
        form_on=reverse("scoring:sheet", kwargs=_game(w.games_in_play[0])),
        **_game(w.games_in_play[0]),
    ),
    "scoring:history": lambda w: Page(**_game(w.games_in_play[0])),
    "scoring:sheet_print": lambda w: [Page(**_game(g)) for g in w.games_in_play],
    "scoring:hand_edit": lambda w: [
        Page(**_game(g, hand_pk=w.hand_of(g).pk)) for g in w.games_in_play
    ],
    "scoring:hand_delete": lambda w: Page(
        **_game(w.games_in_play[0], hand_pk=w.hand_of(w.games_in_play[0]).pk)
    ),
    "scoring:exports": lambda w: [Page(slug=w.demo.slug), Page(slug=w.quiet.slug)],
    "scoring:export_create": lambda w: PostOnly(
        form_on=_desk("scoring:exports", w.demo), slug=w.demo.slug
    ),
    "scoring:export_download": lambda w: Download(slug=w.demo.slug, pk=w.export_ready.pk),
    "scoring:export_retry": lambda w: PostOnly(
        form_on=_desk("scoring:exports", w.demo), slug=w.demo.slug, pk=w.export_failed.pk
    ),
    "scoring:chapter_link_create": lambda w: PostOnly(
        form_on=_desk("scoring:exports", w.demo), slug=w.demo.slug, pk=w.a_chapter(w.demo).pk
    ),
    "scoring:chapter_link_revoke": lambda w: PostOnly(
        form_on=_desk("scoring:exports", w.demo), slug=w.demo.slug, pk=w.chapter_link.pk
    ),
    # Tables entering their own hands (issue 18)
    "scoring:table_hand_decide": lambda w: PostOnly(
        form_on=reverse("scoring:sheet", kwargs=_game(w.table_waiting.game)),
        slug=w.demo.slug,
        pk=w.table_waiting.game_id,
        entry_pk=w.table_waiting.pk,
    ),
    "scoring:table_hand_correct": lambda w: Page(
        slug=w.demo.slug, pk=w.table_waiting.game_id, entry_pk=w.table_waiting.pk
    ),
    "scoring:rounds_monitor": lambda w: Page(**_round(w)),
    "scoring:rounds_cards": lambda w: Page(**_round(w)),
    "scoring:rounds_links": lambda w: PostOnly(
        form_on=reverse("scoring:rounds_monitor", kwargs=_round(w)), **_round(w)
    ),
    "scoring:bracket_monitor": lambda w: Page(**_bracket_round(w)),
    "scoring:bracket_cards": lambda w: Page(**_bracket_round(w)),
    "scoring:bracket_links": lambda w: PostOnly(
        form_on=reverse("scoring:bracket_monitor", kwargs=_bracket_round(w)), **_bracket_round(w)
    ),
    "scoring:table_card": lambda w: Page(**_game(w.table_link.game)),
    "scoring:table_link": lambda w: PostOnly(
        form_on=reverse("scoring:rounds_monitor", kwargs=_round(w)), **_game(w.table_link.game)
    ),
    "scoring:table_desk_only": lambda w: PostOnly(
        form_on=reverse("scoring:rounds_monitor", kwargs=_round(w)), **_game(w.table_link.game)
    ),
    "scoring:backup": lambda w: Page(slug=w.demo.slug),
    "scoring:api_tokens": lambda w: Page(slug=w.demo.slug),
    "scoring:api_token_revoke": lambda w: PostOnly(
        form_on=_desk("scoring:api_tokens", w.demo), slug=w.demo.slug, pk=w.api_token.pk
    ),
    # Public pages
    "public:index": lambda w: Page(),
    "public:tournament": lambda w: [
        Page(slug=w.demo.slug),
        Page(slug=w.demo.slug, query="?q=ada"),
        Page(slug=w.demo.slug, query="?q=nobody-is-called-this"),
        Page(slug=w.early.slug),
        Page(slug=w.quiet.slug),
        Page(slug="no-such-rally", status=404),  # the page a mistyped address shows
    ],
    "public:bracket": lambda w: [Page(**_ev(e)) for e in _bracket_events(w)],
    "public:display": lambda w: [Page(slug=w.demo.slug), Page(slug=w.quiet.slug)],
    "public:standings": lambda w: [Page(**_ev(e)) for e in _rounds_events(w)],
    "public:round_results": lambda w: [
        Page(**_ev(e, number=n)) for e, n in _played_rounds(w) if e != w.rounds_seated
    ],
    "scoring_public:table_code": lambda w: Page(slug=w.demo.slug),
    "scoring_public:table": lambda w: [
        Page(slug=w.demo.slug, code=w.table_link.code),
        Page(slug=w.demo.slug, code=w.table_waiting.link.code),
    ],
    "scoring_public:table_preview": lambda w: PostOnly(
        form_on=reverse(
            "scoring_public:table", kwargs={"slug": w.demo.slug, "code": w.table_link.code}
        ),
        slug=w.demo.slug,
        code=w.table_link.code,
    ),
    "scoring_public:table_answer": lambda w: PostOnly(
        form_on=reverse(
            "scoring_public:table",
            kwargs={"slug": w.demo.slug, "code": w.table_waiting.link.code},
        ),
        slug=w.demo.slug,
        code=w.table_waiting.link.code,
    ),
    "scoring_public:game": lambda w: [
        *(Page(**_game(g)) for g in w.games_in_play),
        Page(**_game(w.game_decided)),
    ],
    "scoring_public:chapter_report": lambda w: [
        Page(slug=w.demo.slug, token=w.chapter_link.token),
        Download(slug=w.demo.slug, token=w.chapter_link.token, query="?format=csv"),
        Download(slug=w.demo.slug, token=w.chapter_link.token, query="?format=xlsx"),
    ],
    # Seasons across tournaments (issue 24)
    "seasons:list": lambda w: Page(),
    "seasons:season": lambda w: Page(pk=w.season.pk),
    "seasons:edit": lambda w: PostOnly(form_on=_season(w), pk=w.season.pk),
    "seasons:points": lambda w: PostOnly(form_on=_season(w), pk=w.season.pk),
    "seasons:add_tournament": lambda w: PostOnly(form_on=_season(w), pk=w.season.pk),
    "seasons:remove_tournament": lambda w: PostOnly(
        form_on=_season(w), pk=w.season.pk, tournament=w.season.tournaments.first().pk
    ),
    "seasons:decide": lambda w: PostOnly(form_on=_season(w), pk=w.season.pk),
    "seasons:exports": lambda w: Page(pk=w.season.pk),
    "seasons:export_download": lambda w: Download(pk=w.season.pk, export=w.season_export.pk),
    "scoring_public:season": lambda w: Page(pk=w.season.pk),
    "scoring_public:season_ratings": lambda w: Page(pk=w.season.pk),
    "scoring_public:season_player": lambda w: [
        Page(pk=w.season.pk, person=p.slug) for p in season_board(w.season).people[:2]
    ],
    "api:list_seasons": lambda w: Json(),
    "api:get_season": lambda w: Json(season_id=w.season.pk),
    "api:get_leaderboard": lambda w: Json(season_id=w.season.pk),
    "api:get_chapters": lambda w: Json(season_id=w.season.pk),
    "api:get_ratings": lambda w: Json(season_id=w.season.pk),
    "api:get_person": lambda w: Json(
        season_id=w.season.pk, person=season_board(w.season).people[0].slug
    ),
    # The read-only API (JSON)
    "api:openapi-json": lambda w: Json(),
    "api:list_tournaments": lambda w: Json(),
    "api:get_tournament": lambda w: Json(slug=w.demo.slug),
    "api:list_events": lambda w: Json(slug=w.demo.slug),
    "api:list_games": lambda w: Json(slug=w.demo.slug, event_id=w.doubles.pk),
    "api:get_bracket": lambda w: Json(slug=w.demo.slug, event_id=w.doubles.pk),
    "api:list_standings": lambda w: Json(slug=w.demo.slug, event_id=w.rounds_events[0].pk),
    "api:list_placings": lambda w: Json(slug=w.early.slug, event_id=w.bracket_finished.pk),
    "api:get_game": lambda w: Json(slug=w.demo.slug, game_id=w.games_in_play[0].pk),
    "api:list_players": lambda w: Json(slug=w.demo.slug),
    "api:list_chapters": lambda w: Json(slug=w.demo.slug),
    "api:chapter_report": lambda w: Json(slug=w.demo.slug, chapter_id=w.a_chapter(w.demo).pk),
    "api:game_history": lambda w: Json(slug=w.demo.slug, game_id=w.games_in_play[0].pk),
    "api:list_activity": lambda w: Json(slug=w.demo.slug),
}

# Named URL patterns no recipe visits, each with its reason. Keep this list small.
EXCLUDED_NAMESPACES = {
    "admin": "Django's own admin, for the site admin only; not our templates",
}
EXCLUDED = {
    "desk:game_undo": "offered only on the game just given, in the session that gave it; "
    "tests/e2e/test_results_desk.py presses it and tests/tournaments/test_desk_results.py "
    "refuses it to outsiders",
    "desk:game_close": "offered only on a timed bracket's games with hands (the demo's "
    "brackets are not timed); tests/tournaments/test_views_bracket_close.py presses it and "
    "refuses it to outsiders",
    "api:api-root": "the API's index is switched off (docs_url=None): /api/openapi.json "
    "describes it, and is visited",
}

# Who visits a URL name's pages when the recipe does not say: by namespace.
AUDIENCE = {
    "public": "anonymous",
    "scoring_public": "anonymous",
    "desk": "official",
    "scoring": "official",
    "seasons": "official",
    "api": "token",
}


def named_url_patterns() -> list[str]:
    """Every named URL pattern of config.urls, as "namespace:name" (nested namespaces too)."""
    names: list[str] = []

    def walk(resolver: URLResolver, namespaces: tuple[str, ...]) -> None:
        for pattern in resolver.url_patterns:
            if isinstance(pattern, URLResolver):
                inner = (*namespaces, pattern.namespace) if pattern.namespace else namespaces
                walk(pattern, inner)
            elif isinstance(pattern, URLPattern) and pattern.name:
                names.append(":".join((*namespaces, pattern.name)))

    walk(get_resolver(), ())
    return sorted(set(names))


def _excluded(name: str) -> bool:
    return name in EXCLUDED or (":" in name and name.split(":")[0] in EXCLUDED_NAMESPACES)


def names_without_recipe() -> list[str]:
    return [n for n in named_url_patterns() if n not in RECIPES and not _excluded(n)]


def test_every_named_url_has_a_recipe_or_a_reason():
    """No browser, no database: a page added without a recipe fails here at once."""
    missing = names_without_recipe()
    assert not missing, (
        "These named URL patterns have no recipe in tests/e2e/test_every_page.py RECIPES "
        '(add one line each, e.g. `"desk:x": lambda w: Page(slug=w.demo.slug)`), '
        f"nor a reason in EXCLUDED: {missing}"
    )
    stale = sorted(set(RECIPES) - set(named_url_patterns()))
    assert not stale, f"Recipes for URL names that no longer exist: {stale}"


# What the browser checks on every page. Returns {unlabelled: [...], small: [...]}.
CHECK_PAGE_JS = r"""
(minPx) => {
  // What a tap opens is checked too: "Correct this result", "Close at time", penalties.
  for (const details of document.querySelectorAll('details')) details.open = true;
  const describe = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      let part = e.tagName.toLowerCase();
      // One line for every game, hand or table alike: #hand-7 is reported as #hand-N.
      if (e.id) { parts.unshift(part + '#' + e.id.replace(/\d+/g, 'N')); break; }
      const classes = [...e.classList].slice(0, 3);
      if (classes.length) part += '.' + classes.join('.');
      parts.unshift(part);
    }
    return parts.join(' > ');
  };
  const screenReaderOnly = (el) => {
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return true;
      if (s.position === 'absolute' && s.overflow === 'hidden'
          && e.offsetWidth <= 1 && e.offsetHeight <= 1) return true;
    }
    return false;
  };
  const shown = (el) => el.checkVisibility({visibilityProperty: true, opacityProperty: false})
    && el.getClientRects().length > 0;

  const unlabelled = [];
  const controls = document.querySelectorAll(
    'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset])'
    + ':not([type=image]), select, textarea');
  for (const el of controls) {
    const byLabel = [...(el.labels || [])].some((l) => l.textContent.trim());
    const byAria = (el.getAttribute('aria-label') || '').trim();
    const byIds = (el.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean)
      .some((id) => (document.getElementById(id)?.textContent || '').trim());
    if (!byLabel && !byAria && !byIds) {
      unlabelled.push(describe(el) + (el.name ? ` [name=${el.name}]` : ''));
    }
  }

  const small = new Map();
  const note = (el, size, text) => {
    const key = describe(el) + ' ' + size + 'px';
    if (!small.has(key)) small.set(key, text.replace(/\s+/g, ' ').trim().slice(0, 40));
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    const text = walker.currentNode.textContent;
    if (!el || seen.has(el) || !text.trim()) continue;
    seen.add(el);
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(el.tagName)) continue;
    if (!shown(el) || screenReaderOnly(el)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < minPx) note(el, size, text);
  }
  // Text the stylesheet writes (::before, ::after) and what a form control shows.
  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el) || screenReaderOnly(el)) continue;
    for (const pseudo of ['::before', '::after']) {
      const s = getComputedStyle(el, pseudo);
      const content = s.content;
      if (content && content !== 'none' && content !== 'normal'
          && /[\p{L}\p{N}]/u.test(content.replace(/attr\([^)]*\)/g, 'x'))
          && parseFloat(s.fontSize) < minPx) {
        note(el, parseFloat(s.fontSize), pseudo + ' ' + content);
      }
    }
    if (el.matches('input:not([type=checkbox]):not([type=radio]), select, textarea, button')) {
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < minPx) note(el, size, el.value || el.textContent || '');
    }
  }
  const polls = [...document.querySelectorAll('[hx-get]')].map((el) => {
    const url = new URL(el.getAttribute('hx-get'), location.href);
    if (el.name && !url.searchParams.has(el.name)) url.searchParams.set(el.name, 'an');
    return url.href;
  });
  const forms = [...document.querySelectorAll('form[action], [hx-post], [formaction]')].map(
    (el) => new URL(el.getAttribute('hx-post') || el.getAttribute('formaction')
      || el.getAttribute('action'), location.href).pathname);
  return {unlabelled, small: [...small], polls, forms};
}
"""


class Report:
    """Failures collected over every page, printed together: first each distinct problem
    with how many pages have it, then each page's own list."""

    def __init__(self):
        self.failures: dict[str, list[tuple[str, str]]] = {}
        self.visited = 0

    def fail(self, where: str, what: str, example: str = "") -> None:
        self.failures.setdefault(where, []).append((what, example))

    def __str__(self) -> str:
        pages_with: dict[str, int] = {}
        for whats in self.failures.values():
            for what in {what for what, _ in whats}:
                pages_with[what] = pages_with.get(what, 0) + 1
        lines = [f"{len(self.failures)} of {self.visited} visits failed. Distinct problems:"]
        lines += [
            f"  {count:3} page(s): {what}"
            for what, count in sorted(pages_with.items(), key=lambda item: -item[1])
        ]
        for where, whats in self.failures.items():
            lines.append(f"\n{where}")
            for what, example in whats[:25]:
                lines.append(f"  - {what}" + (f' "{example}"' if example else ""))
            if len(whats) > 25:
                lines.append(f"  - ... and {len(whats) - 25} more")
        return "\n".join(lines)


class Visitor:
    """One phone-sized browser context per kind of user, reused for every page."""

    def __init__(self, browser, base_url: str, world: World, password: str, report: Report):
        self.base = base_url
        self.world = world
        self.report = report
        self.contexts = {}
        self.pages = {}
        for who in ("anonymous", "official"):
            context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
            context.set_default_timeout(20_000)
            self.contexts[who] = context
            self.pages[who] = context.new_page()
        self._log_in(self.pages["official"], world.official.username, password)
        self.checked_pages: dict[tuple[str, str], dict] = {}
        self.polled: set[tuple[str, str]] = set()

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()

    def _log_in(self, page, username: str, password: str) -> None:
        page.goto(f"{self.base}/login/")
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(f"{self.base}/desk/")

    def visit(self, name: str, visit: Visit) -> None:
        who = visit.who or AUDIENCE.get(name.split(":")[0] if ":" in name else "", "anonymous")
        try:
            url = visit.url(name)
        except Exception as exc:  # a recipe that no longer fits its pattern
            self.report.fail(name, f"cannot build the URL: {exc!r}")
            return
        where = f"{name} {url} (as {who})"
        self.report.visited += 1
        if visit.kind == "json":
            self._json(where, url)
        elif visit.kind == "download":
            self._download(where, url, who)
        elif visit.kind == "post_only":
            response = self.contexts[who].request.get(self.base + url, max_redirects=0)
            if response.status != 405:
                self.report.fail(where, f"GET answered {response.status}, not 405 (POST only)")
            found = self.check_page(visit.form_on, who)
            if found is not None and urlsplit(url).path not in found["forms"]:
                self.report.fail(where, f"no form posts to it on {visit.form_on}")
        else:
            self.check_page(url, who, name=name, status=visit.status)

    def _json(self, where: str, url: str) -> None:
        headers = {"Authorization": f"Bearer {self.world.api_key}"}
        response = self.contexts["anonymous"].request.get(self.base + url, headers=headers)
        if response.status != 200:
            self.report.fail(where, f"answered {response.status}: {response.text()[:200]}")
            return
        try:
            json.loads(response.text())
        except ValueError:
            self.report.fail(where, "did not answer JSON")

    def _download(self, where: str, url: str, who: str) -> None:
        response = self.contexts[who].request.get(self.base + url, max_redirects=0)
        disposition = response.headers.get("content-disposition", "")
        if response.status != 200 or "attachment" not in disposition:
            self.report.fail(where, f"answered {response.status} ({disposition or 'no file'})")

    def check_page(self, url: str, who: str, *, name: str = "", status=200) -> dict | None:
        """Render the page at `url` as `who`; check it once; return what the browser found."""
        key = (url, who)
        if key in self.checked_pages:
            return self.checked_pages[key]
        where = f"{name or 'form page'} {url} (as {who})"
        page = self.pages[who]
        try:
            response = page.goto(self.base + url, wait_until="load")
        except Exception as exc:  # the server closed the connection, a timeout...
            self.report.fail(where, f"did not load: {exc}")
            self.checked_pages[key] = None
            return None
        answered = response.status if response else 0
        wanted = urlsplit(self.base + url)
        landed = urlsplit(page.url)
        if answered != status:
            self.report.fail(
                where, f"answered {answered}" + (f", not {status}" if status != 200 else "")
            )
        elif (landed.path, landed.query) != (wanted.path, wanted.query):
            self.report.fail(where, f"was sent on to {page.url}")
        found = page.evaluate(CHECK_PAGE_JS, SMALLEST_TEXT_PX)
        for control in found["unlabelled"]:
            self.report.fail(where, f"form control with no label: {control}")
        for element, text in found["small"]:
            self.report.fail(where, f"text under {SMALLEST_TEXT_PX}px: {element}", text)
        for poll in found["polls"]:
            self._poll(where, poll, who)
        self.checked_pages[key] = found
        return found

    def _poll(self, where: str, url: str, who: str) -> None:
        """Fetch what the page polls or loads with htmx, as htmx would."""
        if (url, who) in self.polled:
            return
        self.polled.add((url, who))
        response = self.contexts[who].request.get(url, headers={"HX-Request": "true"})
        # 204: a quiet poll saying nothing changed (htmx swaps nothing; the table's page).
        if response.status not in (200, 204):
            self.report.fail(where, f"htmx GET {url} answered {response.status}")


def _visits(name: str, world: World) -> list[Visit]:
    made = RECIPES[name](world)
    return made if isinstance(made, list) else [made]


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_every_page_works_on_a_phone(browser, live_server, django_user_model, password):
    """Every named URL: no 500, no unlabelled control, no text under 16 px at 390 px wide."""
    started = time.monotonic()
    official = django_user_model.objects.create_user(username="olive", password=password)
    colleague = django_user_model.objects.create_user(username="carl", password=password)
    world = build_world(official, colleague)
    report = Report()
    for name in names_without_recipe():
        report.fail(name, "no recipe in RECIPES (tests/e2e/test_every_page.py) and not EXCLUDED")
    visitor = Visitor(browser, live_server.url, world, password, report)
    try:
        for name in sorted(n for n in RECIPES if n in set(named_url_patterns())):
            try:
                visits = _visits(name, world)
            except Exception as exc:  # the world lacks what the recipe needs
                report.fail(name, f"the recipe failed: {exc!r}")
                continue
            for visit in visits:
                visitor.visit(name, visit)
    finally:
        visitor.close()
    print(
        f"\nvisited {report.visited} URLs and {len(visitor.checked_pages)} pages "
        f"in {time.monotonic() - started:.0f}s"
    )
    assert not report.failures, str(report)


CHECKED_ON_PURPOSE = """<!doctype html><html><head><style>
  :root { font-size: 18px; } input, select, textarea, button { font: inherit; }
  .tiny { font-size: 12px; } .sr { position: absolute; width: 1px; height: 1px;
  overflow: hidden; clip: rect(0 0 0 0); font-size: 10px; }
  .print-only { display: none; font-size: 8px; } .mp::after { content: " MP"; font-size: 11px; }
</style></head><body>
  <p>Readable</p><p class="tiny" id="fine-print">Fine print</p>
  <span class="sr">Only for screen readers</span><p class="print-only">Printed only</p>
  <p class="mp">3</p>
  <label for="named">Name</label><input id="named">
  <label>Chapter <select><option>Lone Star</option></select></label>
  <input aria-label="Search">
  <span id="seed-label">Seed</span><input aria-labelledby="seed-label">
  <input type="hidden" name="version"><button>Save</button>
  <input name="nameless"><textarea name="notes"></textarea>
  <label for="nothing"></label><input id="nothing" name="empty-label">
  <input class="tiny" aria-label="Small box">
  <div hx-get="/poll/"></div><form action="/act/" method="post"></form>
</body></html>"""


@pytest.mark.e2e
def test_the_page_check_finds_small_text_and_unlabelled_controls(browser):
    """The checks themselves: what they must report, and what they must leave alone."""
    context = browser.new_context(viewport=PHONE, is_mobile=True)
    try:
        page = context.new_page()
        page.route(
            "http://checks.test/**",
            lambda route: route.fulfill(body=CHECKED_ON_PURPOSE, content_type="text/html"),
        )
        page.goto("http://checks.test/page/")
        found = page.evaluate(CHECK_PAGE_JS, SMALLEST_TEXT_PX)
    finally:
        context.close()
    assert found["unlabelled"] == [
        "input [name=nameless]",
        "textarea [name=notes]",
        "input#nothing [name=empty-label]",
    ]
    small = dict(found["small"])
    assert small == {
        "p#fine-print 12px": "Fine print",
        "p.mp 11px": '::after " MP"',
        "input.tiny 12px": "",
    }
    assert found["polls"] == ["http://checks.test/poll/"]
    assert found["forms"] == ["/act/"]
