"""The desk's one error an official can act on.

`DeskError` is a `RulesError`, so a view catches one type for both a broken game
rule and a refused desk action (a duplicate chapter, a draw that is already made).
"""

from games.rules import RulesError


class DeskError(RulesError):
    """An action refused with a message the official can act on."""


__all__ = ["DeskError", "RulesError"]
