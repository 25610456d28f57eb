"""Formula injection: a text cell that a spreadsheet would run as a formula is written as
text, in CSV and XLSX alike; numbers stay numbers, names otherwise stay as registered."""

import csv

import openpyxl
import pytest

from scoring.exports import write_results
from scoring.exports.cells import cell, csv_value, safe_text
from tests.factories import ChapterFactory, EventFactory, PlayerFactory
from tests.scoring.builders import enter, make_game, played
from tournaments.models import Team, TeamMember

pytestmark = pytest.mark.django_db

DANGEROUS = {
    "equals": '=HYPERLINK("http://x","Ann")',
    "plus": "+1+2",
    "minus": "-3+cmd|' /C calc'!A0",
    "at": "@SUM(A1:A9)",
    "tab": "\t=1+1",
    "carriage return": "\r=1+1",
}


@pytest.mark.parametrize("text", DANGEROUS.values(), ids=DANGEROUS.keys())
def test_text_starting_like_a_formula_gets_an_apostrophe(text):
    assert safe_text(text) == "'" + text
    assert cell(text) == "'" + text


def test_other_text_and_numbers_are_left_as_they_are():
    assert safe_text("Ada Pruitt-Ünal") == "Ada Pruitt-Ünal"
    assert cell(-5) == -5 and csv_value(-5) == -5
    assert cell(None) is None and csv_value(None) == ""
    assert cell(True) == "yes"


@pytest.fixture
def poisoned(official, tournament, tmp_path):
    """A game between players, chapters and an event whose names start like formulas."""

    def build(text):
        chapter = ChapterFactory(tournament=tournament, name=text + " club")
        event = EventFactory(tournament=tournament, name=text + " cup", team_size=1)
        teams = []
        for number, name in enumerate([text, "Bob Ray"], start=1):
            player = PlayerFactory(tournament=tournament, name=name, chapter=chapter)
            team = Team.objects.create(event=event, number=number)
            TeamMember.objects.create(team=team, event=event, player=player)
            teams.append(team)
        game = make_game(event, teams)
        enter(game, official, played(250, 0))
        write_results(tournament, tmp_path)
        return tmp_path

    return build


@pytest.mark.parametrize("text", DANGEROUS.values(), ids=DANGEROUS.keys())
def test_csv_cells_are_neutralised(poisoned, text):
    folder = poisoned(text)
    with open(folder / "games.csv", encoding="utf-8", newline="") as f:
        games = list(csv.DictReader(f))
    assert games[0]["event"] == "'" + text + " cup"
    assert games[0]["players"] == "'" + text
    assert games[0]["score"] == "250"
    with open(folder / "players.csv", encoding="utf-8", newline="") as f:
        players = list(csv.DictReader(f))
    assert {row["chapter"] for row in players} == {"'" + text + " club"}
    with open(folder / "chapters.csv", encoding="utf-8", newline="") as f:
        chapters = list(csv.DictReader(f))
    assert "'" + text in {row["player"] for row in chapters}


@pytest.mark.parametrize("text", DANGEROUS.values(), ids=DANGEROUS.keys())
def test_xlsx_cells_are_neutralised(poisoned, text, tournament):
    folder = poisoned(text)
    book = openpyxl.load_workbook(folder / f"{tournament.slug}.xlsx")
    texts = []
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for found in row:
                if isinstance(found.value, str):
                    assert found.data_type == "s", (sheet.title, found.coordinate, found.value)
                    assert not found.value.startswith(("=", "+", "-", "@", "\t", "\r"))
                    texts.append(found.value)
    # XML reads a raw carriage return back as a line feed; the apostrophe still leads.
    read_back = text.replace("\r", "\n")
    assert "'" + read_back in texts
    assert "'" + read_back + " club" in texts
    assert "'" + read_back + " cup" in texts
    games = book.worksheets[1]
    numbers = [c.value for row in games.iter_rows() for c in row if isinstance(c.value, int)]
    assert 250 in numbers
