"""Parts of public pages written in Python, character for character as their templates
draw them (for speed: each is kept under its own version, `fragments`, but a hall's
every hand draws a few of them again).

Through the template engine a bracket game's card took 0.35-0.4 ms and a standings row
0.14 ms (bench/pages.py's 16-team and 128-team brackets and Double Draw standings, a hand
between every two requests, an Intel Xeon 2-core machine); written here, a few hundredths
of that. The templates stay what an official's pages and the printed sheets draw, and the
tests compare each part written here with its template's, over every state it shows
(tests/tournaments/test_written_parts.py).
"""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import mark_safe

from .templatetags.numbers import number

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
