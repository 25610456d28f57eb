"""In a real browser: entering players in bulk, and adding officials (by login name and by link)."""

import pytest
from playwright.sync_api import expect

from tests.factories import ChapterFactory, EventFactory, PlayerFactory
from tournaments.models import Entry

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_an_official_enters_players_in_bulk_on_a_phone_sized_screen(
    browser, live_server, log_in, official, tournament
):
    lone = ChapterFactory(tournament=tournament, name="Lone Star")
    hill = ChapterFactory(tournament=tournament, name="Hill Country")
    for name in ("Ada Pruitt", "Bea Long"):
        PlayerFactory(tournament=tournament, name=name, chapter=lone)
    PlayerFactory(tournament=tournament, name="Cy Late", chapter=lone, checked_in=False)
    PlayerFactory(tournament=tournament, name="Dee Gone", chapter=lone, withdrawn=True)
    PlayerFactory(tournament=tournament, name="Hal Hill", chapter=hill)
    PlayerFactory(tournament=tournament, name="Ike Hill", chapter=hill, checked_in=False)
    event = EventFactory(tournament=tournament, name="Doubles")

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    log_in(page, official)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/events/{event.pk}/")
    page.get_by_role("link", name="Enter players").click()

    # Filtered by chapter: all checked-in players of Lone Star in one press.
    page.get_by_label("Show the players of").select_option(label="Lone Star")
    page.get_by_role("button", name="Show the list").click()
    expect(page.get_by_text("Hal Hill")).to_have_count(0)
    expect(page.get_by_label("Dee Gone")).to_be_disabled()  # withdrawn
    page.get_by_role("button", name="Enter all 2 checked-in players of Lone Star").click()
    expect(page.get_by_text("Entered 2 players in Doubles.")).to_be_visible()
    expect(page.get_by_label("Ada Pruitt")).to_be_disabled()
    expect(page.get_by_label("Ada Pruitt")).to_be_checked()

    # Then one more, ticked by hand from every chapter; a big touch target.
    page.get_by_label("Show the players of").select_option(label="All chapters")
    page.get_by_role("button", name="Show the list").click()
    box = page.locator("label.player-box", has_text="Ike Hill").bounding_box()
    assert box["height"] >= 44
    page.get_by_label("Ike Hill").check()
    page.get_by_label("Cy Late").check()
    page.get_by_role("button", name="Enter the players ticked").click()
    expect(page.get_by_text("Entered 2 players in Doubles.")).to_be_visible()
    names = set(Entry.objects.filter(event=event).values_list("player__name", flat=True))
    assert names == {"Ada Pruitt", "Bea Long", "Ike Hill", "Cy Late"}
    context.close()


def test_the_owner_adds_officials_by_login_name_and_by_invitation_link(
    browser, page, live_server, log_in, official, tournament, django_user_model, password
):
    tournament.owner = official
    tournament.save(update_fields=["owner"])
    django_user_model.objects.create_user(username="dora", password=password)
    eli = django_user_model.objects.create_user(username="eli", password=password)

    log_in(page, official)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/")
    page.get_by_role("navigation", name="Tournament").get_by_role("link", name="Officials").click()
    page.get_by_label("Login name").fill("dora")
    page.get_by_role("button", name="Add official").click()
    expect(page.get_by_text("dora is now an official.")).to_be_visible()
    expect(page.get_by_role("button", name="Remove dora")).to_be_visible()

    page.get_by_role("button", name="Make an invitation link").click()
    expect(page.get_by_text("Invitation link made")).to_be_visible()
    link = page.get_by_label("Link to send").input_value()
    assert f"/desk/{tournament.slug}/join/" in link
    expect(page.locator(".link-text code")).to_have_text(link)
    expect(page.get_by_role("button", name="Copy the link")).to_be_visible()

    # Eli, in another browser, opens the link: asked to sign in, then made an official.
    other = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    eli_page = other.new_page()
    eli_page.goto(link)
    eli_page.get_by_label("Username").fill("eli")
    eli_page.get_by_label("Password").fill(password)
    eli_page.get_by_role("button", name="Log in").click()
    # Opening the link asks; only the button uses it.
    eli_page.get_by_role("button", name="Join as an official").click()
    expect(eli_page.get_by_text(f"You are now an official of {tournament.name}.")).to_be_visible()
    assert tournament.officials.filter(pk=eli.pk).exists()

    # The link was for one person: opened again it says why it no longer works.
    eli_page.goto(link)
    expect(eli_page.get_by_text("This invitation link does not work")).to_be_visible()
    expect(eli_page.get_by_text("has been used already")).to_be_visible()
    other.close()

    page.reload()
    expect(page.get_by_text("Used by eli")).to_be_visible()
    expect(page.get_by_role("button", name="Remove eli")).to_be_visible()
