"""One permission check for every official page: is this user an official of *this* tournament."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef
from django.http import Http404

from .compiled import compiled
from .models import Tournament
from .sessions import signed_in_with


@compiled(slug="\0slug", user=-770_401)
def _tournaments(*, slug: str, user: int):
    """The tournament of this address, with whether the user is one of its officials."""
    officials = Tournament.officials.through.objects.filter(
        tournament_id=OuterRef("pk"), user_id=user
    )
    return Tournament.objects.filter(slug=slug).annotate(user_is_official=Exists(officials))[:1]


def official_required(view):
    """Load the tournament named by the URL's slug and refuse anyone not its official.

    Anonymous users go to the login page; logged-in users without rights get 403.
    The view receives the tournament instead of the slug.
    """

    @wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        # One query, compiled once (every official page asks it), read with the user's
        # row (`signed_in_with`): the tournament, and whether the user is its official
        # (`Tournament.is_official`).
        user, read = signed_in_with(
            request, lambda user_id: [(_tournaments, {"slug": slug, "user": user_id})]
        )
        if user is None:
            return redirect_to_login(request.get_full_path())
        (found,) = read
        if not found:
            raise Http404("No such tournament.")
        tournament = found[0]
        if not (user.is_superuser or tournament.user_is_official):
            raise PermissionDenied("You are not an official of this tournament.")
        return view(request, tournament, *args, **kwargs)

    return wrapper
