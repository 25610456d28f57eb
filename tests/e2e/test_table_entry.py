"""In a real browser: tables enter their own hands on players' phones (issue 18).

A three-player Pinochle table enters on two phones, the opponent confirms on their own,
a disputed hand is decided by the official at the desk; a Texas Good Sams doubles game
is entered at the table to 250 and its winner moves on; a phone that loses the Wi-Fi
while sending keeps the hand and sends it once when it is back.
"""

import pytest
from playwright.sync_api import expect

from scoring.models import Hand, TableEntry
from scoring.services import table, table_links
from tests.scoring.builders import make_bracket, make_rounds_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def phone_context(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.set_default_timeout(10_000)
    return context


def table_url(live_server, game) -> str:
    link = table_links.links_for([game])[game.pk]
    return f"{live_server.url}/t/{game.event.tournament.slug}/table/{link.code}/"


def wait_for_preview(page, text: str) -> None:
    page.wait_for_timeout(350)
    expect(page.locator("#hand-preview")).to_contain_text(text)


def test_a_pinochle_table_enters_confirms_and_the_official_decides_a_dispute(
    browser, live_server, page, log_in, official, tournament
):
    game = make_rounds_game(tournament, game_key="domino_pinochle", sides=3)
    names = [s.name for s in table.sitters(game.pk)]
    link = table_links.links_for([game])[game.pk]
    first, second = phone_context(browser), phone_context(browser)
    try:
        ann = first.new_page()
        # Ann types the code from the table's card on the tournament's page.
        ann.goto(f"{live_server.url}/t/{tournament.slug}/table/")
        ann.get_by_label("Table code").fill(table_links.show_code(link.code).lower())
        ann.get_by_role("button", name="Open my table").click()
        expect(ann.locator("h1")).to_contain_text("table 1")
        for name in names:
            expect(ann.locator(".seated")).to_contain_text(name)

        ann.get_by_label(names[0], exact=True).check()
        for seat, (meld, tricks) in enumerate([(12, 24), (0, 10), (3, 10)]):
            ann.get_by_label(f"Player {seat + 1} meld points").fill(str(meld))
            ann.get_by_label(f"Player {seat + 1} trick points").fill(str(tricks))
        wait_for_preview(ann, "This hand:")
        ann.get_by_role("button", name="Save hand 1").click()
        expect(ann.get_by_role("status").first).to_contain_text("Hand 1 saved")
        expect(ann.locator("#waiting-hand")).to_contain_text(
            f"Pass the phone to {names[1]} or {names[2]}"
        )
        assert not Hand.objects.exists()

        # Cal confirms on his own phone (the QR code's address).
        cal = second.new_page()
        cal.goto(table_url(live_server, game))
        expect(cal.locator("#waiting-hand")).to_contain_text("Hand 1 is waiting for confirmation")
        cal.locator("#waiting-hand").get_by_label(names[2], exact=True).check()
        cal.get_by_role("button", name="Confirm").click()
        expect(cal.get_by_role("status").first).to_contain_text(f"confirmed by {names[2]}")
        hand = Hand.objects.get()
        assert hand.points == [36, 10, 13] and hand.confirmed_by_name == names[2]

        # Ann's phone, which was waiting, shows the next hand's form by itself.
        expect(ann.get_by_role("button", name="Save hand 2")).to_be_visible(timeout=20_000)
        ann.get_by_label(names[0], exact=True).check()
        for seat, tricks in enumerate([30, 7, 7]):
            ann.get_by_label(f"Player {seat + 1} meld points").fill("0")
            ann.get_by_label(f"Player {seat + 1} trick points").fill(str(tricks))
        wait_for_preview(ann, "This hand:")
        ann.get_by_role("button", name="Save hand 2").click()
        expect(ann.locator("#waiting-hand")).to_be_visible()

        cal.reload()
        cal.locator("#waiting-hand").get_by_label(names[1], exact=True).check()
        cal.get_by_role("button", name="Something is wrong").click()
        expect(cal.locator("#waiting-hand")).to_contain_text("is disputed")

        # The official sees the dispute at once on the sheet and corrects it.
        log_in(page, official)
        page.goto(f"{live_server.url}/desk/{tournament.slug}/games/{game.pk}/")
        expect(page.locator("#waiting-hand")).to_contain_text("disputed")
        page.get_by_role("link", name="Correct it").click()
        page.get_by_label("Player 1 trick points").fill("24")
        page.get_by_label("Player 2 trick points").fill("10")
        page.get_by_label("Player 3 trick points").fill("10")
        wait_for_preview(page, "This hand:")
        page.get_by_role("button", name="Save the correction: it counts").click()
        expect(page.get_by_role("status").first).to_contain_text("Hand 2 corrected")
        assert list(Hand.objects.order_by("number").values_list("points", flat=True))[1] == [
            24,
            10,
            10,
        ]
        cal.reload()
        expect(cal.locator("#table")).to_contain_text("the official corrected it")
    finally:
        first.close()
        second.close()


def test_a_doubles_game_entered_at_the_table_to_250_moves_its_winner_on(
    browser, live_server, tournament
):
    _, games = make_bracket(tournament)
    semi, final = games[(1, 0)], games[(2, 0)]
    sitters = table.sitters(semi.pk)
    ours = [s.name for s in sitters if s.seat == 0]
    theirs = [s.name for s in sitters if s.seat == 1]
    context = phone_context(browser)
    try:
        phone = context.new_page()
        phone.goto(table_url(live_server, semi))
        for number, points in ((1, 150), (2, 100)):
            phone.get_by_label(ours[0], exact=True).check()
            phone.get_by_label("Side 1 points in play").fill(str(points))
            phone.get_by_label("Not finished (the game ended)").check()
            wait_for_preview(phone, "This hand:")
            phone.get_by_role("button", name=f"Save hand {number}").click()
            waiting = phone.locator("#waiting-hand")
            expect(waiting).to_contain_text(f"Pass the phone to {theirs[0]} or {theirs[1]}")
            waiting.get_by_label(theirs[1], exact=True).check()
            phone.get_by_role("button", name="Confirm").click()
            expect(phone.get_by_role("status").first).to_contain_text("it counts")
        expect(phone.locator("#game-status")).to_contain_text("Game over")
        expect(phone.locator("#side-0 .side-total")).to_have_text("250")
        semi.refresh_from_db()
        assert semi.status == "finished" and semi.winner_seat == 0
        assert final.sides.get(seat=0).team_id == semi.sides.get(seat=0).team_id
        assert set(Hand.objects.values_list("source", flat=True)) == {"table"}
        phone.reload()
        expect(phone.locator("#table")).to_contain_text("This game is finished")
    finally:
        context.close()


def test_a_phone_that_loses_the_wifi_sends_the_hand_once_when_it_is_back(
    browser, live_server, tournament
):
    _, games = make_bracket(tournament, team_count=2)
    game = games[(1, 0)]
    first = next(s.name for s in table.sitters(game.pk) if s.seat == 0)
    context = phone_context(browser)
    try:
        phone = context.new_page()
        phone.goto(table_url(live_server, game))
        phone.get_by_label(first, exact=True).check()
        phone.get_by_label("Side 1 points in play").fill("35")
        phone.get_by_label("Not finished (the game ended)").check()
        wait_for_preview(phone, "This hand:")
        context.set_offline(True)
        phone.get_by_role("button", name="Save hand 1").click()
        expect(phone.locator("#table-outbox")).to_contain_text("kept on this phone")
        assert not TableEntry.objects.exists()
        context.set_offline(False)
        expect(phone.locator("#waiting-hand")).to_contain_text(
            "Hand 1 is waiting for confirmation", timeout=20_000
        )
        phone.reload()  # nothing kept any more: nothing is sent again
        expect(phone.locator("#waiting-hand")).to_be_visible()
        phone.wait_for_timeout(6_000)  # past the phone's retry interval
        assert TableEntry.objects.count() == 1
        assert TableEntry.objects.get().points == [35, 0]
    finally:
        context.close()
