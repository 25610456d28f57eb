"""The references the database does not check: does each still point at a row?

The rows a draw writes (teams, their members, games, their sides) keep their foreign
keys as plain integer columns, with no constraint in the database (tournaments 0019,
`db_constraint=False`). The checks PostgreSQL ran at every draw's commit were most of
its work: a 4,096-team double elimination draw wrote 36,861 rows and ran one trigger
event per key per row, about 110,000 in all (a third of them on keys left empty), 0.2-0.4 s
of a 0.5-0.7 s draw (bench/bracket.py). The activity log's lines (`Activity`: their
tournament and official) likewise since tournaments 0020: every result writes one, and
the two checks at its commit locked the tournament's row and the official's each time,
part of every result's cost (bench/bracket.py, the backend's CPU per result). What
keeps these references whole instead:

- One writer each. A draw writes a bracket's games with their pointers and sides in one
  statement (`services.draw_rows`), every id taken before its row is written, so a
  pointer names a row of the same statement; teams and members likewise (a singles
  partners' game is pointed at the bracket drawn in the same transaction). Results,
  withdrawals and corrections move teams between the sides of games, never a pointer.
  An activity line is only ever added (`changes.log_activity` and the one-statement
  result's INSERT), naming the tournament a service has just read and the official
  acting; a restore names its own tournament and the accounts it found by name.
- Deleting goes through Django, whose `on_delete` (CASCADE, PROTECT, SET_NULL) was
  always done in Python, never by the database: no raw statement deletes these rows, nor
  the tournaments and accounts the activity names (only the admin deletes those: a
  tournament's lines go with it, an account's lines stay with no account). A line
  written by an official whose account is deleted at that moment names an id that is
  gone; its pages read it as no account (the join to the account is an outer one), as
  if the deletion had come after.
- A restore maps every reference of its file to a row it wrote, and refuses one that
  points at nothing (`scoring.backup`).
- `dangling_references()` below, run by the test suite after every test that used the
  database (tests/conftest.py), so a change that breaks one fails its tests.
"""

from __future__ import annotations

from django.db.models import ForeignKey

from ..models import Activity, Game, Side, Team, TeamMember

# The draw's rows and the activity log: every key of theirs is unchecked by the database.
UNCHECKED_MODELS = (Game, Side, Team, TeamMember, Activity)


def unchecked_references() -> list[ForeignKey]:
    """Return the foreign keys the database does not check (``db_constraint=False``)."""
    return [
        field
        for model in UNCHECKED_MODELS
        for field in model._meta.concrete_fields
        if isinstance(field, ForeignKey) and not field.db_constraint
    ]


def dangling_references() -> dict[str, int]:
    """Count, per ``model.field``, the rows whose unchecked reference names no row.

    Empty when every reference is whole. One query per key: for tests and checks, not
    for a page.
    """
    found = {}
    for field in unchecked_references():
        targets = field.related_model._base_manager.values(field.target_field.attname)
        broken = (
            field.model._base_manager.filter(**{f"{field.attname}__isnull": False})
            .exclude(**{f"{field.attname}__in": targets})
            .count()
        )
        if broken:
            found[f"{field.model._meta.model_name}.{field.name}"] = broken
    return found
