"""Store each tournament's placings as rows for the seasons (`scoring.models.placings`).

`keep_placings` reads the placings of the tournaments whose rows are missing or older
than their events (a finish, a reopening or a correction since) and writes them again,
with the marker they were read at; `keep_all_placings` does it for every tournament in a
season (the `keep_season_placings` command, for data older than the rows). The rows are
only ever what `scoring.seasons.placings.read_placings` reads from the tournament now.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from scoring.models import KeptPlacings, TournamentPlacing
from scoring.seasons.placings import read_placings, tournament_entries
from tournaments.models import Event, Tournament
from tournaments.selectors import ranked_events

BATCH = 5000
AT_ONCE = 20  # tournaments read in one transaction: bounded memory for a large season


def keep_placings(*, entries) -> int:
    """Write again the rows of the entries' tournaments whose stored marker is not theirs
    now, twenty tournaments a transaction; return how many tournaments were read."""
    entries = list(entries)
    return sum(_keep(entries[start : start + AT_ONCE]) for start in range(0, len(entries), AT_ONCE))


def _keep(entries) -> int:
    """Write again the rows of these tournaments whose stored marker is not theirs now.

    The tournaments are locked (in id order) so two pages refreshing the same tournament
    write it once; the markers are read again under the lock. A marker read before the
    placings can only be older than them, so a change that lands meanwhile makes the rows
    stale again, never wrongly current.
    """
    wanted = {entry.tournament.pk: entry for entry in entries}
    with transaction.atomic():
        list(Tournament.objects.select_for_update().filter(pk__in=wanted).order_by("pk"))
        kept = dict(
            KeptPlacings.objects.filter(tournament_id__in=wanted).values_list(
                "tournament_id", "marker"
            )
        )
        todo = [entry for pk, entry in wanted.items() if kept.get(pk) != entry.marker]
        if not todo:
            return 0
        ids = [entry.tournament.pk for entry in todo]
        finished = Event.objects.filter(tournament_id__in=ids, status=Event.Status.FINISHED)
        ranked = ranked_events(event for event in finished if event.game.plays_rounds)
        rows = []
        for entry in todo:
            for number, placed in enumerate(read_placings(entry.tournament, ranked)):
                rows += [
                    TournamentPlacing(
                        tournament_id=entry.tournament.pk,
                        number=number,
                        position=position,
                        event_id=placed.event_id,
                        event_order=placed.event_order,
                        event_name=placed.event_name,
                        kind=placed.kind,
                        game_key=placed.game_key,
                        place=placed.place,
                        shared=placed.shared,
                        reached=placed.reached[:160],
                        name=name,
                        chapter=chapter,
                        name_key=key,
                        chapter_key=chapter_key,
                    )
                    for position, (name, chapter, key, chapter_key) in enumerate(placed.members)
                ]
        TournamentPlacing.objects.filter(tournament_id__in=ids).delete()
        KeptPlacings.objects.filter(tournament_id__in=ids).delete()
        TournamentPlacing.objects.bulk_create(rows, batch_size=BATCH)
        now = timezone.now()
        KeptPlacings.objects.bulk_create(
            [
                KeptPlacings(tournament_id=e.tournament.pk, marker=e.marker, kept_at=now)
                for e in todo
            ]
        )
    return len(todo)


def keep_all_placings() -> int:
    """Store the placings of every tournament in a season; return how many were read."""
    in_a_season = Tournament.objects.filter(season_entries__isnull=False).distinct()
    return keep_placings(entries=[e for e in tournament_entries(in_a_season) if e.stale])
