"""Official pages that set an event up: create it with its game, change its house rules."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from .. import services
from ..event_forms import EventForm, HouseRulesForm
from ..models import Tournament
from ..permissions import official_required
from ..services import house_rules
from .common import get_event_for_official, posted
from .refusals import refusal


@official_required
@require_http_methods(["GET", "POST"])
def event_create(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = EventForm(posted(request), tournament=tournament)
    if request.htmx and request.htmx.trigger_name == "game_key":
        # The game changed: send back its house-rule options only.
        form = EventForm(initial={"game_key": request.POST.get("game_key")}, tournament=tournament)
        return render(request, "tournaments/event_form.html#options", {"form": form})
    if request.method == "POST" and "show_rules" in request.POST:
        # Without JavaScript: the game changed, show its house rules, keep what was typed.
        kept = {key: request.POST.get(key) for key in ("name", "game_key", "fed_by")}
        form = EventForm(initial=kept, tournament=tournament)
        return render(
            request, "tournaments/event_form.html", {"tournament": tournament, "form": form}
        )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with refusal(request, form=form) as refused:
            event = services.create_event(
                tournament=tournament,
                by=request.user,
                name=data["name"],
                game_key=data["game_key"],
                format=data["format"],
                team_size=data["team_size"],
                options=form.options(),
                fed_by=data.get("fed_by"),
                format_options=form.format_options(),
            )
        if not refused:
            messages.success(request, f"Event {event.name} created.")
            return redirect("desk:dashboard", tournament.slug)
    return render(request, "tournaments/event_form.html", {"tournament": tournament, "form": form})


@official_required
@require_http_methods(["GET", "POST"])
def event_rules(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Change an event's house rules: its game's options; confirmed once play has started."""
    event = get_event_for_official(tournament, pk)
    form = HouseRulesForm(posted(request), event=event)
    started = house_rules.play_started(event)
    if request.method == "POST" and form.is_valid():
        with refusal(request, form=form) as refused:
            try:
                changes = house_rules.update_event_options(
                    event=event, by=request.user, options=form.options(), confirmed=form.confirmed
                )
            except house_rules.ConfirmRulesChange as exc:
                # Not refused: asked to confirm, at the box that confirms.
                form.add_error("confirm", f"{exc} Tick the box to change the rules anyway.")
                refused.error = exc
        if not refused:
            if changes:
                messages.success(request, "House rules changed: " + "; ".join(changes) + ".")
            else:
                messages.info(request, "No house rule was changed.")
            return redirect("desk:event_detail", tournament.slug, event.pk)
    return render(
        request,
        "tournaments/event_rules.html",
        {
            "tournament": tournament,
            "event": event,
            "form": form,
            "warning": house_rules.play_started_warning(started) if started else "",
        },
        status=422 if request.method == "POST" else 200,
    )
