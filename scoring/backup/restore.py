"""Restore a backup, checked by `read_backup`, as a new tournament: all or nothing."""

from __future__ import annotations

import uuid

from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction

from scoring.backup.checks import _penalty_fields, _renumber_offenders
from scoring.backup.format import CHUNK, SECTIONS, USER, BackupError, Section
from tournaments.models import Tournament
from tournaments.services.tournaments import check_slug

from ..models import Hand, HandChange


def _users(found: dict) -> dict[str, object]:
    """Return the users named in the file, making an inactive account for a name not known."""
    names = set(found["officials"])
    if found["tournament"].get("owner"):
        names.add(found["tournament"]["owner"])
    for section in SECTIONS:
        for column in section.columns:
            if column.kind == USER:
                names.update(r[column.name] for r in found[section.name] if r[column.name])
    model = get_user_model()
    users = {user.username: user for user in model.objects.filter(username__in=names)}
    for name in sorted(names - set(users)):
        user = model(username=name, is_active=False)
        user.set_unusable_password()
        user.save()
        users[name] = user
    return users


def _fresh_keys(records: list[dict], name: str) -> None:
    """Give a new key to every record whose form key this database already holds."""
    model = Hand if name == "entry_key" else HandChange
    field = name
    keys = [record[name] for record in records if record[name] is not None]
    taken = set()
    for start in range(0, len(keys), CHUNK):
        chunk = keys[start : start + CHUNK]
        taken.update(model.objects.filter(**{f"{field}__in": chunk}).values_list(field, flat=True))
    for record in records:
        if record[name] in taken:
            record[name] = uuid.uuid4()


@transaction.atomic
def import_tournament(*, found: dict, by, slug: str = "") -> Tournament:
    """Restore a checked backup (`read_backup`) as a new tournament; all or nothing.

    The tournament keeps its address unless `slug` gives a new one; an address in use is
    refused. `by` becomes one of its officials, with the officials named in the file.
    """
    head = found["tournament"]
    wanted = check_slug(slug or head["slug"])
    if Tournament.objects.filter(slug=wanted).exists():
        raise BackupError(
            f"A tournament at the address “{wanted}” exists already; choose a new address "
            "for the restored copy."
        )
    users = _users(found)
    try:
        with transaction.atomic():
            tournament = _restore(found, head, wanted, users)
    except IntegrityError as exc:
        raise BackupError(
            f"The file's records break a rule of the desk ({exc}); nothing was restored."
        ) from None
    officials = [users[name] for name in found["officials"] if name in users]
    if by is not None and by.pk:
        officials.append(by)
    tournament.officials.add(*officials)
    return tournament


def _ids_free(found: dict) -> bool:
    """Say whether none of the file's ids is in use here (a restore into an empty database)."""
    if Tournament.objects.filter(pk=found["tournament"]["id"]).exists():
        return False
    for section in SECTIONS:
        ids = [record["id"] for record in found[section.name]]
        for start in range(0, len(ids), CHUNK):
            if section.model.objects.filter(pk__in=ids[start : start + CHUNK]).exists():
                return False
    return True


def _reset_sequences() -> None:
    """After rows were written with their own ids, let the database number new rows after them."""
    from django.core.management.color import no_style

    models = [Tournament, *(section.model for section in SECTIONS)]
    statements = connection.ops.sequence_reset_sql(no_style(), models)
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)


def _restore(found: dict, head: dict, slug: str, users: dict) -> Tournament:
    """Write every record. Into a database where none of the file's ids is taken (restoring
    on a new machine), rows keep their ids, so the desk's addresses (a game's score sheet,
    printed on its QR code) stay the same; otherwise they are numbered afresh."""
    keep = _ids_free(found)
    fields = {**head, "slug": slug}
    owner = fields.pop("owner", None)
    fields["owner"] = users[owner] if owner else None
    if not keep:
        del fields["id"]
    tournament = Tournament.objects.create(**fields)
    Tournament.objects.filter(pk=tournament.pk).update(created_at=head["created_at"])
    _fresh_keys(found["hands"], "entry_key")
    _fresh_keys(found["hand_changes"], "request_key")
    new_ids: dict[str, dict[int, int]] = {}
    created: list[tuple[Section, list]] = []
    fields = _penalty_fields(found)
    for section in SECTIONS:
        if section.name == "hands":
            for hand in found["hands"]:
                _renumber_offenders(hand["detail"], fields[hand["game"]], new_ids["players"])
        if section.name == "hand_changes":
            for change in found["hand_changes"]:
                for state in (change["before"], change["after"]):
                    if isinstance(state, dict):
                        names = fields[change["game"]]
                        _renumber_offenders(state.get("detail"), names, new_ids["players"])
        objects = []
        for record in found[section.name]:
            values = {}
            for column in section.columns:
                if column.name == "id" and keep:
                    values["id"] = record["id"]
                if column.name == "id" or column.name in section.deferred:
                    continue
                value = record[column.name]
                if column.ref and value is not None:
                    value = new_ids[column.ref][value]
                elif column.kind == USER and value is not None:
                    value = users[value].pk
                values[column.attname] = value
            if section.name in ("chapters", "players", "events", "activity"):
                values["tournament_id"] = tournament.pk
            objects.append(section.model(**values))
        made = section.model.objects.bulk_create(objects, batch_size=500)
        new_ids[section.name] = {
            record["id"]: obj.pk for record, obj in zip(found[section.name], made, strict=True)
        }
        created.append((section, made))
    # Once every record has its id: a deferred reference may point at a later section
    # (a singles team at the game whose result made it).
    for section, made in created:
        _after_create(section, found[section.name], made, new_ids)
    if keep:
        _reset_sequences()
    return tournament


def _after_create(section: Section, records: list[dict], made: list, new_ids: dict) -> None:
    """Write what the database stamped over (creation times) and the deferred references."""
    fields = [*section.stamped]
    for column in section.columns:
        if column.name in section.deferred:
            fields.append(column.attname)
    if not fields:
        return
    for record, obj in zip(records, made, strict=True):
        for column in section.columns:
            if column.name in section.stamped:
                setattr(obj, column.attname, record[column.name])
            elif column.name in section.deferred:
                value = record[column.name]
                setattr(obj, column.attname, None if value is None else new_ids[column.ref][value])
    section.model.objects.bulk_update(made, fields, batch_size=500)


def backup_summary(found: dict) -> str:
    """Return what a checked backup holds, in a sentence."""
    head = found["tournament"]
    return (
        f"{head['name']} ({head['starts_on']:%Y-%m-%d}): {len(found['events'])} events, "
        f"{len(found['players'])} players, {len(found['hands'])} hands."
    )
