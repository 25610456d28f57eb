"""A rounds event's public pages assembled from parts kept under their own versions
(`tournaments.fragments`): a hand at one table re-draws that table's card only and no
standings, a result or a correction of a finished table re-draws the standings, and the
next request shows every change."""

import pytest
from django.urls import reverse

from tournaments import fragments, page_cache
from tournaments.models import Event, Player
from tournaments.services import update_player

from .rounds_setup import rounds_event, seat_and_start, settle, tables_of

pytestmark = pytest.mark.django_db
CARD = "tournaments/round_table.html"
STANDINGS = "tournaments/standings_table.html"


def page(client, name, event, *args):
    url = reverse(f"public:{name}", args=[event.tournament.slug, event.pk, *args])
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response


def drawn(response, template: str) -> int:
    return [used.name for used in response.templates].count(template)


@pytest.fixture
def rows_written(monkeypatch) -> list:
    """The standings rows written since it was last emptied (a visitor's rows are written
    in Python, `written.public_standing_row`, not drawn by standings_row.html)."""
    written, write = [], fragments.public_standing_row
    monkeypatch.setattr(
        fragments, "public_standing_row", lambda row: [written.append(row), write(row)][1]
    )
    return written


@pytest.fixture
def tables_written(monkeypatch) -> list:
    """The standings tables written for visitors (`written.public_standings_table`; an
    official's is drawn by standings_table.html)."""
    written, write = [], fragments.public_standings_table
    monkeypatch.setattr(
        fragments, "public_standings_table", lambda *a: [written.append(a), write(*a)][1]
    )
    return written


@pytest.fixture
def playing(tournament, official):
    """A Double Draw event of 8 players, its first round started: two tables."""
    event = rounds_event(tournament, players=8)
    round_ = seat_and_start(event, official)
    return event, tables_of(round_)


def test_a_hand_draws_its_own_table_again_and_shows_at_once(client, playing, official):
    event, tables = playing
    assert drawn(page(client, "round_results", event, 1), CARD) == len(tables)
    settle(tables[1], official, (35, 10, 5, 0), finished=False)
    after = page(client, "round_results", event, 1)
    assert drawn(after, CARD) == 1
    card = after.content.decode().split(f'id="table-{tables[1].pk}"')[1].split("</article>")[0]
    assert ">35<" in card


def test_a_hand_that_decides_nothing_draws_no_standings(client, playing, official, tables_written):
    event, tables = playing
    settle(tables[0], official, (61, 10, 5, 0))
    page(client, "standings", event)
    assert len(tables_written) == 1
    settle(tables[1], official, (35, 10, 5, 0), finished=False)
    page(client, "standings", event)
    assert len(tables_written) == 1


def test_a_result_and_a_correction_of_a_finished_table_show_at_once(
    client, playing, official, tables_written
):
    event, tables = playing
    settle(tables[0], official, (61, 10, 5, 0))
    before = page(client, "standings", event).content.decode()
    assert ">61<" in before
    # A correction that keeps the table finished: its event's names stay as they were.
    settle(tables[0], official, (75, 10, 5, 0))
    after = page(client, "standings", event)
    assert len(tables_written) == 2
    assert ">75<" in after.content.decode() and ">61<" not in after.content.decode()
    settle(tables[1], official, (0, 66, 5, 0))
    assert ">66<" in page(client, "standings", event).content.decode()


def test_a_player_renamed_shows_on_every_part_at_once(client, playing, official):
    event, tables = playing
    settle(tables[0], official, (61, 10, 5, 0))
    page(client, "standings", event)
    page(client, "round_results", event, 1)
    player = Player.objects.filter(memberships__team__sides__game=tables[0]).first()
    update_player(player=player, by=official, name="Renamed Rosa")
    assert "Renamed Rosa" in page(client, "standings", event).content.decode()
    results = page(client, "round_results", event, 1)
    assert drawn(results, CARD) == len(tables)
    assert "Renamed Rosa" in results.content.decode()


def test_the_parts_cost_no_query_more(client, playing, official, django_assert_max_num_queries):
    event, tables = playing
    settle(tables[0], official, (61, 10, 5, 0))
    page(client, "standings", event)
    page(client, "round_results", event, 1)
    settle(tables[1], official, (35, 10, 5, 0), finished=False)
    # The marker, the event, the results, the sit-outs, the rounds (teams and table kept).
    with django_assert_max_num_queries(5):
        page(client, "standings", event)
    # The marker, the event, the round, its tables, their sides and its sit-outs (the
    # teams kept).
    with django_assert_max_num_queries(6):
        page(client, "round_results", event, 1)


def test_a_hand_that_decides_nothing_reads_no_table_again(
    client, playing, official, django_assert_num_queries
):
    """What the standings rank is kept under the event's shared version, which a running
    score leaves as it was: the page reads the marker and the event, and is the page
    built afresh."""
    event, tables = playing
    settle(tables[0], official, (61, 10, 5, 0))
    page(client, "standings", event)
    settle(tables[1], official, (35, 10, 5, 0), finished=False)
    with django_assert_num_queries(2):
        kept = page(client, "standings", event).content.decode()
    page_cache.clear()
    assert page(client, "standings", event).content.decode() == kept


@pytest.mark.parametrize("corrected", [(75, 10, 5, 0), (10, 75, 5, 0)], ids=["totals", "winner"])
def test_a_decided_table_corrected_is_a_change_to_the_standings(
    client, playing, official, corrected
):
    """A finished table's totals or winner corrected, still finished, moves the shared
    version the kept ranking is named by; its running score before did not."""
    event, tables = playing
    shared = Event.objects.values_list("shared_changed_at", flat=True)
    settle(tables[0], official, (35, 10, 5, 0), finished=False)
    running = shared.get(pk=event.pk)
    settle(tables[0], official, (40, 10, 5, 0), finished=False)
    assert shared.get(pk=event.pk) == running
    settle(tables[0], official, (61, 10, 5, 0))
    assert ">61<" in page(client, "standings", event).content.decode()
    decided = shared.get(pk=event.pk)
    settle(tables[0], official, corrected)
    assert shared.get(pk=event.pk) > decided
    after = page(client, "standings", event).content.decode()
    assert ">75<" in after and ">61<" not in after


def test_an_official_s_pages_are_built_whole(client, playing, official):
    event, tables = playing
    client.force_login(official)
    settle(tables[0], official, (61, 10, 5, 0))
    assert drawn(page(client, "standings", event), STANDINGS) == 1
    assert drawn(page(client, "standings", event), STANDINGS) == 1
    assert drawn(page(client, "round_results", event, 1), CARD) == len(tables)


def test_a_correction_draws_again_only_the_standings_rows_it_changed(
    client, playing, official, rows_written
):
    event, tables = playing
    settle(tables[0], official, (61, 10, 5, 0))
    settle(tables[1], official, (0, 66, 5, 0))
    page(client, "standings", event)
    assert len(rows_written) == 8
    # The first seat's points for, and the others' points against, at the first table.
    settle(tables[0], official, (75, 10, 5, 0))
    rows_written.clear()
    after = page(client, "standings", event)
    # Its four players' rows, and any whose place moved; the others are kept.
    assert 4 <= len(rows_written) < 8
    assert after.content.decode().count("<tr>") == 8 + 1
    assert ">75<" in after.content.decode() and ">61<" not in after.content.decode()
    player = Player.objects.filter(memberships__team__sides__game=tables[1]).first()
    update_player(player=player, by=official, name="Renamed Rosa")
    rows_written.clear()
    renamed = page(client, "standings", event)
    assert len(rows_written) == 1
    assert "Renamed Rosa" in renamed.content.decode()


@pytest.fixture
def teams_read(monkeypatch) -> list:
    """The events whose teams a visitor's page read (`selectors.event_teams`)."""
    from tournaments import selectors

    read, build = [], selectors.event_teams
    monkeypatch.setattr(
        selectors, "event_teams", lambda event: [read.append(event), build(event)][1]
    )
    return read


def test_a_result_reads_no_team_again_and_draws_its_own_table(
    client, playing, official, teams_read
):
    """A result changes no name (`mark_changed(names=False)`): the standings and the round
    keep their teams, and the round draws the decided table's card alone."""
    event, tables = playing
    page(client, "standings", event)
    page(client, "round_results", event, 1)
    assert len(teams_read) == 1
    settle(tables[0], official, (61, 10, 5, 0))
    standings = page(client, "standings", event).content.decode()
    results = page(client, "round_results", event, 1)
    assert len(teams_read) == 1
    assert ">61<" in standings
    assert drawn(results, CARD) == 1
    card = results.content.decode().split(f'id="table-{tables[0].pk}"')[1].split("</article>")[0]
    assert ">61<" in card and "won-mark" in card


def test_a_withdrawal_after_a_result_shows_at_once(client, playing, official, teams_read):
    """A player withdrawn moves the names' version: the teams are read again and every
    table's card drawn again, so the mark shows on the very next request."""
    from tournaments.services import withdraw_player

    event, tables = playing
    settle(tables[0], official, (61, 10, 5, 0))
    page(client, "round_results", event, 1)
    player = Player.objects.filter(memberships__team__sides__game=tables[1]).first()
    withdraw_player(player=player, by=official)
    results = page(client, "round_results", event, 1)
    assert len(teams_read) == 2
    assert drawn(results, CARD) == len(tables)
    card = results.content.decode().split(f'id="table-{tables[1].pk}"')[1].split("</article>")[0]
    assert "withdr" in card
