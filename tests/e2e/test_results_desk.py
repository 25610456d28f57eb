"""The official's desk in a real browser: results asked once and undone, corrections that
leave nothing behind in singles, and a withdrawal in a drawn bracket."""

import re

import pytest
from playwright.sync_api import expect

from tests.factories import ChapterFactory, EntryFactory, EventFactory, PlayerFactory
from tournaments import services
from tournaments.models import Entry, Game, Team

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def doubles(tournament, official):
    """Eight players, four doubles teams drawn into a bracket, and a singles event fed by it."""
    event = EventFactory(tournament=tournament, name="Doubles")
    chapters = [ChapterFactory(tournament=tournament, name=f"Chapter {c}") for c in "ABCD"]
    for n in range(8):
        player = PlayerFactory(
            tournament=tournament,
            name=f"Player {n + 1:02d}",
            chapter=chapters[n % 4],
            checked_in=True,
        )
        EntryFactory(event=event, player=player)
    EventFactory(tournament=tournament, name="Singles", team_size=1, fed_by=event)
    services.draw_partners_for_event(event=event, by=official, seed=4)
    services.draw_bracket(event=event, by=official, seed=4)
    return event


def game_at(event, round_number, position, stage=1):
    return Game.objects.get(event=event, stage=stage, round_number=round_number, position=position)


def label(game, seat):
    return game.sides.get(seat=seat).team.label


def card(page, game):
    return page.locator(f"#game-{game.pk}")


def test_a_one_click_result_is_confirmed_then_undone(
    live_server, page, log_in, official, tournament, doubles
):
    first = game_at(doubles, 1, 0)
    winner, loser = label(first, 0), label(first, 1)
    log_in(page, official)
    bracket_url = f"{live_server.url}/desk/{tournament.slug}/events/{doubles.pk}/bracket/"
    page.goto(bracket_url)

    # The button asks first, in plain words; "No" changes nothing.
    card(page, first).get_by_role("button", name=f"{winner} won").click()
    expect(page.get_by_role("heading", name="Record this result?")).to_be_visible()
    said = f"Record that {winner} beat {loser} in Game 1 (Semi-final)."
    expect(page.get_by_text(said)).to_be_visible()
    partners = loser.replace(" & ", " and ")
    expect(page.get_by_text(f"{partners} will play each other in Singles")).to_be_visible()
    page.get_by_role("link", name="No, go back").click()
    assert game_at(doubles, 1, 0).status == Game.Status.READY

    card(page, first).get_by_role("button", name=f"{winner} won").click()
    page.get_by_role("button", name="Yes, record it").click()
    page.wait_for_url(re.compile(r"/bracket/#game-"))
    expect(card(page, first)).to_contain_text("Finished")
    assert Game.objects.filter(event__name="Singles", stage=0).count() == 1

    # Undo, right there: the game, the next game and singles are as they were.
    card(page, first).get_by_role("button", name="Undo").click()
    expect(page.get_by_text("Undone: the game is back as it was.")).to_be_visible()
    expect(card(page, first)).to_contain_text("Ready")
    first.refresh_from_db()
    assert (first.status, first.winner_seat) == (Game.Status.READY, None)
    assert game_at(doubles, 2, 0).sides.get(seat=0).team is None
    assert not Entry.objects.filter(event__name="Singles").exists()
    assert not Game.objects.filter(event__name="Singles", position__lt=1000).exists()
    expect(card(page, first).get_by_role("button", name="Undo")).to_have_count(0)


def test_a_correction_voids_a_played_partners_game_and_leaves_no_phantom_entrants(
    live_server, page, log_in, official, tournament, doubles
):
    first = game_at(doubles, 1, 0)
    services.record_result(game=first, winner_seat=0, by=official)  # the wrong winner
    services.record_result(game=game_at(doubles, 1, 1), winner_seat=0, by=official)
    wrong_partners = Game.objects.get(event__name="Singles", stage=0, fed_from=first)
    services.record_result(game=wrong_partners, winner_seat=1, by=official)
    right_losers = {m.player.name for m in first.sides.get(seat=0).team.memberships.all()}
    other_losers = {
        m.player.name for m in game_at(doubles, 1, 1).sides.get(seat=1).team.memberships.all()
    }
    right_winner = label(first, 1)

    log_in(page, official)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/events/{doubles.pk}/bracket/")
    card(page, first).get_by_text("Correct this result").click()
    card(page, first).get_by_role("button", name=f"{right_winner} won instead…").click()
    expect(page.get_by_role("heading", name="Record this result?")).to_be_visible()
    expect(page.get_by_text("This replaces")).to_be_visible()
    expect(page.get_by_text("Partners' game 1: 0 hands entered, result given")).to_be_visible()
    page.get_by_role("button", name="Yes, void them").click()
    page.wait_for_url(re.compile(r"/bracket/#game-"))

    singles = doubles.feeds.get()
    page.goto(f"{live_server.url}/desk/{tournament.slug}/events/{singles.pk}/draw/")
    rows = page.locator("table.list tbody tr")
    expect(rows).to_have_count(2)
    entered = set(Entry.objects.filter(event=singles).values_list("player__name", flat=True))
    assert entered == right_losers | other_losers
    assert Team.objects.filter(event=singles).count() == 4
    numbers = sorted(Team.objects.filter(event=singles).values_list("number", flat=True))
    assert numbers == [1, 2, 3, 4]
    for name in right_losers:
        expect(rows.first).to_contain_text(name)


def test_withdrawing_a_player_in_a_drawn_bracket_gives_their_games_by_walkover(
    live_server, page, log_in, official, tournament, doubles
):
    first = game_at(doubles, 1, 0)
    leaving = first.sides.get(seat=1).team.memberships.get(position=0).player
    partner = first.sides.get(seat=1).team.memberships.get(position=1).player
    winners = label(first, 0)
    log_in(page, official)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/players/?q={leaving.name}")
    # One confirmation, the server's page: the button opens no browser dialog (issue 12).
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.get_by_role("button", name="Withdraw").click()

    page.wait_for_url(re.compile(r"/withdraw/$"))
    assert dialogs == []
    expect(page.get_by_role("heading", name=f"Withdraw {leaving.name}?")).to_be_visible()
    expect(page.get_by_text(f"{winners} win by walkover (W/O)")).to_be_visible()
    expect(page.get_by_text(f"{partner.name} win by walkover (W/O)")).to_be_visible()
    assert game_at(doubles, 1, 0).status == Game.Status.READY  # nothing yet
    page.get_by_role("button", name=f"Yes, withdraw {leaving.name}").click()
    page.wait_for_url(re.compile(r"/players/$"))
    expect(page.get_by_text(f"{leaving.name} is withdrawn.")).to_be_visible()

    first.refresh_from_db()
    assert (first.status, first.winner_seat) == (Game.Status.WALKOVER, 0)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/events/{doubles.pk}/bracket/")
    expect(card(page, first)).to_contain_text(f"Reason: {leaving.name} withdrew")
    partners = Game.objects.get(event__name="Singles", stage=0)
    assert partners.status == Game.Status.WALKOVER
    assert partner.name in partners.sides.get(seat=partners.winner_seat).team.label


def test_a_player_with_no_games_is_withdrawn_in_one_click_and_reinstated_in_place(
    live_server, page, log_in, official, tournament
):
    resting = PlayerFactory(tournament=tournament, name="Ada Resting", checked_in=True)
    log_in(page, official)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/players/?q=Resting")
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.get_by_role("button", name="Withdraw Ada Resting").click()

    row = page.locator(f"#player-{resting.pk}")
    expect(row.get_by_text("withdrawn", exact=True)).to_be_visible()
    assert dialogs == []
    assert page.url.endswith("/players/?q=Resting")
    row.get_by_role("button", name="Reinstate Ada Resting").click()
    expect(row.get_by_role("button", name="Withdraw Ada Resting")).to_be_visible()
    resting.refresh_from_db()
    assert not resting.withdrawn
