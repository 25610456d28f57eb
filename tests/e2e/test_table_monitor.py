"""In a real browser: the desk watches a round's tables and prints their cards.

A Double Draw round of three tables is played at the tables (through the table's own
services): one hand disputed, one waiting for confirmation. The official opens the
round's monitor from the rounds page: the disputed table stands out (red, an icon, the
words) and is named first; a hand confirmed meanwhile shows on the next poll. Then the
round's cards: one per table, each with its QR code and its code, two to a printed page.
"""

import pytest
from playwright.sync_api import expect

from scoring.services import table_links
from tests.scoring.table_desk_setup import answer_at_table, enter_at_table, playing_round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_desk_sees_a_dispute_and_prints_the_rounds_cards(
    page, live_server, log_in, official, tournament
):
    event, _, tables = playing_round(tournament, official, players=12)
    answer_at_table(tables[1], enter_at_table(tables[1]), dispute=True)
    waiting = enter_at_table(tables[2])
    log_in(page, official)

    page.goto(f"{live_server.url}/desk/{tournament.slug}/events/{event.pk}/rounds/")
    page.get_by_role("link", name="Table monitor").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("table monitor")
    summary = page.locator(".monitor-summary")
    expect(summary).to_contain_text("1 disputed · 1 waiting for confirmation · 1 waiting to start")

    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Disputed")
    expect(alert.get_by_role("link", name="Table 2")).to_be_visible()
    disputed = page.locator(f"#table-{tables[1].pk}")
    expect(disputed).to_contain_text("Disputed: hand 1, the official decides it")
    background = disputed.evaluate("el => getComputedStyle(el).backgroundColor")
    plain = page.locator(f"#table-{tables[0].pk}").evaluate(
        "el => getComputedStyle(el).backgroundColor"
    )
    assert background != plain  # it stands out
    # The alert comes before the tables.
    assert alert.bounding_box()["y"] < page.locator(".monitor-tables").bounding_box()["y"]

    # Confirmed at the table meanwhile: the monitor shows it on its next poll.
    answer_at_table(tables[2], waiting)
    expect(summary).to_contain_text("1 playing", timeout=25_000)
    expect(summary).not_to_contain_text("waiting for confirmation")

    page.get_by_role("link", name="Print Round 1's table cards").click()
    cards = page.locator(".table-card-print")
    expect(cards).to_have_count(3)
    links = table_links.links_for(tables)
    for game in tables:
        card = page.locator(f"#card-{game.pk}")
        expect(card.locator("svg")).to_be_visible()
        expect(card).to_contain_text(table_links.show_code(links[game.pk].code))
        expect(card).to_contain_text("/table/")
    expect(page.get_by_role("button", name="Print 3 cards")).to_be_visible()
    # Printed: the help and buttons go, two cards share a page.
    page.emulate_media(media="print")
    expect(page.get_by_role("button", name="Print 3 cards")).to_be_hidden()
    heights = [cards.nth(i).bounding_box()["height"] for i in range(3)]
    assert all(400 < height < 500 for height in heights)  # 125 mm at 96 dpi is 472 px
