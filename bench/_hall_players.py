"""The players of bench/hall.py: a table's phone (enter a hand, an opponent confirms it, the
page's quiet poll) and a phone polling a public page, with the figures they record."""

import asyncio
import contextlib
import gzip
import random
import re
import time
from collections import Counter, defaultdict
from urllib.parse import urlencode

from _http import Client

SLUG = "hall"
THINK_SECONDS, PASS_SECONDS, TABLE_POLL_SECONDS = (10, 26), (1, 3), 10
# Small hands (no side gains more than 10), so no game reaches 250 during the ramp.
HANDS = [(5, 0), (0, 5), (5, 5), (10, 0), (0, 10), (10, 5), (5, 10)]
PHONE = {"Accept-Encoding": "gzip"}
FAULTS = (OSError, TimeoutError, asyncio.IncompleteReadError)


class Figures:
    """Timings of one step (those started inside its window) and every error of it."""

    def __init__(self, window: tuple[float, float]):
        self.window = window
        self.ms: dict[str, list[float]] = defaultdict(list)
        self.errors: Counter = Counter()
        self.samples: list[str] = []

    def add(self, kind: str, started: float, ms: float) -> None:
        if self.window[0] <= started < self.window[1]:
            self.ms[kind].append(ms)

    def error(self, kind: str, why: str) -> None:
        self.errors[kind] += 1
        if len(self.samples) < 8:
            self.samples.append(f"{kind}: {why}")


async def _pause(stop: asyncio.Event, seconds: float) -> None:
    """Sleep, waking at once when the step stops."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)


def _body(answer) -> str:
    body = answer.body
    if answer.headers.get("content-encoding") == "gzip":
        body = gzip.decompress(body)
    return body.decode("utf-8", "replace")


def _field(html: str, name: str) -> str | None:
    found = re.search(rf'name="{re.escape(name)}" value="([^"]*)"', html)
    return found.group(1) if found else None


def _players(html: str) -> list[str]:
    return re.findall(r'name="player" value="(\d+)"', html)


class Table:
    """One table's phone: its cookie, its form as last shown, the hands it confirmed."""

    def __init__(self, n: int, spec: dict):
        self.game, self.event = spec["game"], spec["event"]
        self.page = f"/t/{spec.get('slug', SLUG)}/table/{spec['code']}/"
        self.rng = random.Random(n)
        self.cookie = self.csrf = self.version = self.key = None
        self.enterer = None
        self.totals = [0, 0]
        self.confirmed: list[int] = []

    def headers(self, **more) -> dict:
        return {**PHONE, "HX-Request": "true", "Cookie": f"csrftoken={self.cookie}", **more}

    async def open(self, client: Client, figures: Figures) -> bool:
        """Open the table's page: its CSRF cookie, the form's version, key and names."""
        try:
            answer = await client.request("GET", self.page, PHONE)
        except FAULTS as exc:
            figures.error("open", repr(exc))
            return False
        html = _body(answer)
        self.cookie = answer.cookies.get("csrftoken", self.cookie)
        self.csrf = _field(html, "csrfmiddlewaretoken")
        self._form(html)
        players = _players(html)
        if answer.status != 200 or not self.csrf or not players or self.version is None:
            figures.error("open", f"{answer.status}: no form on the table's page")
            return False
        self.enterer = players[0]
        return True

    def _form(self, html: str) -> None:
        self.version, self.key = _field(html, "version"), _field(html, "key")

    async def send(self, client, figures, kind, path, fields, expect) -> str | None:
        """POST as the page's htmx form; sent again (the same form) when the answer is lost."""
        body = urlencode({"csrfmiddlewaretoken": self.csrf, **fields}).encode()
        headers = self.headers(**{"Content-Type": "application/x-www-form-urlencoded"})
        for _ in range(3):
            started = time.perf_counter()
            try:
                answer = await client.request("POST", path, headers, body)
            except FAULTS as exc:
                figures.error(kind, repr(exc))
                await asyncio.sleep(1)
                continue
            html = _body(answer)
            if answer.status == 200 and expect.search(html):
                figures.add(kind, started, answer.ms)
                return html
            figures.error(kind, f"{answer.status}: {_notice(html)}")
            if answer.status < 500:
                return None
        return None

    async def play(self, client: Client, figures: Figures, stop: asyncio.Event) -> None:
        if self.version is None:
            await _pause(stop, self.rng.uniform(0, THINK_SECONDS[0]))  # phones open in turn
            if stop.is_set() or not await self.open(client, figures):
                return
        while not stop.is_set():
            await _pause(stop, self.rng.uniform(*THINK_SECONDS))
            if stop.is_set() or max(self.totals) + 10 >= 250:
                return
            if not await self.hand(client, figures):
                await self.open(client, figures)  # as the phone reloads the page
                return

    async def hand(self, client: Client, figures: Figures) -> bool:
        """Enter the next hand, then an opponent confirms it; say whether both went through."""
        points = self.rng.choice(HANDS)
        hand = {
            "key": self.key,
            "version": self.version,
            "player": self.enterer,
            "play_0": points[0],
            "play_1": points[1],
            "muggins_0": "",
            "muggins_1": "",
            "end": "none",
            "pips_0": "",
            "pips_1": "",
            "penalty-TOTAL_FORMS": "2",
            "penalty-INITIAL_FORMS": "0",
        }
        html = await self.send(client, figures, "entry", self.page, hand, SAVED)
        return html is not None and await self._confirm(client, figures, html, points)

    async def _confirm(self, client, figures, html: str, points) -> bool:
        number = int(SAVED.search(html).group(1))
        answer = {
            "entry": _field(html, "entry"),
            "revision": _field(html, "revision"),
            "player": self.rng.choice(_players(html)),
            "answer": "confirm",
        }
        await asyncio.sleep(self.rng.uniform(*PASS_SECONDS))  # passing the phone across
        html = await self.send(client, figures, "confirm", self.page + "answer/", answer, COUNTED)
        if html is None:
            return False
        self.confirmed.append(number)
        self.totals = [self.totals[0] + points[0], self.totals[1] + points[1]]
        self._form(html)
        return self.version is not None

    async def watch(self, client: Client, figures: Figures, stop: asyncio.Event) -> None:
        """The page's quiet poll, every TABLE_POLL_SECONDS."""
        await _pause(stop, self.rng.uniform(0, TABLE_POLL_SECONDS))
        while not stop.is_set():
            if self.version is not None:
                await self.look(client, figures)
            await _pause(stop, TABLE_POLL_SECONDS)

    async def look(self, client: Client, figures: Figures) -> int | None:
        """Poll quietly: 204 while the game is as the phone shows it."""
        started = time.perf_counter()
        try:
            path = f"{self.page}?since={self.version}"
            answer = await client.request("GET", path, self.headers())
        except FAULTS as exc:
            figures.error("table_poll", repr(exc))
            return None
        if answer.status in (200, 204):
            figures.add("table_poll", started, answer.ms)
        else:
            figures.error("table_poll", str(answer.status))
        return answer.status


SAVED = re.compile(r"Hand (\d+) (?:saved|was already sent)")
COUNTED = re.compile(r"Hand \d+ (?:confirmed by|was already answered)")


def _notice(html: str) -> str:
    found = re.search(r'class="(?:msg-error|field-error)"[^>]*>([^<]+)', html)
    return found.group(1).strip()[:160] if found else html[:160].replace("\n", " ")


class Phone:
    """A phone polling one public page with htmx and the ETag it holds."""

    def __init__(self, kind: str, path: str, period: float, seed: int):
        self.kind, self.path, self.period = kind, path, period
        self.rng = random.Random(seed)
        self.etag = None

    async def poll(self, client: Client, figures: Figures, stop: asyncio.Event) -> None:
        await _pause(stop, self.rng.uniform(0, self.period))
        while not stop.is_set():
            await self.look(client, figures)
            await _pause(stop, self.period * self.rng.uniform(0.9, 1.1))

    async def look(self, client: Client, figures: Figures) -> int | None:
        """Ask for the page once, with the ETag held: 200 or 304."""
        headers = {**PHONE, "HX-Request": "true"}
        if self.etag:
            headers["If-None-Match"] = self.etag
        started = time.perf_counter()
        try:
            answer = await client.request("GET", self.path, headers)
        except FAULTS as exc:
            figures.error(self.kind, repr(exc))
            return None
        if answer.status in (200, 304):
            figures.add(self.kind, started, answer.ms)
            self.etag = answer.headers.get("etag", self.etag)
        else:
            figures.error(self.kind, str(answer.status))
        return answer.status
