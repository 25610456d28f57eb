"""Roster files as spreadsheet programs and old machines save them: quotes, line endings
and encodings, read or refused with the line, through the reader and the upload page."""

import codecs

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tournaments.models import Player
from tournaments.roster import Problem, clean_name, name_key, read_roster

ROSTER = "name,chapter\nAda Pruitt,Lone Star\nBob Wills,Hill Country\nCal Tjader,\n"
PEOPLE = [("Ada Pruitt", "Lone Star"), ("Bob Wills", "Hill Country"), ("Cal Tjader", "")]


def people(roster):
    return [(row.name, row.chapter) for row in roster.rows]


def problems(roster):
    return [(problem.line, problem.what) for problem in roster.problems]


# Quotes -------------------------------------------------------------------------------------


def test_a_quote_never_closed_is_refused_with_its_line():
    text = 'name,chapter\nAda Pruitt,Lone Star\n"Bob Wills,Hill Country\nCal Tjader,\n'
    roster = read_roster(text.encode(), "r.csv")
    assert not roster.rows
    assert roster.problems == [
        Problem(
            3,
            'A quote (") opens a cell that is never closed.',
            why="the rest of the file would be read as one cell: close the quote on its "
            "line, or remove it.",
        )
    ]


def test_a_quote_closed_lines_later_is_refused_with_both_lines():
    text = 'name,chapter\n"Ada Pruitt,Lone Star\nBob Wills",Hill Country\nCal Tjader,\n'
    roster = read_roster(text.encode(), "r.csv")
    assert not roster.rows
    assert roster.problems == [
        Problem(
            2,
            'A quote (") opens a cell that is closed only on line 3.',
            why="lines 2 to 3 would be read as one player: close the quote on its line, "
            "or remove it.",
        )
    ]


def test_quoted_cells_on_one_line_are_read_as_before():
    text = 'name,chapter\n"Pruitt, Ada","Lone ""Star"""\nBob Wills,\n'
    roster = read_roster(text.encode(), "r.csv")
    assert people(roster) == [("Pruitt, Ada", 'Lone "Star"'), ("Bob Wills", "")]
    assert not roster.problems


# Line endings -------------------------------------------------------------------------------


@pytest.mark.parametrize("ending", ["\r", "\r\n", "\n"], ids=["old Mac", "Windows", "Unix"])
def test_every_line_ending_is_read(ending):
    roster = read_roster(ROSTER.replace("\n", ending).encode(), "r.csv")
    assert people(roster) == PEOPLE
    assert not roster.problems


def test_line_numbers_count_old_mac_lines():
    roster = read_roster(b"name\rAda\r\rAda\r", "r.csv")
    assert problems(roster) == [(4, "Duplicate: Ada is already on line 2.")]


# Encodings ----------------------------------------------------------------------------------


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be"])
def test_unicode_text_as_spreadsheets_save_it_is_read(codec):
    """ "Unicode text": UTF-16 with its byte-order mark, tab-separated, Windows lines."""
    text = ROSTER.replace(",", "\t").replace("\n", "\r\n") + "Dé Ñúñez\tÉl Paso\r\n"
    bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}.get(codec, b"")
    roster = read_roster(bom + text.encode(codec), "roster.txt.csv")
    assert people(roster) == [*PEOPLE, ("Dé Ñúñez", "Él Paso")]
    assert not roster.problems


def test_utf16_that_does_not_decode_is_refused_with_a_message():
    roster = read_roster(codecs.BOM_UTF16_LE + "name\nAda\n".encode("utf-16-le") + b"\x00", "r.csv")
    assert problems(roster) == [
        (
            0,
            "The file says it is Unicode (UTF-16) text but does not read as such: save it "
            "as CSV (UTF-8) and try again.",
        )
    ]


# Through the upload page --------------------------------------------------------------------


def preview(client, tournament, data: bytes, name="roster.csv"):
    return client.post(
        reverse("desk:roster_import", args=[tournament.slug]),
        {"file": SimpleUploadedFile(name, data, content_type="text/csv")},
        follow=True,
    )


@pytest.mark.django_db
def test_the_page_refuses_an_unclosed_quote_with_its_line(official_client, tournament):
    text = 'name,chapter\nAda Pruitt,Lone Star\n"Bob Wills,Hill Country\nCal Tjader,\n'
    response = preview(official_client, tournament, text.encode())
    assert (
        "<tr><td>3</td><td>—</td><td><bdi>A quote (&quot;) opens a cell that is never closed."
        "</bdi></td><td>The rest of the file would be read as one cell"
    ) in response.text
    assert "Nothing was imported." in response.text
    assert not Player.objects.exists()


@pytest.mark.django_db
def test_the_page_reads_an_old_mac_file_and_imports_it(official_client, tournament):
    response = preview(official_client, tournament, ROSTER.replace("\n", "\r").encode())
    assert "Check before importing: 3 players" in response.text
    assert "could not be read" not in response.text
    upload = response.context["upload"]
    official_client.post(
        reverse("desk:roster_confirm", args=[tournament.slug]), {"upload": upload.pk}
    )
    assert sorted(Player.objects.values_list("name", flat=True)) == [n for n, _ in PEOPLE]


@pytest.mark.django_db
def test_the_page_reads_unicode_text_from_a_spreadsheet(official_client, tournament):
    text = ROSTER.replace(",", "\t").replace("\n", "\r\n")
    response = preview(official_client, tournament, text.encode("utf-16"), name="roster.txt")
    assert "Check before importing: 3 players" in response.text
    assert "not a text CSV file" not in response.text


# Any roster, any way it is saved ------------------------------------------------------------

NAMES = st.text(
    alphabet=st.characters(categories=("L",), max_codepoint=0x2FF), min_size=1, max_size=20
)


@given(
    names=st.lists(NAMES, min_size=1, max_size=8, unique_by=name_key),
    ending=st.sampled_from(["\n", "\r\n", "\r"]),
    codec=st.sampled_from(["utf-8", "utf-8-sig", "utf-16"]),
    separator=st.sampled_from([",", "\t", ";"]),
)
def test_a_roster_reads_alike_however_it_is_saved(names, ending, codec, separator):
    lines = [f"name{separator}chapter"] + [f'"{name}"{separator}Club' for name in names]
    data = ending.join([*lines, ""]).encode(codec)
    roster = read_roster(data, "r.csv")
    assert not roster.problems
    assert people(roster) == [(clean_name(name), "Club") for name in names]
