"""Sign-in throttling as officials see it: the lockout page, and unlocking a colleague.

django-axes counts wrong passwords per login name and address (config/settings.py);
these pages only show and clear what it recorded.
"""

from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Max, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from ..models import Tournament


def lock_minutes() -> int:
    return int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)


def locked_out(request: HttpRequest, response=None, credentials=None) -> HttpResponse:
    """Answer a sign-in refused because of too many wrong passwords (django-axes calls this)."""
    username = str((credentials or {}).get("username") or request.POST.get("username", ""))
    return render(
        request,
        "registration/locked_out.html",
        {"username": username[:150], "minutes": lock_minutes()},
        status=429,
    )


def _colleagues(user) -> set[str] | None:
    """Return the login names this user may unlock (None: every name, for a site admin)."""
    if user.is_superuser:
        return None
    tournaments = Tournament.objects.filter(officials=user)
    names = get_user_model().objects.filter(officiated_tournaments__in=tournaments)
    return set(names.values_list("username", flat=True))


def _locked(user) -> list[dict]:
    """Return the locked sign-ins this user may see: login name, failures, last try."""
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    rows = (
        AccessAttempt.objects.filter(attempt_time__gte=since)
        .values("username", "ip_address")
        .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
        .filter(failures__gte=settings.AXES_FAILURE_LIMIT)
        .order_by("-last")
    )
    allowed = _colleagues(user)
    return [row for row in rows if allowed is None or row["username"] in allowed]


@login_required
@require_http_methods(["GET", "POST"])
def locked_logins(request: HttpRequest) -> HttpResponse:
    """List the sign-ins locked after wrong passwords; an official unlocks a colleague's.

    Officials see the logins of officials they share a tournament with; the site admin
    sees every locked name.
    """
    if request.method == "POST":
        username = request.POST.get("username", "")
        allowed = _colleagues(request.user)
        if not username or (allowed is not None and username not in allowed):
            messages.error(
                request,
                "You can unlock only officials of your own tournaments; ask the site admin.",
            )
            return render(
                request,
                "registration/locked_logins.html",
                {"locked": _locked(request.user), "minutes": lock_minutes()},
                status=422,
            )
        reset(username=username)
        messages.success(request, f"Sign-in of {username} unlocked: they can try again now.")
        return redirect("locked_logins")
    return render(
        request,
        "registration/locked_logins.html",
        {"locked": _locked(request.user), "minutes": lock_minutes()},
    )
