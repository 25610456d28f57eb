"""In a real browser: an official runs two rounds of That's It; players read the standings.

Ten players at tables of four, three and three. The official seats round 1, moves a
player from the table of four to a table of three before it starts, and keys in hands:
some by the caller's seven tiles (the desk shows the best split and its score), some by
the score typed, some that nobody called. One game reaches 25, the others are closed at
time, and a correction turns a table closed at time into a game won. Round 2 likewise.
The phone's public standings must be what those hands give.
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

TARGET = 25  # the event's "Points to win", left at its default
CHAPTERS = {
    "Abe Lund": "Amarillo",
    "Bea Cruz": "Beaumont",
    "Cal Diaz": "Corpus Christi",
    "Dot Hale": "Denton",
    "Eli Ford": "Amarillo",
    "Fay Gunn": "Beaumont",
    "Guy Hart": "Corpus Christi",
    "Hope Ivy": "Denton",
    "Ike Jett": "Amarillo",
    "Joy Kemp": "Beaumont",
}

# Seven tiles and the best split the desk must show for them. The first is two of the
# source text's worked examples: [7-0] [7-1] [7-2] [7-3], a suit meld of four consecutive
# values, 9 points, and [0-0] [1-1] [2-2], three consecutive doubles, 7 points; one suit
# meld and one doubles meld, so not doubled: 16.
WORKED_HAND = "[7-0] [7-1] [7-2] [7-3] [0-0] [1-1] [2-2]"
# Both melds in suit 7 (9 and 7 points): doubled, 32.
SUIT_HAND = "[7-0] [7-1] [7-2] [7-3] [7-8] [7-9] [7-10]"
# Two doubles melds, of values 0 2 7 10 (1 point) and 12 13 14 (7 points): doubled, 16.
DOUBLES_HAND = "[0-0] [2-2] [10-10] [7-7] [12-12] [13-13] [14-14]"
SPLITS = {
    WORKED_HAND: (
        16,
        [
            "[0-7] [1-7] [2-7] [3-7] as suit 7: 9 points",
            "[0-0] [1-1] [2-2] as doubles: 7 points",
            "Total: 16 points",
        ],
    ),
    SUIT_HAND: (
        32,
        [
            "[0-7] [1-7] [2-7] [3-7] as suit 7: 9 points",
            "[7-8] [7-9] [7-10] as suit 7: 7 points",
            "Both melds alike, so doubled: 32 points",
        ],
    ),
    DOUBLES_HAND: (
        16,
        [
            "[0-0] [2-2] [7-7] [10-10] as doubles: 1 point",
            "[12-12] [13-13] [14-14] as doubles: 7 points",
            "Both melds alike, so doubled: 16 points",
        ],
    ),
}


@pytest.fixture
def thats_it(tournament, official):
    """A That's It rounds event with ten checked-in players from four chapters."""
    event = services.create_event(
        tournament=tournament,
        by=official,
        name="That's It",
        game_key="thats_it",
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


def key_in_hand(page, caller=None, *, tiles="", score=None):
    """Enter one hand: the caller by the keyboard (nobody: a click), then tiles or score."""
    keyboard = page.keyboard
    expect(page.get_by_role("radio").first).to_be_focused()
    if caller is None:
        page.get_by_label("Nobody", exact=True).click()
    else:
        for _ in range(caller):
            keyboard.press("ArrowDown")
        keyboard.press("Space")
    keyboard.press("Tab")
    expect(page.get_by_label("The caller's seven tiles")).to_be_focused()
    keyboard.type(tiles)
    keyboard.press("Tab")
    keyboard.type("" if score is None else str(score))
    keyboard.press("Tab")


def play(page, table: Table, hands) -> None:
    """Key in hands on the open score sheet.

    hands: (the caller's seat or None when nobody called, their tiles or "", the score
    typed or None). The tiles' best split shows before the hand is saved, and stays on
    the sheet after.
    """
    for caller, tiles, score in hands:
        key_in_hand(page, caller, tiles=tiles, score=score)
        points, split = SPLITS[tiles] if tiles else (score or 0, [])
        if split:
            expect_preview(page, split[0])
        for line in split:
            expect(page.locator("#hand-preview")).to_contain_text(line)
        row = [0] * len(table.names)
        if caller is not None:
            row[caller] = points
        save_hand(page, table, row, preview=caller is not None)
        hand = page.locator(f"#hand-{len(table.hands)}")
        if caller is None:
            expect(hand).to_contain_text("nobody called: no score")
        else:
            typed = "" if tiles else " (typed)"
            expect(hand).to_contain_text(f"called That's it: {points} points{typed}")
        for line in split:
            expect(hand).to_contain_text(line)
        if caller is not None and table.totals[caller] >= TARGET:
            table.winners = (caller,)
            name = table.names[caller]
            expect_notice(page, f"Game over: Player {caller + 1} ({name}) wins.")
            expect(page.locator("#hand-form")).to_have_count(0)
            break
    assert table.winners or max(table.totals) < TARGET


def test_an_official_runs_two_rounds_of_thats_it_and_the_phone_shows_the_standings(
    page, phone, live_server, log_in, official, tournament, thats_it
):
    log_in(page, official)
    page.get_by_role("link", name=tournament.name).click()
    page.get_by_role("link", name="That's It").first.click()
    page.get_by_role("link", name="Open the rounds").click()
    rounds_url = page.url

    # Round 1: ten players at tables of 4, 3 and 3. A player of the table of four moves
    # to a table of three before the round starts.
    seat_round(page, 1, seed=4242)
    seated = tables_shown(page)
    assert sorted(len(names) for names in seated) == [3, 3, 4]
    assert sorted(name for names in seated for name in names) == sorted(CHAPTERS)
    big = next(n for n, names in enumerate(seated) if len(names) == 4)
    small = next(n for n, names in enumerate(seated) if len(names) == 3)
    mover = seated[big][-1]
    move(
        page,
        who=f"Table {big + 1}: {mover} ({CHAPTERS[mover]})",
        to=f"Table {small + 1}",
        moved=mover,
    )
    moved = [list(names) for names in seated]
    moved[big].remove(mover)
    moved[small].append(mover)
    assert tables_shown(page) == moved
    assert table_list(page, 1) == moved
    start_round(page, 1)
    round_1 = [Table(n + 1, names) for n, names in enumerate(tables_shown(page))]
    assert [table.names for table in round_1] == moved

    four = round_1[small]
    three_a, three_b = (table for table in round_1 if len(table.names) == 3)

    # The table of four: the caller's seven tiles, read the best way before it is saved.
    open_sheet(page, four)
    expect(page.locator("#game-status")).to_contain_text(f"First to {TARGET} wins.")
    play(
        page,
        four,
        [
            (0, WORKED_HAND, None),
            (None, "", None),
            (2, "", 10),
            (0, "", 9),  # 16 + 9: exactly 25
        ],
    )
    assert four.winners == (0,) and four.totals == [25, 0, 10, 0]

    # The tables of three: a few hands each, then the round's time is up.
    page.goto(rounds_url)
    open_sheet(page, three_a)
    play(page, three_a, [(1, "", 11), (2, "", 8)])
    page.goto(rounds_url)
    open_sheet(page, three_b)
    play(page, three_b, [(None, "", None), (0, "", 5), (1, "", 5)])
    page.goto(rounds_url)
    expect_table_card(page, four, "Finished")
    close_at_time(page, three_a)
    close_at_time(page, three_b)
    assert three_a.winners == (1,) and three_b.winners == (0, 1)
    expect_table_card(page, three_a, "Closed at time")
    expect_table_card(page, three_b, "Closed at time")
    expect(page.locator("#round-heading")).to_contain_text("Finished")

    # A correction: hand 2 of a table closed at time was worth 32, not 8. With both a
    # typed score and tiles that disagree, it is refused at the score; cleared, it stands,
    # and player 3 has passed 25: the game is won by the hands, no longer closed at time.
    open_sheet(page, three_a)
    page.get_by_role("link", name="Edit hand 2").click()
    score_box = page.get_by_label("Or the score, typed")
    expect(score_box).to_have_value("8")
    page.get_by_label("The caller's seven tiles").fill(SUIT_HAND)
    refusal = (
        "The tiles score 32 read the best way, but the score typed is 8; correct one of "
        "them or clear the typed score"
    )
    expect_preview(page, refusal)
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#hand-form .field-error")).to_have_text(refusal)
    expect(score_box).to_be_focused()
    score_box.fill("")
    expect_preview(page, f"Totals after it: {totals_words([0, 11, 32])}.")
    for line in SPLITS[SUIT_HAND][1]:
        expect(page.locator("#hand-preview")).to_contain_text(line)
    page.get_by_role("button", name="Save the correction").click()
    expect_notice(page, "Hand 2 corrected.")
    three_a.hands[1] = (0, 0, 32)
    three_a.winners = (2,)
    expect_sheet_totals(page, three_a.totals)
    expect(page.locator("#hand-2")).to_contain_text("edited")
    expect(page.locator("#game-status")).to_contain_text(
        f"Game over: Player 3 ({three_a.names[2]}) won"
    )
    page.goto(rounds_url)
    expect_table_card(page, three_a, "Finished")

    # Round 2: the table of four must hold two players of one table of round 1 (there
    # were three tables), and the page says so. The tables are played the same ways;
    # one is closed with everyone level on 0.
    seat_round(page, 2, seed=4243)
    expect(page.locator("#rounds-main")).to_contain_text(
        "1 pair at one table has met in an earlier round"
    )
    start_round(page, 2)
    round_2 = [Table(n + 1, names) for n, names in enumerate(tables_shown(page))]
    assert sorted(len(table.names) for table in round_2) == [3, 3, 4]
    assert repeat_pairs(round_1, round_2) == 1
    one, two, three = round_2
    open_sheet(page, one)
    play(
        page,
        one,
        [
            (1, "", 22),
            (None, "", None),
            (0, DOUBLES_HAND, None),
            (1, "", 4),  # 26
        ],
    )
    assert one.winners == (1,)
    page.goto(rounds_url)
    open_sheet(page, two)
    play(page, two, [(0, "", 6)])
    page.goto(rounds_url)
    open_sheet(page, three)
    play(page, three, [(None, "", None)])
    page.goto(rounds_url)
    close_at_time(page, two)
    close_at_time(page, three)
    assert three.winners == tuple(range(len(three.names)))
    for table, status in ((one, "Finished"), (two, "Closed at time"), (three, "Closed at time")):
        expect_table_card(page, table, status)
    expect(page.locator("#round-heading")).to_contain_text("Finished")

    # The players' phones: the public standings are exactly what those hands give.
    expected = expected_standings(round_1 + round_2, CHAPTERS)
    phone.goto(f"{live_server.url}/t/{tournament.slug}/events/{thats_it.pk}/standings/")
    expect(phone.locator("table.standings tbody tr")).to_have_count(len(CHAPTERS))
    assert standings_shown(phone) == expected
    expect_fits_the_phone(phone)
