"""Real-browser tests: Playwright driving the system's Chromium against a live server."""

import contextlib
import os
import re
import shutil
import warnings
from pathlib import Path

import pytest
from playwright.sync_api import Error, expect

from tests.conftest import missing_service

# A loaded CI machine can be slow to answer; the default 5 s has proved short.
expect.set_options(timeout=15_000)

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
]

# Playwright's sync API runs an event loop in this thread; the test's own ORM calls
# are still plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def chromium_path() -> str | None:
    configured = os.environ.get("CHROMIUM")
    if configured:
        return configured if os.path.exists(configured) else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        missing_service("no Chromium found (install Debian's chromium or set CHROMIUM)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=path, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


# Where a failed test's browser traces are kept: what each page showed and did, step by
# step, to be opened with `.venv/bin/playwright show-trace FILE`. A failure seen once in
# ten full runs (a box read as not shown) is then seen, not guessed at.
TRACES = Path(os.environ.get("E2E_TRACES", "data/e2e-traces"))


def trace_path(nodeid: str, number: int) -> Path:
    return TRACES / f"{re.sub(r'[^A-Za-z0-9_.-]+', '-', nodeid).strip('-')}-{number}.zip"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    report = (yield).get_result()
    if report.when != "call" or not report.failed:
        return
    item.e2e_failed = True
    traced = getattr(item, "e2e_traced", [])
    if traced:
        paths = "\n".join(str(trace_path(item.nodeid, n)) for n in range(len(traced)))
        kept = "kept, to open with playwright show-trace (a warning names any not written)"
        report.sections.append(("browser traces", f"{kept}:\n{paths}"))


@pytest.fixture(autouse=True)
def _trace_each_context(request):
    """Trace every browser context a test opens (each step with the page's DOM). A trace
    is written when its context closes; kept under ``TRACES`` if the test failed, else
    dropped once the test is over."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    nodeid = request.node.nodeid
    opened = request.node.e2e_traced = []
    new_context = browser.new_context

    def traced_context(**options):
        context = new_context(**options)
        context.tracing.start(snapshots=True)
        written = TRACES / "pending" / trace_path(nodeid, len(opened)).name
        close = context.close

        closed = False

        def close_traced(**close_options):
            nonlocal closed
            if not closed:
                closed = True
                with contextlib.suppress(Error):  # the context went with its browser
                    context.tracing.stop(path=written)
                close(**close_options)

        context.close = close_traced
        opened.append((context, written))
        return context

    browser.new_context = traced_context
    yield
    del browser.new_context  # the method again
    failed = getattr(request.node, "e2e_failed", False)
    for number, (context, written) in enumerate(opened):
        context.close()  # a context the test left open
        if not written.exists():
            if failed:  # the report named it: say why it is not there
                warnings.warn(
                    f"{trace_path(nodeid, number)} was not written: its browser had gone",
                    stacklevel=1,
                )
        elif failed:
            written.replace(trace_path(nodeid, number))
        else:
            written.unlink()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    """A second browser, sized like a phone, for what players see."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def log_in(live_server, password):
    """Log a page in as the given user through the real login form."""

    def _log_in(page, user):
        page.goto(f"{live_server.url}/login/")
        page.get_by_label("Username").fill(user.username)
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(f"{live_server.url}/desk/")

    return _log_in
