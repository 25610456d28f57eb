"""In a real browser: an official adds a chapter and a player; the public page finds them."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_an_official_registers_a_player_whom_the_public_page_finds(
    page, phone, live_server, log_in, official, tournament
):
    log_in(page, official)
    page.get_by_role("link", name=tournament.name).click()

    page.get_by_role("link", name="Chapters").click()
    page.get_by_label("Chapter name").fill("Lone Star Roamers")
    page.get_by_role("button", name="Add chapter").click()
    expect(page.get_by_text("Chapter Lone Star Roamers added.")).to_be_visible()

    page.get_by_role("link", name="Players").click()
    page.get_by_label("Name", exact=True).fill("Ada Pruitt")
    page.get_by_label("Chapter", exact=True).fill("Lone Star Roamers")
    page.get_by_label("Name", exact=True).press("Enter")
    # Added without a page reload: the list updates and the name box is ready again.
    expect(page.get_by_text("Ada Pruitt registered (Lone Star Roamers).")).to_be_visible()
    expect(page.locator("#player-list")).to_contain_text("Ada Pruitt")
    expect(page.get_by_label("Name", exact=True)).to_have_value("")
    expect(page.get_by_label("Name", exact=True)).to_be_focused()

    phone.goto(f"{live_server.url}/t/{tournament.slug}/")
    phone.get_by_placeholder("Type part of your name").fill("pruitt")
    expect(phone.locator("#lookup-results")).to_contain_text("Ada Pruitt")
    expect(phone.locator("#lookup-results")).to_contain_text("Lone Star Roamers")
