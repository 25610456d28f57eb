"""One permission check for every official page: is this user an official of *this* tournament."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from .models import Tournament


def official_required(view):
    """Load the tournament named by the URL's slug and refuse anyone not its official.

    Anonymous users go to the login page; logged-in users without rights get 403.
    The view receives the tournament instead of the slug.
    """

    @wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        tournament = get_object_or_404(Tournament, slug=slug)
        if not tournament.is_official(request.user):
            raise PermissionDenied("You are not an official of this tournament.")
        return view(request, tournament, *args, **kwargs)

    return wrapper
