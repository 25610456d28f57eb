"""Hold a restored tournament's hands entered at tables to what the desk itself keeps.

A hand still waiting (or disputed) counts nowhere, but the desk will count it once it is
confirmed: it must be the game's next hand, entered from one of its seats, scored as its
rules score it, and its game must say that a hand waits (`Game.table_hand`), as the
table services keep it. Problems name the record by its id in the file.
"""

from __future__ import annotations

from collections import Counter

from games.rules import RulesError
from tournaments.models import Game, Side

from ..models import TableEntry
from ..models.table import OPEN_ENTRY

ENOUGH = 25


def table_problems(tournament, file_game: dict, file_entry: dict) -> list[str]:
    found: list[str] = []
    at = {"game__event__tournament": tournament}
    sides = Counter(Side.objects.filter(**at).values_list("game_id", flat=True))
    waiting = TableEntry.objects.filter(**at, status__in=OPEN_ENTRY).order_by("pk")
    games = {  # whole games (with their event) only where a hand waits at the table
        game.pk: game
        for game in Game.objects.filter(pk__in=waiting.values("game_id")).select_related("event")
    }
    open_entries = {}
    for entry in waiting:
        open_entries[entry.game_id] = entry
        game = games[entry.game_id]
        where = f"table entry record {file_entry.get(entry.pk, '?')}"
        if entry.entered_seat >= sides[game.pk]:
            found.append(f"{where}: “entered_seat” {entry.entered_seat + 1} is no seat of its game")
        if entry.number != game.hand_count + 1:
            found.append(f"{where}: “number” {entry.number} is not its game's next hand")
        found += _scored(entry, game, sides[game.pk], where)
    every = Game.objects.filter(event__tournament=tournament).values_list("pk", "table_hand")
    for pk, table_hand in every.order_by("pk"):
        entry = open_entries.get(pk)
        expected = entry.status if entry is not None else ""
        if table_hand != expected:
            found.append(
                f"game record {file_game[pk]}: “table_hand” “{table_hand}” is not "
                f"“{expected}”, what its hands entered at the table say"
            )
        if len(found) >= ENOUGH:
            break
    return found


def _scored(entry: TableEntry, game: Game, sides: int, where: str) -> list[str]:
    spec, options = game.event.game, game.event.options
    try:
        table = spec.table(options, sides=sides, team_size=game.event.team_size)
        scored = spec.score_entry(
            spec.entry_from_data(entry.detail, table, options), table, options
        )
    except (RulesError, TypeError, ValueError, AttributeError) as exc:
        return [f"{where}: the rules refuse it ({exc})"]
    if list(scored.points) != entry.points:
        return [f"{where}: “points” {entry.points} are not the {list(scored.points)} it scores"]
    return []
