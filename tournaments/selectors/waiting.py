"""Hands entered at tables and not counted yet, as the public pages mention them."""

from tournaments.models import Event, Game


def waiting_hands(event: Event) -> int:
    """Return how many of the event's games have a table's hand waiting or disputed (one
    query): they count nowhere until confirmed, and the pages say so."""
    return Game.objects.filter(event=event).exclude(table_hand="").count()
