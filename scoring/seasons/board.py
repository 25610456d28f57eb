"""A season's leaderboard, chapter points, proposals and each player's season.

Reads: its tournaments with their markers, every tournament's placings from their stored
rows (`placings.py`; a tournament changed since its rows were stored is read and written
again first), and its answered proposals: three queries whatever its size. The points
follow the season's rule (`games.seasons`), the same player is found by
`games.seasons.people` over the names' keys (`tournaments.names.name_key`).
"""

from __future__ import annotations

import gc
import hashlib
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field

from games import seasons as rules
from games.registry import get_game
from tournaments.models import SeasonMatch

from .placings import SeasonEntry, season_entries
from .stored import SideDetails, placing_rows


@dataclass
class PersonEvent:
    tournament: object
    event_name: str
    game_name: str
    partners: list[str]
    place: int | None
    shared: bool
    reached: str
    points: int

    @property
    def place_label(self) -> str:
        if self.place is None:
            return self.reached or "played"
        return f"={self.place}" if self.shared else str(self.place)


@dataclass
class Person:
    key: tuple[str, str]
    slug: str
    name: str = ""
    chapter: str = ""
    points: int = 0
    place: int = 0
    shared: bool = False
    tournaments: set = field(default_factory=set)
    # (n, tournament, placings row, the side's names, points): `events` made when asked
    placed: list[tuple] = field(default_factory=list)
    sides: SideDetails | None = None
    spellings: set = field(default_factory=set)  # (name, chapter) as each tournament had it
    last: tuple = (-1,)  # (n, name, chapter) of the person's latest placings row

    @property
    def events(self) -> list[PersonEvent]:
        """Return the player's events of the season, in the order played."""
        found = []
        for _, tournament, row, names, points in self.placed:
            _, _, event_name, game_key, shared, reached = self.sides[row[:2]]
            found.append(
                PersonEvent(
                    tournament,
                    event_name,
                    get_game(game_key).name,
                    [other for other in names if other != row[4]],
                    row[3],
                    shared,
                    reached,
                    points,
                )
            )
        return found

    @property
    def place_label(self) -> str:
        return f"={self.place}" if self.shared else str(self.place)


@dataclass
class ChapterRow:
    key: str
    name: str
    points: int
    place: int = 0
    shared: bool = False

    @property
    def place_label(self) -> str:
        return f"={self.place}" if self.shared else str(self.place)


@dataclass
class ProposalLine:
    """Same name, two chapters: who each is, and the official's answer so far."""

    name: str
    name_key: str
    chapters: tuple[str, str]  # as shown
    chapter_keys: tuple[str, str]
    where: tuple[list[str], list[str]]  # the tournaments each was seen at
    decision: str | None


@dataclass
class Board:
    season: object
    rule: rules.PointsRule
    entries: list[SeasonEntry]
    people: list[Person]
    chapters: list[ChapterRow]
    proposals: list[ProposalLine]
    by_slug: dict[str, Person]
    who: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)

    @property
    def open_proposals(self) -> int:
        return sum(1 for line in self.proposals if line.decision is None)


def person_slug(key: tuple[str, str]) -> str:
    """Return a person's address on the season's pages: stable, short, no name in it."""
    return hashlib.sha256("\0".join(key).encode()).hexdigest()[:12]


def _places(rows, points_of) -> None:
    """Number rows already sorted best first; equal points share a place ("=3")."""
    for index, row in enumerate(rows):
        if index and points_of(rows[index - 1]) == points_of(row):
            row.place = rows[index - 1].place
            row.shared = rows[index - 1].shared = True
        else:
            row.place = index + 1


def _decisions(season) -> dict[rules.Proposal, str]:
    rows = SeasonMatch.objects.filter(season=season).values_list(
        "name_key", "chapter_key", "other_chapter_key", "decision"
    )
    return {rules.Proposal(name, (a, b)): decision for name, a, b, decision in rows}


@contextmanager
def collector_paused():
    """Pause Python's cyclic garbage collector while a season is built: the build makes
    tens of thousands of small objects and no cycles, and the collector's passes over them
    took half its time (100 tournaments: 0.78 s with it, 0.40 s without)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def season_board(season) -> Board:
    """Return the season's leaderboard, chapters and proposals (three queries when every
    tournament's placings rows are current; a tournament changed since is read again)."""
    with collector_paused():
        return _season_board(season)


@dataclass
class _Seen:
    """One (name key, chapter key) as the placings rows saw it, before people are made."""

    points: int = 0
    placed: list = field(default_factory=list)  # as `Person.placed`
    where: dict = field(default_factory=dict)  # tournament id -> (name, chapter), by date
    last: tuple = (-1, "", "")  # (n, name, chapter) of its latest row


def _season_board(season) -> Board:
    rule = rules.PointsRule.from_data(season.points)
    entries = season_entries(season)
    rows = placing_rows(entries)
    decisions = _decisions(season)
    seen, earned = _read_rows(entries, rows, rule)
    who = rules.people(seen, decisions)
    people: dict[tuple, Person] = {}
    sides = SideDetails(rows)
    for key, sighting in seen.items():
        person_key = who[key]
        person = people.get(person_key)
        if person is None:
            person = people[person_key] = Person(person_key, person_slug(person_key), sides=sides)
        person.points += sighting.points
        person.placed += sighting.placed
        person.tournaments.update(sighting.where)
        person.spellings.update(sighting.where.values())
        if sighting.last > person.last:  # named as the latest tournament has them
            person.last = sighting.last
            _, person.name, person.chapter = sighting.last
    for person in people.values():
        person.placed.sort(key=lambda placed: placed[0])
    ranked = sorted(people.values(), key=lambda p: (-p.points, p.name.casefold(), p.key))
    _places(ranked, lambda p: p.points)
    latest: dict[str, tuple] = {}  # each chapter as the latest tournament spells it
    for (_, chapter_key), sighting in seen.items():
        if sighting.last > latest.get(chapter_key, (-1, "", "")):
            latest[chapter_key] = sighting.last
    totals = rules.chapter_points(
        (
            rules.Earned(tournament, who[key], key[1], points)
            for (tournament, key), points in earned.items()
        ),
        rule,
    )
    chapters = sorted(
        (
            ChapterRow(key, latest[key][2] if key in latest else key, points)
            for key, points in totals.items()
        ),
        key=lambda c: (-c.points, c.name.casefold()),
    )
    _places(chapters, lambda c: c.points)
    tournaments = {entry.tournament.pk: entry.tournament for entry in entries}
    return Board(
        season,
        rule,
        entries,
        ranked,
        chapters,
        _proposal_lines(seen, decisions, tournaments),
        {p.slug: p for p in ranked},
        who,
    )


def _read_rows(entries, rows, rule) -> tuple[dict, dict]:
    """Read every placings row once, in date order: each (name key, chapter key)'s points,
    placings and sightings, and the points earned per tournament and key."""
    seen: dict[tuple[str, str], _Seen] = {}
    earned: dict[tuple, int] = defaultdict(int)
    points_of: dict[tuple, int] = {}
    n = 0
    for entry in entries:
        tournament = entry.tournament
        tournament_id = tournament.pk
        side, names = None, []
        for row in rows[tournament_id]:
            n += 1
            if row[1] != side:
                side, names = row[1], []
            name, chapter = row[4], row[5]
            names.append(name)
            kind_place = row[2:4]
            points = points_of.get(kind_place)
            if points is None:
                points = points_of[kind_place] = rule.points(*kind_place)
            key = row[6:8]
            sighting = seen.get(key)
            if sighting is None:
                sighting = seen[key] = _Seen()
            sighting.points += points
            sighting.placed.append((n, tournament, row, names, points))
            sighting.where[tournament_id] = (name, chapter)
            sighting.last = (n, name, chapter)
            earned[(tournament_id, key)] += points
    return seen, earned


def _proposal_lines(seen, decisions, tournaments) -> list[ProposalLine]:
    lines = []
    for proposal in rules.proposals({key: sighting.where for key, sighting in seen.items()}):
        first = seen[(proposal.name, proposal.chapters[0])]
        second = seen[(proposal.name, proposal.chapters[1])]
        lines.append(
            ProposalLine(
                name=first.last[1],
                name_key=proposal.name,
                chapters=(first.last[2] or "no chapter", second.last[2] or "no chapter"),
                chapter_keys=proposal.chapters,
                where=(
                    [tournaments[pk].name for pk in first.where],
                    [tournaments[pk].name for pk in second.where],
                ),
                decision=decisions.get(proposal),
            )
        )
    return lines
