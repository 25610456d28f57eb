"""The list of rounds: the official rounds page, and the rounds that have started."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from tournaments.compiled import compiled
from tournaments.models import SCORED, Entry, Event, Game, Round, public_games
from tournaments.selectors.lines import PlayerLine
from tournaments.selectors.seating import RoundView, event_teams, round_view


@dataclass
class RoundSummary:
    """A round in the list of rounds: how many of its tables have a result."""

    number: int
    status: str
    tables: int
    results_in: int
    link: str = ""  # its public results page (set by the public standings)

    @property
    def status_label(self) -> str:
        return Round.Status(self.status).label


@dataclass
class RoundsOverview:
    """What the official rounds page shows for an event."""

    event: Event
    rounds: list[RoundSummary]
    shown: RoundView | None  # the round on the page: the latest, or the one asked for
    latest: int  # the latest round's number, 0 before the first
    latest_status: str
    waiting: list[PlayerLine]  # checked in, in no table and not sitting out: join next round
    without_partner: list[PlayerLine]  # partnership events: checked in, not in a partnership
    team_count: int
    plays_on_after_withdrawal: bool
    playing_round: int | None = None  # a round still being played (maybe an earlier one)

    @property
    def next_number(self) -> int:
        """Return the number of the round "Seat round N" seats (or seats again)."""
        if self.latest_status == Round.Status.SEATING:
            return self.latest
        return self.latest + 1

    @property
    def can_seat(self) -> bool:
        return self.playing_round is None

    @property
    def reseating(self) -> bool:
        return self.latest_status == Round.Status.SEATING

    @property
    def can_start(self) -> bool:
        return self.reseating and self.playing_round is None

    @property
    def is_current(self) -> bool:
        """Say whether the round shown is the latest one (the one actions apply to)."""
        return self.shown is not None and self.shown.number == self.latest


def rounds_overview(event, *, number: int | None = None) -> RoundsOverview | None:
    """Return the official rounds page for the latest round (or round `number`).

    None when `number` names no round. A fixed number of queries (eight at most).
    """
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    counts: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for round_id, status in Game.objects.filter(event=event, round__isnull=False).values_list(
        "round_id", "status"
    ):
        counts[round_id][0] += 1
        counts[round_id][1] += status in SCORED
    summaries = [RoundSummary(r.number, r.status, counts[r.pk][0], counts[r.pk][1]) for r in rounds]
    latest = rounds[-1] if rounds else None
    if number is None:
        wanted = latest
    else:
        wanted = next((r for r in rounds if r.number == number), None)
        if wanted is None:
            return None
    teams = event_teams(event)
    shown = round_view(wanted, teams, repeats=True) if wanted is not None else None
    seated = set()
    if latest is not None:
        latest_view = shown if wanted is latest else round_view(latest, teams)
        seated = {p.pk for team, _ in latest_view.entrants for p in team.players}
    in_teams = {p.pk for team in teams.lines.values() for p in team.players}
    checked_in = [
        PlayerLine(entry.player.pk, entry.player.name, entry.player.chapter_name)
        for entry in Entry.objects.filter(
            event=event, player__checked_in=True, player__withdrawn=False
        )
        .select_related("player__chapter")
        .order_by("player__name", "player_id")
    ]
    if event.team_size == 1:
        without_partner = []
        waiting = [p for p in checked_in if latest is not None and p.pk not in seated]
    else:
        without_partner = [p for p in checked_in if p.pk not in in_teams]
        waiting = [
            p for p in checked_in if latest is not None and p.pk in in_teams and p.pk not in seated
        ]
    playing = next((r.number for r in rounds if r.status == Round.Status.PLAYING), None)
    return RoundsOverview(
        event=event,
        rounds=summaries,
        shown=shown,
        latest=latest.number if latest else 0,
        latest_status=latest.status if latest else "",
        waiting=waiting,
        without_partner=without_partner,
        team_count=len(teams.lines),
        plays_on_after_withdrawal=event.game.plays_on_after_withdrawal,
        playing_round=playing,
    )


@compiled(event=-770_823)
def _started_rows(*, event: int):
    """The tables of the event's started rounds, compiled once (`tournaments.compiled`):
    a rounds event's public standings read them on every rebuild."""
    return (
        Game.objects.filter(public_games(), event_id=event, round__isnull=False)
        .order_by()
        .values_list("round__number", "round__status", "status")
    )


def started_rounds(event) -> list[RoundSummary]:
    """Return the rounds that have started, with their tables and results in (one query)."""
    counts: dict[int, list] = {}
    for number, round_status, status in _started_rows(event=event.pk):
        summary = counts.setdefault(number, [round_status, 0, 0])
        summary[1] += 1
        summary[2] += status in SCORED
    return [RoundSummary(number, *counts[number]) for number in sorted(counts)]
