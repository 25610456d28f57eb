"""What an official does on a rounds event's pages, and the standings players should see.

Shared by the browser tests of rounds events. The official's steps go through the pages
(forms, buttons, links); the expected standings are worked out here from the hands the
test typed, with `games.standings.rank` over the test's own results, never from the app's
reads.
"""

import re
from dataclasses import dataclass, field

from playwright.sync_api import expect

from games.standings import GameResult, rank
from tournaments import naming


@dataclass
class Table:
    """One table of a round as the test played it: who sat where, and each hand's points.

    names: the players in seat order, as the rounds page listed them. hands: each hand's
    points per seat. winners: the seats that won (two or more: a tie), once it has a result.
    """

    number: int
    names: list[str]
    hands: list[tuple[int, ...]] = field(default_factory=list)
    winners: tuple[int, ...] = ()

    @property
    def totals(self) -> list[int]:
        return [sum(hand[seat] for hand in self.hands) for seat in range(len(self.names))]

    def add(self, points) -> list[int]:
        """Record one hand's points per seat; return the totals after it."""
        assert len(points) == len(self.names)
        self.hands.append(tuple(points))
        return self.totals

    def close_at_time(self) -> None:
        """The highest total wins; every seat level on it ties."""
        best = max(self.totals)
        self.winners = tuple(seat for seat, total in enumerate(self.totals) if total == best)

    def pairs(self) -> set[frozenset]:
        """Return every two players who sat at this table."""
        return {frozenset((a, b)) for a in self.names for b in self.names if a != b}

    def result(self) -> GameResult:
        assert self.winners, f"table {self.number} has no result yet"
        return GameResult(
            scores=dict(zip(self.names, self.totals, strict=True)),
            winners={self.names[seat] for seat in self.winners},
        )


def repeat_pairs(earlier: list[Table], now: list[Table]) -> int:
    """Return how many pairs at the tables `now` already sat together at an earlier table."""
    met = set().union(*(table.pairs() for table in earlier))
    return sum(len(table.pairs() & met) for table in now)


# The rounds page ---------------------------------------------------------------------------


def expect_notice(page, text) -> None:
    expect(page.get_by_role("status")).to_contain_text(text)


def seat_round(page, number: int, seed: int) -> None:
    """Seat the next round with a seating number, so a failing run can be repeated."""
    page.get_by_label("Seating number").fill(str(seed))
    page.get_by_role("button", name=f"Seat round {number}").click()
    expect_notice(page, f"Round {number} seated (seating number {seed})")
    expect(page.locator("#round-heading")).to_contain_text(f"Round {number}")
    expect(page.locator("#round-heading")).to_contain_text("Seating")


def tables_shown(page) -> list[list[str]]:
    """Return the players of each table on the rounds page, in seat order."""
    cards = page.locator("#rounds-main article.table-card")
    return [card.locator(".team-name").all_inner_texts() for card in cards.all()]


def table_list(page, number: int) -> list[list[str]]:
    """Open the round's printable table list; return each table's players in seat order."""
    page.get_by_role("link", name="Print the table list").click()
    expect(page.locator(".round-sheet-head")).to_contain_text(f"Round {number}")
    seated = [
        row.locator("td.seat > bdi").all_inner_texts()
        for row in page.locator("table.table-list tbody tr").all()
    ]
    page.go_back()
    return seated


def move(page, *, who: str, to: str, moved: str) -> None:
    """Move an entrant with the round page's form; `who`, `to` are the options' labels."""
    page.get_by_label("Entrant").select_option(label=who)
    page.get_by_label("Goes to").select_option(label=to)
    page.get_by_role("button", name="Move", exact=True).click()
    expect_notice(page, f"Moved {moved}.")


def start_round(page, number: int) -> None:
    page.get_by_role("button", name=f"Start round {number}").click()
    expect_notice(page, f"Round {number} started: the tables can enter hands.")
    expect(page.locator("#round-heading")).to_contain_text("Playing")


def open_sheet(page, table: Table) -> None:
    """Open a table's score sheet from the rounds page."""
    card = page.locator("#rounds-main article.table-card").nth(table.number - 1)
    card.get_by_role("link", name="Score sheet").click()
    expect(page.locator("h1")).to_contain_text(f"table {table.number}")


def close_at_time(page, table: Table) -> None:
    """Close a table at time from the rounds page, and record its result."""
    card = page.locator("#rounds-main article.table-card").nth(table.number - 1)
    card.get_by_text("Close at time…").click()
    card.get_by_role("button", name=f"Yes, close table {table.number} at time").click()
    expect_notice(page, f"Table {table.number} closed at time")
    table.close_at_time()


# The sheet previews the hand being typed 300 ms after the last keystroke (and at once
# when a box is left). A hand is saved only once that preview is back: on the test
# server's shared in-memory SQLite a read running beside a write fails ("table is locked").
PREVIEW_DELAY_MS = 300


def expect_preview(page, text: str) -> None:
    """Wait for the preview of the hand as typed (every box left) to say `text`."""
    page.wait_for_timeout(PREVIEW_DELAY_MS + 50)
    preview = page.locator("#hand-preview")
    expect(preview).to_contain_text(text)
    expect(preview).not_to_have_class(re.compile(r"\bhtmx-request\b"))


def totals_words(totals) -> str:
    return naming.result_totals(totals)


def save_hand(page, table: Table, points, *, preview: bool = True) -> None:
    """Save the hand typed and check the sheet's totals after it.

    preview: check the desk's preview of the hand first (there is none when nothing was
    typed, as for a That's It hand nobody called).
    """
    number = len(table.hands) + 1
    after = [total + hand for total, hand in zip(table.totals, points, strict=True)]
    if preview:
        shown = ", ".join(f"Player {seat + 1} {hand}" for seat, hand in enumerate(points))
        expect_preview(page, f"This hand: {shown}.")
        expect(page.locator("#hand-preview")).to_contain_text(
            f"Totals after it: {totals_words(after)}."
        )
    page.get_by_role("button", name=f"Save hand {number}").click()
    table.add(points)
    expect_notice(page, f"Hand {number} saved.")
    expect_sheet_totals(page, after)


def expect_sheet_totals(page, totals) -> None:
    for seat, total in enumerate(totals):
        expect(page.locator(f"#side-{seat} .side-total")).to_have_text(str(total))


def expect_table_card(page, table: Table, status: str) -> None:
    """The rounds page shows the table's status, totals and winners as the test played it."""
    card = page.locator("#rounds-main article.table-card").nth(table.number - 1)
    expect(card.locator(".game-head .status")).to_contain_text(status)
    expect(card.locator(".sides .total")).to_have_text([str(t) for t in table.totals])
    won = "won" if len(table.winners) == 1 else "tied"
    sides = card.locator(".sides li.side")
    for seat in range(len(table.names)):
        word = won if seat in table.winners else "lost"
        expect(sides.nth(seat)).to_have_class(re.compile(rf"\b{word}\b"))


# The public standings ------------------------------------------------------------------------


def expected_standings(tables: list[Table], chapters: dict[str, str]) -> list[tuple]:
    """Return the standings rows the tables' hands give, as the public page writes them."""
    rows = rank([table.result() for table in tables])
    return [
        (
            f"={row.place}" if row.shared else str(row.place),
            row.side,
            chapters[row.side],
            str(row.match_points),
            str(row.played),
            str(row.won),
            str(row.tied),
            str(row.lost),
            str(row.sat_out),
            str(row.points_for),
            str(row.points_against),
        )
        for row in rows
    ]


READ_STANDINGS = """rows => rows.map(row => {
  const cell = name => row.querySelector(`td[data-label="${name}"]`).innerText.trim();
  return [
    row.querySelector("td.place").innerText.trim(),
    row.querySelector(".side-cell strong").innerText.trim(),
    row.querySelector(".side-cell .chapters").innerText.trim(),
    row.querySelector("td.mp").innerText.trim(),
    cell("Played"), cell("Won"), cell("Tied"), cell("Lost"), cell("Sat out"),
    cell("For"), cell("Against"),
  ];
})"""


def standings_shown(phone) -> list[tuple]:
    """Return the rows of the public standings as the phone shows them."""
    rows = phone.locator("table.standings tbody tr")
    return [tuple(row) for row in rows.evaluate_all(READ_STANDINGS)]


def expect_fits_the_phone(phone) -> None:
    """Every row can be read on the phone without scrolling sideways."""
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= phone.viewport_size["width"], f"the page is {width}px wide on a phone"
    for row in phone.locator("table.standings tbody tr").all():
        expect(row).to_be_visible()
