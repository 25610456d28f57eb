"""The table's own pages, on the players' phones: enter a hand, confirm or dispute one.

Public: the table's code (the link's secret, in its QR code) is all a phone needs, and it
opens that one game's entry, nothing else. Wrong codes are counted per address
(`table_throttle`). Every step goes through `scoring.services.table`, which checks it as
the desk's own hands are checked; the page is never cached.
"""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from games.rules import RulesError
from tournaments.faults import not_saved_on_db_fault
from tournaments.models import Tournament

from .. import selectors, table_throttle
from ..blank_hand import BlankHand
from ..forms import HandForm
from ..hand_preview import hand_preview
from ..models import TableLink
from ..services import preview_hand
from ..services import table as table_services
from ..services.table import sitters_of
from ..services.table_links import TableRefused
from ..table_forms import AnswerForm, TableHandForm
from ..table_selectors import TableView, find_link, find_link_with_sides, left_by_step, table_view

TOO_MANY = (
    "Too many wrong table codes were typed on this phone's network: wait ten minutes, or "
    "ask the desk for your table's card."
)
NO_SUCH_CODE = (
    "No table of this tournament has that code. Check it on your table's card (it has "
    "eight letters and digits), or ask the desk."
)
POLL_SECONDS = 10


def _refused(request, tournament, text: str, status: int) -> HttpResponse:
    context = {"tournament": tournament, "problem": text}
    return render(request, "scoring/table_code.html", context, status=status)


def _link_or_refusal(request: HttpRequest, slug: str, code: str, *, sides: bool = True):
    """Return (the code's link, its game's sides, None), or (None, None, a page saying
    why not).

    The link is read with its game, event and tournament, and (unless ``sides`` is
    False: None for them) its game's sides (`game_sides`), in one round trip; the
    tournament is read apart only for a refusal (an unknown address is a 404 before
    anything else).
    """
    if table_throttle.blocked(request):
        tournament = get_object_or_404(Tournament, slug=slug)
        return None, None, _refused(request, tournament, TOO_MANY, 429)
    link, seated = find_link_with_sides(slug, code) if sides else (find_link(slug, code), None)
    if link is None:
        tournament = get_object_or_404(Tournament, slug=slug)
        table_throttle.missed(request)
        return None, None, _refused(request, tournament, NO_SUCH_CODE, 404)
    return link, seated, None


@never_cache
@require_GET
def table_code(request: HttpRequest, slug: str) -> HttpResponse:
    """Enter your table code: it opens the table's page (a GET: the form is on cached pages)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if "code" not in request.GET:
        return render(request, "scoring/table_code.html", {"tournament": tournament})
    typed = request.GET["code"]
    if not typed.strip():
        return _refused(request, tournament, "Type the code on your table's card.", 422)
    link, _, refused = _link_or_refusal(request, slug, typed, sides=False)
    if refused is not None:
        return refused
    return redirect("scoring_public:table", slug, link.code)


def _page(request, view: TableView, *, form=None, answer=None, notice=None, status=200):
    tournament = view.game.event.tournament
    game = view.game
    args = [tournament.slug, view.link.code]
    url = reverse("scoring_public:table", args=args)
    if form is None and view.can_enter:
        # Built only if its HTML is not kept (`BlankHand`).
        form = BlankHand(TableHandForm, game=game, sides=view.sheet.sides, version=game.version)
    if not view.can_enter:
        form = None
    if answer is None and view.waiting is not None and view.waiting.status == "waiting":
        answer = AnswerForm(
            opponents=view.opponents,
            initial={"entry": view.waiting.pk, "revision": view.waiting.revision},
        )
    if form is not None:
        form.set_focus()
    context = {
        "tournament": tournament,
        "game": game,
        "sheet": view.sheet,
        "view": view,
        "form": form,
        "answer": answer,
        "notice": notice,
        "page_url": url,
        "action": url,
        "preview_url": reverse("scoring_public:table_preview", args=args),
        "answer_url": reverse("scoring_public:table_answer", args=args),
        "heading": f"Enter {view.sheet.next_heading.lower()}",
        "submit_label": f"Save {view.sheet.next_heading.lower()}",
        "poll_seconds": POLL_SECONDS,
    }
    template = "scoring/table.html#table" if request.htmx else "scoring/table.html"
    return render(request, template, context, status=status)


def _fresh(link: TableLink, sides=None, result=None) -> TableView:
    """Return the table's page after a step changed the game. After a step that went
    through: the link read at the start of this request, its game as the step left it
    (under the game's lock), the step's entry as the table's last, its hands as the step
    read them under that lock, and the sides this request read (a step changes the hands,
    not who plays). A refusal, or a step sent twice, reads everything again."""
    if result is None or result.game is None:
        fresh = find_link(link.game.event.tournament.slug, link.code)
        return table_view(fresh, sides=sides)
    view_link = left_by_step(link, result.game)
    return table_view(view_link, sides=sides, latest=result.entry, hands=result.hands)


def _done(request, view_link, text: str, *, level=messages.SUCCESS, sides=None, result=None):
    """After a step: the page again (htmx: its part, with the message; else a redirect)."""
    if request.htmx:
        view = _fresh(view_link, sides, result)
        return _page(request, view, notice=(_level_word(level), text))
    messages.add_message(request, level, text)
    tournament = view_link.game.event.tournament
    return redirect("scoring_public:table", tournament.slug, view_link.code)


def _level_word(level) -> str:
    return {messages.SUCCESS: "success", messages.WARNING: "error"}.get(level, "info")


@never_cache
@require_http_methods(["GET", "POST"])
def table_page(request: HttpRequest, slug: str, code: str) -> HttpResponse:
    """The table's page: who sits where, the hands so far, the next hand's form."""
    # The phone's quiet poll is answered from the game's version: no sides read for it.
    polled = request.method == "GET" and "since" in request.GET
    link, sides, refused = _link_or_refusal(request, slug, code, sides=not polled)
    if refused is not None:
        return refused
    if polled:
        return _watch(request, link, request.GET["since"])
    if request.method == "GET":
        return _page(request, table_view(link, sides=sides))
    return _enter(request, link, sides)


def _watch(request, link, since: str) -> HttpResponse:
    """Answer a phone's quiet poll: nothing (204) while the game is as it was shown.

    The link was read with its game in this request: an unchanged game is answered from
    its version alone, before the table's page is built.
    """
    if since == str(link.game.version):
        return HttpResponse(status=204)
    return render(request, "scoring/table.html#changed", {"view": table_view(link)}, status=200)


def _enter(request, link, sides) -> HttpResponse:
    game = link.game
    # The form needs the sides alone; the whole page is read only when it is shown again.
    try:
        form = TableHandForm(request.POST, game=game, sides=sides)
    except RulesError as exc:
        return _page(request, table_view(link, sides=sides), notice=("error", str(exc)), status=422)
    if not form.is_valid():
        return _page(request, table_view(link, sides=sides), form=form, status=422)
    sent = form.submitted()
    try:
        result = not_saved_on_db_fault(table_services.enter_hand)(
            link=link,
            player=sent["player"],
            version=sent["version"],
            key=sent["key"],
            data=sent["data"],
        )
    except TableRefused as exc:
        if exc.field == "player":
            form.add_error("player", str(exc))
            return _page(request, table_view(link, sides=sides), form=form, status=422)
        return _page(request, _fresh(link), notice=("error", str(exc)), status=409)
    except RulesError as exc:
        form.add_rule_error(exc)
        return _page(request, table_view(link, sides=sides), form=form, status=422)
    entry = result.entry
    if result.repeated:
        text = f"Hand {entry.number} was already sent; it has not been entered twice."
    else:
        text = f"Hand {entry.number} saved. It counts once a player of another side confirms it."
    return _done(request, link, text, sides=sides, result=result)


@never_cache
def table_preview(request: HttpRequest, slug: str, code: str) -> HttpResponse:
    """What the hand being typed scores, and the totals after it (nothing is saved)."""
    link, sides, refused = _link_or_refusal(request, slug, code)
    if refused is not None:
        return refused
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    game = link.game
    current = selectors.game_sheet(game, sides=sides)
    context = {"sheet": current, "preview": None, "problem": current.problem}
    if current.table is not None:
        # The desk's form: who enters the hand does not change what it scores.
        form = HandForm(request.POST, game=game, sides=current.sides)
        context["questions"] = form.questions()
        if form.is_valid():
            try:
                found = preview_hand(game=game, data=form.submitted()["data"])
            except RulesError as exc:
                context["problem"] = str(exc)
            else:
                context.update(
                    preview=hand_preview(current, found.scored, replacing=None),
                    decision=found.decision,
                    problem=found.refusal,
                    questions=form.questions(found.decision),
                )
        else:
            context["problem"] = form.first_problem()
    return render(request, "scoring/sheet.html#preview", context)


@never_cache
def table_answer(request: HttpRequest, slug: str, code: str) -> HttpResponse:
    """A player of another side confirms the waiting hand, or says something is wrong."""
    link, sides, refused = _link_or_refusal(request, slug, code)
    if refused is not None:
        return refused
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    # Any player of the table may be named here; the service refuses the enterer's side.
    answer = AnswerForm(request.POST, opponents=sitters_of(sides))
    if not answer.is_valid():
        view = table_view(link, sides=sides)
        shown = AnswerForm(request.POST, opponents=view.opponents)
        shown.is_valid()
        return _page(request, view, answer=shown, status=422)
    sent = answer.cleaned_data
    service = (
        table_services.confirm_hand if sent["answer"] == "confirm" else table_services.dispute_hand
    )
    try:
        result = not_saved_on_db_fault(service)(
            link=link, entry_id=sent["entry"], revision=sent["revision"], player=sent["player"]
        )
    except TableRefused as exc:
        if exc.field == "player":
            view = table_view(link, sides=sides)
            shown = AnswerForm(request.POST, opponents=view.opponents)
            shown.is_valid()
            shown.add_error("player", str(exc))
            return _page(request, view, answer=shown, status=422)
        return _page(request, _fresh(link), notice=("error", str(exc)), status=409)
    except RulesError as exc:
        # The hand no longer stands with the game as it is now: the official decides.
        return _page(request, _fresh(link), notice=("error", str(exc)), status=409)
    entry = result.entry
    if result.set_aside:
        return _done(
            request, link, result.message, level=messages.WARNING, sides=sides, result=result
        )
    if result.repeated:
        text = f"Hand {entry.number} was already answered; nothing was done twice."
    elif sent["answer"] == "confirm":
        text = f"Hand {entry.number} confirmed by {entry.answered_by_name}: it counts."
        if result.hand is not None and result.hand.won:
            text += " Game over."
    else:
        text = (
            f"Hand {entry.number} is marked as disputed: the official will decide it. "
            "Wait for the desk before entering the next hand."
        )
    return _done(request, link, text, sides=sides, result=result)
