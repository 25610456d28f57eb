"""On a 390-px phone every round tab of the bracket, the Final's included, is on screen."""

import pytest

from tests.factories import drawn_doubles

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_every_round_tab_fits_a_390_px_phone(live_server, browser, official, tournament):
    event = drawn_doubles(tournament, official, 32)
    context = browser.new_context(**PHONE)
    phone = context.new_page()
    phone.goto(f"{live_server.url}/t/{tournament.slug}/events/{event.pk}/?round=1")
    tabs = phone.locator(".round-tabs a")
    assert tabs.count() == 5
    width = phone.evaluate("() => document.documentElement.clientWidth")
    for index in range(tabs.count()):
        box = tabs.nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, tabs.nth(index).inner_text()
    final = phone.get_by_role("link", name="Final", exact=True)
    final.click()
    phone.wait_for_url("**round=5**")
    assert phone.locator(".round.shown h3").inner_text().startswith("Final")
    context.close()
