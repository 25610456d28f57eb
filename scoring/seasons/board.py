"""A season's leaderboard, chapter points, proposals and each player's season.

Reads only: the season row, its tournaments with their markers, its answered proposals
(three queries), and each tournament's placings from the cache (`placings.py`). The
points follow the season's rule (`games.seasons`), the same player is found by
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

from .placings import Placed, SeasonEntry, placings_for, season_entries


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
    events: list[PersonEvent] = field(default_factory=list)
    spellings: set = field(default_factory=set)  # (name, chapter) as each tournament had it

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
    """Return the season's leaderboard, chapters and proposals (two queries when the
    tournaments' placings are kept; a tournament changed since is read once)."""
    with collector_paused():
        return _season_board(season)


def _season_board(season) -> Board:
    rule = rules.PointsRule.from_data(season.points)
    entries = season_entries(season)
    placings = placings_for(entries)
    decisions = _decisions(season)
    seen: dict[tuple[str, str], list] = defaultdict(list)  # key -> [(tournament, name, chapter)]
    for entry in entries:
        for placed in placings[entry.tournament.pk]:
            for name, chapter, key, chapter_key in placed.members:
                seen[(key, chapter_key)].append((entry.tournament, name, chapter))
    who = rules.people(seen, decisions)
    order = {entry.tournament.pk: index for index, entry in enumerate(entries)}
    people: dict[tuple, Person] = {}
    earned = []
    for entry in entries:
        for placed in placings[entry.tournament.pk]:
            _add_placed(entry.tournament, placed, rule, who, people, earned)
    for key, sightings in seen.items():
        person = people[who[key]]
        for _, name, chapter in sightings:
            person.spellings.add((name, chapter))
    ranked = sorted(people.values(), key=lambda p: (-p.points, p.name.casefold(), p.key))
    _places(ranked, lambda p: p.points)
    latest: dict[str, tuple[int, str]] = {}  # each chapter as the latest tournament spells it
    for (_, chapter_key), sightings in seen.items():
        tournament, _, chapter = sightings[-1]
        if order[tournament.pk] >= latest.get(chapter_key, (-1, ""))[0]:
            latest[chapter_key] = (order[tournament.pk], chapter)
    chapter_names = {key: name for key, (_, name) in latest.items()}
    totals = rules.chapter_points(earned, rule)
    chapters = sorted(
        (ChapterRow(key, chapter_names.get(key, key), points) for key, points in totals.items()),
        key=lambda c: (-c.points, c.name.casefold()),
    )
    _places(chapters, lambda c: c.points)
    return Board(
        season,
        rule,
        entries,
        ranked,
        chapters,
        _proposal_lines(seen, decisions),
        {p.slug: p for p in ranked},
        who,
    )


def _add_placed(tournament, placed: Placed, rule, who, people, earned) -> None:
    points = rule.points(placed.kind, placed.place)
    names = [member[0] for member in placed.members]
    game_name = get_game(placed.game_key).name
    for name, chapter, name_key_, chapter_key in placed.members:
        key = who[(name_key_, chapter_key)]
        person = people.get(key)
        if person is None:
            person = people[key] = Person(key, person_slug(key))
        person.name, person.chapter = name, chapter  # as the latest tournament has them
        person.points += points
        person.tournaments.add(tournament.pk)
        partners = [other for other in names if other != name]
        person.events.append(
            PersonEvent(
                tournament,
                placed.event_name,
                game_name,
                partners,
                placed.place,
                placed.shared,
                placed.reached,
                points,
            )
        )
        earned.append(rules.Earned(tournament.pk, key, chapter_key, points))


def _proposal_lines(seen, decisions) -> list[ProposalLine]:
    lines = []
    where = {key: {t.pk for t, _, _ in sightings} for key, sightings in seen.items()}
    for proposal in rules.proposals(where):
        first = (proposal.name, proposal.chapters[0])
        second = (proposal.name, proposal.chapters[1])
        shown = [seen[first][-1], seen[second][-1]]
        lines.append(
            ProposalLine(
                name=shown[0][1],
                name_key=proposal.name,
                chapters=(shown[0][2] or "no chapter", shown[1][2] or "no chapter"),
                chapter_keys=proposal.chapters,
                where=(
                    list(dict.fromkeys(t.name for t, _, _ in seen[first])),
                    list(dict.fromkeys(t.name for t, _, _ in seen[second])),
                ),
                decision=decisions.get(proposal),
            )
        )
    return lines
