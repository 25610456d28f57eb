"""A visitor's bracket built from the game lines this process kept (issue 22).

A hall's tables send a hand every few seconds, each hand changes one game, and phones
keep asking for the bracket: a 64-table bracket rebuilt whole after every hand read its
127 games with their 254 sides and built 127 lines. So each web process keeps the lines
it built for an event, and a visitor's bracket is built from:

- which games the bracket has, and at what version: one small read, in the page's round
  trip with its event (`bracket_versions`: a sixth of the whole rows' time);
- each game's line as kept, while its version is the one read;
- the rows of the games whose version moved, read and built again (one round trip: each
  game alone, or the whole bracket when more than ``READ_ALONE`` moved or none is kept).

What a line is built from besides its game's row and sides is in the key the lines are
kept under: the event; its ``names_changed_at`` (every change moves it but a game's
running score and a result, both of which move the game's version with every row they
change: a draw, a renumbered partners' game, a name, all come with a new one); the
digest of its team lines; the score that wins; the match rule.

Never a kept line itself: a request sets its own attributes on its lines (the marked
games, their cards, their place on the grid), so each gets copies. The sides and teams a
copy shares are never changed once built; the cards a kept line holds (``kept_cards``,
`fragments.attach_cards`) are only added to, each under all its card is drawn from
beyond the line's own key.
"""

from __future__ import annotations

from collections.abc import Callable

from ..compiled import together
from .bracket_reads import bracket_rows, bracket_versions, game_rows, parsed
from .lines import GameLine

READ_ALONE = 8  # games whose rows are read one by one; more: the whole bracket
# A bracket of fewer games is read whole with its event: its rows cost less than a second
# round trip (bench/pages.py, a hand before each request: a 16-team bracket read by its
# versions first came to 0.28 of a bare view's requests, read whole 0.28-0.31; the
# 128-team one by its versions 0.20-0.25, read whole before the lines were kept 0.18-0.20).
VERSIONS_FROM = 48
MOST_LINES = 5_000  # kept by a process, all events together; then it starts again empty

# By (event id, names_changed_at, names digest, target, rule): each game's line by id.
_KEPT: dict[tuple, dict[int, GameLine]] = {}
_GAMES: dict[int, int] = {}  # each event's games, as its bracket was last built here


def visitor_bracket_read(event_id: int):
    """Return the read a visitor's bracket sends with its event (`public_event_with`):
    its games' versions when its bracket has ``VERSIONS_FROM`` games or more (as this
    process last built it), else its whole rows."""
    return bracket_versions if _GAMES.get(event_id, 0) >= VERSIONS_FROM else bracket_rows


def kept_lines(
    event, kept: tuple, build: Callable, *, versions: list | None = None, rows=None
) -> list[GameLine]:
    """Return a copy of the line of each game of the bracket, in order, built by
    ``build(game, sides)`` when not kept at its version; ``kept``: the rest of what a
    line is built from (see the module). The games are those of ``rows`` (as
    `bracket_rows` reads them: the moved games built from them), else of ``versions``
    ((id, version) pairs, as `bracket_versions` reads them, read here when not given:
    the moved games' rows are read).

    A game gone (voided, or its bracket drawn again) between the two reads is left out."""
    key = (event.pk, event.names_changed_at, *kept)
    lines = _KEPT.get(key)
    if lines is None:
        lines = _new(key)
    if rows is not None:
        games, seats = parsed(rows)
        versions = [(game.pk, game.version) for game in games]
        moved = [game for game in games if _version(lines.get(game.pk)) != game.version]
        _keep(lines, moved, seats, build)
    else:
        versions = bracket_versions(event=event.pk) if versions is None else versions
        moved = [pk for pk, version in versions if _version(lines.get(pk)) != version]
        if moved:
            _build(lines, moved, event.pk, build)
    _GAMES[event.pk] = len(versions)
    copies = []
    for pk, version in versions:
        line = lines.get(pk)
        if line is None or line.version < version:
            continue
        copy = object.__new__(GameLine)
        copy.__dict__.update(line.__dict__)
        copies.append(copy)
    return copies


def _version(line: GameLine | None) -> int | None:
    return None if line is None else line.version


def _new(key: tuple) -> dict[int, GameLine]:
    """Start the lines of a new key, forgetting the event's older ones (an event's names
    moved on), and everything once a process holds ``MOST_LINES``."""
    for older in [other for other in _KEPT if other[0] == key[0]]:
        del _KEPT[older]
    if sum(map(len, _KEPT.values())) >= MOST_LINES:
        _KEPT.clear()
    lines = _KEPT[key] = {}
    return lines


def _build(lines: dict, moved: list, event_id: int, build: Callable) -> None:
    """Read the rows of the games that moved and keep their new lines."""
    if len(moved) > READ_ALONE or not lines:
        rows = bracket_rows(event=event_id)
    else:
        found = together(*((game_rows, {"game": pk}) for pk in moved))
        rows = [row for game in found for row in game]
    games, seats = parsed(rows)
    _keep(lines, games, seats, build)


def _keep(lines: dict, games: list, seats: dict, build: Callable) -> None:
    for game in games:
        line = lines[game.pk] = build(game, seats.get(game.pk, [None, None]))
        line.kept_cards = {}  # its cards as drawn, shared by its copies (`attach_cards`)


def forget() -> None:
    """Forget every kept line (`page_cache.clear`)."""
    _KEPT.clear()
    _GAMES.clear()
