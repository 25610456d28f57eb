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
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from .. import naming, selectors, services
from ..models import Event, Round, Tournament
from ..permissions import official_required
from ..services.clocks import ACTIONS
from .common import WITH_FEEDER, get_event_for_official
from .events import _render_bracket
from .refusals import refusal

BAD_FORM = "That form was not filled in properly; reload the page and try again."


class BracketClockForm(forms.Form):
    stage = forms.IntegerField(min_value=0, max_value=max(naming.BRACKET_STAGES))
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
    with refusal(request) as refused:
        clock = services.set_bracket_clock(
            event=event,
            stage=form.cleaned_data["stage"],
            round_number=form.cleaned_data["round"],
            action=action,
            by=request.user,
        )
    if refused:
        return _render_bracket(request, event, status=refused.status)
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
    with refusal(request) as refused:
        services.restart_round_clock(round=round_, by=request.user)
    if not refused:
        messages.success(request, f"The clock of round {number} starts again from now.")
    return redirect("desk:round_detail", tournament.slug, pk, number)


def _close_all_page(request, event, closing, *, back_url, back_label, clock, status=200):
    context = {
        "tournament": event.tournament,
        "event": event,
        "closing": closing,
        "back_url": back_url,
        "back_label": back_label,
        "clock": clock,
    }
    return render(request, "tournaments/close_all.html", context, status=status)


def _round_page(request, round_, *, status=200):
    event = round_.event
    shown = selectors.round_view(round_, selectors.event_teams(event))
    back = reverse("desk:round_detail", args=[event.tournament.slug, event.pk, round_.number])
    return _close_all_page(
        request,
        event,
        selectors.round_closing(shown),
        back_url=back,
        back_label=f"round {round_.number}",
        clock=selectors.round_clock(event, shown),
        status=status,
    )


def _refused_form(form) -> str:
    field, errors = next(iter(form.errors.items()))
    return errors[0] if field == "confirm" else BAD_FORM


@official_required
@require_http_methods(["GET", "POST"])
@never_cache
def close_all(request: HttpRequest, tournament: Tournament, pk: int, number: int):
    """The tables still playing, to close at time at once (GET); close them (POST)."""
    round_ = _get_round_for_official(tournament, pk, number)
    if round_.status == Round.Status.SEATING:
        raise Http404("This round has not started.")
    if request.method == "GET":
        return _round_page(request, round_)
    form = CloseAllForm(request.POST)
    if not form.is_valid():
        messages.error(request, _refused_form(form))
        return _round_page(request, round_, status=422)
    # A refusal here is a conflict: the tables changed since the list was shown (409).
    with refusal(request) as refused:
        closed = services.close_all_at_time(
            round=round_, by=request.user, tables=form.cleaned_data["tables"]
        )
    if refused:
        return _round_page(request, round_, status=409)
    count = len(closed)
    messages.success(
        request,
        f"Closed {count} table{'s' if count != 1 else ''} of round {number} at time: "
        "the highest total wins, level totals tie.",
    )
    return redirect("desk:round_detail", tournament.slug, pk, number)


class BracketCloseAllForm(CloseAllForm):
    """The games the confirmation page listed (those left playing too)."""

    confirm = forms.BooleanField(
        error_messages={"required": "Tick the box to say the round's games may be closed."}
    )


def _bracket_page(request, event, closing, stage: int, number: int, *, status=200):
    back = reverse("desk:bracket", args=[event.tournament.slug, event.pk])
    clock = selectors.bracket_clocks(event).get((stage, number))
    return _close_all_page(
        request,
        event,
        closing,
        back_url=f"{back}#clock-{stage}-{number}",
        back_label="the bracket",
        clock=clock,
        status=status,
    )


@official_required
@require_http_methods(["GET", "POST"])
@never_cache
def bracket_close_all(request: HttpRequest, tournament, pk: int, stage: int, number: int):
    """A bracket round's games still playing, to close at time at once (GET); close those
    that have a winner at time (POST): level games and games without hands play on."""
    event = get_event_for_official(tournament, pk)
    if event.game.plays_rounds:
        raise Http404("This event is played in rounds.")
    closing = selectors.bracket_closing(event, stage, number)
    if closing is None:
        raise Http404("No such round in this bracket.")
    if request.method == "GET":
        return _bracket_page(request, event, closing, stage, number)
    form = BracketCloseAllForm(request.POST)
    if not form.is_valid():
        messages.error(request, _refused_form(form))
        return _bracket_page(request, event, closing, stage, number, status=422)
    with refusal(request) as refused:  # the games changed since the list (409)
        closed = services.close_bracket_round_at_time(
            event=event,
            stage=stage,
            round_number=number,
            by=request.user,
            games=form.cleaned_data["tables"],
        )
    if refused:
        closing = selectors.bracket_closing(event, stage, number)
        return _bracket_page(request, event, closing, stage, number, status=409)
    count = len(closed)
    left = len(closing.left_playing)
    words = f"Closed {count} game{'s' if count != 1 else ''} of {closing.title} at time: "
    words += "the highest total wins and moves on."
    if left:
        words += f" {left} game{'s' if left != 1 else ''} play{'s' if left == 1 else ''} on."
    messages.success(request, words)
    url = reverse("desk:bracket", args=[tournament.slug, event.pk])
    return redirect(f"{url}#clock-{stage}-{number}")
