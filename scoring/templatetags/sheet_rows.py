"""The sheet's hand rows on the correction pages (`{% hand_rows sheet.rows official sheet_url %}`
in sheet_hands.html: editing or deleting a hand, correcting a table's), each drawn once
for what it shows and kept in this process. The pages every hand draws again (the desk's
sheet, a table's page, a visitor's page of the game) write their rows in Python instead
(`scoring.written_sheet`), which costs less than a kept row's key.

A row shows nothing but its own values (the hand's number, id and edit time, each side's
points and words, the totals, notes, penalties, the answer noted on it) and whether it
is the official's (with the sheet's address). Its key is those values themselves, so a
kept row is the row the template would draw now, never an older one: whatever changes
what a row says changes its key. Rows kept here are the process's own (a few thousand,
the oldest dropped first), never shared.
"""

from __future__ import annotations

from django import template
from django.template.loader import get_template
from django.utils import timezone
from django.utils.safestring import mark_safe

from ..kept_html import Kept, key_of

register = template.Library()

ROW_TEMPLATE = "scoring/sheet_row.html"
KEPT_ROWS = 5000
_kept = Kept(KEPT_ROWS)


def row_key(row, official: bool, sheet_url: str) -> str:
    """Return the key of a row: a hash of everything `sheet_row.html` shows of it."""
    hand = row.hand
    shown = (
        timezone.get_current_timezone_name(),  # the edit time is written in it
        bool(official),
        sheet_url if official else "",
        hand.pk,
        hand.number,
        hand.edited_at,
        tuple((cell.side.name, cell.points, cell.line) for cell in row.cells),
        row.totals_text,
        tuple(row.notes),
        tuple((penalty.who, penalty.reason) for penalty in row.penalties),
        row.reached_first_note,
        row.game_start,  # a match's game heading above it
    )
    return key_of(shown)


@register.simple_tag
def hand_rows(rows, official, sheet_url=""):
    """Return the rows' HTML, each drawn by `sheet_row.html` unless kept already."""
    drawn = []
    row_template = None
    for row in rows:
        key = row_key(row, official, sheet_url)
        html = _kept.get(key)
        if html is None:
            row_template = row_template or get_template(ROW_TEMPLATE)
            context = {"row": row, "official": official, "sheet_url": sheet_url}
            html = row_template.render(context)
            _kept.keep(key, html)
        drawn.append(html)
    return mark_safe("".join(drawn))
