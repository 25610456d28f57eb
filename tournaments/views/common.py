"""What several official pages share: the posted data, and the event fetched for an official."""

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from ..models import Event, Tournament


def posted(request: HttpRequest):
    """Return the POST data to bind a form to (even when empty), or None on GET."""
    return request.POST if request.method == "POST" else None


def get_event_for_official(tournament: Tournament, pk: int) -> Event:
    """Return the tournament's event `pk` (404 for another tournament's)."""
    return get_object_or_404(
        Event.objects.select_related("tournament"), tournament=tournament, pk=pk
    )
