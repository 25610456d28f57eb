"""A printed score sheet adds up (issue 12): every running total is the sum of the Hand
column above it, penalties sit in the column they count in, and the last totals are the
desk's; for every game, from the demo's hands."""

import os
from html.parser import HTMLParser

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.scoring.builders import enter, out, penalty, played
from tournaments.models import Game, Side, Tournament

pytestmark = pytest.mark.django_db


class PrintedTable(HTMLParser):
    """Read the printed sheet's body: per line its header and, per side, Hand and Total."""

    def __init__(self):
        super().__init__()
        self.lines, self._in_body, self._cell, self._text = [], False, None, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "tbody":
            self._in_body = True
        elif self._in_body and tag == "tr":
            self.lines.append(
                {
                    "head": "",
                    "hand": {},
                    "total": {},
                    "blank": "blank-line" in (attrs.get("class") or ""),
                }
            )
        elif self._in_body and tag == "th":
            self._cell, self._text = ("head", None), []
        elif self._in_body and tag == "td" and attrs.get("class") in ("hand-col", "total-col"):
            kind = "hand" if attrs["class"] == "hand-col" else "total"
            self._cell, self._text = (
                (kind, int(attrs["data-side"])) if "data-side" in attrs else None,
                [],
            )
        elif self._in_body and tag == "small":
            self._cell = (self._cell, "small") if self._cell else None

    def handle_endtag(self, tag):
        if tag == "tbody":
            self._in_body = False
        elif tag == "small" and isinstance(self._cell, tuple) and self._cell[-1] == "small":
            self._cell = self._cell[0]
        elif tag in ("td", "th") and self._cell:
            kind, side = self._cell
            text = "".join(self._text).strip()
            if kind == "head":
                self.lines[-1]["head"] = text
            else:
                self.lines[-1][kind][side] = int(text) if text else 0
            self._cell = None

    def handle_data(self, data):
        if self._cell and self._cell[-1] != "small":
            self._text.append(data)


def printed(client, game, query=""):
    response = client.get(
        reverse("scoring:sheet_print", args=[game.event.tournament.slug, game.pk]) + query
    )
    assert response.status_code == 200
    table = PrintedTable()
    table.feed(response.content.decode())
    return table.lines, response.content.decode()


def check_adds_up(lines, game):
    """Check every Total against the sum of its Hand column, and the last against the desk."""
    filled = [line for line in lines if not line["blank"] and line["hand"]]
    sides = sorted(Side.objects.filter(game=game), key=lambda s: s.seat)
    running = [0] * len(sides)
    for line in filled:
        assert sorted(line["hand"]) == sorted(line["total"]) == list(range(len(sides)))
        for seat in range(len(sides)):
            running[seat] += line["hand"][seat]
            assert line["total"][seat] == running[seat], (line, running)
    assert running == [side.total for side in sides]
    return filled


@pytest.fixture
def demo(official):
    call_command("load_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    tournament = Tournament.objects.get(slug="demo")
    tournament.officials.add(official)
    return tournament


def test_every_printed_sheet_of_the_demo_adds_up_to_the_desk(official_client, demo):
    games_seen = set()
    for game in Game.objects.filter(event__tournament=demo, hand_count__gt=0).select_related(
        "event"
    ):
        lines, _ = printed(official_client, game)
        filled = check_adds_up(lines, game)
        assert len(filled) == game.hand_count  # no penalties in the demo: a line a hand
        blank = [line for line in lines if line["blank"]]
        assert bool(blank) == (not game.is_decided)  # lines to go on by hand while not over
        games_seen.add(game.event.game_key)
    assert games_seen == {
        "texas_good_sams",
        "double_draw",
        "thats_it",
        "domino_pinochle",
        "double_takes",
    }


def test_a_penalty_has_its_own_line_in_the_column_it_counts_for(official_client, game, official):
    offender = game.sides.get(seat=0).team.members[0].player
    enter(game, official, played(20, 10))
    enter(game, official, out(1, 12, play=(10, 5), penalties=[penalty(0, "talking", offender)]))
    lines, html = printed(official_client, game)
    filled = check_adds_up(lines, game)
    assert [line["head"] for line in filled] == ["1", "2", "Penalty"]
    assert filled[2]["hand"] == {0: 0, 1: 50}  # the other side's column
    assert filled[1]["hand"][1] == game.hands.get(number=2).points[1] - 50
    assert f"penalty on {offender.name}: talking to a partner" in html
    # Not over: blank lines to go on by hand, numbered from the next hand.
    assert next(line["head"] for line in lines if line["blank"]) == "3"


def test_a_blank_sheet_has_twenty_numbered_lines_and_no_figures(official_client, game, official):
    enter(game, official, played(35, 0))
    lines, html = printed(official_client, game, "?blank=1")
    assert [line["head"] for line in lines] == [str(n) for n in range(1, 21)]
    assert "a penalty goes on its own line" in html
