"""Official page for entering registered players in an event in bulk."""

from functools import partial

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_http_methods

from .. import selectors, services
from ..forms import BulkEntryForm, EntryFilterForm
from ..models import Tournament
from ..permissions import official_required
from ..services.entries import EntriesRefused, entries_closed_reason
from .common import get_event_for_official


def _entry_page(request, tournament, event, *, filter_form, form=None, refusals=(), status=200):
    chapter = filter_form.chosen_chapter()
    shown = selectors.players_for_entry(tournament, event, chapter=chapter)
    if form is None:
        form = BulkEntryForm(
            initial={"chapter": filter_form.data.get("chapter", "") if chapter else ""},
            tournament=tournament,
        )
    form.fields["players"].queryset = shown
    players = list(shown)
    return render(
        request,
        "tournaments/event_entries.html",
        {
            "tournament": tournament,
            "event": event,
            "filter_form": filter_form,
            "form": form,
            "chapter": chapter,
            "players": players,
            "waiting": sum(
                1 for p in players if p.checked_in and not p.withdrawn and not p.entered
            ),
            "entered": sum(1 for p in players if p.entered),
            "closed": entries_closed_reason(event),
            "refusals": refusals,
        },
        status=status,
    )


@official_required
@require_http_methods(["GET", "POST"])
def event_entries(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Enter registered players in an event in bulk: tick them, or every checked-in one.

    The list is filtered by chapter with a GET form (no JavaScript needed); entering
    keeps the filter. Refusals are listed player by player, and nothing is entered.
    """
    event = get_event_for_official(tournament, pk)
    if request.method == "GET":
        filter_form = EntryFilterForm(
            request.GET if "chapter" in request.GET else None, tournament=tournament
        )
        return _entry_page(request, tournament, event, filter_form=filter_form)
    form = BulkEntryForm(request.POST, tournament=tournament)
    filter_form = EntryFilterForm(
        {"chapter": request.POST.get("chapter", "")}, tournament=tournament
    )
    page = partial(_entry_page, request, tournament, event, filter_form=filter_form, form=form)
    if not form.is_valid() or not filter_form.is_valid():
        return page(status=422)
    if form.everyone_checked_in:
        chapter = filter_form.chosen_chapter()
        players = list(selectors.checked_in_to_enter(tournament, event, chapter=chapter))
        if not players:
            form.add_error(
                None, "Nobody was entered: every checked-in player shown is entered already."
            )
            return page(status=422)
    else:
        players = form.cleaned_data["players"]
    try:
        done = services.enter_players(event=event, by=request.user, players=players)
    except EntriesRefused as exc:
        form.add_error(None, str(exc))
        return page(refusals=exc.refusals, status=422)
    if done.entered:
        count = len(done.entered)
        messages.success(
            request, f"Entered {count} player{'s' if count != 1 else ''} in {event.name}."
        )
    if done.already:
        names = ", ".join(p.name for p in done.already[:10])
        more = f" and {len(done.already) - 10} more" if len(done.already) > 10 else ""
        messages.info(request, f"Entered already, left as they were: {names}{more}.")
    url = reverse("desk:event_entries", args=[tournament.slug, event.pk])
    chapter = filter_form.cleaned_data.get("chapter")
    return redirect(f"{url}?{urlencode({'chapter': chapter})}" if chapter else url)
