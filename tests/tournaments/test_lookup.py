"""The player's "where do I play?": `tournaments.selectors.find_players` and its page."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from tests.factories import EntryFactory, EventFactory, PlayerFactory, drawn_doubles, game_at
from tests.tournaments.rounds_setup import rounds_event, seat_and_start, settle, tables_of
from tournaments import naming, services
from tournaments.models import Event, Game, Player, SitOut, Team
from tournaments.selectors import lookup

pytestmark = pytest.mark.django_db


def home(tournament):
    return reverse("public:tournament", args=[tournament.slug])


def label(team) -> str:
    return " & ".join(m.player.name for m in team.memberships.select_related("player"))


def team_at(game, seat) -> Team:
    return game.sides.get(seat=seat).team


def one_player(team) -> Player:
    return team.memberships.select_related("player").first().player


def the_event(found, name):
    """The event `name` of the player found (the one named exactly as typed, when several)."""
    (player,) = [p for p in found.players if p.name == found.query] or found.players
    return next(ev for ev in player.events if ev.name == name)


# Bracket events -----------------------------------------------------------------------


@pytest.fixture
def doubles(tournament, official):
    return drawn_doubles(tournament, official, 4)


def test_a_player_sees_partner_next_game_opponents_and_status(tournament, doubles):
    game = game_at(doubles, 1, 1)
    ours, theirs = team_at(game, 0), team_at(game, 1)
    me, partner = [m.player for m in ours.memberships.order_by("position")]
    seen = the_event(lookup.find_players(tournament, me.name), "Doubles")
    assert seen.partner == partner.name
    assert seen.team_number == ours.number
    assert seen.next_game.name == "Game 2 (Semi-final)"
    assert seen.next_game.table is None
    assert [o.label for o in seen.next_game.opponents] == [label(theirs)]
    assert seen.next_game.words == "Ready to play"
    assert seen.last_game is None and seen.note == ""


def test_after_a_win_the_last_game_has_its_score_and_the_next_its_likely_opponents(
    tournament, official, doubles
):
    semi = game_at(doubles, 1, 0)
    services.set_game_progress(game=semi, totals=(250, 180), hand_count=9)
    services.record_result(game=semi, winner_seat=0, by=official)
    other = game_at(doubles, 1, 1)
    me = one_player(team_at(semi, 0))
    seen = the_event(lookup.find_players(tournament, me.name), "Doubles")
    last = seen.last_game
    assert (last.name, last.result, last.our_total) == ("Game 1 (Semi-final)", "won", 250)
    assert [(o.label, o.total) for o in last.opponents] == [(label(team_at(semi, 1)), 180)]
    final = seen.next_game
    assert final.name == "Game 3 (Final)"
    assert final.words == "Waiting for the other game to finish"
    assert final.opponents == []
    assert final.waiting_for == (
        f"the winner of Game 2 (Semi-final) ({label(team_at(other, 0))} or "
        f"{label(team_at(other, 1))})"
    )


def test_a_final_waits_for_a_game_whose_players_are_not_known_yet(tournament, official):
    event = drawn_doubles(tournament, official, 8, name="Eight")
    for position in (0, 1):
        services.record_result(game=game_at(event, 1, position), winner_seat=0, by=official)
    semi = game_at(event, 2, 0)
    services.record_result(game=semi, winner_seat=0, by=official)
    me = one_player(team_at(semi, 0))
    seen = the_event(lookup.find_players(tournament, me.name), "Eight")
    assert seen.next_game.waiting_for == "the winner of Game 6 (Semi-final)"


def test_a_waiting_game_without_a_known_feeder_says_so(tournament, official, doubles):
    semi = game_at(doubles, 1, 0)
    services.record_result(game=semi, winner_seat=0, by=official)
    Game.objects.filter(pk=game_at(doubles, 1, 1).pk).update(next_game=None)
    seen = the_event(lookup.find_players(tournament, one_player(team_at(semi, 0)).name), "Doubles")
    assert seen.next_game.waiting_for == "opponents not known yet"


def test_the_page_shows_the_last_game_with_its_score(client, tournament, official, doubles):
    semi = game_at(doubles, 1, 0)
    services.set_game_progress(game=semi, totals=(250, 180), hand_count=9)
    services.record_result(game=semi, winner_seat=0, by=official)
    html = client.get(home(tournament), {"q": one_player(team_at(semi, 1)).name}).text
    assert "Last game:</span> Game 1 (Semi-final):" in html
    assert "Lost</strong>, you 180; against" in html and "(250)" in html
    assert "Out of this event: lost in Semi-final." in html


def test_a_loser_is_told_they_are_out_and_the_winner_that_they_won(tournament, official):
    event = drawn_doubles(tournament, official, 2, name="Pairs")
    final = game_at(event, 1, 0)
    services.record_result(game=final, winner_seat=1, by=official, walkover=True)
    loser = the_event(lookup.find_players(tournament, one_player(team_at(final, 0)).name), "Pairs")
    assert loser.next_game is None
    assert loser.note == "Out of this event: lost in Final."
    assert (loser.last_game.result, loser.last_game.walkover) == ("lost", True)
    winner = the_event(lookup.find_players(tournament, one_player(team_at(final, 1)).name), "Pairs")
    assert winner.note == "Winner of this event!"


def test_a_bye_is_no_last_game_and_the_next_game_waits_for_its_opponents(tournament, official):
    event = drawn_doubles(tournament, official, 3, name="Three")
    bye = Game.objects.get(event=event, status=Game.Status.BYE)
    team = team_at(bye, bye.winner_seat)
    seen = the_event(lookup.find_players(tournament, one_player(team).name), "Three")
    assert seen.last_game is None
    assert seen.next_game.name == "Game 3 (Final)"
    assert seen.next_game.waiting_for.startswith("the winner of Game ")


def test_before_any_draw_the_player_is_told_so(tournament):
    entry = EntryFactory(event=EventFactory(tournament=tournament, name="Later"))
    seen = the_event(lookup.find_players(tournament, entry.player.name), "Later")
    assert seen.note == "Partners are not drawn yet."
    assert seen.next_game is None and seen.team_number is None


def test_a_player_left_out_of_a_drawn_event_is_sent_to_the_desk(tournament, doubles):
    late = PlayerFactory(tournament=tournament, name="Late Comer")
    EntryFactory(event=doubles, player=late)
    assert the_event(lookup.find_players(tournament, "late comer"), "Doubles").note == (
        "Not in the draw: ask at the desk."
    )


def test_partners_drawn_but_no_bracket_yet(tournament, official):
    event = drawn_doubles(tournament, official, 4, name="Drawn")
    Game.objects.filter(event=event).delete()
    seen = the_event(lookup.find_players(tournament, "Drawn player 0"), "Drawn")
    assert seen.partner and seen.note == "The bracket is not drawn yet."


def test_the_page_links_to_the_bracket_at_the_players_game(client, tournament, doubles):
    game = game_at(doubles, 1, 0)
    team = team_at(game, 0)
    html = client.get(home(tournament), {"q": one_player(team).name}).text
    url = reverse("public:bracket", args=[tournament.slug, doubles.pk])
    assert f"{url}?team={team.number}&amp;round=1#game-{game.pk}" in html
    assert "Next game:" in html and "Game 1 (Semi-final)" in html
    assert escape(label(team_at(game, 1))) in html


def test_several_players_matching_are_each_listed(client, tournament, doubles):
    html = client.get(home(tournament), {"q": "Doubles player"}).text
    assert html.count('class="card player-card"') == 8
    assert html.count("Next game:") == 8


def test_a_long_list_says_to_type_more(tournament):
    PlayerFactory.create_batch(lookup.LIMIT + 1, tournament=tournament, name="Sam Same")
    found = lookup.find_players(tournament, "sam")
    assert len(found.players) == lookup.LIMIT and found.more


def test_an_empty_lookup_reads_nothing(tournament, django_assert_num_queries):
    with django_assert_num_queries(0):
        assert lookup.find_players(tournament, "   ").players == []


def test_nobody_matching_costs_one_query(tournament, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert lookup.find_players(tournament, "nobody").players == []


LOOKUP_QUERIES = 3  # players; entries with team, partner and round figures; sides


@pytest.mark.parametrize("teams", [4, 64])
def test_the_lookup_reads_a_fixed_number_of_queries(
    tournament, official, teams, django_assert_num_queries
):
    event = drawn_doubles(tournament, official, teams, name="Big")
    for position in range(teams // 4):
        services.record_result(game=game_at(event, 1, position), winner_seat=0, by=official)
    rounds = rounds_event(tournament, players=teams, name="Tables")
    seat_and_start(rounds, official)
    with django_assert_num_queries(LOOKUP_QUERIES):
        found = lookup.find_players(tournament, "player")
    assert len(found.players) == min(lookup.LIMIT, 3 * teams)
    assert all(ev.next_game or ev.note for p in found.players for ev in p.events)


# Rounds events ------------------------------------------------------------------------


def test_a_round_seated_but_not_started_is_not_shown_as_on_every_public_page(
    client, tournament, official
):
    event = rounds_event(tournament, players=8, name="Draw")
    seated = services.seat_round(event=event, by=official, seed=1)
    table = Game.objects.filter(event=event).order_by("position").first()
    me = one_player(team_at(table, 0))
    seen = the_event(lookup.find_players(tournament, me.name), "Draw")
    assert seen.next_game is None
    assert seen.note == "Round 1 is being seated: your table shows here once it starts."
    html = client.get(home(tournament), {"q": me.name}).text
    assert "Next game" not in html and "table 1" not in html.lower()
    # The round's own public page agrees: not there yet.
    page = reverse("public:round_results", args=[tournament.slug, event.pk, 1])
    assert client.get(page).status_code == 404
    services.start_round(round=seated.round, by=official)
    seen = the_event(lookup.find_players(tournament, me.name), "Draw")
    assert seen.next_game.name == f"Round 1, table {table.position + 1}"
    assert len(seen.next_game.opponents) == table.sides.count() - 1
    assert client.get(page).status_code == 200


def test_a_next_round_seated_keeps_the_last_table_and_says_it_is_being_seated(tournament, official):
    event = rounds_event(tournament, players=8, name="Draw")
    round_ = seat_and_start(event, official)
    for table in tables_of(round_):
        settle(table, official, [61] + [10] * (table.sides.count() - 1))
    services.seat_round(event=event, by=official, seed=2)
    me = one_player(team_at(tables_of(round_)[0], 0))
    seen = the_event(lookup.find_players(tournament, me.name), "Draw")
    assert seen.last_game.name == "Round 1, table 1"
    assert seen.next_game is None
    assert seen.note == "Round 2 is being seated: your table shows here once it starts."


def test_a_started_round_links_to_the_players_table(client, tournament, official):
    event = rounds_event(tournament, players=8, name="Draw")
    round_ = seat_and_start(event, official)
    table = tables_of(round_)[1]
    me = one_player(team_at(table, 0))
    html = client.get(home(tournament), {"q": me.name}).text
    url = reverse("public:round_results", args=[tournament.slug, event.pk, 1])
    assert f"{url}#table-{table.pk}" in html
    assert "Table 2" in html and "Ready to play" in html


def test_a_table_result_is_the_last_game_and_then_the_next_round_is_awaited(tournament, official):
    event = rounds_event(tournament, players=8, name="Draw")
    round_ = seat_and_start(event, official)
    for table in tables_of(round_):
        settle(table, official, [61] + [10] * (table.sides.count() - 1))
    table = tables_of(round_)[0]
    winner, loser = one_player(team_at(table, 0)), one_player(team_at(table, 1))
    seen = the_event(lookup.find_players(tournament, winner.name), "Draw")
    assert (seen.last_game.result, seen.last_game.our_total) == ("won", 61)
    assert seen.next_game is None and seen.note == "Waiting for round 2 to be seated."
    lost = the_event(lookup.find_players(tournament, loser.name), "Draw").last_game
    assert (lost.result, lost.our_total) == ("lost", 10)


def test_a_tie_at_a_table_is_shown_as_tied_and_the_others_lost(tournament, official):
    event = rounds_event(tournament, players=4, name="Level")
    (table,) = tables_of(seat_and_start(event, official))
    assert table.sides.count() >= 3
    settle(table, official, [30, 30] + [10] * (table.sides.count() - 2))
    seen = the_event(lookup.find_players(tournament, one_player(team_at(table, 0)).name), "Level")
    assert seen.last_game.result == "tied"
    seen = the_event(lookup.find_players(tournament, one_player(team_at(table, 2)).name), "Level")
    assert seen.last_game.result == "lost"


def test_a_partnership_rounds_event_before_its_first_round(tournament, official):
    event = rounds_event(tournament, players=8, team_size=2, name="Pairs at tables")
    services.draw_partners_for_event(event=event, by=official, seed=1)
    seen = the_event(
        lookup.find_players(tournament, "Pairs at tables player 000"), "Pairs at tables"
    )
    assert seen.partner and seen.note == "No round is seated yet."


def test_a_player_sitting_out_is_told_so(tournament, official):
    event = rounds_event(tournament, players=4, game_key="domino_pinochle", name="Nine")
    round_ = seat_and_start(event, official)
    me = one_player(SitOut.objects.get(round=round_).team)
    seen = the_event(lookup.find_players(tournament, me.name), "Nine")
    assert seen.next_game is None and seen.note == "Sitting out round 1."


def test_a_rounds_event_before_its_first_round(tournament, official):
    rounds_event(tournament, players=4, name="Soon")
    seen = the_event(lookup.find_players(tournament, "Soon player 000"), "Soon")
    assert seen.note == "Not seated yet: players join when the next round is seated."


def test_a_singles_bracket_before_its_draw(tournament):
    event = EventFactory(tournament=tournament, name="Solo", team_size=1)
    entry = EntryFactory(event=event)
    assert the_event(lookup.find_players(tournament, entry.player.name), "Solo").note == (
        "The bracket is not drawn yet."
    )
    event.status = Event.Status.PLAYING
    event.save()
    assert the_event(lookup.find_players(tournament, entry.player.name), "Solo").note == (
        "Not in the draw: ask at the desk."
    )


def test_a_finished_rounds_event_points_to_the_standings(tournament, official):
    event = rounds_event(tournament, players=4, name="Done")
    (table,) = tables_of(seat_and_start(event, official))
    settle(table, official, [61] + [10] * (table.sides.count() - 1))
    services.finish_event(event=event, by=official)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    seen = the_event(lookup.find_players(tournament, one_player(team_at(table, 0)).name), "Done")
    assert seen.note == "This event is finished: see the standings."


def test_game_names():
    # The lookup names its games with the one `naming.game_name` (issue 23).
    assert naming.game_name(stage=0, round_number=1, position=2, rounds_total=3) == (
        "Partners' game 3"
    )
    assert lookup.stage_name(stage=0, round_number=1, rounds=3, table=False) == "Partners' games"
    assert naming.game_name(stage=1, round_number=1, position=0, rounds_total=5) == (
        "Game 1 (Round 1)"
    )


def test_a_partners_game_winner_waits_for_the_singles_draw(tournament, official, doubles):
    first = game_at(doubles, 1, 0)
    services.record_result(game=first, winner_seat=0, by=official)
    singles = EventFactory(tournament=tournament, name="Singles", team_size=1, fed_by=doubles)
    (partners_game,) = services.open_singles(event=singles, by=official)
    services.record_result(game=partners_game, winner_seat=1, by=official)
    winner = one_player(team_at(partners_game, 1))
    seen = the_event(lookup.find_players(tournament, winner.name), "Singles")
    assert seen.last_game.name == "Partners' game 1" and seen.last_game.result == "won"
    assert seen.note == "Through to the next round: waiting for the draw."
