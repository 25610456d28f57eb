"""Printed table cards: a whole round's at once (rounds event or bracket), or one game's.

A card is printed for a table that takes hands (a table of a started round, a bracket
game ready or being played); printing makes the links still missing. One game's card page
also holds its "Table link" panel (revoke, renew, desk-only), which does not print.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tournaments.models import Event, Round
from tournaments.permissions import official_required

from ..services.table_links import NOT_TAKING_HANDS
from ..table_monitor import CLOSED, FINISHED
from ..table_printing import cards_for, short_address
from .table_lookup import (
    BRACKET,
    ROUNDS,
    Place,
    get_event_for_official,
    get_game_for_official,
    monitor_for,
    place_of,
)

FINISHED_STATES = (FINISHED, CLOSED)


def _why_no_cards(place: Place, shown) -> str:
    """Return why the round has no card to print now, in one sentence, or ""."""
    if place.event.status == Event.Status.FINISHED:
        return f"{place.event.name} is finished: its tables take no more hands."
    if shown.round_status == Round.Status.SEATING:
        return (
            f"{shown.title} is seated but not started: start it first (the seating can "
            "still change), then print its table cards."
        )
    if shown.round_status == Round.Status.FINISHED:
        return f"{shown.title} is finished: its tables take no more hands."
    if not shown.taking_hands:
        return (
            f"No game of {shown.title} takes hands now: cards are printed for the games "
            "ready or being played."
        )
    return ""


def _round_cards(request: HttpRequest, place: Place) -> HttpResponse:
    shown = monitor_for(place)
    tournament = place.event.tournament
    notice = _why_no_cards(place, shown)
    cards = []
    if not notice:
        cards = cards_for(request, tournament, shown.tables, event_name=place.event.name)
    left_out = [t for t in shown.tables if not t.takes_hands and t.state not in FINISHED_STATES]
    context = {
        "tournament": tournament,
        "event": place.event,
        "place": place,
        "monitor": shown,
        "cards": cards,
        "notice": notice,
        "left_out": left_out if not notice else [],
        "address": short_address(request, tournament),
    }
    return render(request, "scoring/table_cards.html", context)


@official_required
@require_GET
@never_cache
def rounds_cards(request: HttpRequest, tournament, pk: int, number: int) -> HttpResponse:
    """Every table card of a rounds event's round, ready to print."""
    event = get_event_for_official(tournament, pk, ROUNDS)
    return _round_cards(request, Place(ROUNDS, event, number))


@official_required
@require_GET
@never_cache
def bracket_cards(
    request: HttpRequest, tournament, pk: int, stage: int, number: int
) -> HttpResponse:
    """Every table card of a bracket round, ready to print."""
    event = get_event_for_official(tournament, pk, BRACKET)
    return _round_cards(request, Place(BRACKET, event, number, stage))


@official_required
@require_GET
@never_cache
def table_card(request: HttpRequest, tournament, pk: int) -> HttpResponse:
    """One game's table card, and its "Table link" panel."""
    game = get_game_for_official(tournament, pk)
    place = place_of(game)
    shown = monitor_for(place)
    table = next((t for t in shown.tables if t.pk == game.pk), None)  # None: a bye, a void game
    notice = ""
    cards = []
    if game.event.status == Event.Status.FINISHED:
        notice = f"{game.event.name} is finished: no more hands can be entered."
    elif table is None or not table.takes_hands:
        notice = NOT_TAKING_HANDS.get(game.status, "This game takes no hands now.")
    elif shown.round_status == Round.Status.SEATING:
        notice = _why_no_cards(place, shown)
    else:
        cards = cards_for(request, tournament, [table], event_name=game.event.name)
    context = {
        "tournament": tournament,
        "event": game.event,
        "place": place,
        "monitor": shown,
        "game": game,
        "table": table,
        "cards": cards,
        "notice": notice,
        "single": True,
        "address": short_address(request, tournament),
    }
    return render(request, "scoring/table_cards.html", context)
