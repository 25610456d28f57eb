"""Every page, on a phone (390x844) and a desk screen (1366x768), checked for access.

The pages are those `test_every_page.py` visits (its RECIPES: every page, and the page
each action's form lives on), as the same audience. On each:

- axe-core (the npm package, a development dependency: `make test` installs it) runs
  over the page with its default rules; a violation whose impact is serious or critical
  fails (colour contrast below WCAG AA is one of them, "serious").
- Our own touch-target check: every visible control a finger aims at is at least 44 x 44
  CSS px (axe's target-size rule asks 24). Measured: buttons, links that act as buttons
  (`a.button`, `[role=button]`, and every link inside a `<nav>`: menus, tabs, pagers),
  `<summary>`, inputs, selects and text areas. A checkbox or radio counts with its label
  (the label is where the finger lands). Exempt (ruling): a link that is not in a nav
  and not styled as a button, i.e. a link in running text or a table cell, where the
  line around it is the target (WCAG 2.5.8's inline exception); a disabled control.

axe's script is injected by the driver (`page.add_script_tag`): the desk's CSP refuses
inline scripts, and a script tag added by the driver is one, so the contexts here
bypass the CSP (`bypass_csp=True`); the pages are otherwise as served.
"""

import time
from pathlib import Path

import pytest
from django.conf import settings

from tests.conftest import missing_service
from tests.e2e.every_page_world import build_world
from tests.e2e.test_every_page import (
    AUDIENCE,
    RECIPES,
    Page,
    PostOnly,
    Report,
    _visits,
    named_url_patterns,
)

AXE = Path(settings.BASE_DIR) / "node_modules" / "axe-core" / "axe.min.js"
SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "desk": {"viewport": {"width": 1366, "height": 768}},
}
FAILING_IMPACTS = ("serious", "critical")
STEADY_CSS = ".htmx-request { opacity: 1 !important; transition: none !important; }"
TARGET_PX = 44

RUN_AXE_JS = """
async (impacts) => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.filter((v) => impacts.includes(v.impact)).map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => [n.target.join(' '), (n.failureSummary || '').split('\\n')[1] || '']),
  }));
}
"""

# Returns [[description, width, height, text]] for each control smaller than `px`.
SMALL_TARGETS_JS = r"""
(px) => {
  const describe = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
      let part = e.tagName.toLowerCase();
      if (e.id) { parts.unshift(part + '#' + e.id.replace(/\d+/g, 'N')); break; }
      const classes = [...e.classList].slice(0, 2);
      if (classes.length) part += '.' + classes.join('.');
      parts.unshift(part);
    }
    return parts.join(' > ');
  };
  const shown = (el) => el.checkVisibility({visibilityProperty: true, opacityProperty: false})
    && el.getClientRects().length > 0;
  const screenReaderOnly = (el) => {
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return true;
    }
    return false;
  };
  const selector = [
    'button', 'input:not([type=hidden])', 'select', 'textarea', 'summary',
    'a.button', '[role=button]', 'nav a[href]',
  ].join(', ');
  const small = [];
  const seen = new Set();
  for (const el of document.querySelectorAll(selector)) {
    if (el.disabled || !shown(el) || screenReaderOnly(el)) continue;
    let box = el.getBoundingClientRect();
    if (el.matches('input[type=checkbox], input[type=radio]')) {
      for (const label of el.labels || []) {
        const r = label.getBoundingClientRect();
        if (r.width * r.height > box.width * box.height) box = r;
      }
    }
    if (box.width + 0.5 >= px && box.height + 0.5 >= px) continue;
    const key = describe(el) + ' ' + Math.round(box.width) + 'x' + Math.round(box.height);
    if (seen.has(key)) continue;
    seen.add(key);
    const text = (el.value || el.textContent || el.getAttribute('aria-label') || '')
      .replace(/\s+/g, ' ').trim().slice(0, 30);
    small.push([describe(el), Math.round(box.width), Math.round(box.height), text]);
  }
  return small;
}
"""


def pages_to_check(world) -> list[tuple[str, str, int]]:
    """Return (url, who, status) for every page the every-page test renders, once each."""
    pages: dict[tuple[str, str], int] = {}
    names = set(named_url_patterns())
    for name in sorted(n for n in RECIPES if n in names):
        for visit in _visits(name, world):
            who = visit.who or AUDIENCE.get(name.split(":")[0] if ":" in name else "", "anonymous")
            if isinstance(visit, PostOnly):
                pages.setdefault((visit.form_on, who), 200)
            elif isinstance(visit, Page):
                pages.setdefault((visit.url(name), who), visit.status)
    return [(url, who, status) for (url, who), status in pages.items()]


class Checker:
    """A browser context per screen and audience; each page checked on both screens."""

    def __init__(self, browser, base: str, official, password: str, report: Report):
        self.base, self.report = base, report
        self.pages = {}
        self.contexts = []
        for screen, options in SCREENS.items():
            for who in ("anonymous", "official"):
                context = browser.new_context(bypass_csp=True, **options)
                context.set_default_timeout(20_000)
                self.contexts.append(context)
                self.pages[(screen, who)] = context.new_page()
            self._log_in(self.pages[(screen, "official")], official.username, password)

    def _log_in(self, page, username, password):
        page.goto(f"{self.base}/login/")
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(f"{self.base}/desk/")

    def close(self):
        for context in self.contexts:
            context.close()

    def check(self, url: str, who: str, status: int) -> None:
        for screen in SCREENS:
            page = self.pages[(screen, who)]
            where = f"{url} (as {who}, {screen})"
            self.report.visited += 1
            response = page.goto(self.base + url, wait_until="load")
            if response is None or response.status != status:
                self.report.fail(where, f"answered {response.status if response else 0}")
                continue
            page.add_script_tag(path=str(AXE))
            # A page that polls dims what it is asking for while the request is out
            # (`.htmx-request`, a passing state): its colours are checked as they stand.
            page.add_style_tag(content=STEADY_CSS)
            for violation in page.evaluate(RUN_AXE_JS, list(FAILING_IMPACTS)):
                for target, summary in violation["nodes"][:8]:
                    self.report.fail(
                        where,
                        f"axe {violation['impact']} {violation['id']}: {violation['help']}",
                        f"{target} — {summary.strip()}"[:160],
                    )
            for element, width, height, text in page.evaluate(SMALL_TARGETS_JS, TARGET_PX):
                self.report.fail(
                    where, f"target under {TARGET_PX}px: {element} {width}x{height}", text
                )


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_every_page_passes_axe_and_has_44px_targets_on_a_phone_and_a_desk(
    browser, live_server, django_user_model, password
):
    if not AXE.exists():
        missing_service("axe-core is not installed: `make test` (npm ci) installs it")
    started = time.monotonic()
    official = django_user_model.objects.create_user(username="olive", password=password)
    colleague = django_user_model.objects.create_user(username="carl", password=password)
    world = build_world(official, colleague)
    report = Report()
    checker = Checker(browser, live_server.url, official, password, report)
    try:
        for url, who, status in pages_to_check(world):
            checker.check(url, who, status)
    finally:
        checker.close()
    print(f"\nchecked {report.visited} page views in {time.monotonic() - started:.0f}s")
    assert not report.failures, str(report)


TARGETS_ON_PURPOSE = """<!doctype html><html><head><style>
  body { font: 18px/1.45 sans-serif; }
  .big { display: inline-block; min-height: 44px; min-width: 44px; }
  label.row { display: flex; min-height: 48px; align-items: center; }
</style></head><body>
  <nav><a href="/a/" id="menu-small">Menu</a> <a href="/b/" class="big">Big menu</a></nav>
  <p>Read <a href="/rules/" id="in-text">the rules</a> first.</p>
  <button id="tiny" style="padding: 0">Go</button> <button class="big">Save</button>
  <button disabled style="padding: 0">Off</button> <button hidden>Hidden</button>
  <a class="button" href="/c/" id="small-button">Next</a>
  <label class="row"><input type="checkbox" name="big-label"> Ada Pruitt</label>
  <input type="checkbox" id="bare" aria-label="Bob">
  <input type="text" aria-label="Name" id="short-box">
  <details><summary id="summary">More</summary></details>
</body></html>"""


@pytest.mark.e2e
def test_the_target_check_finds_small_controls_and_leaves_text_links_alone(browser):
    """The 44-px check itself: what it reports, and what its ruling exempts."""
    context = browser.new_context(viewport=SCREENS["desk"]["viewport"])
    try:
        page = context.new_page()
        page.route(
            "http://targets.test/**",
            lambda route: route.fulfill(body=TARGETS_ON_PURPOSE, content_type="text/html"),
        )
        page.goto("http://targets.test/page/")
        found = {element for element, _, _, _ in page.evaluate(SMALL_TARGETS_JS, TARGET_PX)}
    finally:
        context.close()
    assert found == {
        "a#menu-small",
        "button#tiny",
        "a#small-button",
        "input#bare",
        "input#short-box",
        "summary#summary",
    }
