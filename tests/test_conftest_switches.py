"""The suite's own switches: eager tasks put back as they were, one way to skip a database."""

import pytest
from django.db import connection

from config.celery import app
from tests import conftest


def test_eager_tasks_put_the_setting_back_as_it_was():
    before = app.conf.task_always_eager
    try:
        app.conf.task_always_eager = False
        with conftest.eager_tasks():
            assert app.conf.task_always_eager is True
        assert app.conf.task_always_eager is False
    finally:
        app.conf.task_always_eager = before


@pytest.mark.django_db
def test_the_database_a_test_is_written_for_runs_it():
    assert conftest.needs_database(connection.vendor) is None


@pytest.mark.django_db
def test_a_missing_postgresql_fails_when_services_are_required(monkeypatch):
    if connection.vendor == "postgresql":
        with pytest.raises(pytest.skip.Exception, match="the sqlite run has it"):
            conftest.needs_database("sqlite")
        return
    monkeypatch.setattr(conftest, "REQUIRE_SERVICES", True)
    with pytest.raises(pytest.fail.Exception, match="REQUIRE_SERVICES=1 but needs PostgreSQL"):
        conftest.needs_database("postgresql")
    monkeypatch.setattr(conftest, "REQUIRE_SERVICES", False)
    with pytest.raises(pytest.skip.Exception, match="needs PostgreSQL"):
        conftest.needs_database("postgresql")
