"""A chapter's secretary opens the chapter link on a 390-px phone and can read it."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.exports import links
from tests.factories import ChapterFactory, drawn_doubles, game_at
from tournaments import services
from tournaments.models import Player

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_chapter_report_reads_on_a_390_px_phone(live_server, phone, official, tournament):
    event = drawn_doubles(tournament, official, 4)
    services.record_result(game=game_at(event, 1, 0), by=official, winner_seat=0)
    chapter = ChapterFactory(tournament=tournament, name="Lone Star")
    Player.objects.filter(tournament=tournament).update(chapter=chapter)
    link = links.create_chapter_link(tournament=tournament, chapter=chapter, by=official)
    url = reverse("scoring_public:chapter_report", args=[tournament.slug, link.token])
    phone.goto(f"{live_server.url}{url}")
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Lone Star")
    first = phone.locator("section.member").first
    expect(first.get_by_role("heading", level=2)).to_be_visible()
    expect(first.get_by_text("Games played")).to_be_visible()
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390-px phone"
    small = phone.evaluate(
        """() => [...document.querySelectorAll('main *')].filter(el =>
             [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())
             && el.offsetParent && parseFloat(getComputedStyle(el).fontSize) < 16
           ).map(el => el.tagName + '.' + el.className)"""
    )
    assert small == []
    expect(phone.get_by_role("link", name="Download as CSV")).to_be_visible()
