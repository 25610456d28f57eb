"""Check a backup's events and penalties against the games' rules (`games.registry`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from games.registry import GAMES
from games.rules import RulesError
from scoring.backup.format import BackupError
from scoring.services.checks import penalty_fields


def _check_events(found: dict) -> None:
    for index, event in enumerate(found["events"], start=1):
        if event["game_key"] not in GAMES:
            raise BackupError(f"Event {index}: there is no game “{event['game_key']}”.")
        try:
            GAMES[event["game_key"]].validate_options(event["options"])
        except (RulesError, TypeError, AttributeError) as exc:
            raise BackupError(f"Event {index} ({event['name']}): {exc}.") from None


def _penalty_fields(found: dict) -> dict[int, list[str]]:
    """Return, by game id, the hand fields that hold penalties (their offender is a player).

    The game's rules say which fields those are (`penalty_fields`); an offender
    is a player's id, so it is a reference like any other and is renumbered on import.
    """
    events = {event["id"]: event for event in found["events"]}
    sides = Counter(side["game"] for side in found["sides"])
    cache: dict[tuple, list[str]] = {}
    fields = {}
    for game in found["games"]:
        event = events[game["event"]]
        key = (event["id"], sides[game["id"]])
        if key not in cache:
            asked = penalty_fields(
                GAMES[event["game_key"]],
                event["options"],
                sides=key[1],
                team_size=event["team_size"],
            )
            cache[key] = [found_field.name for found_field in asked]
        fields[game["id"]] = cache[key]
    return fields


def _penalties(detail, names: list[str]) -> Iterator[dict]:
    """Yield every penalty of a hand's detail (a dict per penalty), for these fields."""
    if not isinstance(detail, dict):
        return
    for name in names:
        yield from detail.get(name) or ()


def _check_offenders(detail, names: list[str], players: set, where: str) -> None:
    for name in names:
        value = detail.get(name) if isinstance(detail, dict) else None
        if value is not None and not (
            isinstance(value, list) and all(isinstance(item, dict) for item in value)
        ):
            raise BackupError(f"{where}: its “{name}” are not a list of penalties.")
    for found_penalty in _penalties(detail, names):
        offender = found_penalty.get("offender")
        if offender is not None and offender not in players:
            raise BackupError(f"{where}: a penalty's offender is no player of the file.")


def _renumber_offenders(detail, names: list[str], players: dict[int, int]) -> None:
    for found_penalty in _penalties(detail, names):
        if found_penalty.get("offender") is not None:
            found_penalty["offender"] = players[found_penalty["offender"]]
