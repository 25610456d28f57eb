"""In a real browser: an official runs two rounds of Domino Pinochle; players read the standings.

Nine players, three tables of three a round. The official seats round 1, swaps two players
before it starts, keys in every hand (meld points typed, trick points adding to 44), lets
one game run to 250, closes the others at time and corrects a hand of a closed table;
then round 2 likewise, with a game won on melds alone. The phone's public standings must
be what those hands give.
"""

import pytest
from playwright.sync_api import expect

from tests.e2e.rounds_desk import (
    Table,
    close_at_time,
    expect_fits_the_phone,
    expect_notice,
    expect_preview,
    expect_sheet_totals,
    expect_table_card,
    expected_standings,
    move,
    open_sheet,
    repeat_pairs,
    save_hand,
    seat_round,
    standings_shown,
    start_round,
    table_list,
    tables_shown,
    totals_words,
)
from tests.factories import ChapterFactory, PlayerFactory
from tournaments import services
from tournaments.models import Event

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TARGET = 250
CHAPTERS = {
    "Ada Moss": "Austin",
    "Ben Ortiz": "Dallas",
    "Cleo Park": "El Paso",
    "Dev Rao": "Houston",
    "Eve Soto": "Austin",
    "Finn Tate": "Dallas",
    "Gus Vela": "El Paso",
    "Hal Wong": "Houston",
    "Ida Yates": "Waco",
}


@pytest.fixture
def pinochle(tournament, official):
    """A Domino Pinochle rounds event with nine checked-in players from five chapters."""
    event = services.create_event(
        tournament=tournament,
        by=official,
        name="Pinochle",
        game_key="domino_pinochle",
        format=Event.Format.ROUNDS,
    )
    chapters = {
        name: ChapterFactory(tournament=tournament, name=name)
        for name in sorted(set(CHAPTERS.values()))
    }
    players = [
        PlayerFactory(tournament=tournament, name=name, chapter=chapters[chapter])
        for name, chapter in CHAPTERS.items()
    ]
    services.enter_players(event=event, by=official, players=players)
    return event


def key_in_hand(page, melds, tricks=None):
    """Type one hand with the keyboard: each player's meld points typed, then trick points."""
    keyboard = page.keyboard
    # The common way first: the cursor starts in player 1's typed meld points.
    expect(page.get_by_label("Player 1 meld points")).to_be_focused()
    for points in [*melds, *(tricks or ())]:
        keyboard.type(str(points))
        keyboard.press("Tab")


def reached(totals) -> int | None:
    """Return the one player with the highest total when it reaches 250, else None."""
    best = max(totals)
    if best >= TARGET and list(totals).count(best) == 1:
        return list(totals).index(best)
    return None


def play(page, table: Table, hands) -> None:
    """Key in hands on the open score sheet; melds count first, then the tricks.

    hands: (meld points per player, trick points per player or None when not played).
    """
    for melds, tricks in hands:
        on_melds = reached([t + m for t, m in zip(table.totals, melds, strict=True)])
        points = melds if tricks is None else [m + t for m, t in zip(melds, tricks, strict=True)]
        key_in_hand(page, melds, tricks)
        save_hand(page, table, points)
        winner = on_melds if on_melds is not None else reached(table.totals)
        if winner is not None:
            table.winners = (winner,)
            name = table.names[winner]
            expect_notice(page, f"Game over: Player {winner + 1} ({name}) wins.")
            expect(page.locator("#hand-form")).to_have_count(0)
            break
    assert table.winners or max(table.totals) < TARGET


def test_an_official_runs_two_rounds_of_pinochle_and_the_phone_shows_the_standings(
    page, phone, live_server, log_in, official, tournament, pinochle
):
    log_in(page, official)
    page.get_by_role("link", name=tournament.name).click()
    page.get_by_role("link", name="Pinochle").first.click()
    page.get_by_role("link", name="Open the rounds").click()
    rounds_url = page.url

    # Round 1: three tables of three; two players swap places before it starts.
    seat_round(page, 1, seed=9001)
    seated = tables_shown(page)
    assert [len(names) for names in seated] == [3, 3, 3]
    assert sorted(name for names in seated for name in names) == sorted(CHAPTERS)
    first, second = seated[0][0], seated[1][1]
    move(
        page,
        who=f"Table 1: {first} ({CHAPTERS[first]})",
        to=f"Table 2: {second} ({CHAPTERS[second]})",
        moved=first,
    )
    swapped = [list(names) for names in seated]
    swapped[0][0], swapped[1][1] = second, first
    assert tables_shown(page) == swapped
    assert table_list(page, 1) == swapped
    start_round(page, 1)
    round_1 = [Table(n + 1, names) for n, names in enumerate(tables_shown(page))]
    assert [table.names for table in round_1] == swapped

    # Table 1 plays on until a player passes 250 after the tricks of hand 5. Hand 2's
    # tricks are first typed adding to 43: refused at the trick boxes, nothing saved.
    one, two, three = round_1
    open_sheet(page, one)
    expect(page.locator("#game-status")).to_contain_text(f"First to {TARGET} wins.")
    play(page, one, [((12, 3, 0), (30, 10, 4))])
    key_in_hand(page, (12, 5, 2), (40, 2, 1))
    refusal = "The trick points add up to 43; a hand's tricks hold exactly 44"
    expect_preview(page, refusal)
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.locator("#hand-form .field-error")).to_have_text(refusal)
    expect(page.locator("#hand-2")).to_have_count(0)
    expect(page.get_by_label("Player 1 trick points")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    page.keyboard.press("Tab")
    save_hand(page, one, (52, 7, 4))
    play(
        page,
        one,
        [
            ((12, 0, 6), (44, 0, 0)),
            ((12, 3, 3), (44, 0, 0)),
            ((11, 2, 0), (35, 5, 4)),  # 217 after the melds, 252 after the tricks
        ],
    )
    assert one.winners == (0,) and one.totals == [252, 30, 21]
    expect(page.locator("#hand-5")).to_contain_text("melds 11 (typed), tricks 35")

    # Tables 2 and 3 play two hands and one, and are closed at time: table 3 is a tie.
    page.goto(rounds_url)
    open_sheet(page, two)
    play(page, two, [((3, 6, 0), (20, 14, 10)), ((0, 2, 5), (10, 20, 14))])
    page.goto(rounds_url)
    open_sheet(page, three)
    play(page, three, [((3, 3, 0), (20, 20, 4))])
    page.goto(rounds_url)
    expect_table_card(page, one, "Finished")
    close_at_time(page, two)
    close_at_time(page, three)
    assert two.winners == (1,) and three.winners == (0, 1)
    expect_table_card(page, two, "Closed at time")
    expect_table_card(page, three, "Closed at time")
    expect(page.locator("#round-heading")).to_contain_text("Finished")

    # A correction: table 2's hand 2 gave player 1 24 trick points, not 10. The closed
    # table's totals move and its result follows: player 1 now leads, and wins.
    open_sheet(page, two)
    expect(page.locator("#game-status")).to_contain_text(
        f"Closed at time: Player 2 ({two.names[1]}) won"
    )
    page.get_by_role("link", name="Edit hand 2").click()
    expect(page.get_by_label("Player 1 trick points")).to_have_value("10")
    page.get_by_label("Player 1 trick points").fill("24")
    page.get_by_label("Player 2 trick points").fill("6")
    expect_preview(page, f"Totals after it: {totals_words([47, 28, 29])}.")
    page.get_by_role("button", name="Save the correction").click()
    expect_notice(page, "Hand 2 corrected.")
    two.hands[1] = (24, 8, 19)
    two.close_at_time()
    assert two.totals == [47, 28, 29] and two.winners == (0,)
    expect_sheet_totals(page, two.totals)
    expect(page.locator("#hand-2")).to_contain_text("edited")
    expect(page.locator("#game-status")).to_contain_text(
        f"Closed at time: Player 1 ({two.names[0]}) won"
    )
    page.goto(rounds_url)
    expect_table_card(page, two, "Closed at time")

    # Round 2: nobody meets an opponent of round 1.
    seat_round(page, 2, seed=9002)
    expect(page.locator("#rounds-main")).to_contain_text(
        "Nobody meets an opponent of an earlier round."
    )
    start_round(page, 2)
    round_2 = [Table(n + 1, names) for n, names in enumerate(tables_shown(page))]
    assert repeat_pairs(round_1, round_2) == 0

    # Table 1: player 3 makes 56 a hand, and reaches 250 on the melds of hand 6: the
    # tricks of that hand are not played.
    one, two, three = round_2
    open_sheet(page, one)
    play(page, one, [((0, 2, 12), (0, 0, 44))] * 4 + [((3, 0, 12), (20, 14, 10))])
    assert one.totals == [23, 22, 246] and not one.winners
    play(page, one, [((2, 0, 5), None)])
    assert one.winners == (2,) and one.totals == [25, 22, 251]
    expect(page.locator("#hand-6")).to_contain_text("melds 5 (typed), tricks not played")
    page.goto(rounds_url)
    open_sheet(page, two)
    play(page, two, [((5, 0, 2), (4, 30, 10))])
    page.goto(rounds_url)
    open_sheet(page, three)
    play(page, three, [((0, 0, 0), (14, 15, 15))])
    page.goto(rounds_url)
    close_at_time(page, two)
    close_at_time(page, three)
    for table, status in ((one, "Finished"), (two, "Closed at time"), (three, "Closed at time")):
        expect_table_card(page, table, status)
    expect(page.locator("#round-heading")).to_contain_text("Finished")

    # The players' phones: the public standings are exactly what those hands give.
    expected = expected_standings(round_1 + round_2, CHAPTERS)
    phone.goto(f"{live_server.url}/t/{tournament.slug}/events/{pinochle.pk}/standings/")
    expect(phone.locator("table.standings tbody tr")).to_have_count(len(CHAPTERS))
    assert standings_shown(phone) == expected
    expect_fits_the_phone(phone)
