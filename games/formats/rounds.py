"""Rounds: games at tables, round after round, and standings; no bracket.

Pure: plain data in, plain data out; this module imports no Django. An entry of the
formats' registry like the others, so that nothing outside `games.formats` asks which
format an event has: this one says it makes no bracket, and refuses to lay one out.
Its rounds are seated by `games.seating` and ranked by `games.standings`.
"""

from __future__ import annotations

from games.formats.base import FormatError

KEY = "rounds"
NAME = "Rounds"
SUMMARY = "Rounds at tables with live standings; nobody is knocked out."
OPTIONS = ()


def house_rules(_options) -> list[str]:
    """Return the format's rules in plain sentences (the game adds its own)."""
    return ["Rounds at tables: nobody is knocked out; the standings decide the places."]


def make(*_args, **_kwargs):
    """Refuse: a rounds event is seated round by round, never laid out as a bracket."""
    raise FormatError("A rounds event has no bracket: its rounds are seated one at a time")


from_first_round = make
