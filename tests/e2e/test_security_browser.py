"""In a real browser: the policy refuses nothing the desk sends, and a failed request says so.

Each page is watched for `securitypolicyviolation` events: an inline script or style
the Content-Security-Policy refuses would show up here, not only in the console.
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.factories import EventFactory, PlayerFactory
from tournaments import background
from tournaments.models import RosterUpload

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`);
});
"""


def violations(tab):
    return tab.evaluate("window.__violations")


@pytest.fixture
def watched(page):
    page.add_init_script(WATCH)
    return page


def test_the_desk_and_public_pages_break_no_policy(
    watched, phone, live_server, log_in, official, tournament
):
    PlayerFactory(tournament=tournament, name="Ada Pruitt")
    EventFactory(tournament=tournament, name="Doubles")
    log_in(watched, official)
    for name in ("desk:dashboard", "desk:players", "desk:chapters", "desk:roster_import"):
        watched.goto(live_server.url + reverse(name, args=[tournament.slug]))
        assert violations(watched) == [], name
    # htmx at work: the search box swaps the list in place.
    watched.goto(live_server.url + reverse("desk:players", args=[tournament.slug]))
    watched.get_by_label("Find a player").fill("ada")
    expect(watched.locator("#player-list")).to_contain_text("Ada Pruitt")
    assert violations(watched) == []
    phone.add_init_script(WATCH)
    phone.goto(live_server.url + reverse("public:tournament", args=[tournament.slug]))
    phone.get_by_placeholder("Type part of your name").fill("pru")
    expect(phone.locator("#lookup-results")).to_contain_text("Ada Pruitt")
    assert violations(phone) == []


def test_a_failed_request_shows_a_message_and_keeps_what_was_typed(
    watched, live_server, log_in, official, tournament
):
    log_in(watched, official)
    watched.goto(live_server.url + reverse("desk:players", args=[tournament.slug]))
    add = reverse("desk:players", args=[tournament.slug])

    def server_fault(route):
        if route.request.method == "POST":
            route.fulfill(status=500, body="Server Error")
        else:
            route.continue_()

    watched.route(f"**{add}", server_fault)
    watched.get_by_label("Name", exact=True).fill("Ada Pruitt")
    watched.get_by_label("Name", exact=True).press("Enter")
    expect(watched.get_by_role("alert")).to_contain_text(
        "The desk could not finish this (error 500)"
    )
    expect(watched.get_by_label("Name", exact=True)).to_have_value("Ada Pruitt")

    watched.unroute(f"**{add}")
    watched.route(f"**{add}", lambda route: route.abort("internetdisconnected"))
    watched.get_by_label("Name", exact=True).press("Enter")
    expect(watched.get_by_role("alert")).to_contain_text("No answer from the desk")
    expect(watched.get_by_label("Name", exact=True)).to_have_value("Ada Pruitt")

    # Back on the network: the same form goes through and the message goes away.
    watched.unroute(f"**{add}")
    watched.get_by_label("Name", exact=True).press("Enter")
    expect(watched.get_by_text("Ada Pruitt registered.")).to_be_visible()
    expect(watched.locator("#desk-problem")).to_be_hidden()
    assert violations(watched) == []


def test_the_roster_check_is_polled_until_it_is_ready(
    watched, live_server, log_in, official, tournament, monkeypatch, tmp_path
):
    monkeypatch.setattr(background, "enqueue", lambda task, *args: True)  # a worker, later
    log_in(watched, official)
    watched.goto(live_server.url + reverse("desk:roster_import", args=[tournament.slug]))
    roster = tmp_path / "roster.csv"
    roster.write_text("name,chapter\nAda Pruitt,Lone Star\n")
    watched.get_by_label("Roster file (CSV or XLSX)").set_input_files(str(roster))
    watched.get_by_role("button", name="Check the file").click()
    expect(watched.get_by_text("The file is being checked line by line.")).to_be_visible()
    # The worker gets to it: the page shows the check without a reload.
    from tournaments.services import roster_files

    roster_files.check_roster_upload(upload_id=RosterUpload.objects.get().pk)
    expect(watched.get_by_text("Check before importing: 1 players")).to_be_visible()
    watched.get_by_role("button", name="Import 1 players").click()
    expect(watched.get_by_text("Imported 1 players.")).to_be_visible()
    assert violations(watched) == []
