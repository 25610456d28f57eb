"""A score sheet's sides and hands, written in Python for every page that shows a sheet.

Every hand entered draws its sheet again in the answer to the POST: the desk's hand form
answers with the official's sheet, a table's entry and confirmation with the table's page,
and a visitor's page of the game is built again after the change. Through the template
engine, the sides and a 20-hand table took 0.6 ms of a desk POST's 7 ms on PostgreSQL
(each row kept in this process under a key of what it shows: its key alone cost 25 µs a
row); written here, 0.15 ms, and nothing is kept (bench/_hands_notes.py). The correction
pages (editing or deleting a hand, correcting a table's) draw it too: one way to draw a
row, none kept.

What it writes is held, character for character, to reference templates that say the
same markup the way a template would (tests/scoring/reference/, compared over every state
a side's card and a hand's row show by tests/scoring/test_written_sheet.py): a change to
the markup is made to both.
"""

from __future__ import annotations

import html

from django.template.defaultfilters import date as date_filter
from django.utils import timezone
from django.utils.safestring import SafeData, SafeString, mark_safe

from tournaments.templatetags.numbers import number


def escape(value) -> str:
    """Return text as a template writes it (`conditional_escape`, without its lazy-text
    wrapper: ten a row)."""
    if isinstance(value, SafeData):
        return str(value)
    return html.escape(str(value))


def _text(value) -> str:
    """Return a value as a template writes it: its text, escaped (a number with its minus)."""
    return escape(number(value))


def sheet_sides(sheet) -> SafeString:
    """Return the scoreboard of the sides and their totals."""
    game, tied = sheet.game, sheet.tied
    cards = []
    for side in sheet.sides:
        won, level = game.winner_seat == side.seat, side in tied
        mark = " winner" if won else " winner tied" if level else ""
        name = escape(side.name)
        counted = side.games_won is not None
        chapters = (
            f'<span class="muted side-chapters">{escape(side.chapters)}</span>'
            if side.players
            else ""
        )
        games = (
            f'<span class="side-games">{_text(side.games_won)} game'
            f"{'' if side.games_won == 1 else 's'} won</span>"
            if counted
            else ""
        )
        if won:
            tag = f'<span class="tag win">{"wins (W/O)" if game.walkover else "wins"}</span>'
        else:
            tag = '<span class="tag win">ties</span>' if level else ""
        cards.append(
            f'\n    <div class="side-card{mark}" id="side-{side.seat}">\n'
            f'      <span class="side-name">{name}</span>\n'
            f'      <strong class="side-players">{escape(side.label)}</strong>\n'
            f"      {chapters}\n"
            f'      <span class="side-total" aria-label="{name} total'
            f'{" in the game in play" if counted else ""}">{_text(side.total)}</span>\n'
            f"      {games}\n"
            f"      {tag}\n"
            "    </div>\n  "
        )
    return mark_safe(
        f'\n\n<div class="scoreboard sides-{len(sheet.sides)}" aria-label="Score">\n  '
        f"{''.join(cards)}\n</div>\n"
    )


def sheet_hands(sheet, official: bool, sheet_url: str = "") -> SafeString:
    """Return the table of every hand with the running totals;
    ``official`` adds each hand's correction links from the sheet's address."""
    heads = "".join(f'<th scope="col">{escape(side.name)}</th>' for side in sheet.sides)
    corrections = (
        '<th scope="col"><span class="visually-hidden">Correct</span></th>' if official else ""
    )
    rows = "".join(hand_row(row, official, sheet_url) for row in sheet.rows)
    empty = ""
    if not sheet.rows:
        span = len(sheet.sides) + (3 if official else 2)
        empty = f'\n    <tr><td colspan="{span}">No hands yet.</td></tr>\n  '
    return mark_safe(
        '\n\n<table class="list hands" id="hands">\n'
        '  <caption class="visually-hidden">Hands</caption>\n'
        "  <thead>\n"
        '    <tr><th scope="col">Hand</th>\n'
        f"      {heads}\n"
        f'      <th scope="col">Totals</th>{corrections}</tr>\n'
        "  </thead>\n"
        "  <tbody>\n  \n  \n  "
        f"{rows}\n  {empty}\n  </tbody>\n</table>\n"
    )


def hand_row(row, official: bool, sheet_url: str = "") -> str:
    """Return one hand's row."""
    hand = row.hand
    number_ = hand.number
    start = ""
    if row.game_start:
        span = len(row.cells) + (3 if official else 2)
        start = (
            f'<tr class="match-game-start" id="game-{row.game_start}-hands">'
            f'<th scope="rowgroup" colspan="{span}">Game {row.game_start}</th></tr>\n'
        )
    edited = ""
    if hand.edited:  # edited_at is set
        at = date_filter(timezone.localtime(hand.edited_at), "H:i")
        edited = f' <span class="tag warn" title="Edited {at}">edited</span>'
    cells = "".join(
        f'\n        <td data-label="{escape(cell.side.name)}">\n'
        f'          <strong class="hand-points">{_text(cell.points)}</strong>\n'
        "          "
        + (f'<span class="hand-detail muted">{escape(cell.line)}</span>' if cell.line else "")
        + "\n        </td>\n      "
        for cell in row.cells
    )
    notes = "".join(f'<span class="muted"> · {escape(note)}</span>' for note in row.notes)
    penalties = "".join(
        f'<span class="muted"> · penalty: {escape(p.who)} ({escape(p.reason.lower())})</span>'
        for p in row.penalties
    )
    reached = (
        f'<span class="muted"> · {escape(row.reached_first_note)}</span>'
        if row.reached_first_note
        else ""
    )
    links = ""
    if official:
        hidden = f'<span class="visually-hidden"> hand {number_}</span>'
        links = (
            '\n        <td class="no-print corrections">\n'
            f'          <a href="{escape(sheet_url)}hands/{hand.pk}/edit/">Edit{hidden}</a>\n'
            f'          <a href="{escape(sheet_url)}hands/{hand.pk}/delete/">Delete{hidden}</a>\n'
            "        </td>\n      "
        )
    return (
        f'\n{start}<tr id="hand-{number_}">\n'
        f'      <th scope="row"><span class="hand-word">Hand </span>{number_}{edited}</th>\n'
        f"      {cells}\n"
        f'      <td class="running" data-label="Totals">{escape(row.totals_text)}\n'
        f"        {notes}\n"
        f"        {penalties}\n"
        f"        {reached}\n"
        "      </td>\n"
        f"      {links}\n"
        "    </tr>\n"
    )
