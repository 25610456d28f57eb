"""Official pages for an event: its overview, the bracket and results (the draw page is
in `event_draw.py`).

Every view checks that the user officiates the tournament (`official_required`) and
reads objects through a `get_<thing>_for_official` helper. Forms only parse; the
services decide, and their refusals (`RulesError`) come back as messages on the page.
"""

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from .. import naming, selectors, services
from ..errors import RulesError
from ..models import Event, Game, Tournament
from ..permissions import official_required
from .common import WITH_FEEDER, get_event_for_official
from .refusals import REFUSED, place_refusal, refusal


def _get_game_for_official(tournament: Tournament, pk: int) -> Game:
    """Return a bracket game of the tournament (a table of a round has no one-click result)."""
    return get_object_or_404(
        Game.objects.select_related("event"),
        event__tournament=tournament,
        round__isnull=True,
        pk=pk,
    )


# Forms: parse only ---------------------------------------------------------------------------


class ResultForm(forms.Form):
    """A one-click result. Without ``sure`` (or ``confirm``) it is only shown first."""

    winner_seat = forms.TypedChoiceField(
        choices=[(0, "Side 1"), (1, "Side 2")], coerce=int, label="Who won"
    )
    walkover = forms.BooleanField(required=False)
    reason = forms.CharField(required=False, max_length=200, label="Why (kept with the result)")
    confirm = forms.BooleanField(required=False)
    sure = forms.BooleanField(required=False)
    version = forms.IntegerField(required=False, min_value=0)

    def clean(self):
        data = super().clean()
        if data.get("walkover") and not (data.get("reason") or "").strip():
            self.add_error(
                "reason",
                "Say why the game is given as a walkover (W/O) or forfeit: for example "
                "“did not come to the table”.",
            )
        return data


class ReopenForm(forms.Form):
    confirm = forms.BooleanField(required=False)
    sure = forms.BooleanField(required=False)
    version = forms.IntegerField(required=False, min_value=0)


class UndoForm(forms.Form):
    version = forms.IntegerField(min_value=0)


# Pages ---------------------------------------------------------------------------------------


@official_required
@require_GET
def event_detail(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """The event page: where it stands, its placings, and the next step."""
    event = get_event_for_official(tournament, pk, related=WITH_FEEDER)
    bracket = selectors.bracket_for_event(event)
    games = bracket.games + bracket.partner_games
    played = sum(1 for g in games if g.has_result)
    to_play = sum(1 for g in games if not g.is_decided)
    if event.format == Event.Format.ROUNDS:
        started = selectors.started_rounds(event)
        played = sum(r.results_in for r in started)
        to_play = sum(r.tables - r.results_in for r in started)
    context = {
        "tournament": tournament,
        "event": event,
        "bracket": bracket,
        "played": played,
        "to_play": to_play,
        "entries": event.entries.count(),
        "team_count": event.teams.count(),
        "singles": event.feeds.order_by("pk").first() if event.is_doubles else None,
        "target": _target_score(event),
    }
    return render(request, "tournaments/event_detail.html", context)


def _target_score(event) -> int | None:
    """Return the score that wins a game of this event, when the game has one."""
    try:
        return event.game.target_score(event.options)
    except (LookupError, RulesError):
        return None


UNDO_KEY = "desk_undo"


def _remember_undo(request, game, before) -> None:
    """Keep what Undo needs in the official's session: only the last change can be undone."""
    if game.voided_games:
        request.session.pop(UNDO_KEY, None)
        return
    request.session[UNDO_KEY] = {
        "game": game.pk,
        "version": game.version,
        "before": before.as_list() if before is not None else None,
    }


def _bracket_context(event, request=None):
    bracket = selectors.bracket_for_event(event)
    games = bracket.games + bracket.partner_games
    slug = event.tournament.slug
    undo = (request.session.get(UNDO_KEY) if request is not None else None) or {}
    for game in games:
        game.link = reverse("scoring:sheet", args=[slug, game.pk])
        game.undo = undo.get("game") == game.pk and undo.get("version") == game.version
    return {"tournament": event.tournament, "event": event, "bracket": bracket, "official": True}


def _render_bracket(request, event, *, status=200):
    return render(
        request, "tournaments/bracket.html", _bracket_context(event, request), status=status
    )


@official_required
@require_GET
def bracket(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """The official bracket: each game's state, its result buttons and score sheet link."""
    event = get_event_for_official(tournament, pk, related=WITH_FEEDER)
    return _render_bracket(request, event)


@official_required
@require_GET
def bracket_print(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """The printable bracket sheet: one page up to 32 teams, a page per block beyond."""
    event = get_event_for_official(tournament, pk, related=WITH_FEEDER)
    bracket = selectors.bracket_for_event(event)
    return render(
        request,
        "tournaments/bracket_print.html",
        {
            "tournament": tournament,
            "event": event,
            "bracket": bracket,
            "sections": selectors.print_sections(bracket),
        },
    )


def _confirm_page(request, event, game, *, action, form_data, lines=(), message="", voided=()):
    """The step that says what a result or take-back will do, with Yes and No."""
    heading = (
        "Void later games?"
        if message
        else ("Take this result back?" if action == "reopen" else "Record this result?")
    )
    return render(
        request,
        "tournaments/bracket_confirm.html",
        {
            "tournament": event.tournament,
            "event": event,
            "game": game,
            "heading": heading,
            "lines": list(lines),
            "message": message,
            "voided": list(voided),
            "form_data": form_data or {},
            "action": action,
            "yes": "Yes, take it back" if action == "reopen" else "Yes, record it",
        },
        status=409 if voided else 200,
    )


def _after_result(request, event, game, exc=None, *, form_data=None, action="result"):
    """Answer a result or reopen form: redirect, confirm page, or the page with the error."""
    if isinstance(exc, services.ConfirmationNeeded):
        return _confirm_page(
            request,
            event,
            game,
            action=action,
            form_data=form_data,
            message=str(exc),
            voided=exc.games,
        )
    if isinstance(exc, services.StaleGame):
        messages.error(request, str(exc))
        return _render_bracket(request, event, status=409)
    if exc is not None:
        place_refusal(request, exc)  # the result buttons have no form of their own
        return _render_bracket(request, event, status=REFUSED)
    url = reverse("desk:bracket", args=[event.tournament.slug, event.pk])
    return redirect(f"{url}#game-{game.pk}")


def _first_error(form, default: str) -> str:
    """Return the message of a refused result form: the winner's, else the first one."""
    if "winner_seat" in form.errors:
        return default
    return next(iter(form.errors.values()))[0]


def _result_action(request, tournament, pk, *, action, form_class, invalid, record, preview):
    """Parse a result or reopen form; show what it will do, or do it; and answer."""
    game = _get_game_for_official(tournament, pk)
    form = form_class(request.POST)
    if not form.is_valid():
        messages.error(request, _first_error(form, invalid))
        return _render_bracket(request, game.event, status=422)
    data = form.cleaned_data
    with refusal() as refused:  # `_after_result` answers it: confirm, stale or refused
        if not (data["sure"] or data["confirm"]):
            shown = preview(game, data)
            return _confirm_page(
                request,
                game.event,
                game,
                action=action,
                form_data=data,
                lines=shown.lines,
                voided=shown.voided,
            )
        done = record(game, data)
    if refused:
        return _after_result(
            request, game.event, game, refused.error, form_data=data, action=action
        )
    messages.success(request, done)
    return _after_result(request, game.event, game)


def _winner_text(game, data) -> str:
    winner = (
        game.sides.select_related("team")
        .prefetch_related("team__memberships__player")
        .get(seat=data["winner_seat"])
        .team
    )
    how = " by walkover (W/O)" if data["walkover"] else ""
    return f"{winner.label} ({winner.number_label.lower()}) won{how}."


@official_required
@require_POST
def game_result(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Show what a winner (or a walkover, or a correction) will do; record it when sure.

    Later games that it voids are listed on the same step.
    """

    def preview(game, data):
        return services.preview_result(
            game=game,
            winner_seat=data["winner_seat"],
            by=request.user,
            walkover=data["walkover"],
            reason=data["reason"],
            expected_version=data["version"],
        )

    def record(game, data):
        given, before = services.give_result(
            game=game,
            winner_seat=data["winner_seat"],
            by=request.user,
            walkover=data["walkover"],
            reason=data["reason"],
            confirm=data["confirm"],
            expected_version=data["version"],
        )
        _remember_undo(request, given, before)
        return _winner_text(game, data)

    return _result_action(
        request,
        tournament,
        pk,
        action="result",
        form_class=ResultForm,
        invalid="Choose which side won.",
        record=record,
        preview=preview,
    )


@official_required
@require_POST
def game_reopen(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Show what taking a result back will do; do it when sure."""

    def preview(game, data):
        return services.preview_take_back(
            game=game, by=request.user, expected_version=data["version"]
        )

    def record(game, data):
        before = services.Before.of(game)
        services.take_back_result(
            game=game, by=request.user, confirm=data["confirm"], expected_version=data["version"]
        )
        _remember_undo(request, game, before)
        return "Result taken back: the game is open again."

    return _result_action(
        request,
        tournament,
        pk,
        action="reopen",
        form_class=ReopenForm,
        invalid="That form was not filled in properly; try again.",
        record=record,
        preview=preview,
    )


@official_required
@require_POST
def game_undo(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Undo the result just given (or taken back) on this game, while nothing changed since."""
    game = _get_game_for_official(tournament, pk)
    form = UndoForm(request.POST)
    kept = request.session.get(UNDO_KEY) or {}
    if not form.is_valid() or kept.get("game") != game.pk:
        messages.error(request, "There is nothing to undo on this game.")
        return _render_bracket(request, game.event, status=422)
    before = services.Before.from_list(kept.get("before"))
    with refusal() as refused:  # `_after_result` answers it
        services.undo_result(
            game=game, by=request.user, version=form.cleaned_data["version"], before=before
        )
    request.session.pop(UNDO_KEY, None)
    if refused:
        return _after_result(request, game.event, game, refused.error)
    messages.success(request, "Undone: the game is back as it was.")
    return _after_result(request, game.event, game)


@official_required
@require_POST
def game_close(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Close one bracket game at time: the highest total wins and moves on (Undo opens it
    again). A level game, or one without hands, is refused with the reason."""
    game = _get_game_for_official(tournament, pk)
    form = UndoForm(request.POST)  # the version the official saw
    if not form.is_valid():
        messages.error(request, "That form was not filled in properly; reload the page.")
        return _render_bracket(request, game.event, status=REFUSED)
    with refusal() as refused:  # `_after_result` answers it: stale or refused
        closed = services.close_bracket_game_at_time(
            game=game, by=request.user, version=form.cleaned_data["version"]
        )
    if refused:
        return _after_result(request, game.event, game, refused.error)
    _remember_undo(request, closed, None)
    totals = [side.total for side in closed.sides_by_seat]
    winner = closed.sides_by_seat[closed.winner_seat].team
    messages.success(
        request,
        f"Closed at time: {winner.label} won, {naming.result_totals(totals, closed.winner_seat)}.",
    )
    return _after_result(request, game.event, closed)
