"""Partner draw for doubles: random teams of two, never two players of one chapter.

Pure: plain data in, plain data out. This module imports no Django and touches no
database, so it is tested on its own (docs/rules.md, "Partner draws and brackets").

The draw is random but reproducible: it uses only ``random.Random(seed)`` and sorts
the players by id first, so the same players and the same seed give the same draw
whatever order the players are listed in. Player ids must therefore be orderable
(all ints or all strings, say) and chapter keys hashable.

How the draw avoids same-chapter teams. With an even number of players, a draw with
no same-chapter team exists exactly when no chapter holds more than half of them.
While some chapter holds exactly half, every team must take one of its players; until
then any two players of different chapters may be teamed without spoiling the rest.
When a chapter holds more than half, the fewest same-chapter teams possible are
(largest - others) / 2, all inside that chapter; the draw makes exactly that many.
Players without a chapter never clash with anyone, each other included.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from games.rules import RulesError

PlayerId = Any
ChapterKey = Hashable | None
Pair = tuple[PlayerId, PlayerId]


class DrawError(RulesError):
    """A partner draw or swap the official asked for cannot be made."""


@dataclass(frozen=True)
class PartnerDraw:
    """The teams drawn, the same-chapter teams to flag, and the odd player out."""

    pairs: list[Pair]
    same_chapter_pairs: list[Pair]
    odd_player: PlayerId | None
    seed: Any


def draw_partners(players: Sequence[tuple[PlayerId, ChapterKey]], *, seed: Any) -> PartnerDraw:
    """Draw partners at random, pairing as few players of one chapter as possible.

    ``players`` holds ``(player_id, chapter_key)`` pairs; a chapter key of None means
    the player has no chapter. With an odd count, one player is left out and returned
    as ``odd_player``: taken from the largest chapter when that means fewer
    same-chapter teams, otherwise any player, at random.
    """
    ordered = sorted(players, key=lambda player: player[0])
    ids = [player_id for player_id, _ in ordered]
    for before, after in pairwise(ids):
        if before == after:
            raise DrawError(f"Player {after} is entered twice")

    group_of = _chapter_groups([chapter for _, chapter in ordered])
    members: dict[int, list[int]] = {}
    for player, group in enumerate(group_of):
        members.setdefault(group, []).append(player)

    rng = random.Random(seed)
    left = list(range(len(ordered)))
    odd = None
    if len(left) % 2:
        largest = max(members.values(), key=len)
        # Leaving out a player of a chapter holding more than half saves a clash.
        odd = rng.choice(largest if 2 * len(largest) > len(left) else left)
        left.remove(odd)
        members[group_of[odd]].remove(odd)

    pairs = _pair_up(left, group_of, members, rng)
    rng.shuffle(pairs)

    drawn = [(ids[a], ids[b]) for a, b in pairs]
    clashes = [(ids[a], ids[b]) for a, b in pairs if group_of[a] == group_of[b]]
    return PartnerDraw(
        pairs=drawn,
        same_chapter_pairs=clashes,
        odd_player=None if odd is None else ids[odd],
        seed=seed,
    )


def swap_partners(
    pairs: Sequence[Pair],
    a: PlayerId,
    b: PlayerId,
    *,
    outside: Collection[PlayerId] = (),
    name: Callable[[PlayerId], str] | None = None,
) -> list[Pair]:
    """Return the teams with players ``a`` and ``b`` swapped between their teams.

    Each player takes the other's place: ``(a, x), (b, y)`` become ``(b, x), (a, y)``.
    A player in ``outside`` (in no team: the odd player out) may swap with a player in a
    team, taking that place; the other player then leaves the teams. ``name`` writes a
    player in the messages ("Ann Lee"); without it a player is written by id ("Player 7").
    """
    if a == b:
        raise DrawError("Choose two different players to swap.")
    who = name or (lambda player: f"Player {player}")
    where = {}
    for index, pair in enumerate(pairs):
        for slot, player in enumerate(pair):
            where[player] = (index, slot)
    for player in (a, b):
        if player not in where and player not in outside:
            raise DrawError(f"{who(player)} is not in a team of this draw")
    if a not in where and b not in where:
        raise DrawError(f"Neither {who(a)} nor {who(b)} is in a team; choose a player from a team.")
    if a in where and b in where and where[a][0] == where[b][0]:
        both = f"Players {a} and {b}" if name is None else f"{name(a)} and {name(b)}"
        raise DrawError(f"{both} are already partners.")

    swapped = [list(pair) for pair in pairs]
    for player, other in ((a, b), (b, a)):
        if player in where:
            team, slot = where[player]
            swapped[team][slot] = other
    return [tuple(pair) for pair in swapped]


def same_chapter(pair: Sequence[PlayerId], chapter_of: Mapping[PlayerId, ChapterKey]) -> bool:
    """Say whether both players of ``pair`` belong to one chapter.

    ``chapter_of`` maps each player id to a chapter key; None (no chapter) never clashes,
    and neither does a team of one.
    """
    chapters = [chapter_of[player] for player in pair]
    return len(chapters) == 2 and chapters[0] is not None and chapters[0] == chapters[1]


def fewest_same_chapter(chapters: Sequence[ChapterKey]) -> int:
    """Return the fewest same-chapter teams any draw of these players can make.

    ``chapters`` holds one chapter key per player (None: no chapter). Only a chapter
    holding more than half forces any: (largest - others) / 2. With an odd count the
    player left out is best taken from the largest chapter, as `draw_partners` does.
    """
    sizes: dict[ChapterKey, int] = {}
    for chapter in chapters:
        if chapter is not None:
            sizes[chapter] = sizes.get(chapter, 0) + 1
    largest = max(sizes.values(), default=0)
    players = len(chapters)
    if players % 2 and largest:
        largest, players = largest - 1, players - 1
    return max(0, largest - (players - largest)) // 2


def _chapter_groups(chapters: Sequence[ChapterKey]) -> list[int]:
    """Number the chapters; each player without a chapter is a group of their own."""
    numbers: dict[ChapterKey, int] = {}
    groups = []
    for chapter in chapters:
        if chapter is None:
            groups.append(-1 - len(groups))
        else:
            groups.append(numbers.setdefault(chapter, len(numbers)))
    return groups


def _pair_up(
    left: list[int],
    group_of: list[int],
    members: dict[int, list[int]],
    rng: random.Random,
) -> list[tuple[int, int]]:
    """Pair an even number of players, with the fewest same-group pairs, at random."""
    if not left:
        return []
    pairs, left = _pair_surplus(left, members, rng)
    return pairs + _pair_across_groups(left, group_of, rng)


def _pair_surplus(
    left: list[int], members: dict[int, list[int]], rng: random.Random
) -> tuple[list[tuple[int, int]], list[int]]:
    """More than half in one group: pair the surplus inside it, chosen at random; return
    those pairs and the players left."""
    largest_group = max(members, key=lambda group: len(members[group]))
    surplus = len(members[largest_group]) - len(left) // 2
    if surplus <= 0:
        return [], left
    chosen = rng.sample(members[largest_group], 2 * surplus)
    taken = set(chosen)
    pairs = list(zip(chosen[::2], chosen[1::2], strict=True))
    return pairs, [player for player in left if player not in taken]


def _pair_across_groups(
    left: list[int], group_of: list[int], rng: random.Random
) -> list[tuple[int, int]]:
    """Pair players no group of which holds more than half, every pair across two groups."""
    pairs: list[tuple[int, int]] = []
    # The pool: remaining players, removed by swapping with the last one.
    pool = list(left)
    size: dict[int, int] = {}
    for player in pool:
        size[group_of[player]] = size.get(group_of[player], 0) + 1
    top = max(size.values(), default=0)
    groups_of_size = [0] * (top + 1)
    for count in size.values():
        groups_of_size[count] += 1

    def take(index: int) -> int:
        player = pool[index]
        last = pool.pop()
        if index < len(pool):
            pool[index] = last
        group = group_of[player]
        groups_of_size[size[group]] -= 1
        size[group] -= 1
        groups_of_size[size[group]] += 1
        return player

    while pool:
        while groups_of_size[top] == 0:
            top -= 1
        if 2 * top == len(pool):
            # One group holds half of those left: every pair must take one of them.
            full = next(group for group, count in size.items() if count == top)
            ours = [player for player in pool if group_of[player] == full]
            others = [player for player in pool if group_of[player] != full]
            rng.shuffle(ours)
            rng.shuffle(others)
            pairs.extend(zip(ours, others, strict=True))
            break
        # No group holds half, so any two players of different groups keep it that way.
        first = take(rng.randrange(len(pool)))
        while True:
            index = rng.randrange(len(pool))
            if group_of[pool[index]] != group_of[first]:
                break
        pairs.append((first, take(index)))
    return pairs
