"""The desk's table monitor, and the official's hold on table links.

The monitor shows every table of a round (a rounds event's round, or a bracket round):
its state in plain words, the last activity, the totals, links to its score sheet and
card. It polls (htmx, every 10 s) with ETag / 304: the tag is a hash of the event's
change marker (bumped by every step at a table), the event's table links, the address,
the htmx variant and the official, so an unchanged monitor costs a few indexed reads.

Links: revoke or renew one game's link or all of a round's, lock a table to desk-only
entry or unlock it. Each is a POST; what disconnects a table's phones asks once first
(a form sent without `confirm` shows what it will do, and does nothing).
"""

import hashlib
from dataclasses import replace

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from django.views.decorators.http import require_GET, require_POST

from tournaments.errors import DeskError
from tournaments.models import OPEN
from tournaments.page_cache import VARIANT_HEADERS
from tournaments.page_cache import _build as code_build
from tournaments.permissions import official_required
from tournaments.selectors import place_clock

from .. import table_monitor
from ..services.table_links import revoke_links, set_desk_only
from .table_lookup import (
    BRACKET,
    ROUNDS,
    Place,
    get_event_for_official,
    get_game_for_official,
    monitor_for,
    place_of,
)

POLL_SECONDS = 10
_VARIANT_KEYS = tuple(f"HTTP_{name.upper().replace('-', '_')}" for name in VARIANT_HEADERS)


# The monitor -----------------------------------------------------------------------


def _etag(request: HttpRequest, place: Place) -> str:
    marker = (place.event.changed_at, table_monitor.link_marker(place.event.pk))
    parts = [
        code_build(),
        request.path,
        request.META.get("QUERY_STRING", ""),
        repr(marker),
        str(request.user.pk),
        # The page's forms carry a CSRF token made from this cookie.
        request.COOKIES.get(settings.CSRF_COOKIE_NAME, ""),
        *(request.META.get(key, "") for key in _VARIANT_KEYS),
    ]
    digest = hashlib.blake2b("\0".join(parts).encode(), digest_size=16).hexdigest()
    return f'"m-{digest}"'


def _finish(response: HttpResponse, tag: str | None) -> HttpResponse:
    if tag:
        response.headers["ETag"] = tag
    # Kept by the browser, asked again every time: a poll of an unchanged monitor is a 304.
    response.headers["Cache-Control"] = "no-cache, private"
    patch_vary_headers(response, (*VARIANT_HEADERS, "Cookie"))
    return response


def _monitor(request: HttpRequest, place: Place) -> HttpResponse:
    messages_waiting = len(messages.get_messages(request)) > 0
    tag = _etag(request, place)
    asked = request.META.get("HTTP_IF_NONE_MATCH", "")
    if not messages_waiting and any(f.removeprefix("W/") == tag for f in parse_etags(asked)):
        return _finish(HttpResponseNotModified(), tag)
    shown = monitor_for(place)
    context = {
        "tournament": place.event.tournament,
        "event": place.event,
        "place": place,
        "monitor": shown,
        "poll_seconds": POLL_SECONDS,
        "rounds": _other_rounds(place),
        "clock": place_clock(
            place.event, number=place.number, bracket=place.kind == BRACKET, stage=place.stage
        ),
        "monitor_playing": any(table.status in OPEN for table in shown.tables),
    }
    template = "scoring/table_monitor.html"
    if request.htmx:
        template += "#monitor"
    # A page that shows messages is not kept: asked again, it is built afresh without them.
    return _finish(render(request, template, context), None if messages_waiting else tag)


def _other_rounds(place: Place) -> list[tuple[str, str, bool]]:
    """Return the event's rounds as (monitor address, name, this one?)."""
    if place.kind == ROUNDS:
        numbers = place.event.rounds.order_by("number").values_list("number", flat=True)
        named = [((1, number), f"Round {number}") for number in numbers]
    else:
        named = table_monitor.bracket_round_names(place.event)
    here = (place.stage, place.number)
    return [
        (replace(place, stage=stage, number=number).url_monitor, name, (stage, number) == here)
        for (stage, number), name in named
    ]


@official_required
@require_GET
def rounds_monitor(request: HttpRequest, tournament, pk: int, number: int) -> HttpResponse:
    """The table monitor of a rounds event's round."""
    event = get_event_for_official(tournament, pk, ROUNDS)
    return _monitor(request, Place(ROUNDS, event, number))


@official_required
@require_GET
def bracket_monitor(
    request: HttpRequest, tournament, pk: int, stage: int, number: int
) -> HttpResponse:
    """The table monitor of a bracket round (stage 0: the singles' partners' games)."""
    event = get_event_for_official(tournament, pk, BRACKET)
    return _monitor(request, Place(BRACKET, event, number, stage))


# Links ------------------------------------------------------------------------------


class LinkForm(forms.Form):
    """Revoke or renew; `confirm` says the official has seen what it does."""

    action = forms.ChoiceField(
        choices=[("revoke", "Revoke"), ("renew", "Renew")],
        error_messages={
            "required": "Say whether to revoke or renew the table link.",
            "invalid_choice": "Say whether to revoke or renew the table link.",
        },
    )
    confirm = forms.BooleanField(required=False)
    back = forms.ChoiceField(choices=[("monitor", ""), ("card", "")], required=False)


class DeskOnlyForm(forms.Form):
    lock = forms.ChoiceField(
        choices=[("lock", "Lock"), ("unlock", "Unlock")],
        error_messages={
            "required": "Say whether to lock the table to desk-only entry or unlock it.",
            "invalid_choice": "Say whether to lock the table to desk-only entry or unlock it.",
        },
    )
    confirm = forms.BooleanField(required=False)
    back = forms.ChoiceField(choices=[("monitor", ""), ("card", "")], required=False)


def _back(request, form, game, place: Place):
    if form.is_valid() and form.cleaned_data.get("back") == "card":
        return redirect("scoring:table_card", place.event.tournament.slug, game.pk)
    return redirect(place.url("monitor"))


def _ask(request, *, question: str, what: str, post: dict, back: str, status=200, error=""):
    """Show what an action does, with the one button that does it (nothing done yet)."""
    context = {
        "question": question,
        # "Revoke the table link of Table 3?" -> "Yes, revoke the table link of Table 3"
        "button": f"Yes, {question[:1].lower()}{question[1:].rstrip('?')}",
        "what": what,
        "post": post,
        "back": back,
        "error": error,
        "action_url": request.path,
    }
    return render(request, "scoring/table_link_confirm.html", context, status=status)


def _refuse(request, text: str, back: str) -> HttpResponse:
    return _ask(request, question="", what="", post={}, back=back, status=422, error=text)


@official_required
@require_POST
def table_link(request: HttpRequest, tournament, pk: int) -> HttpResponse:
    """Revoke or renew one game's table link (its old code then refuses)."""
    game = get_game_for_official(tournament, pk)
    place = place_of(game)
    form = LinkForm(request.POST)
    if not form.is_valid():
        return _refuse(request, _first_error(form), place.url("monitor"))
    renew = form.cleaned_data["action"] == "renew"
    if not form.cleaned_data["confirm"]:
        return _ask(
            request,
            question=f"{'Renew' if renew else 'Revoke'} the table link of {game.name}?",
            what=_link_words(renew, 1),
            post={"action": form.cleaned_data["action"], "back": form.cleaned_data["back"]},
            back=place.url("monitor"),
        )
    revoke_links(games=[game], by=request.user, renew=renew)
    if renew:
        messages.success(request, f"{game.name} has a new table link: print its new card.")
    else:
        messages.success(request, f"The table link of {game.name} is revoked: its code refuses.")
    return _back(request, form, game, place)


def _link_words(renew: bool, count: int) -> str:
    tables = "this table's" if count == 1 else f"these {count} tables'"
    if renew:
        return (
            f"The codes on {tables} cards stop working at once: phones using them are told "
            "to ask the desk. New codes are made; print the new cards for the tables."
        )
    return (
        f"The codes on {tables} cards stop working at once: phones using them are told to "
        "ask the desk. Until a link is renewed, the desk enters the hands."
    )


@official_required
@require_POST
def table_desk_only(request: HttpRequest, tournament, pk: int) -> HttpResponse:
    """Lock a table to desk-only entry (its link refuses), or unlock it."""
    game = get_game_for_official(tournament, pk)
    place = place_of(game)
    form = DeskOnlyForm(request.POST)
    if not form.is_valid():
        return _refuse(request, _first_error(form), place.url("monitor"))
    lock = form.cleaned_data["lock"] == "lock"
    if lock and not form.cleaned_data["confirm"]:
        return _ask(
            request,
            question=f"Lock {game.name} to desk-only entry?",
            what=(
                "The table's phones can no longer enter or confirm hands: they are told to "
                "ask the desk, and the official enters the hands on the score sheet. A hand "
                "waiting at the table stays for the official to decide. Unlock it to let the "
                "table enter its hands again (the same code works)."
            ),
            post={"lock": "lock", "back": form.cleaned_data["back"]},
            back=place.url("monitor"),
        )
    if lock == game.desk_only:
        messages.info(
            request,
            f"{game.name} was already {'desk-only' if lock else 'open to its table'}: "
            "nothing changed.",
        )
        return _back(request, form, game, place)
    try:
        set_desk_only(game=game, by=request.user, desk_only=lock)
    except DeskError as exc:
        return _refuse(request, str(exc), place.url("monitor"))
    if lock:
        messages.success(request, f"{game.name} is locked: only the desk enters its hands.")
    else:
        messages.success(request, f"{game.name} is unlocked: the table enters its own hands.")
    return _back(request, form, game, place)


def _round_links(request: HttpRequest, place: Place) -> HttpResponse:
    shown = monitor_for(place)
    form = LinkForm(request.POST)
    if not form.is_valid():
        return _refuse(request, _first_error(form), place.url("monitor"))
    renew = form.cleaned_data["action"] == "renew"
    # Renew: the tables that take hands get a new link. Revoke: every link still active.
    games = [t.pk for t in (shown.taking_hands if renew else shown.tables) if renew or t.link]
    if not games:
        messages.info(
            request,
            f"No table of {shown.title} {'takes hands' if renew else 'has a link'}: "
            "nothing changed.",
        )
        return redirect(place.url("monitor"))
    if not form.cleaned_data["confirm"]:
        return _ask(
            request,
            question=(
                f"{'Renew' if renew else 'Revoke'} the table links of {len(games)} "
                f"table{'s' if len(games) != 1 else ''} of {shown.title}?"
            ),
            what=_link_words(renew, len(games)),
            post={"action": form.cleaned_data["action"]},
            back=place.url("monitor"),
        )
    revoke_links(games=games, by=request.user, renew=renew)
    done = "renewed: print the round's cards again" if renew else "revoked"
    messages.success(request, f"The table links of {shown.title} are {done}.")
    return redirect(place.url("monitor"))


@official_required
@require_POST
def rounds_links(request: HttpRequest, tournament, pk: int, number: int) -> HttpResponse:
    """Revoke or renew the table links of every table of a rounds event's round."""
    event = get_event_for_official(tournament, pk, ROUNDS)
    return _round_links(request, Place(ROUNDS, event, number))


@official_required
@require_POST
def bracket_links(
    request: HttpRequest, tournament, pk: int, stage: int, number: int
) -> HttpResponse:
    """Revoke or renew the table links of every game of a bracket round."""
    event = get_event_for_official(tournament, pk, BRACKET)
    return _round_links(request, Place(BRACKET, event, number, stage))


def _first_error(form: forms.Form) -> str:
    for field in ("action", "lock"):
        if field in form.errors:
            return form.errors[field][0]
    return "That form was not filled in properly: reload the page and try again."
