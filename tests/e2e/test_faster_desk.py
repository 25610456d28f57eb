"""In a real browser: the official imports the roster lines that pass, and checks in many
players at once (ticked, or a whole chapter)."""

import pytest
from playwright.sync_api import expect

from tests.factories import ChapterFactory, PlayerFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_an_official_imports_the_lines_that_pass_and_sees_those_left_out(
    page, live_server, log_in, official, tournament
):
    PlayerFactory(tournament=tournament, name="Bob Wills")
    log_in(page, official)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/roster/")
    page.get_by_label("Roster file (CSV or XLSX)").set_input_files(
        files=[
            {
                "name": "roster.csv",
                "mimeType": "text/csv",
                "buffer": b"name,chapter\nAda Pruitt,Lone Star\nBob Wills,Hill\n,Hill\nCy,\n",
            }
        ]
    )
    page.get_by_role("button", name="Check the file").click()
    expect(page.get_by_text("2 players pass, 2 lines refused")).to_be_visible()
    refused = page.locator("table.roster-problems")
    expect(refused).to_contain_text("Bob Wills is already registered.")
    expect(refused).to_contain_text("Missing name.")
    page.get_by_role("button", name="Import the 2 players that pass (2 lines left out)").click()
    expect(
        page.get_by_text("Imported 2 players. 2 lines were refused and not imported (lines 3, 4)")
    ).to_be_visible()
    expect(page.get_by_text("Not imported: 2 lines")).to_be_visible()
    assert sorted(tournament.players.values_list("name", flat=True)) == [
        "Ada Pruitt",
        "Bob Wills",
        "Cy",
    ]


def test_an_official_checks_in_ticked_players_then_a_whole_chapter(
    page, live_server, log_in, official, tournament
):
    star = ChapterFactory(tournament=tournament, name="Lone Star")
    hill = ChapterFactory(tournament=tournament, name="Hill Country")
    for name in ("Ada", "Bob", "Cy"):
        PlayerFactory(tournament=tournament, name=name, chapter=hill, checked_in=False)
    for name in ("Dee", "Eve"):
        PlayerFactory(tournament=tournament, name=name, chapter=star, checked_in=False)
    PlayerFactory(tournament=tournament, name="Fay", chapter=star, checked_in=False, withdrawn=True)
    log_in(page, official)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/players/")

    page.get_by_label("Tick Ada to check in").check()
    page.get_by_label("Tick Cy to check in").check()
    page.get_by_role("button", name="Check in the players ticked below").click()
    expect(page.get_by_text("Checked in 2 players.")).to_be_visible()
    expect(page.locator("#player-list tr", has_text="Ada")).to_contain_text("✔ Here")
    expect(page.locator("#player-list tr", has_text="Bob")).to_contain_text("Check in")

    page.get_by_label("Check in everyone of").select_option(label="Lone Star")
    page.get_by_role("button", name="Check in the chapter").click()
    expect(page.get_by_text("Checked in 2 players of Lone Star.")).to_be_visible()
    expect(page.get_by_text("Not checked in: Fay is withdrawn")).to_be_visible()
    here = sorted(tournament.players.filter(checked_in=True).values_list("name", flat=True))
    assert here == ["Ada", "Cy", "Dee", "Eve"]
