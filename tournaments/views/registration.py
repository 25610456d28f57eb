"""Official pages for registration: tournaments, events, chapters, players, rosters."""

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from .. import background, selectors, services
from ..errors import RulesError
from ..forms import (
    BulkEntryForm,
    ChapterForm,
    EntryFilterForm,
    EventForm,
    HouseRulesForm,
    MergeChaptersForm,
    PlayerForm,
    RosterForm,
    TournamentEditForm,
    TournamentForm,
    YesNoForm,
)
from ..models import Chapter, Event, Player, RosterUpload, Tournament
from ..names import clean_name
from ..permissions import official_required
from ..services import house_rules
from ..services.registration import AlreadyImported
from ..tasks import check_roster_upload


def _posted(request: HttpRequest):
    """Return the POST data to bind a form to (even when empty), or None on GET."""
    return request.POST if request.method == "POST" else None


def _get_player_for_official(tournament: Tournament, pk: int) -> Player:
    return get_object_or_404(Player.objects.select_related("chapter"), tournament=tournament, pk=pk)


def _get_chapter_for_official(tournament: Tournament, pk: int) -> Chapter:
    return get_object_or_404(Chapter, tournament=tournament, pk=pk)


@login_required
def official_home(request: HttpRequest) -> HttpResponse:
    tournaments = (
        Tournament.objects.all()
        if request.user.is_superuser
        else (request.user.officiated_tournaments.all())
    )
    tournaments = tournaments.annotate(player_count=Count("players", distinct=True))
    return render(request, "tournaments/official_home.html", {"tournaments": tournaments})


@login_required
@require_http_methods(["GET", "POST"])
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(_posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create_tournament(by=request.user, **form.cleaned_data)
        except RulesError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"{tournament.name} is ready. Add its events next.")
            return redirect("desk:dashboard", tournament.slug)
    return render(request, "tournaments/tournament_form.html", {"form": form})


@official_required
def dashboard(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return render(
        request,
        "tournaments/dashboard.html",
        {
            "tournament": tournament,
            "counts": selectors.tournament_counts(tournament),
            "events": selectors.events_with_counts(tournament),
            "activity": tournament.activity.select_related("user")[:15],
        },
    )


@official_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    initial = {
        "name": tournament.name,
        "starts_on": tournament.starts_on,
        "ends_on": tournament.ends_on,
        "venue": tournament.venue,
    }
    form = TournamentEditForm(_posted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_tournament(tournament=tournament, by=request.user, **form.cleaned_data)
        except RulesError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, "Tournament details saved.")
            return redirect("desk:dashboard", tournament.slug)
    return render(
        request, "tournaments/tournament_form.html", {"form": form, "tournament": tournament}
    )


@official_required
@require_http_methods(["GET", "POST"])
def event_create(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = EventForm(_posted(request), tournament=tournament)
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
        try:
            event = services.create_event(
                tournament=tournament,
                by=request.user,
                name=data["name"],
                game_key=data["game_key"],
                format=data["format"],
                team_size=data["team_size"],
                options=form.options(),
                fed_by=data["fed_by"],
            )
        except RulesError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"Event {event.name} created.")
            return redirect("desk:dashboard", tournament.slug)
    return render(request, "tournaments/event_form.html", {"tournament": tournament, "form": form})


def _get_event_for_official(tournament: Tournament, pk: int) -> Event:
    return get_object_or_404(
        Event.objects.select_related("tournament"), tournament=tournament, pk=pk
    )


@official_required
@require_http_methods(["GET", "POST"])
def event_rules(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Change an event's house rules: its game's options; confirmed once play has started."""
    event = _get_event_for_official(tournament, pk)
    form = HouseRulesForm(_posted(request), event=event)
    started = house_rules.play_started(event)
    if request.method == "POST" and form.is_valid():
        try:
            changes = house_rules.update_event_options(
                event=event, by=request.user, options=form.options(), confirmed=form.confirmed
            )
        except house_rules.ConfirmRulesChange as exc:
            form.add_error("confirm", f"{exc} Tick the box to change the rules anyway.")
        except RulesError as exc:
            form.add_error(None, str(exc))
        else:
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
            "closed": services.registration.entries_closed_reason(event),
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
    event = _get_event_for_official(tournament, pk)
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
    except services.registration.EntriesRefused as exc:
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


@official_required
@require_http_methods(["GET", "POST"])
def chapters(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = ChapterForm(_posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            services.add_chapter(tournament=tournament, by=request.user, **form.cleaned_data)
        except RulesError as exc:
            form.add_error("name", str(exc))
        else:
            messages.success(request, f"Chapter {form.cleaned_data['name']} added.")
            return redirect("desk:chapters", tournament.slug)
    return _render_chapters(request, tournament, form=form)


def _render_chapters(request, tournament, *, form=None, merge_form=None, status=200):
    rows = tournament.chapters.annotate(player_count=Count("players")).order_by("name")
    return render(
        request,
        "tournaments/chapters.html",
        {
            "tournament": tournament,
            "chapters": rows,
            "form": form or ChapterForm(),
            "merge_form": merge_form or MergeChaptersForm(tournament=tournament),
        },
        status=status,
    )


@official_required
@require_POST
def chapter_rename(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    chapter = _get_chapter_for_official(tournament, pk)
    form = ChapterForm(request.POST)
    if form.is_valid():
        try:
            services.rename_chapter(
                chapter=chapter,
                by=request.user,
                name=form.cleaned_data["name"],
                code=form.cleaned_data["code"],
            )
        except RulesError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, f"Chapter renamed to {chapter.name}.")
    else:
        messages.error(request, "Type the chapter's new name.")
    return redirect("desk:chapters", tournament.slug)


@official_required
@require_POST
def chapter_merge(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = MergeChaptersForm(request.POST, tournament=tournament)
    if form.is_valid():
        try:
            services.merge_chapters(by=request.user, **form.cleaned_data)
        except RulesError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"Merged into {form.cleaned_data['target'].name}.")
            return redirect("desk:chapters", tournament.slug)
    return _render_chapters(request, tournament, merge_form=form, status=422)


@official_required
@require_http_methods(["GET", "POST"])
def players(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The registration desk: quick entry form on top, the list below."""
    form = PlayerForm(_posted(request), tournament=tournament)
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


def _players_context(tournament, *, form, search="", added=None, warning="", page=1):
    players = selectors.players_with_entries(tournament, search=search)
    if added is not None:
        # Show the page the new player landed on (the list is in name order).
        before = players.filter(
            Q(name__lt=added.name) | Q(name=added.name, pk__lt=added.pk)
        ).count()
        page = before // PLAYERS_PER_PAGE + 1
    page_obj = Paginator(players, PLAYERS_PER_PAGE).get_page(page)
    return {
        "tournament": tournament,
        "form": form,
        "page": page_obj,
        "players": page_obj.object_list,
        "chapter_names": tournament.chapters.values_list("name", flat=True),
        "search": search,
        "added": added,
        "warning": warning,
    }


def _add_player(request, tournament, form):
    added, warning = None, ""
    if form.is_valid():
        name = form.cleaned_data["name"]
        twins = services.registration.duplicate_names(tournament, name)
        try:
            added = services.add_player(
                tournament=tournament,
                by=request.user,
                name=name,
                chapter_name=form.cleaned_data["chapter"],
                events=form.cleaned_data["events"],
            )
        except RulesError as exc:
            form.add_error("name", str(exc))
        else:
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
    form = PlayerForm(_posted(request), initial=initial, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_player(
                player=player,
                by=request.user,
                name=form.cleaned_data["name"],
                chapter_name=form.cleaned_data["chapter"],
                events=form.cleaned_data["events"],
            )
        except RulesError as exc:
            form.add_error(None, str(exc))
        else:
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
    try:
        services.set_checked_in(player=player, by=request.user, checked_in=form.value)
    except RulesError as exc:
        return _player_row(request, tournament, player, error=str(exc), status=422)
    return _player_row(request, tournament, player)


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
    try:
        if not sure and services.preview_withdrawal(player=player, by=request.user).gives_games:
            if request.htmx:
                return HttpResponseClientRedirect(confirm_url)
            return redirect(confirm_url)
        done = services.withdraw_player(player=player, by=request.user)
    except RulesError as exc:
        return _player_row(request, tournament, player, error=str(exc), status=422)
    if sure:
        messages.success(request, " ".join([f"{player.name} is withdrawn.", *done.lines]))
        return redirect("desk:players", tournament.slug)
    return _player_row(request, tournament, player)


def _upload_id(value) -> int | None:
    """Return an upload's id as typed in a form or address, or None for anything else."""
    value = str(value or "").strip()
    return int(value) if value.isascii() and value.isdigit() and len(value) < 18 else None


def _get_upload_for_official(tournament: Tournament, value) -> RosterUpload | None:
    upload_id = _upload_id(value)
    if upload_id is None:
        return None
    return tournament.uploads.filter(pk=upload_id).first()


def _upload_url(tournament: Tournament, upload: RosterUpload) -> str:
    return f"{reverse('desk:roster_import', args=[tournament.slug])}?upload={upload.pk}"


GONE = "That file is no longer here (files are kept for a while only). Upload it again."


@official_required
@require_http_methods(["GET", "POST"])
def roster_import(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Upload a roster and see it checked; nothing is saved until the official confirms.

    The file is checked by a background task (`tournaments.tasks`); the page shows the
    check when it is done, polling while it runs. A worker that cannot be reached, or
    never answers, gives a message and a retry button.
    """
    if request.method == "POST" and "retry" in request.POST:
        return _retry_upload(request, tournament)
    form = RosterForm(_posted(request), request.FILES or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        file = form.cleaned_data["file"]
        upload = services.registration.upload_roster(
            tournament=tournament,
            by=request.user,
            filename=file.name,
            data=file.read(),
            events=form.cleaned_data["events"],
        )
        background.start(upload, check_roster_upload)
        return redirect(_upload_url(tournament, upload))
    upload = None
    if request.method == "GET" and "upload" in request.GET:
        upload = _get_upload_for_official(tournament, request.GET["upload"])
        if upload is None:
            messages.error(request, GONE)
            return redirect("desk:roster_import", tournament.slug)
        background.fail_stuck(tournament.uploads.filter(pk=upload.pk))
        upload.refresh_from_db()
    context = {
        "tournament": tournament,
        "form": form,
        "upload": upload,
        "events": services.registration.upload_events(upload) if upload else [],
    }
    status = 422 if request.method == "POST" else 200
    if request.htmx and upload is not None:
        return render(request, "tournaments/roster_import.html#upload", context)
    return render(request, "tournaments/roster_import.html", context, status=status)


def _retry_upload(request, tournament):
    upload = _get_upload_for_official(tournament, request.POST.get("retry"))
    if upload is None:
        messages.error(request, GONE)
        return redirect("desk:roster_import", tournament.slug)
    if upload.is_failed and upload.data:
        background.start(upload, check_roster_upload)
    return redirect(_upload_url(tournament, upload))


@official_required
@require_POST
def roster_confirm(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    upload = _get_upload_for_official(tournament, request.POST.get("upload"))
    if upload is None:
        messages.error(request, GONE)
        return redirect("desk:roster_import", tournament.slug)
    try:
        count = services.registration.import_roster_upload(upload=upload, by=request.user)
    except AlreadyImported as exc:
        messages.info(request, f"{exc} Nobody was added twice.")
        return redirect("desk:players", tournament.slug)
    except RulesError as exc:
        # Something changed since the check: check again, so the page lists each line.
        services.registration.recheck_upload(upload)
        messages.error(request, f"Nothing was imported. {exc}")
        return redirect(_upload_url(tournament, upload))
    messages.success(request, f"Imported {count} players.")
    return redirect("desk:players", tournament.slug)
