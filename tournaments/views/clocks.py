"""Official pages for the clocks: a bracket round's clock, a round's clock restarted, and
"Close all at time" (its confirmation page, then every table still playing closed).

Every view checks that the user officiates the tournament (`official_required`); forms
only parse; the services decide, and a refusal comes back as a message with nothing
changed.
"""

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from .. import selectors, services
from ..errors import RulesError
from ..models import Event, Round, Tournament
from ..permissions import official_required
from ..services.clocks import ACTIONS
from .common import WITH_FEEDER, get_event_for_official
from .events import _render_bracket

BAD_FORM = "That form was not filled in properly; reload the page and try again."


class BracketClockForm(forms.Form):
    stage = forms.IntegerField(min_value=0, max_value=1)
    round = forms.IntegerField(min_value=1, max_value=99)
    action = forms.ChoiceField(choices=[(action, action) for action in ACTIONS])


class CloseAllForm(forms.Form):
    """The tables the confirmation page listed: "id:version,id:version"."""

    tables = forms.CharField(max_length=20_000)
    confirm = forms.BooleanField(
        error_messages={"required": "Tick the box to say the round's tables may be closed."}
    )

    def clean_tables(self) -> dict[int, int]:
        listed = {}
        for item in self.cleaned_data["tables"].split(","):
            pk, _, version = item.partition(":")
            if not (pk.isascii() and pk.isdigit() and version.isascii() and version.isdigit()):
                raise forms.ValidationError(BAD_FORM)
            listed[int(pk)] = int(version)
        return listed


def _get_round_for_official(tournament: Tournament, pk: int, number: int) -> Round:
    """Return round `number` of the tournament's rounds event `pk`, with its event."""
    return get_object_or_404(
        Round.objects.select_related("event__tournament"),
        event__tournament=tournament,
        event__format=Event.Format.ROUNDS,
        event__pk=pk,
        number=number,
    )


@official_required
@require_POST
def bracket_clock(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Start, restart or stop the clock of one round of the event's bracket."""
    event = get_event_for_official(tournament, pk, related=WITH_FEEDER)
    form = BracketClockForm(request.POST)
    if not form.is_valid():
        messages.error(request, BAD_FORM)
        return _render_bracket(request, event, status=422)
    action = form.cleaned_data["action"]
    try:
        clock = services.set_bracket_clock(
            event=event,
            stage=form.cleaned_data["stage"],
            round_number=form.cleaned_data["round"],
            action=action,
            by=request.user,
        )
    except RulesError as exc:
        messages.error(request, str(exc))
        return _render_bracket(request, event, status=422)
    if clock is None:
        messages.success(request, "Clock stopped: the round is no longer timed.")
    else:
        messages.success(request, "Clock started: players see it on the public pages.")
    return redirect("desk:bracket", tournament.slug, event.pk)


@official_required
@require_POST
def round_clock_restart(request: HttpRequest, tournament: Tournament, pk: int, number: int):
    """Start a round's clock again from now."""
    round_ = _get_round_for_official(tournament, pk, number)
    try:
        services.restart_round_clock(round=round_, by=request.user)
    except RulesError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"The clock of round {number} starts again from now.")
    return redirect("desk:round_detail", tournament.slug, pk, number)


def _close_all_page(request, round_, *, form=None, status=200):
    event = round_.event
    shown = selectors.round_view(round_, selectors.event_teams(event))
    playing = selectors.still_playing(shown.tables)
    context = {
        "tournament": event.tournament,
        "event": event,
        "shown": shown,
        "playing": playing,
        "listed": ",".join(f"{table.pk}:{table.version}" for table in playing),
        "waiting": selectors.waiting_hands(playing),
        "clock": selectors.round_clock(event, shown),
        "form": form,
    }
    return render(request, "tournaments/close_all.html", context, status=status)


@official_required
@require_http_methods(["GET", "POST"])
@never_cache
def close_all(request: HttpRequest, tournament: Tournament, pk: int, number: int):
    """The tables still playing, to close at time at once (GET); close them (POST)."""
    round_ = _get_round_for_official(tournament, pk, number)
    if round_.status == Round.Status.SEATING:
        raise Http404("This round has not started.")
    if request.method == "GET":
        return _close_all_page(request, round_)
    form = CloseAllForm(request.POST)
    if not form.is_valid():
        field, errors = next(iter(form.errors.items()))
        messages.error(request, errors[0] if field == "confirm" else BAD_FORM)
        return _close_all_page(request, round_, form=form, status=422)
    try:
        closed = services.close_all_at_time(
            round=round_, by=request.user, tables=form.cleaned_data["tables"]
        )
    except RulesError as exc:
        messages.error(request, str(exc))
        return _close_all_page(request, round_, status=409)
    count = len(closed)
    messages.success(
        request,
        f"Closed {count} table{'s' if count != 1 else ''} of round {number} at time: "
        "the highest total wins, level totals tie.",
    )
    return redirect("desk:round_detail", tournament.slug, pk, number)
