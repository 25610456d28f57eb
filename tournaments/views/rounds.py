"""Official pages for a rounds event: seat a round, move entrants, start it, close tables.

Every view checks that the user officiates the tournament (`official_required`) and
reads objects through a `_get_<thing>_for_official` helper. Forms only parse; the
services decide, and their refusals (`RulesError`) come back as a message on the page
with nothing changed. Each action answers htmx with the page's `main` partial, and a
plain form post with a redirect (or the page and its message, when refused).
"""

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from .. import selectors, services
from ..models import Event, Game, Round, Tournament
from ..permissions import official_required
from ..services.seating import MAX_SEED
from .refusals import refusal


def _get_event_for_official(tournament: Tournament, pk: int) -> Event:
    """Return the tournament's rounds event; 404 for a bracket event or another's event."""
    return get_object_or_404(
        Event.objects.select_related("tournament"),
        tournament=tournament,
        pk=pk,
        format=Event.Format.ROUNDS,
    )


def _get_table_for_official(tournament: Tournament, pk: int) -> Game:
    """Return a game at a table of a round of one of the tournament's events."""
    return get_object_or_404(
        Game.objects.select_related("event__tournament", "round"),
        event__tournament=tournament,
        round__isnull=False,
        pk=pk,
    )


def _get_round_for_official(event: Event, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("event"), event=event, number=number)


# Forms: parse only ---------------------------------------------------------------------------


class SeatForm(forms.Form):
    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    # Set by the "Seat again" form: a page that still says "Seat round N" must not
    # seat again, unseen, a round someone else has already seated.
    again = forms.BooleanField(required=False, widget=forms.HiddenInput)
    seed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        label="Seating number (leave empty for a new random seating)",
        help_text="Type an earlier seating number to repeat that seating exactly.",
    )


class StartForm(forms.Form):
    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class MoveForm(forms.Form):
    """Who moves, and where to: "team:<id>" (swap), "table:<n>" or "out"."""

    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    team = forms.TypedChoiceField(coerce=int, label="Entrant", choices=())
    to = forms.ChoiceField(label="Goes to", choices=())

    def __init__(self, *args, shown: selectors.RoundView | None = None, **kwargs):
        kwargs.setdefault("auto_id", "id_move_%s")
        super().__init__(*args, **kwargs)
        if shown is None:
            return
        self.fields["number"].initial = shown.number
        entrants = [
            (team.pk, f"{_where(table)}: {team.label} ({team.chapters})")
            for team, table in shown.entrants
        ]
        self.fields["team"].choices = [("", "Choose an entrant"), *entrants]
        self.fields["to"].choices = [
            ("", "Choose where"),
            (
                "Tables",
                [(f"table:{table.number}", f"Table {table.number}") for table in shown.tables],
            ),
            ("out", "Sit this round out"),
            (
                "Swap places with",
                [(f"team:{pk}", label) for pk, label in entrants],
            ),
        ]


def _where(table) -> str:
    return f"Table {table.number}" if table is not None else "Sitting out"


class CloseForm(forms.Form):
    version = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)
    confirm = forms.BooleanField(
        error_messages={"required": "Confirm that the round's time is up to close the table."}
    )


def _form_error(form: forms.Form) -> str:
    """Return a form's first error as one sentence for the page's message."""
    field, errors = next(iter(form.errors.items()))
    if field in ("team", "to", "seed"):
        return f"{form.fields[field].label}: {errors[0]}"
    if field == "number":
        return "That form was not filled in properly; reload the page and try again."
    return errors[0]


def _link_sheets(slug: str, tables) -> None:
    """Give each table the link to its score sheet."""
    for table in tables:
        table.link = reverse("scoring:sheet", args=[slug, table.pk])


# Pages ---------------------------------------------------------------------------------------


def _rounds_context(event, *, number=None, seat_form=None, move_form=None, notice=None):
    overview = selectors.rounds_overview(event, number=number)
    if overview is None:
        raise Http404("No such round.")
    shown = overview.shown
    if shown is not None:
        _link_sheets(event.tournament.slug, shown.tables)
    return {
        "clock": selectors.round_clock(event, shown) if shown is not None else None,
        "timed": event.game.clock_minutes(event.options) is not None,
        "playing": selectors.still_playing(shown.tables) if shown is not None else [],
        "tournament": event.tournament,
        "event": event,
        "overview": overview,
        "shown": overview.shown,
        "seat_form": seat_form or SeatForm(initial={"number": overview.next_number}),
        "move_form": move_form or MoveForm(shown=overview.shown),
        "notice": notice,
    }


def _render_rounds(request, event, *, status=200, **kwargs):
    template = "tournaments/round.html#main" if request.htmx else "tournaments/round.html"
    return render(request, template, _rounds_context(event, **kwargs), status=status)


def _done(request, event, text: str, *, warning: str = ""):
    """Answer an action that worked: the refreshed partial (htmx) or a redirect."""
    if request.htmx:
        notice = ("success", f"{text} {warning}".strip())
        return _render_rounds(request, event, notice=notice)
    messages.success(request, text)
    if warning:
        messages.warning(request, warning)
    return redirect("desk:rounds", event.tournament.slug, event.pk)


def _refused(request, event, text: str, **forms_):
    """Answer a refused action: the page (or partial) with the reason, nothing changed."""
    if request.htmx:
        return _render_rounds(request, event, status=422, notice=("error", text), **forms_)
    messages.error(request, text)
    return _render_rounds(request, event, status=422, **forms_)


# The rounds pages change under htmx: never cached, so the browser's Back button reloads
# them rather than showing the page as first loaded (a stale "Seat round 1" would seat the
# round afresh, undoing the official's moves).
@official_required
@require_GET
@never_cache
def rounds(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """The rounds page: the latest round's tables and sit-outs, and the next step."""
    event = _get_event_for_official(tournament, pk)
    return _render_rounds(request, event)


@official_required
@require_GET
@never_cache
def round_detail(request: HttpRequest, tournament: Tournament, pk: int, number: int):
    """An earlier round's tables, with links to their score sheets for corrections."""
    event = _get_event_for_official(tournament, pk)
    return _render_rounds(request, event, number=number)


@official_required
@require_POST
def round_seat(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Seat the next round, or seat again the round shown but not started."""
    event = _get_event_for_official(tournament, pk)
    form = SeatForm(request.POST)
    if not form.is_valid():
        return _refused(request, event, _form_error(form), seat_form=form)
    with refusal() as refused:  # the rounds page's notice says why
        seated = services.seat_round(
            event=event,
            by=request.user,
            seed=form.cleaned_data["seed"],
            number=form.cleaned_data["number"],
            again=form.cleaned_data["again"],
        )
    if refused:
        return _refused(request, event, refused.message, seat_form=form)
    round_ = seated.round
    text = (
        f"Round {round_.number} seated (seating number {round_.seed}). Check the tables, "
        f"move entrants if needed, then start round {round_.number}."
    )
    warning = ""
    if seated.repeats:
        warning = (
            f"{seated.repeats} pair{'s' if seated.repeats != 1 else ''} at the same table "
            f"{'have' if seated.repeats != 1 else 'has'} met before: no seating without "
            "them was found."
        )
    return _done(request, event, text, warning=warning)


@official_required
@require_POST
def round_start(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Open the seated round's tables for scores; the public pages show it from now on."""
    event = _get_event_for_official(tournament, pk)
    form = StartForm(request.POST)
    if not form.is_valid():
        return _refused(request, event, "That form was not filled in properly; try again.")
    round_ = _get_round_for_official(event, form.cleaned_data["number"])
    with refusal() as refused:  # the rounds page's notice says why
        services.start_round(round=round_, by=request.user)
    if refused:
        return _refused(request, event, refused.message)
    return _done(request, event, f"Round {round_.number} started: the tables can enter hands.")


@official_required
@require_POST
def event_finish(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Finish a rounds event (its standings are final), or reopen it to play on."""
    event = _get_event_for_official(tournament, pk)
    reopen = request.POST.get("action") == "reopen"
    with refusal() as refused:  # the rounds page's notice says why
        if reopen:
            services.reopen_event(event=event, by=request.user)
        else:
            services.finish_event(event=event, by=request.user)
    if refused:
        return _refused(request, event, refused.message)
    event.refresh_from_db()
    if reopen:
        return _done(request, event, f"{event.name} is open again: seat the next round.")
    return _done(request, event, f"{event.name} is finished: the standings are final.")


@official_required
@require_POST
def round_move(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Swap two entrants, or move one to another table or out of the round."""
    event = _get_event_for_official(tournament, pk)
    number = StartForm(request.POST)
    if not number.is_valid():
        return _refused(request, event, "That form was not filled in properly; try again.")
    round_ = _get_round_for_official(event, number.cleaned_data["number"])
    shown = selectors.round_view(round_, selectors.event_teams(event))
    form = MoveForm(request.POST, shown=shown)
    if not form.is_valid():
        return _refused(request, event, _form_error(form), move_form=form)
    team = event.teams.get(pk=form.cleaned_data["team"])
    with refusal() as refused:  # the rounds page's notice says why
        services.move_entrant(round=round_, by=request.user, team=team, to=form.cleaned_data["to"])
    if refused:
        return _refused(request, event, refused.message, move_form=form)
    label = next(t.label for t, _ in shown.entrants if t.pk == team.pk)
    return _done(request, event, f"Moved {label}. The tables below show where everyone sits now.")


@official_required
@require_POST
def table_close(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Close a table's game when the round's time is up: the highest total wins."""
    game = _get_table_for_official(tournament, pk)
    event = game.event
    form = CloseForm(request.POST)
    if not form.is_valid():
        return _refused(request, event, _form_error(form))
    with refusal() as refused:  # the rounds page's notice says why
        services.close_at_time(game=game, by=request.user, version=form.cleaned_data["version"])
    if refused:
        return _refused(request, event, refused.message)
    view = selectors.round_view(game.round, selectors.event_teams(event))
    table = next(table for table in view.tables if table.pk == game.pk)
    return _done(request, event, f"Table {table.number} closed at time: {table.result}.")


@official_required
@require_GET
def round_print(request: HttpRequest, tournament: Tournament, pk: int, number: int):
    """The printable table list of a round: one line per table, forty tables to a page."""
    event = _get_event_for_official(tournament, pk)
    round_ = _get_round_for_official(event, number)
    shown = selectors.round_view(round_, selectors.event_teams(event))
    return render(
        request,
        "tournaments/round_print.html",
        {"tournament": tournament, "event": event, "shown": shown},
    )


@official_required
@require_GET
def standings(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """The standings as the official sees them: each side links to its games."""
    event = _get_event_for_official(tournament, pk)
    return render(
        request,
        "tournaments/standings.html",
        {
            "tournament": tournament,
            "event": event,
            "standings": selectors.standings(event, with_rounds=True),
        },
    )


@official_required
@require_GET
def side_games(request: HttpRequest, tournament: Tournament, pk: int, team_pk: int):
    """One side's tables round by round, with the scores and links to the score sheets."""
    event = _get_event_for_official(tournament, pk)
    games = selectors.side_games(event, team_pk)
    if games is None:
        raise Http404("No such side in this event.")
    tables = [line.table for line in games.rounds if line.table is not None]
    _link_sheets(tournament.slug, tables)
    return render(
        request,
        "tournaments/standings_side.html",
        {"tournament": tournament, "event": event, "games": games},
    )
