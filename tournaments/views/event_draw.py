"""Official draw page of an event: the partner draw, swaps, the odd player, the bracket
draw, and the singles fed by doubles (opening it, adding an entrant).

Every view checks that the user officiates the tournament (`official_required`). Forms
only parse; the services decide, and their refusals (`RulesError`) come back as messages
on the draw page (status 422, nothing changed). The bracket and its results are in
`events.py`.
"""

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from .. import naming, selectors, services
from ..models import Event, Player, Tournament
from ..permissions import official_required
from .common import WITH_FEEDER, get_event_for_official
from .refusals import refusal

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
        self.fields["player"].queryset = selectors.odd_players(event)
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
        self.fields["player"].queryset = selectors.odd_players(event)


class AddEntrantForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none(), label="Player to add")

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = selectors.players_to_add_to_singles(event)
        self.fields["player"].label_from_instance = lambda p: f"{p.name} ({p.chapter_name})"


# Pages ---------------------------------------------------------------------------------------


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
    event = get_event_for_official(tournament, pk, related=WITH_FEEDER)
    return _render_draw(request, event)


@official_required
@require_POST
def partners_draw(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    event = get_event_for_official(tournament, pk, related=WITH_FEEDER)
    form = SeedForm(request.POST)
    if not form.is_valid():
        return _render_draw(request, event, seed_form=form, status=422)
    with refusal(request, form=form) as refused:
        drawn = services.draw_partners_for_event(
            event=event, by=request.user, seed=form.cleaned_data["seed"]
        )
    if refused:
        return _render_draw(request, event, seed_form=form, status=refused.status)
    messages.success(
        request, f"Partners drawn: {len(drawn.pairs)} teams. Draw number {drawn.seed}."
    )
    if drawn.same_chapter_pairs:
        count = len(drawn.same_chapter_pairs)
        messages.warning(request, naming.same_chapter_teams(count, count))
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
    event = get_event_for_official(tournament, pk, related=WITH_FEEDER)
    form = SwapForm(request.POST, event=event)
    if not form.is_valid():
        return _render_draw(request, event, swap_form=form, status=422)
    a, b = form.cleaned_data["player_a"], form.cleaned_data["player_b"]
    with refusal(request, form=form) as refused:
        changed = services.swap_players(event=event, by=request.user, player_a=a, player_b=b)
    if refused:
        return _render_draw(request, event, swap_form=form, status=refused.status)
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
    event = get_event_for_official(tournament, pk, related=WITH_FEEDER)
    context = _draw_context(event)
    form = BracketForm(request.POST, teams=context["bye_teams"])
    if not form.is_valid():
        return _render_draw(request, event, bracket_form=form, status=422)
    with refusal(request, form=form) as refused:
        services.draw_bracket(
            event=event,
            by=request.user,
            seed=form.cleaned_data["seed"],
            bye_team_ids=form.cleaned_data["byes"] or None,
        )
    if refused:
        return _render_draw(request, event, bracket_form=form, status=refused.status)
    event.refresh_from_db()
    messages.success(
        request, f"The {event.name} bracket is drawn. Draw number {event.bracket_seed}."
    )
    return redirect("desk:bracket", tournament.slug, event.pk)


@official_required
@require_POST
def odd_partner(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Team a player without a partner with a late arrival."""
    event = get_event_for_official(tournament, pk, related=WITH_FEEDER)
    form = OddPartnerForm(request.POST, event=event)
    if not form.is_valid():
        return _render_draw(request, event, odd_form=form, status=422)
    player, partner = form.cleaned_data["player"], form.cleaned_data["partner"]
    with refusal(request, form=form) as refused:
        team = services.partner_odd_player(
            event=event, by=request.user, player=player, partner=partner
        )
    if refused:
        return _render_draw(request, event, odd_form=form, status=refused.status)
    messages.success(
        request, f"{player.name} and {partner.name} are team {team.number} of {event.name}."
    )
    return redirect("desk:event_draw", tournament.slug, event.pk)


@official_required
@require_POST
def odd_leave(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Take a player without a partner out of the doubles, or send them straight to singles."""
    event = get_event_for_official(tournament, pk, related=WITH_FEEDER)
    form = OddLeaveForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, "Choose a player who has no partner.")
        return _render_draw(request, event, status=422)
    player = form.cleaned_data["player"]
    with refusal(request) as refused:
        team = services.leave_out_odd_player(
            event=event, by=request.user, player=player, to_singles=form.cleaned_data["to_singles"]
        )
    if refused:
        return _render_draw(request, event, status=refused.status)
    where = f" and goes straight into {team.event.name}" if team is not None else ""
    messages.success(request, f"{player.name} is out of {event.name}{where}.")
    return redirect("desk:event_draw", tournament.slug, event.pk)


@official_required
@require_POST
def singles_open(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    event = get_event_for_official(tournament, pk, related=WITH_FEEDER)
    with refusal(request) as refused:
        created = services.open_singles(event=event, by=request.user)
    if refused:
        return _render_draw(request, event, status=refused.status)
    if created:
        messages.success(request, f"{len(created)} partners' games added.")
    else:
        messages.success(request, "Every doubles result so far already has its partners' game.")
    return redirect("desk:event_draw", tournament.slug, event.pk)


@official_required
@require_POST
def singles_add(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    event = get_event_for_official(tournament, pk, related=WITH_FEEDER)
    form = AddEntrantForm(request.POST, event=event)
    if not form.is_valid():
        return _render_draw(request, event, add_form=form, status=422)
    player = form.cleaned_data["player"]
    with refusal(request, form=form) as refused:
        services.add_singles_entrant(event=event, by=request.user, player=player)
    if refused:
        return _render_draw(request, event, add_form=form, status=refused.status)
    messages.success(request, f"{player.name} added to {event.name}.")
    return redirect("desk:event_draw", tournament.slug, event.pk)
