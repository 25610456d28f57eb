"""A season across tournaments: points per placing, chapter points, the same player matched.

Pure rules: plain data in, plain data out; this module imports no Django.

Rulings (issue 24, told on the season's page in these words):

- Points per placing are a house rule of the season, one list per kind of event. A
  bracket event pays by how far a side got: the winner, second, the shared third (the
  semi-finals' losers), the shared fifth (the quarter-finals' losers), and so on down
  the list. A rounds event pays by final standing: first, second, third, ... A place
  shared in the standings ("=3") pays that place's points to every side sharing it. A
  place past the end of the list pays nothing.
- Points for playing: every side placed in an event (it played there) also gets them,
  whatever its place.
- A partnership's points go to each of its players in full.
- Chapter points: "every member" adds up the points of every member of the chapter;
  "best N per tournament" adds, for each tournament, the N best points of the chapter's
  members in that tournament.
- The same player: two players of different tournaments are the same when their names
  match (`name_key`) and so do their chapters. Same name, another chapter (or a changed
  chapter) is only a proposal: the official confirms it or keeps them apart. Nothing is
  joined that the official has not seen.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from games.rules import RulesError

BRACKET, ROUNDS = "bracket", "rounds"
KINDS = (BRACKET, ROUNDS)
EVERY_MEMBER, BEST_N = "every", "best"
MAX_PLACES, MAX_POINTS = 32, 1000

# A Good Sam state rally's scale: 10, 7, 5, 3 down the places, one point for playing.
DEFAULT_BRACKET_POINTS = (10, 7, 5, 3)
DEFAULT_ROUNDS_POINTS = (10, 7, 5, 3)
DEFAULT_PLAYING_POINTS = 1
DEFAULT_BEST = 3

BRACKET_PLACE_WORDS = ("the winner", "second", "each shared third", "each shared fifth")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


@dataclass(frozen=True)
class PointsRule:
    """What a season pays: points per place for each kind of event, and for playing."""

    bracket: tuple[int, ...] = DEFAULT_BRACKET_POINTS
    rounds: tuple[int, ...] = DEFAULT_ROUNDS_POINTS
    playing: int = DEFAULT_PLAYING_POINTS
    chapters: str = EVERY_MEMBER
    best: int = DEFAULT_BEST

    @classmethod
    def from_data(cls, data: Mapping | None) -> PointsRule:
        """Return the rule stored as data (defaults for what is missing), checked."""
        data = data or {}
        rule = cls(
            bracket=tuple(data.get("bracket", DEFAULT_BRACKET_POINTS)),
            rounds=tuple(data.get("rounds", DEFAULT_ROUNDS_POINTS)),
            playing=data.get("playing", DEFAULT_PLAYING_POINTS),
            chapters=data.get("chapters", EVERY_MEMBER),
            best=data.get("best", DEFAULT_BEST),
        )
        return check_rule(rule)

    def to_data(self) -> dict:
        return {
            "bracket": list(self.bracket),
            "rounds": list(self.rounds),
            "playing": self.playing,
            "chapters": self.chapters,
            "best": self.best,
        }

    def place_points(self, kind: str, tier: int | None) -> int:
        """Return the points of a placing: ``tier`` counts from 0 (winner, first) down."""
        table = self.bracket if kind == BRACKET else self.rounds
        if tier is None or tier >= len(table):
            return 0
        return table[tier]

    def points(self, kind: str, place: int | None) -> int:
        """Return a side's points for its place in an event of that kind, playing included."""
        return self.place_points(kind, place_tier(kind, place)) + self.playing


def place_tier(kind: str, place: int | None) -> int | None:
    """Return the row of the points list a place reads: 0 for the winner or first.

    A bracket's places are 1, 2, 3 (shared), 5 (shared), 9 (shared): rows 0, 1, 2, 3, 4.
    A rounds event's place 3 (or =3) reads row 2. No place (still playing): None.
    """
    if place is None or place < 1:
        return None
    if kind == ROUNDS or place <= 2:
        return place - 1
    return (place - 1).bit_length()


def parse_points(text: str, *, what: str) -> tuple[int, ...]:
    """Read "10, 7, 5, 3" as points down the places; a clear message when it is not."""
    parts = [part.strip() for part in str(text).replace(";", ",").split(",")]
    parts = [part for part in parts if part]
    if not parts:
        raise RulesError(f"Type the points for {what}, best place first: 10, 7, 5, 3.")
    points = []
    for part in parts:
        if not part.isdigit():
            raise RulesError(f"“{part}” is not a whole number of points ({what}).")
        points.append(int(part))
    return check_points(tuple(points), what=what)


def check_points(points: tuple[int, ...], *, what: str) -> tuple[int, ...]:
    if len(points) > MAX_PLACES:
        raise RulesError(f"At most {MAX_PLACES} places earn points ({what}).")
    if any(not isinstance(p, int) or p < 0 or p > MAX_POINTS for p in points):
        raise RulesError(f"Points are whole numbers from 0 to {MAX_POINTS} ({what}).")
    if list(points) != sorted(points, reverse=True):
        raise RulesError(f"A better place never earns fewer points ({what}).")
    return points


def check_rule(rule: PointsRule) -> PointsRule:
    """Return the rule when every part of it can be used; else say what is wrong."""
    check_points(rule.bracket, what="bracket events")
    check_points(rule.rounds, what="rounds events")
    if not isinstance(rule.playing, int) or not 0 <= rule.playing <= MAX_POINTS:
        raise RulesError(f"Points for playing are a whole number from 0 to {MAX_POINTS}.")
    if rule.chapters not in (EVERY_MEMBER, BEST_N):
        raise RulesError("Chapter points count every member, or the best few each tournament.")
    if not isinstance(rule.best, int) or not 1 <= rule.best <= 50:
        raise RulesError("The best members counted a tournament are from 1 to 50.")
    return rule


def _points_words(points: tuple[int, ...], kind: str) -> str:
    said = []
    for tier, value in enumerate(points):
        if kind == ROUNDS:
            who = _ordinal(tier + 1)
        elif tier < len(BRACKET_PLACE_WORDS):
            who = BRACKET_PLACE_WORDS[tier]
        else:
            who = f"each shared {_ordinal((1 << (tier - 1)) + 1)}"
        said.append(f"{who} {value}")
    return ", ".join(said) if said else "nothing for a place"


def _ordinal(number: int) -> str:
    if number <= len(ORDINALS):
        return ORDINALS[number - 1]
    last = number % 10 if not 10 <= number % 100 <= 20 else 0
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(last, 'th') }"


def describe(rule: PointsRule) -> list[str]:
    """Return the season's points rule in plain sentences, for its page."""
    playing = {0: "No points for playing.", 1: "Every player who plays an event gets 1 point."}
    chapters = (
        "A chapter's points are the points of every one of its members, added up."
        if rule.chapters == EVERY_MEMBER
        else f"A chapter's points are, for each tournament, the points of its {rule.best} "
        "best members there, added up."
    )
    return [
        "Bracket events, by how far a side got: " + _points_words(rule.bracket, BRACKET) + ".",
        f"Rounds events, by final standing: {_points_words(rule.rounds, ROUNDS)}; "
        "a shared place pays its points to each side sharing it.",
        playing.get(rule.playing, f"Every player who plays an event gets {rule.playing} points."),
        "Partners each get their team's points in full.",
        chapters,
    ]


# Chapter points ---------------------------------------------------------------------


class Earned(NamedTuple):
    """Points one player earned in one event: who, in which tournament, for which chapter.

    A named tuple: a season makes one per player and tournament, tens of thousands."""

    tournament: int
    player: Hashable
    chapter: str  # the chapter's name key, "" for none
    points: int


def chapter_points(earned: Iterable[Earned], rule: PointsRule) -> dict[str, int]:
    """Return each chapter's points (by name key) under the season's chapter rule.

    Players without a chapter count for none.
    """
    per_player: dict[tuple, int] = defaultdict(int)
    for row in earned:
        if row.chapter:
            per_player[(row.chapter, row.tournament, row.player)] += row.points
    totals: dict[str, int] = defaultdict(int)
    if rule.chapters == EVERY_MEMBER:
        for (chapter, _, _), points in per_player.items():
            totals[chapter] += points
        return dict(totals)
    by_tournament: dict[tuple, list[int]] = defaultdict(list)
    for (chapter, tournament, _), points in per_player.items():
        by_tournament[(chapter, tournament)].append(points)
    for (chapter, _), points in by_tournament.items():
        totals[chapter] += sum(sorted(points, reverse=True)[: rule.best])
    return dict(totals)


# The same player across tournaments -------------------------------------------------

SURE, PROPOSED = "sure", "proposed"
SAME, APART = "same", "apart"


@dataclass(frozen=True)
class Proposal:
    """Two ways a name was seen (another chapter), waiting for the official's word."""

    name: str  # the name key
    chapters: tuple[str, str]  # the two chapter keys, in order ("" is no chapter)


def proposals(seen: Mapping[tuple[str, str], Iterable]) -> list[Proposal]:
    """Return a proposal for each two chapters one name was seen with, in a stable order.

    ``seen`` maps each (name key, chapter key) to the tournaments it was seen at. Two
    players of one tournament are two people: no proposal joins keys seen together.
    """
    chapters_of: dict[str, dict[str, set]] = defaultdict(dict)
    for (name, chapter), where in seen.items():
        chapters_of[name][chapter] = set(where)
    found = []
    for name in sorted(chapters_of):
        keys = sorted(chapters_of[name])
        for i, first in enumerate(keys):
            for second in keys[i + 1 :]:
                if not chapters_of[name][first] & chapters_of[name][second]:
                    found.append(Proposal(name, (first, second)))
    return found


def people(
    seen: Iterable[tuple[str, str]], decisions: Mapping[Proposal, str]
) -> dict[tuple[str, str], tuple[str, str]]:
    """Return each (name key, chapter key) seen, mapped to the person it is.

    Same name and chapter: one person. Same name, other chapters: one person only where
    the official said SAME (and through such links); otherwise apart. A person is named
    by its smallest (name, chapter) key, so the result never depends on the order seen.
    """
    parent: dict[tuple[str, str], tuple[str, str]] = {}

    def find(key):
        while parent[key] != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    for key in seen:
        parent.setdefault(key, key)
    for proposal, decision in sorted(decisions.items(), key=lambda item: repr(item[0])):
        first = (proposal.name, proposal.chapters[0])
        second = (proposal.name, proposal.chapters[1])
        if decision != SAME or first not in parent or second not in parent:
            continue
        a, b = find(first), find(second)
        if a != b:
            parent[max(a, b)] = min(a, b)
    return {key: find(key) for key in parent}
