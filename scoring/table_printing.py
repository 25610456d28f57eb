"""Table cards: what is printed for a table to enter its own hands.

One card per table: the table's name, the event, who sits where, the QR code of the
table's page (an SVG drawn on the server by segno, of the page's full address), the code
as players type it ("7KQ4-M2XD"), and where to type it. The address is the one the
official's browser used, or DESK_PUBLIC_URL, as on the players' poster.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from tournaments.models import OPEN, Event, Round, Tournament
from tournaments.views.poster import public_url, qr_svg

from .services.table_links import links_for, show_code
from .table_monitor import TableState


def table_url(request: HttpRequest, tournament: Tournament, code: str) -> str:
    """Return the full address of a table's page, as its QR code holds it."""
    path = reverse("scoring_public:table", args=[tournament.slug, code])
    if settings.DESK_PUBLIC_URL:
        return settings.DESK_PUBLIC_URL + path
    return request.build_absolute_uri(path)


def short_address(request: HttpRequest, tournament: Tournament) -> str:
    """Return the tournament's public address without "http://": "192.168.1.23:8000/t/demo/"."""
    return public_url(request, tournament).split("://", 1)[-1]


@dataclass
class TableCard:
    """One printed card: the table, its event, its link's code and QR code."""

    table: TableState
    event_name: str
    code: str  # as printed: "7KQ4-M2XD"
    url: str
    qr: SafeString


def table_qr(request: HttpRequest, tournament: Tournament, code: str) -> tuple[str, SafeString]:
    """Return a table's page address and its QR code (inline SVG)."""
    url = table_url(request, tournament, code)
    return url, mark_safe(qr_svg(url))  # built by segno from the address, escaped there


def cards_for(
    request: HttpRequest, tournament: Tournament, tables: list[TableState], *, event_name: str
) -> list[TableCard]:
    """Return a card for each table that takes hands, making the links still missing."""
    tables = [table for table in tables if table.takes_hands]
    missing = [table.pk for table in tables if table.link is None]
    if missing:
        made = links_for(missing, by=request.user)
        for table in tables:
            table.link = table.link or made.get(table.pk)
    cards = []
    for table in tables:
        url, qr = table_qr(request, tournament, table.link.code)
        cards.append(
            TableCard(
                table=table, event_name=event_name, code=show_code(table.link.code), url=url, qr=qr
            )
        )
    return cards


def sheet_qr(request: HttpRequest, tournament: Tournament, game) -> dict | None:
    """Return the table's code and QR code for its printed score sheet, when it takes hands.

    None for a game that takes no hands now (finished, waiting, a round not started, an
    event finished) or one locked to the desk. Makes the game's link when it has none.
    """
    event = game.event
    if game.status not in OPEN or game.desk_only or event.status == Event.Status.FINISHED:
        return None
    if game.round_id is not None and game.round.status != Round.Status.PLAYING:
        return None
    link = links_for([game], by=request.user)[game.pk]
    url, qr = table_qr(request, tournament, link.code)
    address = short_address(request, tournament)
    return {"url": url, "svg": qr, "code": show_code(link.code), "address": address}
