"""What several official pages share: the posted data, and the event fetched for an official."""

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from ..models import Event, Tournament


def posted(request: HttpRequest):
    """Return the POST data to bind a form to (even when empty), or None on GET."""
    return request.POST if request.method == "POST" else None


# The event pages and the draw page show the doubles event that feeds a singles event.
WITH_FEEDER = ("fed_by", "tournament")


def get_event_for_official(tournament: Tournament, pk: int, *, related=("tournament",)) -> Event:
    """Return the tournament's event `pk` (404 for another tournament's), with the
    ``related`` rows read in the same query."""
    return get_object_or_404(Event.objects.select_related(*related), tournament=tournament, pk=pk)
