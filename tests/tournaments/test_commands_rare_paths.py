"""The commands' rare refusals, once marked `pragma: no cover`, now tested."""

import functools
import sqlite3

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError

from tournaments.management.commands import backup, create_official


class DamagedCopy(sqlite3.Connection):
    """A copy whose integrity check finds damage, as a damaged source database gives."""

    def execute(self, sql, *args):
        if sql == "PRAGMA integrity_check":
            return super().execute("SELECT 'row 3 missing from index player_name'")
        return super().execute(sql, *args)


def test_a_copy_that_fails_the_integrity_check_is_refused_and_removed(tmp_path, monkeypatch):
    source = sqlite3.connect(tmp_path / "live.sqlite3")
    source.execute("create table player (name text)")
    source.commit()
    monkeypatch.setattr(
        backup.sqlite3, "connect", functools.partial(sqlite3.connect, factory=DamagedCopy)
    )
    target = tmp_path / "copy.sqlite3"
    with pytest.raises(CommandError, match="failed SQLite's integrity check: row 3 missing"):
        backup.backup_sqlite(source, target)
    assert not target.exists()
    assert not (tmp_path / "copy.sqlite3.partial").exists()


def test_a_random_password_the_validators_refuse_is_drawn_again(monkeypatch):
    seen = []

    def validate(password, user):
        seen.append(password)
        if len(seen) == 1:
            raise ValidationError("This password is too common.")

    monkeypatch.setattr(create_official, "validate_password", validate)
    password = create_official.new_password(user=None)
    assert len(seen) == 2
    assert password == seen[1] != seen[0]
