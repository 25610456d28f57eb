"""Real-browser tests: Playwright driving the system's Chromium against a live server."""

import os
import shutil

import pytest
from playwright.sync_api import expect

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
