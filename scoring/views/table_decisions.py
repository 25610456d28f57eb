"""The official decides a hand entered at the table: accept it, correct it, or delete it."""

import uuid

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from games.rules import RulesError
from tournaments.faults import not_saved_on_db_fault
from tournaments.models import Game, Tournament
from tournaments.permissions import official_required

from .. import selectors
from ..forms import HandForm
from ..models import TableEntry
from ..services import table as table_services
from ..services.table_links import TableRefused


def _entry(tournament: Tournament, pk: int, entry_pk: int) -> tuple[Game, TableEntry]:
    game = get_object_or_404(
        Game.objects.select_related("event"), event__tournament=tournament, pk=pk
    )
    return game, get_object_or_404(TableEntry, game=game, pk=entry_pk)


def _counted(request, result, *, done: str) -> None:
    if result.set_aside:
        messages.warning(request, result.message)
    else:
        text = f"Hand {result.entry.number} {done}: it counts."
        if result.hand is not None and result.hand.won:
            text += " Game over."
        messages.success(request, text)


@official_required
@require_POST
def table_hand_decide(request: HttpRequest, tournament: Tournament, pk: int, entry_pk: int):
    """Accept a table's waiting or disputed hand as entered, or delete it."""
    game, entry = _entry(tournament, pk, entry_pk)
    action = request.POST.get("action")
    try:
        if action == "accept":
            result = not_saved_on_db_fault(table_services.accept_hand)(entry=entry, by=request.user)
            _counted(request, result, done="accepted as entered at the table")
        elif action == "delete":
            not_saved_on_db_fault(table_services.delete_entry)(entry=entry, by=request.user)
            messages.success(
                request, f"Hand {entry.number} entered at the table was deleted: it does not count."
            )
        else:
            messages.error(request, "Choose Accept, Correct or Delete for the table's hand.")
    except (TableRefused, RulesError) as exc:
        messages.error(request, str(exc))
    return redirect("scoring:sheet", tournament.slug, game.pk)


@official_required
@require_http_methods(["GET", "POST"])
def table_hand_correct(
    request: HttpRequest, tournament: Tournament, pk: int, entry_pk: int
) -> HttpResponse:
    """Correct a table's waiting or disputed hand: it then counts as the official typed it."""
    game, entry = _entry(tournament, pk, entry_pk)
    current = selectors.game_sheet(game)
    if current.table is None or not entry.is_open:
        messages.error(
            request,
            f"Hand {entry.number} from the table was already decided "
            f"({entry.get_status_display().lower()}).",
        )
        return redirect("scoring:sheet", tournament.slug, game.pk)
    status = 200
    if request.method == "POST":
        form = HandForm(request.POST, game=game, sides=current.sides)
        status = 422
        if form.is_valid():
            sent = form.submitted()
            try:
                result = not_saved_on_db_fault(table_services.correct_hand)(
                    entry=entry, by=request.user, data=sent["data"], key=sent["key"]
                )
            except TableRefused as exc:
                messages.error(request, str(exc))
                return redirect("scoring:sheet", tournament.slug, game.pk)
            except RulesError as exc:
                form.add_rule_error(exc)
            else:
                _counted(request, result, done="corrected")
                return redirect("scoring:sheet", tournament.slug, game.pk)
    else:
        form = HandForm(
            game=game,
            sides=current.sides,
            initial={"key": uuid.uuid4(), "version": game.version},
            detail=entry.detail,
        )
    form.set_focus()
    url = reverse("scoring:table_hand_correct", args=[tournament.slug, game.pk, entry.pk])
    context = {
        "tournament": tournament,
        "game": game,
        "sheet": current,
        "form": form,
        "entry": entry,
        "action": url,
        "preview_url": reverse("scoring:preview", args=[tournament.slug, game.pk]),
        "heading": f"Correct hand {entry.number} from the table",
        "submit_label": "Save the correction: it counts",
        "cancel_url": reverse("scoring:sheet", args=[tournament.slug, game.pk]),
    }
    return render(request, "scoring/table_correct.html", context, status=status)
