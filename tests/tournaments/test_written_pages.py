"""A visitor's public bracket and standings, with their live parts written in Python
(`written.public_bracket_live`, `written.public_standings_live` and the standings table),
are byte for byte the pages the templates draw, in every state a hall shows them: drawn,
played with clocks running and hands waiting, a team marked, partners' games, a champion,
a double elimination and a bracket not drawn (both left to the template), whole pages
and htmx's polls."""

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from tests.factories import EventFactory, drawn_doubles, game_at
from tournaments import fragments, page_cache, services
from tournaments.models import Game
from tournaments.views import brackets_public, standings_public

from .double_setup import DoubleDesk
from .rounds_setup import rounds_event, seat_and_start, settle, tables_of
from .test_clocks import set_minutes

pytestmark = pytest.mark.django_db


def _drawn_table(event, standings, rows_html):
    context = {"standings": standings, "official": False, "event": event, "rows_html": rows_html}
    return render_to_string("tournaments/standings_table.html", context)


def by_template(monkeypatch) -> None:
    """Have the views leave every live part and table to their templates."""
    monkeypatch.setattr(brackets_public, "public_bracket_live", lambda context, path: None)
    monkeypatch.setattr(standings_public, "public_standings_live", lambda context, path: None)
    monkeypatch.setattr(fragments, "public_standings_table", _drawn_table)


def both_ways(client, monkeypatch, url: str, **headers) -> tuple[str, str]:
    """The page as a visitor gets it, then drawn by the templates (nothing kept between)."""
    page_cache.clear()
    with monkeypatch.context() as spied:
        for view, name in WRITERS:
            spied.setattr(view, name, _spy(getattr(view, name)))
        written = client.get(url, **headers)
    with monkeypatch.context() as patched:
        by_template(patched)
        page_cache.clear()
        drawn = client.get(url, **headers)
    page_cache.clear()
    assert written.status_code == drawn.status_code == 200
    return written.content.decode(), drawn.content.decode()


WRITERS = ((brackets_public, "public_bracket_live"), (standings_public, "public_standings_live"))
WRITTEN: list[str] = []  # the live parts written by the last `both_ways`


def _spy(write):
    def spied(context, path):
        found = write(context, path)
        if found is not None:
            WRITTEN.append(found)
        return found

    return spied


def assert_same(client, monkeypatch, url: str, *, written_live: bool = True) -> str:
    """Assert the page is the same both ways, whole and as htmx's poll; that its live part
    was written in Python (``written_live``) or left to the template."""
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        WRITTEN.clear()
        written, drawn = both_ways(client, monkeypatch, url, **headers)
        assert len(WRITTEN) == written_live
        if written != drawn:  # pragma: no cover - says where they part
            import difflib

            print(
                "".join(difflib.unified_diff(drawn.splitlines(True), written.splitlines(True), n=8))
            )
        assert written == drawn
    return written


def bracket_url(event, query: str = "") -> str:
    return reverse("public:bracket", args=[event.tournament.slug, event.pk]) + query


def test_a_bracket_in_every_state_is_written_as_drawn(client, monkeypatch, tournament, official):
    event = set_minutes(drawn_doubles(tournament, official, 8), minutes_per_game=25)
    assert_same(client, monkeypatch, bracket_url(event))
    services.set_bracket_clock(event=event, stage=1, round_number=1, action="start", by=official)
    game = game_at(event, 1, 0)
    services.set_game_progress(game=game, totals=(135, 90), hand_count=5)
    Game.objects.filter(pk=game_at(event, 1, 1).pk).update(table_hand="waiting", hand_count=2)
    page = assert_same(client, monkeypatch, bracket_url(event))
    assert "Quarter-final clock" in page and "1 hand waiting for confirmation" in page
    team = game.sides.get(seat=0).team
    page = assert_same(client, monkeypatch, bracket_url(event, f"?team={team.number}"))
    assert "are marked in green" in page
    assert_same(client, monkeypatch, bracket_url(event, "?round=2"))
    for round_number, games in ((1, 4), (2, 2), (3, 1)):
        for position in range(games):
            played = game_at(event, round_number, position)
            if played.winner_seat is None:
                services.record_result(game=played, winner_seat=position % 2, by=official)
    page = assert_same(client, monkeypatch, bracket_url(event))
    assert "Final placings" in page and "Second" in page


def test_the_singles_with_the_partners_games_are_written_as_drawn(
    client, monkeypatch, tournament, official
):
    doubles = drawn_doubles(tournament, official, 4)
    singles = EventFactory(tournament=tournament, name="Singles", team_size=1, fed_by=doubles)
    services.record_result(game=game_at(doubles, 1, 0), winner_seat=0, by=official)
    # The partners' games alone (the singles not drawn yet): left to the template.
    page = assert_same(client, monkeypatch, bracket_url(singles), written_live=False)
    assert "partners play each other" in page
    services.record_result(game=game_at(doubles, 1, 1), winner_seat=0, by=official)
    for partners in Game.objects.filter(event=singles, stage=0).order_by("position"):
        services.record_result(game=partners, winner_seat=0, by=official)
    services.draw_bracket(event=singles, by=official, seed=3)
    page = assert_same(client, monkeypatch, bracket_url(singles, "?team=1"))
    assert "partners play each other" in page and "Stop marking this player's games" in page


def test_brackets_left_to_the_template_are_drawn(client, monkeypatch, tournament, official):
    not_drawn = EventFactory(tournament=tournament, name="Later", team_size=2)
    page = assert_same(client, monkeypatch, bracket_url(not_drawn), written_live=False)
    assert "has not been drawn yet" in page
    double = DoubleDesk(tournament, official, 6).event
    page = assert_same(client, monkeypatch, bracket_url(double), written_live=False)
    assert "Losers" in page


def test_standings_in_every_state_are_written_as_drawn(client, monkeypatch, tournament, official):
    event = rounds_event(tournament, players=8)
    url = reverse("public:standings", args=[tournament.slug, event.pk])
    assert "No round has started yet" in assert_same(client, monkeypatch, url)
    set_minutes(event, minutes_per_round=30)
    tables = tables_of(seat_and_start(event, official))
    page = assert_same(client, monkeypatch, url)
    assert "Round 1 clock" in page and "No game has ended yet" in page
    settle(tables[0], official, (61, 10, 5, 0))
    Game.objects.filter(pk=tables[1].pk).update(table_hand="waiting", hand_count=2)
    page = assert_same(client, monkeypatch, url)
    assert ">61<" in page and "Round 1 (playing)" in page and "hand waiting" in page
