"""Reads for the tournament pages: each returns what one page shows, in few queries."""

from django.db.models import Count, Prefetch, Q

from .models import Event, Player


def tournament_counts(tournament) -> dict:
    """Return the registration figures shown on the tournament pages."""
    figures = tournament.players.aggregate(
        total=Count("pk", filter=Q(withdrawn=False)),
        checked_in=Count("pk", filter=Q(checked_in=True, withdrawn=False)),
        withdrawn=Count("pk", filter=Q(withdrawn=True)),
    )
    figures["chapters"] = tournament.chapters.count()
    return figures


def events_with_counts(tournament):
    """Return the tournament's events with their entry and team counts."""
    return tournament.events.annotate(
        entry_count=Count("entries", distinct=True),
        team_count=Count("teams", distinct=True),
    ).order_by("created_at", "pk")


def players_with_entries(tournament, *, search: str = ""):
    """Return the tournament's players with chapter and event entries loaded."""
    players = tournament.players.select_related("chapter").prefetch_related(
        Prefetch("entries__event", queryset=Event.objects.only("pk", "name"))
    )
    if search:
        players = players.filter(name__icontains=search.strip())
    return players.order_by("name", "pk")


def find_players(tournament, query: str, *, limit: int = 25) -> list[Player]:
    """Return players whose name holds every word typed, for the public lookup."""
    words = query.split()
    if not words:
        return []
    players = tournament.players.filter(withdrawn=False)
    for word in words[:5]:
        players = players.filter(name__icontains=word)
    return list(
        players.select_related("chapter")
        .prefetch_related(Prefetch("entries__event", queryset=Event.objects.only("pk", "name")))
        .order_by("name")[:limit]
    )
