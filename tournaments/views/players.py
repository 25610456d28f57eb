"""Official pages for players: the registration desk, edit, check in, withdraw."""

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from .. import selectors, services
from ..check_in_form import BulkCheckInForm
from ..forms import PlayerForm, YesNoForm
from ..models import Player, Tournament
from ..names import clean_name
from ..permissions import official_required
from ..services.players import duplicate_names
from .common import posted
from .refusals import refusal


def _get_player_for_official(tournament: Tournament, pk: int) -> Player:
    return get_object_or_404(Player.objects.select_related("chapter"), tournament=tournament, pk=pk)


@official_required
@require_http_methods(["GET", "POST"])
def players(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The registration desk: quick entry form on top, the list below."""
    form = PlayerForm(posted(request), tournament=tournament)
    if request.method == "POST":
        return _add_player(request, tournament, form)
    search = clean_name(request.GET.get("q", ""))[:80]
    context = _players_context(
        tournament, form=form, search=search, page=request.GET.get("page", 1)
    )
    if request.htmx and request.GET.get("q") is not None:
        return render(request, "tournaments/players.html#player-list", context)
    return render(request, "tournaments/players.html", context)


PLAYERS_PER_PAGE = 100


def _players_context(tournament, *, form, search="", added=None, warning="", page=1, bulk=None):
    players = selectors.players_with_entries(tournament, search=search)
    if added is not None:
        # Show the page the new player landed on (the list is in name order).
        before = players.filter(
            Q(name__lt=added.name) | Q(name=added.name, pk__lt=added.pk)
        ).count()
        page = before // PLAYERS_PER_PAGE + 1
    page_obj = Paginator(players, PLAYERS_PER_PAGE).get_page(page)
    bulk = bulk or BulkCheckInForm(tournament=tournament)
    return {
        "tournament": tournament,
        "form": form,
        "page": page_obj,
        "players": page_obj.object_list,
        "chapter_names": bulk.chapter_names(),
        "search": search,
        "added": added,
        "warning": warning,
        "bulk": bulk,
    }


def _add_player(request, tournament, form):
    added, warning = None, ""
    if form.is_valid():
        name = form.cleaned_data["name"]
        twins = duplicate_names(tournament, name)
        with refusal(request, form=form, field="name") as refused:
            added = services.add_player(
                tournament=tournament,
                by=request.user,
                name=name,
                chapter_name=form.cleaned_data["chapter"],
                events=form.cleaned_data["events"],
            )
        if not refused:
            if twins:
                where = ", ".join(t.chapter_name for t in twins)
                warning = (
                    f"There is already a player called {added.name} ({where}). "
                    "If this is the same person, withdraw one of them."
                )
            # A fresh form for the next player, keeping the chapter and events chosen.
            form = PlayerForm(
                initial={
                    "chapter": form.cleaned_data["chapter"],
                    "events": form.cleaned_data["events"],
                },
                tournament=tournament,
            )
    status = 200 if added else 422
    context = _players_context(tournament, form=form, added=added, warning=warning)
    if request.htmx:
        html = render_to_string("tournaments/players.html#desk", context, request=request)
        if added:
            # The new player joins the list below without a page reload.
            html += render_to_string(
                "tournaments/players.html#player-list", {**context, "oob": True}, request=request
            )
        return HttpResponse(html, status=status)
    if added:
        messages.success(request, f"{added.name} registered.")
        if warning:
            messages.warning(request, warning)
        return redirect("desk:players", tournament.slug)
    return render(request, "tournaments/players.html", context, status=status)


@official_required
@require_http_methods(["GET", "POST"])
def player_edit(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    player = _get_player_for_official(tournament, pk)
    entered = list(player.entries.values_list("event_id", flat=True))
    initial = {
        "name": player.name,
        "chapter": player.chapter.name if player.chapter else "",
        "events": entered,
    }
    form = PlayerForm(posted(request), initial=initial, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        with refusal(request, form=form) as refused:
            services.update_player(
                player=player,
                by=request.user,
                name=form.cleaned_data["name"],
                chapter_name=form.cleaned_data["chapter"],
                events=form.cleaned_data["events"],
            )
        if not refused:
            messages.success(request, f"{player.name} saved.")
            return redirect("desk:players", tournament.slug)
    return render(
        request,
        "tournaments/player_form.html",
        {
            "tournament": tournament,
            "player": player,
            "form": form,
            "chapter_names": tournament.chapters.values_list("name", flat=True),
        },
    )


def _player_row(request, tournament, player, *, error="", status=200):
    player = selectors.players_with_entries(tournament).get(pk=player.pk)
    if request.htmx:
        return render(
            request,
            "tournaments/players.html#player-row",
            {"tournament": tournament, "player": player, "row_error": error},
            status=status,
        )
    if error:
        messages.error(request, error)
    return redirect("desk:players", tournament.slug)


@official_required
@require_POST
def player_check_in(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    player = _get_player_for_official(tournament, pk)
    form = YesNoForm(request.POST, field="checked_in")
    if not form.is_valid():
        return _player_row(request, tournament, player, error=form.error_text(), status=422)
    with refusal() as refused:  # the row says why
        services.set_checked_in(player=player, by=request.user, checked_in=form.value)
    return _player_row(request, tournament, player, error=refused.message, status=refused.status)


@official_required
@require_http_methods(["GET", "POST"])
def player_withdraw(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Withdraw or reinstate a player.

    A player with bracket games still to play is first shown what withdrawing does
    (GET: their games go to the other side by walkover) and confirms it once (``sure``).
    """
    player = _get_player_for_official(tournament, pk)
    confirm_url = reverse("desk:player_withdraw", args=[tournament.slug, player.pk])
    if request.method == "GET":
        if player.withdrawn:
            messages.info(request, f"{player.name} is withdrawn already.")
            return redirect("desk:players", tournament.slug)
        shown = services.preview_withdrawal(player=player, by=request.user)
        return render(
            request,
            "tournaments/player_withdraw.html",
            {"tournament": tournament, "player": player, "withdrawal": shown},
        )
    form = YesNoForm(request.POST, field="withdrawn")
    if not form.is_valid():
        return _player_row(request, tournament, player, error=form.error_text(), status=422)
    if not form.value or player.withdrawn:
        services.set_withdrawn(player=player, by=request.user, withdrawn=form.value)
        return _player_row(request, tournament, player)
    sure = request.POST.get("sure") == "1"
    with refusal() as refused:  # the row says why
        if not sure and services.preview_withdrawal(player=player, by=request.user).gives_games:
            if request.htmx:
                return HttpResponseClientRedirect(confirm_url)
            return redirect(confirm_url)
        done = services.withdraw_player(player=player, by=request.user)
    if refused:
        return _player_row(request, tournament, player, error=refused.message, status=422)
    if sure:
        messages.success(request, " ".join([f"{player.name} is withdrawn.", *done.lines]))
        return redirect("desk:players", tournament.slug)
    return _player_row(request, tournament, player)


def _names(players, limit=10) -> str:
    more = f" and {len(players) - limit} more" if len(players) > limit else ""
    return ", ".join(player.name for player in players[:limit]) + more


@official_required
@require_POST
def players_check_in(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Check in many players at once: those ticked on the list, or everyone of a chapter.

    Withdrawn players are not checked in, and named with why; the others are.
    """
    bulk = BulkCheckInForm(request.POST, tournament=tournament)
    if not bulk.is_valid():
        context = _players_context(tournament, form=PlayerForm(tournament=tournament), bulk=bulk)
        return render(request, "tournaments/players.html", context, status=422)
    if bulk.ticked:
        players, of, whose = list(bulk.cleaned_data["players"]), "", ""
    else:
        chapter = bulk.chosen_chapter()
        players = list(selectors.not_checked_in(tournament, chapter=chapter))
        of = getattr(chapter, "name", "no chapter")
        whose = f" of {chapter.name}" if hasattr(chapter, "name") else " without a chapter"
    done = services.check_in_players(tournament=tournament, by=request.user, players=players, of=of)
    count = len(done.checked_in)
    if count:
        messages.success(request, f"Checked in {count} player{'s' if count != 1 else ''}{whose}.")
    elif not done.refused and not done.already:
        messages.info(
            request, f"Nobody was checked in: no player{whose} is waiting to be checked in."
        )
    if done.already:
        messages.info(request, f"Checked in already, left as they were: {_names(done.already)}.")
    if done.refused:
        lines = "; ".join(f"{name} {why}" for name, why in done.refused[:10])
        more = f" (and {len(done.refused) - 10} more)" if len(done.refused) > 10 else ""
        messages.error(request, f"Not checked in: {lines}{more}")
    return redirect("desk:players", tournament.slug)
