"""Write services for seasons: make one, add and remove its tournaments, set its points
rule, and answer its proposals that two players are the same; keep its ratings as
computed in the background (`queue_season_ratings`, `keep_season_ratings`).

Each bumps the season's `changed_at` (its pages and ratings are keyed on it with its
tournaments' events' markers) and runs in one transaction with the season row locked.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from games import seasons as rules

from ..acting import User
from ..changes import log_activity
from ..errors import DeskError
from ..models import Event, Season, SeasonMatch, SeasonRatings, SeasonTournament, Tournament
from ..names import name_key
from .names import check_name

YEARS = (1900, 2999)


def _check_year(year) -> int:
    try:
        year = int(year)
    except (TypeError, ValueError):
        raise DeskError("Type the season's year, e.g. 2026.") from None
    if not YEARS[0] <= year <= YEARS[1]:
        raise DeskError("Type the season's year, e.g. 2026.")
    return year


def _locked(season: Season) -> Season:
    return Season.objects.select_for_update().get(pk=season.pk)


def _touch(season: Season) -> None:
    season.changed_at = timezone.now()
    Season.objects.filter(pk=season.pk).update(changed_at=season.changed_at)


@transaction.atomic
def create_season(*, by: User, name: str, year, organiser: str = "") -> Season:
    name = check_name(name, what="season's name")
    organiser = check_name(organiser, what="organiser") if (organiser or "").strip() else ""
    return Season.objects.create(
        name=name,
        year=_check_year(year),
        organiser=organiser,
        owner=by,
        points=rules.PointsRule().to_data(),
    )


@transaction.atomic
def update_season(*, season: Season, by: User, name: str, year, organiser: str = "") -> Season:
    season = _locked(season)
    season.name = check_name(name, what="season's name")
    season.year = _check_year(year)
    season.organiser = check_name(organiser, what="organiser") if (organiser or "").strip() else ""
    season.changed_at = timezone.now()
    season.save(update_fields=["name", "year", "organiser", "changed_at"])
    return season


@transaction.atomic
def set_season_points(
    *, season: Season, by: User, bracket: str, rounds: str, playing, chapters: str, best
) -> Season:
    """Set the points rule from what the official typed ("10, 7, 5, 3"); refuse it whole."""
    try:
        playing, best = int(playing), int(best or rules.DEFAULT_BEST)
    except (TypeError, ValueError):
        raise DeskError(
            "Points for playing and the best members counted are whole numbers."
        ) from None
    rule = rules.check_rule(
        rules.PointsRule(
            bracket=rules.parse_points(bracket, what="bracket events"),
            rounds=rules.parse_points(rounds, what="rounds events"),
            playing=playing,
            chapters=chapters,
            best=best,
        )
    )
    season = _locked(season)
    season.points = rule.to_data()
    season.changed_at = timezone.now()
    season.save(update_fields=["points", "changed_at"])
    return season


@transaction.atomic
def add_season_tournament(*, season: Season, by: User, tournament: Tournament) -> SeasonTournament:
    """Add a tournament the official runs, once it has a finished event."""
    if not tournament.is_official(by):
        raise DeskError(f"You are not an official of {tournament.name}: ask one of its officials.")
    season = _locked(season)
    if SeasonTournament.objects.filter(season=season, tournament=tournament).exists():
        raise DeskError(f"{tournament.name} is already in this season.")
    finished = Event.objects.filter(tournament=tournament, status=Event.Status.FINISHED)
    if not finished.exists():
        raise DeskError(
            f"{tournament.name} has no finished event yet: a season counts finished events only."
        )
    entry = SeasonTournament.objects.create(season=season, tournament=tournament, added_by=by)
    _touch(season)
    log_activity(tournament=tournament, by=by, text=f"Added to the season {season}")
    return entry


@transaction.atomic
def remove_season_tournament(*, season: Season, by: User, tournament: Tournament) -> None:
    season = _locked(season)
    deleted, _ = SeasonTournament.objects.filter(season=season, tournament=tournament).delete()
    if not deleted:
        raise DeskError(f"{tournament.name} is not in this season.")
    _touch(season)
    log_activity(tournament=tournament, by=by, text=f"Taken out of the season {season}")


@transaction.atomic
def decide_season_match(
    *, season: Season, by: User, name: str, chapters: tuple[str, str], decision: str | None
) -> None:
    """Record the official's word on one proposal: the same player, apart, or undecided.

    ``name`` and ``chapters`` are as the proposal gives them (keys); None forgets the
    answer, and the proposal is open again.
    """
    first, second = sorted(name_key(chapter) for chapter in chapters)
    key = name_key(name)
    if not key or first == second:
        raise DeskError("That proposal is not one of this season's: reload the page.")
    if decision not in (None, *SeasonMatch.Decision.values):
        raise DeskError("Choose “the same player” or “different players”.")
    season = _locked(season)
    found = SeasonMatch.objects.filter(
        season=season, name_key=key, chapter_key=first, other_chapter_key=second
    )
    if decision is None:
        found.delete()
    else:
        SeasonMatch.objects.update_or_create(
            season=season,
            name_key=key,
            chapter_key=first,
            other_chapter_key=second,
            defaults={"decision": decision, "decided_by": by},
        )
    _touch(season)


@transaction.atomic
def delete_season(*, season: Season, by: User) -> None:
    _locked(season).delete()


def queue_season_ratings(*, season: Season, marker: str, retry_after) -> bool:
    """Say that the season's ratings at `marker` are to be computed in the background;
    return whether the caller is the one to send the work (not sent already for this
    version, or sent longer than `retry_after` ago: a worker that never came)."""
    SeasonRatings.objects.get_or_create(season_id=season.pk)
    now = timezone.now()
    due = ~Q(wanted=marker) | Q(queued_at__isnull=True) | Q(queued_at__lt=now - retry_after)
    return bool(
        SeasonRatings.objects.filter(due, season_id=season.pk).update(wanted=marker, queued_at=now)
    )


def unqueue_season_ratings(*, season: Season, marker: str) -> None:
    """Forget that the work for `marker` was sent (the worker could not be reached)."""
    SeasonRatings.objects.filter(season_id=season.pk, wanted=marker).update(queued_at=None)


def keep_season_ratings(*, season_id: int, marker: str, families: list) -> bool:
    """Store the season's ratings computed at `marker` (plain data); return whether they
    were stored: not when the season is gone, nor over the ratings of the version last
    sent to a worker by ratings of an older one finishing late."""
    if not Season.objects.filter(pk=season_id).exists():
        return False
    SeasonRatings.objects.get_or_create(season_id=season_id)
    newest_kept = Q(marker=F("wanted")) & ~Q(wanted="")
    return bool(
        SeasonRatings.objects.filter(Q(wanted=marker) | ~newest_kept, season_id=season_id).update(
            marker=marker, families=families, computed_at=timezone.now()
        )
    )
