"""A backup's penalties: which hand fields hold them (`games.registry`), their offenders."""

from __future__ import annotations

from collections.abc import Iterator

from scoring.backup.format import BackupError
from scoring.services.checks import penalty_fields


def penalty_names(spec, event: dict, sides: int) -> list[str]:
    """Return the hand fields of an event's game at a table of `sides` that hold penalties.

    The game's rules say which fields those are (`penalty_fields`); a penalty's offender
    is a player's id, so it is a reference like any other and is renumbered on restore.
    """
    found = penalty_fields(spec, event["options"], sides=sides, team_size=event["team_size"])
    return [field.name for field in found]


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
        if offender is not None and (
            not isinstance(offender, int) or isinstance(offender, bool) or offender not in players
        ):
            raise BackupError(f"{where}: a penalty's offender is no player of the file.")


def _renumber_offenders(detail, names: list[str], players: dict[int, int]) -> None:
    for found_penalty in _penalties(detail, names):
        if found_penalty.get("offender") is not None:
            found_penalty["offender"] = players[found_penalty["offender"]]
