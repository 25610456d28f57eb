"""A sheet's sides and hands written in Python (`scoring.written_sheet`) are, character
for character, what the reference templates beside this file draw (sheet_sides.html,
sheet_hands.html, sheet_row.html: the markup as a template would say it, which every
page with a sheet once drew): every state a side's card and a hand's row show, on the
official's sheet and a visitor's. No database: the parts are drawn from the views the
selectors build."""

import datetime
from pathlib import Path
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
from django.template import Context, Engine
from django.urls import reverse
from django.utils import timezone
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.models import Hand
from scoring.selectors.sheet import Cell, PenaltyLine, Sheet, SheetRow, SideView
from scoring.written_sheet import hand_row, sheet_hands, sheet_sides
from tournaments.models import Event, Game

# Each with a character a page must escape, and one with none.
WORDS = st.sampled_from(["", "Ann Lee", 'Bo "Big" <Bo>', "Cy & Di", "Émile Zoë", "it's"])
POINTS = st.integers(min_value=-300, max_value=400)
WHEN = st.one_of(
    st.none(),
    st.datetimes(
        min_value=datetime.datetime(2026, 1, 1), max_value=datetime.datetime(2027, 1, 1)
    ).map(lambda moment: moment.replace(tzinfo=datetime.UTC)),
)
TOURNAMENT = SimpleNamespace(slug="spring-open")
REFERENCE = Engine(
    dirs=[Path(__file__).parent / "reference"],
    libraries={"numbers": "tournaments.templatetags.numbers"},
)


@st.composite
def side_views(draw, seat):
    players = [
        SimpleNamespace(name=draw(WORDS), chapter_name=draw(WORDS))
        for _ in range(draw(st.integers(min_value=0, max_value=2)))
    ]
    return SideView(
        seat=seat,
        name=draw(st.sampled_from([f"Side {seat + 1}", f"Player {seat + 1}", "<Odd> & name"])),
        team=None,
        players=players,
        total=draw(POINTS),
        games_won=draw(st.one_of(st.none(), st.integers(min_value=0, max_value=3))),
    )


@st.composite
def rows(draw, sides):
    number = draw(st.integers(min_value=1, max_value=40))
    hand = Hand(pk=draw(st.integers(min_value=1, max_value=10**6)), number=number)
    hand.edited_at = draw(WHEN)
    return SheetRow(
        hand=hand,
        totals=tuple(draw(POINTS) for _ in sides),
        cells=[Cell(side, draw(POINTS), draw(WORDS)) for side in sides],
        notes=tuple(draw(st.lists(WORDS, max_size=2))),
        penalties=[
            PenaltyLine(draw(WORDS), draw(st.sampled_from(["Talking", "Wrong TILE", "<x>"])))
            for _ in range(draw(st.integers(min_value=0, max_value=2)))
        ],
        reached_first_note=draw(WORDS),
        game_start=draw(st.one_of(st.none(), st.integers(min_value=1, max_value=3))),
    )


@st.composite
def sheets(draw):
    count = draw(st.integers(min_value=2, max_value=4))
    sides = [draw(side_views(seat)) for seat in range(count)]
    game = Game(
        pk=draw(st.integers(min_value=1, max_value=10**6)),
        status=draw(st.sampled_from(Game.Status.values)),
        winner_seat=draw(st.one_of(st.none(), st.integers(min_value=0, max_value=count))),
        walkover=draw(st.booleans()),
        round_number=1,
        stage=0,
        position=0,
    )
    game.event = Event(name="Open doubles")  # for the game's name when a failure prints it
    sheet = Sheet(game=game, sides=sides, table=None)
    sheet.rows = draw(st.lists(rows(sides), max_size=3))
    return sheet


def _template(name, sheet=None, **more):
    context = Context({"sheet": sheet, "tournament": TOURNAMENT, **more})
    return REFERENCE.get_template(name).render(context)


@settings(max_examples=300, deadline=None)
@given(sheet=sheets(), zone=st.sampled_from(["UTC", "America/Chicago"]))
def test_the_sides_are_what_their_template_draws(sheet, zone):
    with timezone.override(ZoneInfo(zone)):
        assert sheet_sides(sheet) == _template("sheet_sides.html", sheet)


@settings(max_examples=300, deadline=None)
@given(sheet=sheets(), official=st.booleans(), zone=st.sampled_from(["UTC", "America/Chicago"]))
def test_the_hands_are_what_their_template_draws(sheet, official, zone):
    url = reverse("scoring:sheet", args=[TOURNAMENT.slug, sheet.game.pk]) if official else ""
    with timezone.override(ZoneInfo(zone)):
        drawn = _template("sheet_hands.html", sheet, official=official)
        assert sheet_hands(sheet, official, url) == drawn
        for row in sheet.rows:
            alone = _template("sheet_row.html", row=row, official=official, sheet_url=url)
            assert hand_row(row, official, url) == alone


@pytest.mark.parametrize("zone", ["UTC", "America/Chicago"])
def test_an_edited_hand_shows_when_in_the_events_time(zone):
    side = SideView(seat=0, name="Side 1", team=None, players=[])
    edited = datetime.datetime(2026, 11, 29, 18, 5, tzinfo=datetime.UTC)
    hand = Hand(pk=7, number=3, edited_at=edited)
    row = SheetRow(hand=hand, totals=(20,), cells=[Cell(side, 20, "")])
    with timezone.override(ZoneInfo(zone)):
        written = hand_row(row, False)
    assert ('title="Edited 18:05"' if zone == "UTC" else 'title="Edited 12:05"') in written
