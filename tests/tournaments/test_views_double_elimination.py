"""Double elimination on the pages: the event form, the draw page, the official and the
public bracket (Winners, Losers, Finals), the placings, and a result given at the desk."""

import random

import pytest
from django.urls import reverse
from django.utils.html import escape

from tests.tournaments.double_setup import DoubleDesk
from tests.tournaments.test_double_elimination_services import play_on
from tournaments.models import Event, Game

pytestmark = pytest.mark.django_db


def test_a_bracket_game_offers_double_elimination_with_the_reset_on(official_client, tournament):
    html = official_client.post(
        reverse("desk:event_create", args=[tournament.slug]),
        {"game_key": "texas_good_sams"},
        headers={"HX-Request": "true", "HX-Trigger-Name": "game_key"},
    ).text
    assert 'value="single_elimination" selected' in html
    assert 'value="double_elimination"' in html
    assert "Grand final reset" in html


def test_an_event_is_created_in_double_elimination_without_the_reset(official_client, tournament):
    response = official_client.post(
        reverse("desk:event_create", args=[tournament.slug]),
        {
            "name": "Double singles",
            "game_key": "texas_good_sams",
            "team_size": "1",
            "format": "double_elimination",
            "opt_blocked_scoring": "total",
        },
    )
    assert response.status_code == 302, response.text
    event = Event.objects.get(name="Double singles")
    assert event.format == Event.Format.DOUBLE_ELIMINATION
    assert event.format_options == {"reset": False}  # the box was left unticked


def test_a_rounds_game_cannot_be_played_in_double_elimination(official, tournament):
    from tournaments import services
    from tournaments.errors import DeskError

    with pytest.raises(DeskError, match="played as rounds"):
        services.create_event(
            tournament=tournament,
            by=official,
            name="Pinochle",
            game_key="domino_pinochle",
            format="double_elimination",
        )
    assert not Event.objects.filter(name="Pinochle").exists()


def test_a_double_elimination_doubles_event_cannot_feed_singles(official, tournament):
    from tests.factories import EventFactory
    from tournaments import services
    from tournaments.errors import DeskError

    doubles = EventFactory(tournament=tournament, format=Event.Format.DOUBLE_ELIMINATION)
    with pytest.raises(DeskError, match="Only a single elimination doubles event"):
        services.create_event(
            tournament=tournament,
            by=official,
            name="Singles",
            game_key="texas_good_sams",
            format="single_elimination",
            fed_by=doubles,
        )


def test_the_official_bracket_shows_every_part_and_records_a_result(
    official_client, tournament, official
):
    desk = DoubleDesk(tournament, official, 12)
    url = reverse("desk:bracket", args=[tournament.slug, desk.event.pk])
    html = official_client.get(url).text
    for words in ("Winners&#x27; bracket", "Losers&#x27; bracket", "Finals", "Grand final"):
        assert words in html
    assert "Losers&#x27; round 4" in html and "Winners&#x27; final" in html
    first = next(g for g in desk.structure.games if not g.bye)
    game = desk.game(first.index)
    response = official_client.post(
        reverse("desk:game_result", args=[tournament.slug, game.pk]),
        {"winner_seat": "0", "version": game.version, "confirm": "on", "sure": "on"},
    )
    assert response.status_code in (200, 302)
    if response.status_code == 200 and "Record this result?" in response.text:
        response = official_client.post(
            reverse("desk:game_result", args=[tournament.slug, game.pk]),
            {"winner_seat": "0", "version": game.version, "sure": "on"},
        )
    desk.assert_as_replayed()
    assert desk.results() == {first.index: 0}
    loser_game = desk.game(first.loser_to[0])
    assert loser_game.sides.filter(team__isnull=False).exists()


def test_the_draw_page_says_the_format_and_warns_of_a_second_bye(
    official_client, tournament, official
):
    # 5 teams in 8 slots: 3 byes, more than a quarter: a second bye may come.
    desk = DoubleDesk(tournament, official, 5)
    html = official_client.get(
        reverse("desk:event_draw", args=[tournament.slug, desk.event.pk])
    ).text
    assert "Double elimination." in html
    assert "the grand final is played again" in html
    for line in desk.structure.warnings:
        assert escape(line) in html


def test_the_placings_are_first_second_third_then_shared(client, tournament, official):
    desk = DoubleDesk(tournament, official, 8)
    play_on(desk, random.Random(2))
    html = client.get(reverse("public:bracket", args=[tournament.slug, desk.event.pk])).text
    outcome = desk.replayed()
    assert "Final placings" in html
    for words in ("1st", "2nd", "3rd", "4th", "=5th", "=7th"):
        assert f'<span class="place">{words}</span>' in html
    champion = desk.event.teams.get(number=outcome.champion)
    assert escape(champion.label) in html
    assert len(outcome.placings) == 8


def test_the_public_bracket_shows_the_part_of_a_players_next_game(client, tournament, official):
    desk = DoubleDesk(tournament, official, 8)
    structure = desk.structure
    first = structure.games[0]
    desk.win(first.index, 0)  # slot 1's team drops to the losers' bracket
    loser = desk.sides()[first.index][1]
    url = reverse("public:bracket", args=[tournament.slug, desk.event.pk])
    html = client.get(url, {"team": loser}).text
    assert 'data-part="losers" aria-current="true"' in html
    assert 'class="bracket-part shown" id="part-losers"' in html
    # Asked for a part, the page shows it.
    html = client.get(url, {"team": loser, "part": "finals"}).text
    assert 'class="bracket-part shown" id="part-finals"' in html
    # A part nobody has heard of is ignored.
    assert client.get(url, {"part": "<x>"}).status_code == 200


def test_a_not_needed_reset_is_not_shown(client, tournament, official):
    desk = DoubleDesk(tournament, official, 2)
    desk.win(0, 0)  # the winners' final: the other team drops to the grand final
    final = next(g.index for g in desk.structure.games if g.stage == "finals")
    desk.win(final, 0)
    assert desk.game(final + 1).status == Game.Status.VOID
    html = client.get(reverse("public:bracket", args=[tournament.slug, desk.event.pk])).text
    assert "Grand final reset" not in html
    assert "Final placings" in html


def test_the_lookup_says_where_a_team_goes_if_it_loses(tournament, official):
    from tournaments.selectors import lookup

    desk = DoubleDesk(tournament, official, 8)
    first = desk.structure.games[0]
    number = desk.sides()[first.index][0]
    player = desk.event.teams.get(number=number).players.get()
    (seen,) = lookup.find_players(tournament, player.name).players[0].events
    target = desk.game(first.loser_to[0])
    assert seen.next_game.if_lost == target.name  # "Game 5 (Losers' round 1)"
    assert "Losers' round 1" in target.name
    desk.win(first.index, 1)  # they lose: to the losers' bracket, waiting there
    (seen,) = lookup.find_players(tournament, player.name).players[0].events
    assert seen.next_game.name == target.name
    assert seen.next_game.waiting_for.startswith("the loser of Game 2 (Winners' round 1)")


def test_the_printed_bracket_has_a_page_per_bracket(official_client, tournament, official):
    desk = DoubleDesk(tournament, official, 6)
    html = official_client.get(
        reverse("desk:bracket_print", args=[tournament.slug, desk.event.pk])
    ).text
    for part in ("Winners&#x27; bracket", "Losers&#x27; bracket", "Finals"):
        assert f"· {part}" in html


def test_a_timed_double_elimination_has_a_clock_for_each_brackets_rounds(
    official_client, tournament, official
):
    from tests.tournaments.test_clocks import set_minutes
    from tournaments.models import BracketClock

    desk = DoubleDesk(tournament, official, 8)
    event = set_minutes(desk.event, minutes_per_game=20)
    bracket_url = reverse("desk:bracket", args=[tournament.slug, event.pk])
    clock_url = reverse("desk:bracket_clock", args=[tournament.slug, event.pk])
    text = official_client.get(bracket_url).text
    assert escape("Start the clock for Winners' round 1") in text
    assert 'id="clock-2-1"' in text and 'id="clock-3-1"' not in text

    text = official_client.post(
        clock_url, {"stage": 2, "round": 1, "action": "start"}, follow=True
    ).text
    assert (
        escape("Restart the clock for Winners' round 1") in text
        and escape("Winners' round 1 clock") in text
    )
    assert list(BracketClock.objects.values_list("stage", "round_number")) == [(2, 1)]

    play_on(desk, random.Random(3), until=lambda d: d.game(d.playable()[0]).stage == 3)
    text = official_client.get(bracket_url).text
    assert escape("Start the clock for Losers' round 1") in text
    official_client.post(clock_url, {"stage": 3, "round": 1, "action": "start"})
    assert BracketClock.objects.filter(stage=3, round_number=1).exists()

    monitor = official_client.get(
        reverse("scoring:bracket_monitor", args=[tournament.slug, event.pk, 3, 1])
    )
    assert monitor.context["clock"].label == "Losers' round 1"
    public = official_client.get(reverse("public:bracket", args=[tournament.slug, event.pk])).text
    assert escape("Losers' round 1 clock") in public
