"""A season on a 390-px phone: two rallies of the demo made a season, a proposed player
match confirmed, the leaderboard and a player's season read (issue 24)."""

import io

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tournaments.models import Season, SeasonMatch, Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def width(page) -> int:
    return page.evaluate("() => document.documentElement.scrollWidth")


def test_an_official_makes_a_season_confirms_a_match_and_a_player_reads_it(
    live_server, phone, official, log_in
):
    call_command("load_demo", stdout=io.StringIO())
    for rally in Tournament.objects.filter(slug__in=["spring-rally", "fall-rally"]):
        rally.officials.add(official)
    log_in(phone, official)
    phone.goto(f"{live_server.url}/desk/seasons/")
    phone.get_by_label("Season's name").fill("Club year")
    phone.get_by_label("Year").fill("2026")
    phone.get_by_role("button", name="Make the season").click()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Club year")
    for name in ("Spring Rally", "Fall Rally"):
        phone.get_by_label("Tournament", exact=True).select_option(label=name)
        phone.get_by_role("button", name="Add to the season").click()
        expect(phone.get_by_text(f"{name} added to the season.")).to_be_visible()
    assert width(phone) <= 390
    # Gus Ibarra moved chapter between the rallies: asked, not joined.
    row = phone.get_by_role("row").filter(has_text="Gus Ibarra")
    expect(row.get_by_text("Waiting for you")).to_be_visible()
    row.get_by_role("button", name="Same player").click()
    expect(phone.get_by_text("Gus Ibarra: the same player.")).to_be_visible()
    season = Season.objects.get(name="Club year")
    assert SeasonMatch.objects.get(season=season).decision == "same"

    phone.get_by_role("link", name="Public page").click()
    expect(phone.get_by_role("heading", name="Players")).to_be_visible()
    assert width(phone) <= 390
    gus = phone.get_by_role("link", name="Gus Ibarra")
    expect(gus).to_have_count(1)
    gus.click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Gus Ibarra")
    expect(phone.get_by_text("Spring Rally").first).to_be_visible()
    expect(phone.get_by_text("Fall Rally").first).to_be_visible()
    expect(phone.get_by_text("give or take").first).to_be_visible()
    assert width(phone) <= 390
