"""A visitor's public page is put together in ASCII (`fragments.ascii_html`): a winner's
tick, the dot between chapters and accented names come as character references, which
a browser shows as the characters themselves."""

import html
import re

import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString
from hypothesis import example, given
from hypothesis import strategies as st

from tests.factories import drawn_doubles, game_at
from tournaments import page_cache, services
from tournaments.fragments import ascii_html

from .rounds_setup import rounds_event, seat_and_start, settle, tables_of


def test_ascii_html_is_left_as_it_is():
    page = '<p class="x">Team 4 &amp; Team 5</p>'
    assert ascii_html(page) is page


def test_other_characters_become_references_and_the_html_stays_safe():
    found = ascii_html(SafeString("<b>Montréal · Québec</b> ✓"))
    assert found == "<b>Montr&#233;al &#183; Qu&#233;bec</b> &#10003;"
    assert isinstance(found, SafeString)


def test_text_not_marked_safe_is_not_made_safe():
    found = ascii_html("<b>Montréal</b>")
    assert found == "<b>Montr&#233;al</b>" and not isinstance(found, SafeString)


# Names are stored without control characters (`names.clean_name`), and PostgreSQL holds
# no lone surrogate: the text a page shows is any other character.
_SHOWN = st.text(st.characters(blacklist_categories=("Cc", "Cs")))


def _as_a_browser_reads(written: str) -> str:
    """Read back written HTML text as a browser does. Python's `html.unescape` drops a
    reference to a noncharacter (U+FDD0, say) where the HTML standard keeps the character
    (a parse error, nothing more), so the decimal references `ascii_html` writes are read
    here as the standard reads them, and the rest (escape's ``&amp;`` and the like) by
    `html.unescape`. Control characters, the only others the standard reads otherwise,
    are never in a name."""
    return html.unescape(re.sub(r"&#(\d+);", lambda found: chr(int(found[1])), written))


@given(_SHOWN)
@example("\ufdd0")  # a noncharacter: kept by a browser
def test_a_browser_reads_back_the_text_written(text):
    written = ascii_html(escape(text))
    assert written.isascii()
    assert _as_a_browser_reads(written) == text


@pytest.mark.django_db
def test_a_visitors_bracket_is_ascii_and_shows_the_same_text(client, tournament, official):
    event = drawn_doubles(tournament, official, 4, name="Dobles Montréal")
    services.record_result(game=game_at(event, 1, 0), winner_seat=0, by=official)
    url = reverse("public:bracket", args=[tournament.slug, event.pk])
    page_cache.clear()
    whole = client.get(url).content.decode()
    poll = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert whole.isascii() and poll.isascii()
    shown = html.unescape(whole)
    assert "Dobles Montréal club" in shown and " · " in shown
    assert 'aria-label="winner">✓</span>' in shown
    assert html.unescape(poll) in shown
    # The official's page, drawn whole by the templates, is left as they draw it.
    client.force_login(official)
    drawn = client.get(url).content.decode()
    assert "Dobles Montréal club" in drawn and 'aria-label="winner">✓</span>' in drawn


@pytest.mark.django_db
def test_a_visitors_standings_are_ascii_and_show_the_same_text(client, tournament, official):
    event = rounds_event(tournament, players=8, name="Dominó doble")
    settle(tables_of(seat_and_start(event, official))[0], official, (61, 10, 5, 0))
    url = reverse("public:standings", args=[tournament.slug, event.pk])
    page_cache.clear()
    whole = client.get(url).content.decode()
    poll = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert whole.isascii() and poll.isascii()
    assert "Dominó doble club" in html.unescape(poll)
    assert html.unescape(poll) in html.unescape(whole)
