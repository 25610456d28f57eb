"""Official pages for an event: its overview, the partner draw, the bracket and results.

Every view checks that the user officiates the tournament (`official_required`) and
reads objects through a `_get_<thing>_for_official` helper. Forms only parse; the
services decide, and their refusals (`RulesError`) come back as messages on the page.
"""

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from .. import naming, round_selectors, selectors, services
from ..errors import RulesError
from ..models import Event, Game, Player, Tournament
from ..permissions import official_required


def _get_event_for_official(tournament: Tournament, pk: int) -> Event:
    return get_object_or_404(
        Event.objects.select_related("fed_by", "tournament"), tournament=tournament, pk=pk
    )


def _get_game_for_official(tournament: Tournament, pk: int) -> Game:
    """Return a bracket game of the tournament (a table of a round has no one-click result)."""
    return get_object_or_404(
        Game.objects.select_related("event"),
        event__tournament=tournament,
        round__isnull=True,
        pk=pk,
    )


# Forms: parse only ---------------------------------------------------------------------------


class SeedForm(forms.Form):
    seed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=2**62,
        label="Draw number (leave empty for a new random draw)",
        help_text="Type an earlier draw number to repeat that draw exactly.",
    )


class SwapForm(forms.Form):
    player_a = forms.ModelChoiceField(queryset=Player.objects.none(), label="Swap")
    player_b = forms.ModelChoiceField(queryset=Player.objects.none(), label="with")

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        players = event.tournament.players.filter(entries__event=event).order_by("name")
        self.fields["player_a"].queryset = players
        self.fields["player_b"].queryset = players


class BracketForm(SeedForm):
    byes = forms.TypedMultipleChoiceField(
        required=False, coerce=int, label="Teams given a bye (leave all empty to draw them)"
    )

    def __init__(self, *args, teams=(), **kwargs):
        # Its own ids: the partner draw's form on the same page has a "seed" field too.
        kwargs.setdefault("auto_id", "id_bracket_%s")
        super().__init__(*args, **kwargs)
        self.fields["byes"].choices = [(team.pk, team.number_label) for team in teams]


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


class OddPartnerForm(forms.Form):
    player = forms.ModelChoiceField(
        queryset=Player.objects.none(), label="Player without a partner"
    )
    partner = forms.ModelChoiceField(
        queryset=Player.objects.none(), label="Their partner (a player who arrived late)"
    )

    def __init__(self, *args, event: Event, **kwargs):
        kwargs.setdefault("auto_id", "id_odd_%s")
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = services.odd_players(event)
        self.fields["partner"].queryset = (
            event.tournament.players.filter(withdrawn=False)
            .exclude(memberships__event=event)
            .select_related("chapter")
            .order_by("name")
        )
        for name in ("player", "partner"):
            self.fields[name].label_from_instance = lambda p: f"{p.name} ({p.chapter_name})"


class OddLeaveForm(forms.Form):
    player = forms.ModelChoiceField(
        queryset=Player.objects.none(), label="Player without a partner"
    )
    to_singles = forms.BooleanField(required=False)

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = services.odd_players(event)


class AddEntrantForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none(), label="Player to add")

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = selectors.players_to_add_to_singles(event)
        self.fields["player"].label_from_instance = lambda p: f"{p.name} ({p.chapter_name})"


# Pages ---------------------------------------------------------------------------------------


@official_required
@require_GET
def event_detail(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """The event page: where it stands, its placings, and the next step."""
    event = _get_event_for_official(tournament, pk)
    bracket = selectors.bracket_for_event(event)
    games = bracket.games + bracket.partner_games
    played = sum(1 for g in games if g.has_result)
    to_play = sum(1 for g in games if not g.is_decided)
    if event.format == Event.Format.ROUNDS:
        started = round_selectors.started_rounds(event)
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


def _draw_context(
    event, *, seed_form=None, swap_form=None, bracket_form=None, add_form=None, odd_form=None
):
    overview = selectors.draw_overview(event)
    teams = overview.entrants
    return {
        "odd_form": odd_form or OddPartnerForm(event=event),
        "feeds_singles": event.feeds.order_by("pk").first() if event.is_doubles else None,
        "tournament": event.tournament,
        "event": event,
        "overview": overview,
        "seed_form": seed_form or SeedForm(),
        "swap_form": swap_form or SwapForm(event=event),
        "bracket_form": bracket_form or BracketForm(teams=teams),
        "add_form": add_form or AddEntrantForm(event=event),
        "bye_teams": teams,
    }


def _render_draw(request, event, *, status=200, **forms_):
    return render(
        request, "tournaments/event_draw.html", _draw_context(event, **forms_), status=status
    )


@official_required
@require_GET
def event_draw(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """The draw page: teams and their flags, swaps, redraws, byes and the bracket draw."""
    event = _get_event_for_official(tournament, pk)
    return _render_draw(request, event)


@official_required
@require_POST
def partners_draw(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    event = _get_event_for_official(tournament, pk)
    form = SeedForm(request.POST)
    if not form.is_valid():
        return _render_draw(request, event, seed_form=form, status=422)
    try:
        drawn = services.draw_partners_for_event(
            event=event, by=request.user, seed=form.cleaned_data["seed"]
        )
    except RulesError as exc:
        messages.error(request, str(exc))
        return _render_draw(request, event, seed_form=form, status=422)
    messages.success(
        request, f"Partners drawn: {len(drawn.pairs)} teams. Draw number {drawn.seed}."
    )
    if drawn.same_chapter_pairs:
        count = len(drawn.same_chapter_pairs)
        messages.warning(
            request,
            f"{count} team{'s are' if count != 1 else ' is'} from one chapter: one chapter has "
            "more than half the players, so this is the fewest possible. Swap players by "
            "hand if the chapters agree, or leave them.",
        )
    if drawn.odd_player is not None:
        messages.warning(
            request,
            "One player is left without a partner (odd number of players). Check in "
            "another player or withdraw one, then draw again; or swap them into a team.",
        )
    return redirect("desk:event_draw", tournament.slug, event.pk)


@official_required
@require_POST
def partners_swap(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    event = _get_event_for_official(tournament, pk)
    form = SwapForm(request.POST, event=event)
    if not form.is_valid():
        return _render_draw(request, event, swap_form=form, status=422)
    a, b = form.cleaned_data["player_a"], form.cleaned_data["player_b"]
    try:
        changed = services.swap_players(event=event, by=request.user, player_a=a, player_b=b)
    except RulesError as exc:
        messages.error(request, str(exc))
        return _render_draw(request, event, swap_form=form, status=422)
    teams = [(team.number_label, [m.player.name for m in team.members]) for team in changed]
    messages.success(request, naming.swap_message(a.name, b.name, teams))
    for team in changed:
        if team.same_chapter:
            chapter = team.members[0].player.chapter_name
            messages.warning(
                request,
                f"{team.number_label} ({team.label}) are both from {chapter}. "
                "Swap again to undo it if that was not meant.",
            )
    return redirect("desk:event_draw", tournament.slug, event.pk)


@official_required
@require_POST
def bracket_draw(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    event = _get_event_for_official(tournament, pk)
    context = _draw_context(event)
    form = BracketForm(request.POST, teams=context["bye_teams"])
    if not form.is_valid():
        return _render_draw(request, event, bracket_form=form, status=422)
    try:
        services.draw_bracket(
            event=event,
            by=request.user,
            seed=form.cleaned_data["seed"],
            bye_team_ids=form.cleaned_data["byes"] or None,
        )
    except RulesError as exc:
        messages.error(request, str(exc))
        return _render_draw(request, event, bracket_form=form, status=422)
    event.refresh_from_db()
    messages.success(
        request, f"The {event.name} bracket is drawn. Draw number {event.bracket_seed}."
    )
    return redirect("desk:bracket", tournament.slug, event.pk)


@official_required
@require_POST
def odd_partner(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Team a player without a partner with a late arrival."""
    event = _get_event_for_official(tournament, pk)
    form = OddPartnerForm(request.POST, event=event)
    if not form.is_valid():
        return _render_draw(request, event, odd_form=form, status=422)
    player, partner = form.cleaned_data["player"], form.cleaned_data["partner"]
    try:
        team = services.partner_odd_player(
            event=event, by=request.user, player=player, partner=partner
        )
    except RulesError as exc:
        messages.error(request, str(exc))
        return _render_draw(request, event, odd_form=form, status=422)
    messages.success(
        request, f"{player.name} and {partner.name} are team {team.number} of {event.name}."
    )
    return redirect("desk:event_draw", tournament.slug, event.pk)


@official_required
@require_POST
def odd_leave(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Take a player without a partner out of the doubles, or send them straight to singles."""
    event = _get_event_for_official(tournament, pk)
    form = OddLeaveForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, "Choose a player who has no partner.")
        return _render_draw(request, event, status=422)
    player = form.cleaned_data["player"]
    try:
        team = services.leave_out_odd_player(
            event=event, by=request.user, player=player, to_singles=form.cleaned_data["to_singles"]
        )
    except RulesError as exc:
        messages.error(request, str(exc))
        return _render_draw(request, event, status=422)
    where = f" and goes straight into {team.event.name}" if team is not None else ""
    messages.success(request, f"{player.name} is out of {event.name}{where}.")
    return redirect("desk:event_draw", tournament.slug, event.pk)


@official_required
@require_POST
def singles_open(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    event = _get_event_for_official(tournament, pk)
    try:
        created = services.open_singles(event=event, by=request.user)
    except RulesError as exc:
        messages.error(request, str(exc))
        return _render_draw(request, event, status=422)
    if created:
        messages.success(request, f"{len(created)} partners' games added.")
    else:
        messages.success(request, "Every doubles result so far already has its partners' game.")
    return redirect("desk:event_draw", tournament.slug, event.pk)


@official_required
@require_POST
def singles_add(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    event = _get_event_for_official(tournament, pk)
    form = AddEntrantForm(request.POST, event=event)
    if not form.is_valid():
        return _render_draw(request, event, add_form=form, status=422)
    player = form.cleaned_data["player"]
    try:
        services.add_singles_entrant(event=event, by=request.user, player=player)
    except RulesError as exc:
        messages.error(request, str(exc))
        return _render_draw(request, event, add_form=form, status=422)
    messages.success(request, f"{player.name} added to {event.name}.")
    return redirect("desk:event_draw", tournament.slug, event.pk)


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
    event = _get_event_for_official(tournament, pk)
    return _render_bracket(request, event)


@official_required
@require_GET
def bracket_print(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """The printable bracket sheet: one page up to 32 teams, a page per block beyond."""
    event = _get_event_for_official(tournament, pk)
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
        messages.error(request, str(exc))
        return _render_bracket(request, event, status=422)
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
    try:
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
    except RulesError as exc:
        return _after_result(request, game.event, game, exc, form_data=data, action=action)
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
        before = services.Before(game.winner_seat, game.walkover, game.walkover_reason)
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
    try:
        services.undo_result(
            game=game, by=request.user, version=form.cleaned_data["version"], before=before
        )
    except RulesError as exc:
        request.session.pop(UNDO_KEY, None)
        return _after_result(request, game.event, game, exc)
    request.session.pop(UNDO_KEY, None)
    messages.success(request, "Undone: the game is back as it was.")
    return _after_result(request, game.event, game)
