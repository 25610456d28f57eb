"""Fixtures shared by the whole suite: people, tournaments and the real-service switches."""

import contextlib
import os

import pytest

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES", "") == "1"


def missing_service(reason: str):
    """Skip the test, or fail it when CI says the services must be there."""
    if REQUIRE_SERVICES:
        pytest.fail(f"REQUIRE_SERVICES=1 but {reason}", pytrace=False)
    pytest.skip(reason)


def needs_database(vendor: str):
    """Run the test on one database only: "postgresql" or "sqlite".

    A PostgreSQL test without PostgreSQL is a missing service (`missing_service`: a
    failure with REQUIRE_SERVICES=1); a SQLite test in the PostgreSQL run is skipped,
    since the SQLite run (CI runs both) runs it.
    """
    from django.db import connection

    if connection.vendor == vendor:
        return
    if vendor == "postgresql":
        missing_service("needs PostgreSQL: set DATABASE_URL=postgres://...")
    pytest.skip(f"written for {vendor}: the {vendor} run has it")


def _django_active(request) -> bool:
    """The rules tests also run with `-p no:django`, proving they need no Django."""
    return request.config.pluginmanager.hasplugin("django")


@pytest.fixture(autouse=True)
def _test_settings(request):
    """Serve static files without the manifest `collectstatic` writes; hash passwords fast."""
    if not _django_active(request):
        return
    settings = request.getfixturevalue("settings")
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _eager_celery(request):
    """Run tasks in-process; the worker round trip has its own test in tests/services."""
    if not _django_active(request):
        yield
        return
    with eager_tasks():
        yield


@contextlib.contextmanager
def eager_tasks():
    """Run Celery tasks in-process inside the block; put the setting back as it was after."""
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = before


@pytest.fixture(autouse=True)
def _fresh_page_cache(request):
    """Each test starts with no stored public page (tournaments/page_cache.py)."""
    if _django_active(request):
        from tournaments import page_cache

        page_cache.clear()


@pytest.fixture(autouse=True)
def _no_wrong_table_codes(request):
    """Each test starts with no wrong table codes counted against 127.0.0.1
    (scoring/table_throttle.py keeps the count in the default cache)."""
    if _django_active(request):
        from scoring import table_throttle

        table_throttle.forget_all()


# The fixtures by which a test uses the database (pytest-django).
_DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "live_server"}
)


@pytest.fixture(autouse=True)
def _references_whole(request):
    """After a test that used the database, every reference the database does not check
    (a game's next game, a side's team, an activity line's tournament and official:
    tournaments.selectors.references) names a row."""
    uses_database = request.node.get_closest_marker("django_db") is not None or bool(
        _DATABASE_FIXTURES & set(request.fixturenames)
    )
    if not (_django_active(request) and uses_database):
        yield
        return
    # Asked for here, the database is rolled back only after the check below.
    request.getfixturevalue("db")
    yield
    from django.db import DatabaseError, connection

    from tournaments.selectors.references import dangling_references

    if connection.needs_rollback:  # a test that broke its transaction on purpose
        return
    try:
        found = dangling_references()
    except DatabaseError:  # its transaction aborted by an error it expected: nothing to read
        return
    assert found == {}


@pytest.fixture
def password():
    return "domino-desk-test"


@pytest.fixture
def official(django_user_model, password):
    return django_user_model.objects.create_user(username="olive", password=password)


@pytest.fixture
def other_official(django_user_model, password):
    """An official of another tournament: must be refused everywhere in ours."""
    return django_user_model.objects.create_user(username="otto", password=password)


@pytest.fixture
def tournament(official, other_official):
    from tests.factories import TournamentFactory

    ours = TournamentFactory(slug="rally")
    ours.officials.add(official)
    theirs = TournamentFactory(slug="elsewhere")
    theirs.officials.add(other_official)
    return ours


@pytest.fixture
def official_client(client, official):
    client.force_login(official)
    return client


@pytest.fixture
def other_client(client, other_official):
    client.force_login(other_official)
    return client


@pytest.fixture
def on_postgres():
    needs_database("postgresql")  # the one-statement paths run on PostgreSQL only


@pytest.fixture
def results_path(settings):
    """Return a switch of the bracket result's path: one statement (True) or general."""

    def use(one_statement: bool) -> None:
        settings.RESULTS_ONE_STATEMENT = one_statement

    return use
