"""Official score sheet: enter hands, correct them, see their history, print the sheet."""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from games.rules import RulesError
from tournaments.faults import not_saved_on_db_fault
from tournaments.models import Game, Tournament
from tournaments.permissions import official_required
from tournaments.views.refusals import place_refusal

from .. import history as hand_history
from .. import printing, selectors, services, table_printing
from ..blank_hand import BlankHand
from ..forms import DeleteForm, HandForm
from ..hand_preview import hand_preview
from ..history import HandWords, describe_change, describe_hand
from ..models import Hand
from ..services import hand_snapshot
from ..table_selectors import entry_words
from .game_access import get_game_for_official as _get_game_for_official
from .game_access import official_game_required


def _get_hand_for_official(game: Game, hand_pk: int) -> Hand | None:
    """Return the game's hand, or None when it has been deleted (404 for another game's)."""
    hand = Hand.objects.filter(game=game, pk=hand_pk).first()
    if hand is None and Hand.objects.filter(pk=hand_pk).exists():
        raise Http404("No such hand in this game.")
    return hand


def _hand_gone(request: HttpRequest, tournament: Tournament, game: Game) -> HttpResponse:
    """Send the official back to the sheet when the hand they meant has been deleted.

    A delete sent twice (a double tap) lands here the second time: it says so.
    """
    if hand_history.change_made(game, request.POST.get("key")):
        messages.success(request, "That was already saved; it has not been done twice.")
    else:
        messages.warning(request, "That hand is no longer on this sheet: someone deleted it.")
    return redirect("scoring:sheet", tournament.slug, game.pk)


def _fresh_game(game: Game) -> Game:
    return _get_game_for_official(game.event.tournament_id, game.pk)


def _games_to_void(exc) -> list[Game]:
    """Return the games a correction would void, read afresh (the error's copies are reset)."""
    pks = [g.pk for g in exc.games]
    return list(Game.objects.filter(pk__in=pks).select_related("event").order_by("pk"))


def _result_message(result: services.HandResult, sheet=None, *, done: str) -> str:
    if result.repeated:
        return "That was already saved; it has not been entered twice."
    parts = [done]
    if result.voided:
        count = len(result.voided)
        parts.append(f"{count} later game{'s were' if count != 1 else ' was'} voided.")
    if result.won or result.reopened:
        sheet = sheet or selectors.game_sheet(result.game)
    match = sheet.match if sheet is not None else None
    if result.won:
        parts.append(f"Match over: {match.headline}." if match else f"Game over: {sheet.outcome}.")
    elif match is not None:
        parts.append(f"{match.headline}.")  # "Game 2 of best of 3, Ann & Bob lead 1-0."
    if result.reopened:
        if sheet.target is not None:
            parts.append(f"The game is open again: no side has reached {sheet.target}.")
        else:
            parts.append("The game is open again: it has no result now.")
    return " ".join(parts)


def _sheet_context(tournament, sheet, form, *, hand=None, **extra):
    """Return what the sheet templates need; with `hand`, the form corrects that hand."""
    game = sheet.game
    context = {"tournament": tournament, "game": game, "sheet": sheet, "form": form, **extra}
    if sheet.waiting is not None:
        context["waiting_text"] = entry_words(sheet, sheet.waiting)
    if form is not None:
        form.set_focus()
        preview = reverse("scoring:preview", args=[tournament.slug, game.pk])
        if hand is None:
            context.update(
                action=reverse("scoring:sheet", args=[tournament.slug, game.pk]),
                preview_url=preview,
                heading=sheet.next_heading,
                submit_label=f"Save {sheet.next_heading.lower()}",
            )
        else:
            confirming = bool(extra.get("confirm_games"))
            context.update(
                action=reverse("scoring:hand_edit", args=[tournament.slug, game.pk, hand.pk]),
                preview_url=f"{preview}?hand={hand.pk}",
                heading=f"Correct hand {hand.number}",
                submit_label=(
                    "Yes, void them and save the correction"
                    if confirming
                    else "Save the correction"
                ),
                cancel_url=reverse("scoring:sheet", args=[tournament.slug, game.pk]),
            )
    if hand is not None:
        context["hand"] = hand
    return context


@official_game_required
@never_cache
@require_http_methods(["GET", "POST"])
def sheet(request: HttpRequest, tournament: Tournament, game: Game, sides) -> HttpResponse:
    """The score sheet: both sides, every hand, the running totals, the next hand's form."""
    if request.method == "POST":
        return _add_hand(request, tournament, game, sides)
    current = selectors.game_sheet(game, sides=sides)
    form = _blank_form(current)
    return render(request, "scoring/sheet.html", _sheet_context(tournament, current, form))


def _blank_form(sheet) -> BlankHand | None:
    """Return the next hand's form (built only if its HTML is not kept), or None when no
    hand can be added."""
    if not sheet.can_add:
        return None
    return BlankHand(game=sheet.game, sides=sheet.sides, version=sheet.game.version)


def _add_hand(request, tournament, game, sides):
    template = "scoring/sheet.html#sheet" if request.htmx else "scoring/sheet.html"
    try:
        form = HandForm(request.POST, game=game, sides=sides)
    except RulesError as exc:
        # The game cannot be played at this table: the sheet says why.
        current = selectors.game_sheet(game, sides=sides)
        context = _sheet_context(tournament, current, None, notice=("error", str(exc)))
        return render(request, template, context, status=422)
    status, notice = 422, None
    if form.is_valid():
        try:
            result = not_saved_on_db_fault(services.add_hand)(
                game=game, by=request.user, **form.submitted()
            )
        except services.StaleSheet as exc:
            current = selectors.game_sheet(_fresh_game(game))
            form = form.with_version(current.game.version) if current.can_add else None
            status, notice = 409, ("error", str(exc))
        except RulesError as exc:
            place_refusal(request, exc, form=form)
            current = selectors.game_sheet(game, sides=sides)
        else:
            game = result.game
            current = selectors.game_sheet(game, sides=sides, hands=result.hands)
            text = _result_message(result, current, done=f"Hand {result.hand.number} saved.")
            if not request.htmx:
                messages.success(request, text)
                return redirect("scoring:sheet", tournament.slug, game.pk)
            form = _blank_form(current)
            status, notice = 200, ("success", text)
    else:
        current = selectors.game_sheet(game, sides=sides)
    context = _sheet_context(tournament, current, form, notice=notice)
    return render(request, template, context, status=status)


@official_game_required
@require_POST
def preview(request: HttpRequest, tournament: Tournament, game: Game, sides) -> HttpResponse:
    """Show what the hand being typed scores, by the rules, and the totals after it."""
    current = selectors.game_sheet(game, sides=sides)
    context = {"sheet": current, "preview": None, "problem": current.problem}
    if current.table is not None:
        form = HandForm(request.POST, game=game, sides=current.sides)
        context["questions"] = form.questions()  # an answer given stays in the form
        if form.is_valid():
            replacing = request.GET.get("hand")
            hand_pk = int(replacing) if replacing and replacing.isdigit() else None
            try:
                found = services.preview_hand(
                    game=game, data=form.submitted()["data"], replacing=hand_pk
                )
            except RulesError as exc:
                context["problem"] = str(exc)
            else:
                context.update(
                    preview=hand_preview(current, found.scored, replacing=replacing),
                    decision=found.decision,
                    problem=found.refusal,
                    questions=form.questions(found.decision),
                )
        else:
            context["problem"] = form.first_problem()
    return render(request, "scoring/sheet.html#preview", context)


@official_required
@require_http_methods(["GET", "POST"])
def hand_edit(request: HttpRequest, tournament: Tournament, pk: int, hand_pk: int) -> HttpResponse:
    """Correct a hand; totals, winner and bracket follow. Asks before voiding later games."""
    game = _get_game_for_official(tournament, pk)
    hand = _get_hand_for_official(game, hand_pk)
    if hand is None:
        return _hand_gone(request, tournament, game)
    current = selectors.game_sheet(game)
    status, confirm_games, notice = 200, None, None
    if current.table is None:
        messages.error(request, current.problem)
        return redirect("scoring:sheet", tournament.slug, game.pk)
    if request.method == "POST":
        form = HandForm(request.POST, game=game, sides=current.sides)
        status = 422
        if form.is_valid():
            try:
                result = not_saved_on_db_fault(services.edit_hand)(
                    hand=hand,
                    by=request.user,
                    confirm=form.cleaned_data["confirm"],
                    **form.submitted(),
                )
            except services.ConfirmationNeeded as exc:
                confirm_games = _games_to_void(exc)
                form = form.with_confirm()
                status = 200
            except services.StaleSheet as exc:
                current = selectors.game_sheet(_fresh_game(game))
                hand = _get_hand_for_official(game, hand_pk)
                if hand is None:
                    return _hand_gone(request, tournament, game)
                form = HandForm.for_hand(
                    hand, game=current.game, sides=current.sides, version=current.game.version
                )
                status, notice = 409, ("error", str(exc))
            except RulesError as exc:
                place_refusal(request, exc, form=form)
            else:
                if result.unchanged:
                    messages.info(request, f"Nothing changed: hand {hand.number} is as it was.")
                else:
                    messages.success(
                        request, _result_message(result, done=f"Hand {hand.number} corrected.")
                    )
                return redirect("scoring:sheet", tournament.slug, game.pk)
    else:
        form = HandForm.for_hand(hand, game=game, sides=current.sides, version=game.version)
    context = _sheet_context(
        tournament, current, form, hand=hand, confirm_games=confirm_games, notice=notice
    )
    return render(request, "scoring/sheet_edit.html", context, status=status)


@official_required
@require_http_methods(["GET", "POST"])
def hand_delete(
    request: HttpRequest, tournament: Tournament, pk: int, hand_pk: int
) -> HttpResponse:
    """Delete a hand after the official confirms; later hands are numbered down."""
    game = _get_game_for_official(tournament, pk)
    hand = _get_hand_for_official(game, hand_pk)
    if hand is None:
        return _hand_gone(request, tournament, game)
    current = selectors.game_sheet(game)
    status, confirm_games, notice = 200, None, None
    form = DeleteForm(request.POST or None, version=game.version)
    if request.method == "POST":
        status = 422
        if form.is_valid():
            try:
                result = not_saved_on_db_fault(services.delete_hand)(
                    hand=hand,
                    by=request.user,
                    version=form.cleaned_data["version"],
                    key=form.cleaned_data["key"],
                    confirm=form.cleaned_data["confirm"],
                )
            except services.ConfirmationNeeded as exc:
                confirm_games = _games_to_void(exc)
                form = form.with_confirm()
                status = 200
            except services.StaleSheet as exc:
                current = selectors.game_sheet(_fresh_game(game))
                form = DeleteForm(version=current.game.version)
                status, notice = 409, ("error", str(exc))
            except RulesError as exc:
                place_refusal(request, exc, form=form)
            else:
                messages.success(
                    request, _result_message(result, done=f"Hand {hand.number} deleted.")
                )
                return redirect("scoring:sheet", tournament.slug, game.pk)
    context = _sheet_context(
        tournament,
        current,
        None,
        hand=hand,
        hand_text=describe_hand(hand_snapshot(hand), HandWords.of_sheet(current)),
        delete_form=form,
        confirm_games=confirm_games,
        notice=notice,
    )
    return render(request, "scoring/sheet_delete.html", context, status=status)


@official_required
def history(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Every change to the game's hands: who, when, before and after."""
    game = _get_game_for_official(tournament, pk)
    current = selectors.game_sheet(game)
    words = HandWords.of_sheet(current)
    changes = [describe_change(change, words) for change in hand_history.game_history(game)]
    entries = hand_history.table_entries(game)
    context = _sheet_context(tournament, current, None, changes=changes, entries=entries)
    if request.htmx:
        return render(request, "scoring/sheet_history.html#history", context)
    return render(request, "scoring/sheet_history.html", context)


@official_required
def sheet_print(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """A printable sheet: blank for the table (?blank=1), or filled in for the record."""
    game = _get_game_for_official(tournament, pk)
    current = selectors.game_sheet(game)
    blank = request.GET.get("blank") == "1"
    context = _sheet_context(
        tournament,
        current,
        None,
        blank=blank,
        printed=printing.printed_sheet(current, blank=blank),
        table_qr=table_printing.sheet_qr(request, tournament, game),
    )
    return render(request, "scoring/sheet_print.html", context)
