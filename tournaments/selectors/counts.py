"""Reads for the dashboard and the public home: a tournament's figures, its events' counts."""

from django.db.models import Count, IntegerField, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce

from ..models import Entry, Team


def tournament_counts(tournament) -> dict:
    """Return the registration figures shown on the tournament pages."""
    figures = tournament.players.aggregate(
        total=Count("pk", filter=Q(withdrawn=False)),
        checked_in=Count("pk", filter=Q(checked_in=True, withdrawn=False)),
        withdrawn=Count("pk", filter=Q(withdrawn=True)),
    )
    figures["chapters"] = tournament.chapters.count()
    return figures


def _count_of(model, **outer):
    """Return a subquery counting `model` rows that point at the outer event."""
    rows = model.objects.filter(**{k: OuterRef(v) for k, v in outer.items()})
    return Subquery(
        rows.order_by().values(*outer).annotate(n=Count("pk")).values("n")[:1],
        output_field=IntegerField(),
    )


def events_with_counts(tournament):
    """Return the tournament's events with their entry and team counts.

    Each count is its own subquery: joining entries and teams in one query would
    multiply them (hundreds of entries times hundreds of teams per event).
    """
    return tournament.events.annotate(
        entry_count=Coalesce(_count_of(Entry, event="pk"), 0),
        team_count=Coalesce(_count_of(Team, event="pk"), 0),
    ).order_by("created_at", "pk")
