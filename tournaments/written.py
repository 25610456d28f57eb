"""Parts of public pages written in Python, character for character as their templates
draw them (for speed: each is kept under its own version, `fragments`, but a hall's
every hand draws a few of them again).

Through the template engine a bracket game's card took 0.35-0.4 ms and a standings row
0.14 ms (bench/pages.py's 16-team and 128-team brackets and Double Draw standings, a hand
between every two requests, an Intel Xeon 2-core machine); written here, a few hundredths
of that. The templates stay what an official's pages and the printed sheets draw, and the
tests compare each part written here with its template's, over every state it shows
(tests/tournaments/test_written_parts.py, test_written_live.py, test_written_pages.py).

The live part of a visitor's bracket and standings (what htmx polls, drawn again after
every change) is written here as well: through the template engine, with its includes
(clocks, waiting hands, placings, the tree, the standings table), it took 1-1.3 ms of a
rebuilt page's 10-14 ms in a gunicorn worker (an AMD EPYC 2-core machine).
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import mark_safe

from .templatetags.numbers import number
from .templatetags.updated import last_updated

_NOW_DOT = '<span class="now-dot">&nbsp;(now)</span>'
_NOW_TAG = ' <span class="tag now">now playing</span>'


def public_rounds_html(bracket, shown) -> str:
    """Return a public bracket's tabs and rounds, as bracket_rounds_public.html draws
    them, every round's cards kept (``cards``, `fragments.attach_cards`)."""
    team = f"team={shown.team.number}&amp;" if shown.team else ""
    tabs, rounds = [], []
    for rnd in bracket.rounds:
        number, name = rnd.number, escape(rnd.name)
        picked = number == shown.shown_round
        current = ' aria-current="true"' if picked else ""
        tabs.append(
            f'<a href="?{team}round={number}#rounds" data-round="{number}"{current}>'
            f"{name}{_NOW_DOT if rnd.current else ''}</a>\n"
        )
        classes = f"round{' current' if rnd.current else ''}{' shown' if picked else ''}"
        rounds.append(
            f'<section class="{classes}" style="--col: {rnd.column}" aria-label="{name}" '
            f'data-round="{number}">\n<h3 class="round-name" id="round-{number}">{name}'
            f"{_NOW_TAG if rnd.current else ''}</h3>\n{rnd.cards}\n</section>\n"
        )
    return mark_safe(
        '<nav class="round-tabs no-print" aria-label="Rounds" id="rounds">\n'
        f"{''.join(tabs)}</nav>\n"
        f'<div class="bracket tabbed" style="--rounds: {len(bracket.rounds)}; '
        f'--rows: {bracket.first_round_games}">\n{"".join(rounds)}</div>\n'
    )


def public_card(game, shown) -> str:
    """Return a game's card on a public bracket, as bracket_game.html draws it for a
    visitor (``official`` false): ``shown`` (`PublicBracket`) says whose games are marked.
    """
    team = shown.team if shown is not None else None
    mine = " mine" if getattr(game, "mine", False) else ""
    match = game.match
    match = (
        f'<span class="match-score" title="Games won in the match">{escape(match)}</span>'
        if match
        else ""
    )
    sides = "".join(_side(game, side, team) for side in game.sides)
    why = f'<p class="why">The winner {escape(game.why)}.</p>' if game.why else ""
    link = (
        f'\n    <a class="game-link" href="{escape(game.link)}">Hand by hand</a>\n  '
        if game.link and game.hand_count
        else ""
    )
    status = escape(game.status)
    return mark_safe(
        f'\n\n<article class="game game-{status}{mine}" id="game-{game.pk}" '
        f'style="--row: {game.row}; --span: {game.span}">\n'
        '  <header class="game-head">\n'
        f'    <span class="game-no">{escape(game.short_name)}</span>\n'
        f'    <span class="tag status status-{status}">{escape(game.status_label)}</span>\n'
        f"    {match}\n"
        "  </header>\n"
        '  <ol class="sides">\n'
        f"    {sides}\n"
        "  </ol>\n"
        f"  {why}\n"
        f"  {link}\n"
        "</article>\n"
    )


def _side(game, side, team) -> str:
    """One side of `public_card` (the template's loop body)."""
    classes = (
        f"side{' won' if side.won else ''}{' lost' if side.lost else ''}"
        f"{' mine' if team and side.team is not None and side.team.pk == team.pk else ''}"
    )
    if side.team is not None:
        won = ' <span class="won-mark" aria-label="winner">✓</span>' if side.won else ""
        score = ""
        if game.hand_count:
            several = game.to_win > 1
            games = (
                f'<span class="games-won" aria-label="games won">{side.games_won}</span>'
                if several
                else ""
            )
            said = "score in the game in play" if several else "score"
            score = f'{games}<span class="total" aria-label="{said}">{_number(side.total)}</span>'
        inside = (
            f'\n          <span class="team"><span class="team-no" title="Team number">'
            f'{side.team.number}</span> <span class="team-name">{escape(side.team.label)}'
            f"</span>{won}</span>\n"
            f"          {score}\n"
            f'          <span class="chapters">{escape(side.team.chapters)}</span>\n        '
        )
    elif side.bye:
        inside = '\n          <span class="muted">Bye</span>\n        '
    else:
        inside = '\n          <span class="muted">To be decided</span>\n        '
    return f'\n      <li class="{classes}">\n        {inside}\n      </li>\n    '


def _number(value) -> str:
    """A figure as ``{{ value|number }}`` writes it (the filter itself, then escaped)."""
    return escape(number(value))


def public_standing_row(row) -> str:
    """Return one line of a visitor's standings table, as standings_row.html draws it
    (``official`` false)."""
    team = row.team
    return mark_safe(
        "\n\n<tr>\n"
        f'  <td class="place">{escape(row.place_label)}</td>\n'
        f'  <td class="side-cell"><strong><bdi>{escape(team.label)}</bdi></strong>'
        f'<span class="chapters"><bdi>{escape(team.chapters)}</bdi></span></td>\n'
        f'  <td class="mp" data-label="match points">{_number(row.match_points)}</td>\n'
        f'  <td class="stat first" data-label="Played">{escape(row.played)}</td>\n'
        f'  <td class="stat" data-label="Won">{escape(row.won)}</td>\n'
        f'  <td class="stat" data-label="Tied">{escape(row.tied)}</td>\n'
        f'  <td class="stat" data-label="Lost">{escape(row.lost)}</td>\n'
        f'  <td class="stat" data-label="Sat out">{escape(row.sat_out)}</td>\n'
        f'  <td class="stat" data-label="For">{_number(row.points_for)}</td>\n'
        f'  <td class="stat" data-label="Against">{_number(row.points_against)}</td>\n'
        "</tr>\n"
    )


def public_standings_table(event, standings, rows_html: str) -> str:
    """Return a visitor's standings table around its rows (``rows_html``, written by
    `public_standing_row`), as standings_table.html draws it."""
    if not standings.rows:
        return mark_safe(
            '\n\n  <p class="card">No game has ended yet: the standings appear as the first '
            "games finish.</p>\n\n"
        )
    side = "Partnership" if event.is_doubles else "Player"
    return mark_safe(
        '\n\n  <table class="standings">\n'
        f'    <caption class="visually-hidden">Standings of <bdi>{escape(event.name)}</bdi>'
        "</caption>\n    <thead>\n      <tr>\n"
        '        <th scope="col" class="place">Place</th>\n'
        f'        <th scope="col" class="side-cell">{side}</th>\n'
        '        <th scope="col" class="mp" title="Match points">Match points</th>\n'
        '        <th scope="col" title="Games played">Played</th>\n'
        '        <th scope="col">Won</th>\n'
        '        <th scope="col">Tied</th>\n'
        '        <th scope="col">Lost</th>\n'
        '        <th scope="col">Sat out</th>\n'
        '        <th scope="col" title="Points for">For</th>\n'
        '        <th scope="col" title="Points against">Against</th>\n'
        "      </tr>\n    </thead>\n    <tbody>\n"
        f"      {rows_html}\n"
        "    </tbody>\n  </table>\n\n"
    )


def public_standings_live(context: dict, path: str) -> str:
    """Return the live part of a visitor's standings page (the one htmx asks for), as
    standings_public.html's ``live`` partial draws it: ``context`` is the page's
    (``standings_html`` given), ``path`` the page's address."""
    event, standings = context["event"], context["standings"]
    poll, updated = _polled(event, path)
    if standings.rounds:
        links = "".join(
            f'<a href="{escape(rnd.link)}">Round {rnd.number}'
            f"{' (playing)' if rnd.status == 'playing' else ''}</a>"
            for rnd in standings.rounds
        )
        rounds = (
            '\n    <nav class="round-links" aria-label="Results by round">\n'
            f"      <span>Results by round:</span>\n      {links}\n    </nav>\n  "
        )
    else:
        rounds = '\n    <p class="muted">No round has started yet.</p>\n  '
    return mark_safe(
        f'\n<div id="live"{poll} aria-live="polite">\n'
        f"  {waiting_note(context['waiting_hands'])}\n"
        f"  {clock_html(context['clock'])}\n"
        f"  {context['standings_html']}\n"
        f"  {rounds}\n"
        f'  <p class="muted updated">{updated}</p>\n'
        "</div>\n"
    )


def _polled(event, address: str) -> tuple[str, str]:
    """The live part's htmx poll of ``address`` (none once the event is finished) and its
    "Last updated" line, as the bracket's and the standings' partials draw them."""
    if event.status == "finished":
        return "", last_updated(event.changed_at)
    poll = f' hx-get="{escape(address)}" hx-trigger="every 15s" hx-swap="outerHTML"'
    return poll, last_updated(event.changed_at) + " This page updates by itself."


def waiting_note(waiting: int) -> str:
    """Return the note of hands waiting for confirmation, as _waiting_hands.html draws it."""
    if not waiting:
        return "\n\n"
    several = waiting != 1
    return (
        f'\n<p class="waiting-note" id="waiting-hands"><strong>{waiting} '
        f"hand{'s' if several else ''} waiting for confirmation</strong> "
        f'<span class="muted">at the tables: {"they count" if several else "it counts"} '
        "once confirmed.</span></p>\n"
    )


def clock_html(clock) -> str:
    """Return a page's clock (a `Clock`, or None: nothing), as _clock.html draws it on a
    phone (not the hall display's big clock)."""
    if not clock:
        return "\n\n"
    up = clock.is_up
    ends = timezone.localtime(clock.ends_at) if timezone.is_aware(clock.ends_at) else clock.ends_at
    return (
        f'\n\n<div class="clock{" clock-up" if up else ""}" role="timer" aria-live="off" '
        f'data-clock-ends="{clock.ends_at_ms}" data-seconds-left="{clock.seconds_left}">\n'
        f'  <span class="clock-label">{escape(clock.label)} clock</span>\n'
        f'  <strong class="clock-left">{"Time is up" if up else ""}</strong>\n'
        f'  <span class="clock-ends">{"ended" if up else "ends"} at {ends:%H:%M} '
        f'<span class="muted">({clock.minutes} min)</span></span>\n'
        "</div>\n\n"
    )


def public_bracket_live(context: dict, path: str) -> str | None:
    """Return the live part of a visitor's single-elimination bracket, as
    bracket_public.html's ``live`` partial draws it, its rounds written
    (`public_rounds_html`); None for a bracket without them (not drawn yet, or a double
    elimination's parts), which the partial draws."""
    event, bracket, shown = context["event"], context["bracket"], context["shown"]
    if bracket.parts or not bracket.rounds or not bracket.rounds_html:
        return None
    team = shown.team
    poll, updated = _polled(event, path + (f"?team={team.number}" if team else ""))
    marked = (
        f'<p class="marked card">The games of <strong><bdi>{escape(team.label)}</bdi></strong>'
        f' are marked in green. <a href="{escape(path)}">Stop marking this '
        f"{escape(event.side_word)}'s games</a></p>"
        if team
        else ""
    )
    return mark_safe(
        f'\n<div id="live"{poll} aria-live="polite">\n'
        f'  <p class="muted updated">{updated}</p>\n'
        f"  {waiting_note(context['waiting_hands'])}\n"
        f"  {_champions(bracket)}\n"
        f"  {_bracket_clocks(bracket)}\n"
        f"  {marked}\n"
        f"  {_tree(bracket)}\n"
        "</div>\n"
    )


def _champions(bracket) -> str:
    """A single elimination's final placings, as bracket_placings.html draws them."""
    if not bracket.champion:
        return "\n"
    second = ""
    if bracket.runner_up:
        second = (
            f'<li><span class="place">Second</span> <strong>{escape(bracket.runner_up.label)}'
            f'</strong> <span class="muted">{escape(bracket.runner_up.chapters)}</span></li>'
        )
    return (
        '\n  <section class="placings card" aria-label="Final placings">\n'
        "    <h2>Final placings</h2>\n    <ol>\n"
        f'      <li><span class="place">Winner</span> <strong>{escape(bracket.champion.label)}'
        f'</strong> <span class="muted">{escape(bracket.champion.chapters)}</span></li>\n'
        f"      {second}\n    </ol>\n  </section>\n\n"
    )


def _bracket_clocks(bracket) -> str:
    """The clocks of the rounds still played, as bracket_clocks.html draws them for a
    visitor."""
    partners = clock_html(bracket.partners_clock) if bracket.partners_clock else ""
    rounds = "".join(clock_html(rnd.clock) for rnd in bracket.rounds if rnd.clock)
    return f"\n\n  {partners}\n  {rounds}\n\n"


def _tree(bracket) -> str:
    """The partners' games and the rounds, as bracket_tree.html draws them for a visitor
    (the rounds written, `public_rounds_html`)."""
    partners = ""
    if bracket.partner_games:
        partners = (
            '\n  <section class="partner-games" aria-labelledby="partners-heading">\n'
            '    <h2 id="partners-heading">First round: partners play each other</h2>\n'
            '    <p class="help">The two partners of each doubles team that lost its first '
            "game play each other. Winners go on to the singles bracket.</p>\n"
            f'    <div class="game-list">\n      {bracket.partner_cards}\n    </div>\n'
            "  </section>\n"
        )
    return f"\n\n{partners}\n\n  \n  {bracket.rounds_html}\n\n\n"
