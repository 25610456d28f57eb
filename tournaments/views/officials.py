"""Official pages for a tournament's officials: who they are, adding, removing, leaving.

Every view but the invitation link checks that the user officiates the tournament
(`official_required`); what only the owner may do, the services refuse with a message.
The invitation link needs a signed-in account and nothing else: it is how someone
who is not yet an official becomes one.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ..models import OfficialInvitation, Tournament
from ..official_forms import AddOfficialForm, LeaveForm
from ..permissions import official_required
from ..services import officials as service
from .refusals import refusal


def _get_official_user_for_official(tournament: Tournament, pk: int):
    return get_object_or_404(tournament.officials.all(), pk=pk)


def _get_invitation_for_official(tournament: Tournament, pk: int) -> OfficialInvitation:
    return get_object_or_404(OfficialInvitation, tournament=tournament, pk=pk)


def invitation_url(request: HttpRequest, invitation: OfficialInvitation) -> str:
    path = reverse("desk:invitation_accept", args=[invitation.tournament.slug, invitation.token])
    return request.build_absolute_uri(path)


def _render(request, tournament, *, add_form=None, leave_form=None, status=200):
    is_owner = tournament.is_owner(request.user)
    invitations = []
    if is_owner:
        invitations = [
            (invitation, invitation_url(request, invitation))
            for invitation in tournament.invitations.select_related("used_by")[:30]
        ]
    return render(
        request,
        "tournaments/officials.html",
        {
            "tournament": tournament,
            "officials": tournament.officials.order_by("username"),
            "is_owner": is_owner,
            "add_form": add_form or AddOfficialForm(),
            "leave_form": leave_form or LeaveForm(),
            "invitations": invitations,
            "days": service.INVITATION_DAYS,
        },
        status=status,
    )


@official_required
@require_GET
def officials(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The officials page: everyone who may change the tournament, and how to add more."""
    return _render(request, tournament)


@official_required
@require_POST
def official_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = AddOfficialForm(request.POST)
    if form.is_valid():
        owner = tournament.is_owner(request.user)  # only the owner's page has the add form
        with refusal(request, form=form if owner else None, field="username") as refused:
            user = service.add_official(
                tournament=tournament, by=request.user, username=form.cleaned_data["username"]
            )
        if refused and not owner:
            return redirect("desk:officials", tournament.slug)
        if not refused:
            messages.success(request, f"{user.get_username()} is now an official.")
            return redirect("desk:officials", tournament.slug)
    return _render(request, tournament, add_form=form, status=422)


@official_required
@require_POST
def official_remove(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    user = _get_official_user_for_official(tournament, pk)
    with refusal(request) as refused:
        service.remove_official(tournament=tournament, by=request.user, user=user)
    if not refused:
        messages.success(request, f"{user.get_username()} is no longer an official.")
    return redirect("desk:officials", tournament.slug)


@official_required
@require_POST
def official_leave(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = LeaveForm(request.POST)
    if not form.is_valid():
        return _render(request, tournament, leave_form=form, status=422)
    with refusal(request, form=form, field="confirm") as refused:
        service.leave_tournament(tournament=tournament, by=request.user)
    if refused:
        return _render(request, tournament, leave_form=form, status=refused.status)
    messages.success(request, f"You are no longer an official of {tournament.name}.")
    return redirect("desk:home")


@official_required
@require_POST
def invitation_create(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    with refusal(request) as refused:
        service.invite_official(tournament=tournament, by=request.user)
    if not refused:
        messages.success(
            request,
            "Invitation link made: copy it below and send it to the new official. It works "
            f"once, for {service.INVITATION_DAYS} days.",
        )
    return redirect("desk:officials", tournament.slug)


@official_required
@require_POST
def invitation_revoke(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    invitation = _get_invitation_for_official(tournament, pk)
    with refusal(request) as refused:
        service.revoke_invitation(invitation=invitation, by=request.user)
    if not refused:
        messages.success(request, "The link was revoked: it no longer works.")
    return redirect("desk:officials", tournament.slug)


@login_required
@require_http_methods(["GET", "POST"])
def invitation_accept(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """An invitation link: opening it shows what it offers; pressing "Join" makes you an official.

    A bad link (unknown, used, revoked or expired) gets a page saying which and what to
    do, with status 403: it gives no right to the tournament. Opening the link changes
    nothing, so a link previewer or a prefetching browser never uses it up.
    """
    tournament = Tournament.objects.filter(slug=slug).first()
    with refusal() as refused:  # a page of its own says why, 403: no right is given
        if request.method == "GET":
            invitation = service.check_invitation(tournament=tournament, token=token)
            already = tournament.officials.filter(pk=request.user.pk).exists()
            return render(
                request,
                "tournaments/invitation_accept.html",
                {"tournament": tournament, "invitation": invitation, "already": already},
            )
        if tournament is None:
            raise service.InvitationRefused(service.REFUSALS["unknown"])
        joined = service.accept_invitation(tournament=tournament, token=token, by=request.user)
    if refused:
        return render(
            request,
            "tournaments/invitation_refused.html",
            {"reason": refused.message, "tournament": tournament},
            status=403,
        )
    if joined:
        messages.success(request, f"You are now an official of {tournament.name}.")
    else:
        messages.info(
            request,
            f"You are already an official of {tournament.name}; the link was left unused.",
        )
    return redirect("desk:dashboard", tournament.slug)
