"""The new-event form in the browser: changing the game shows only that game's fields."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_choosing_pinochle_hides_the_singles_feed_and_texas_brings_it_back(
    live_server, page, log_in, official, tournament
):
    log_in(page, official)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/events/new/")
    feed = page.get_by_label("Singles opened by the losers of")
    page.get_by_label("Game", exact=True).select_option("texas_good_sams")
    expect(feed).to_be_visible()
    page.get_by_label("Game", exact=True).select_option("domino_pinochle")
    expect(page.locator("#options legend")).to_contain_text("Pinochle")
    expect(feed).to_have_count(0)
    expect(page.get_by_label("Format").locator("option")).to_have_count(1)
    page.get_by_label("Game", exact=True).select_option("texas_good_sams")
    expect(feed).to_be_visible()
