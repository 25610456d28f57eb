"""Tests for the rounds services: seating, moving entrants, starting, closing and settling."""

import pytest
from django.db import transaction

from tournaments import services
from tournaments.errors import DeskError
from tournaments.models import Activity, Event, Game, Round, Side, SitOut, Team, TeamMember
from tournaments.services.seating import entries_without_side

from .rounds_setup import (
    add_player,
    finish_round,
    rounds_event,
    seat_and_start,
    settle,
    tables_of,
)

pytestmark = pytest.mark.django_db


def seating_of(round_) -> list[list[int]]:
    """Return each table's team ids in seat order, and the sit-outs last."""
    tables = [
        list(Side.objects.filter(game=game).order_by("seat").values_list("team_id", flat=True))
        for game in tables_of(round_)
    ]
    out = sorted(SitOut.objects.filter(round=round_).values_list("team_id", flat=True))
    return [*tables, out]


def everything(event):
    """Return what a refused action must leave as it was."""
    return (
        list(Round.objects.filter(event=event).values_list("number", "seed", "status")),
        list(
            Side.objects.filter(game__event=event)
            .order_by("game_id", "seat")
            .values_list("game_id", "seat", "team_id", "total")
        ),
        list(SitOut.objects.filter(round__event=event).values_list("round_id", "team_id")),
        list(Game.objects.filter(event=event).values_list("pk", "status", "version")),
    )


# Seating ------------------------------------------------------------------------------------


def test_seating_a_round_shows_it_first_with_its_seed(tournament, official):
    event = rounds_event(tournament, players=10)
    seated = services.seat_round(event=event, by=official, seed=42)
    round_ = seated.round
    assert round_.number == 1
    assert round_.seed == 42
    assert round_.status == Round.Status.SEATING
    games = tables_of(round_)
    assert sorted(g.sides.count() for g in games) == [3, 3, 4]
    assert {g.status for g in games} == {Game.Status.WAITING}
    assert Team.objects.filter(event=event).count() == 10
    event.refresh_from_db()
    assert event.status == Event.Status.PLAYING
    assert "seed 42" in Activity.objects.first().text


def test_seating_again_with_the_same_seed_gives_the_same_tables(tournament, official):
    event = rounds_event(tournament, players=13)
    first = services.seat_round(event=event, by=official, seed=7)
    before = seating_of(first.round)
    other = services.seat_round(event=event, by=official, seed=8)
    assert other.round.pk == first.round.pk
    assert seating_of(other.round) != before
    again = services.seat_round(event=event, by=official, seed=7)
    assert again.round.number == 1
    assert seating_of(again.round) == before
    assert Round.objects.filter(event=event).count() == 1


def test_seating_again_without_a_seed_draws_a_new_one(tournament, official):
    event = rounds_event(tournament, players=8)
    first = services.seat_round(event=event, by=official, seed=7)
    again = services.seat_round(event=event, by=official)
    assert again.round.seed != 7
    assert Activity.objects.first().text.startswith("Seated again")
    assert first.round.pk == again.round.pk


def test_entrants_sit_out_in_turn_where_tables_are_of_one_size(tournament, official):
    event = rounds_event(tournament, players=7, game_key="domino_pinochle", name="Pinochle")
    sat_out = []
    for number in range(1, 8):
        round_ = finish_round(seat_and_start(event, official, seed=number), official)
        assert round_.status == Round.Status.FINISHED
        sat_out += list(SitOut.objects.filter(round=round_).values_list("team_id", flat=True))
    assert len(sat_out) == 7
    assert len(set(sat_out)) == 7  # nobody twice before everybody once


def test_a_second_round_avoids_opponents_of_the_first(tournament, official):
    event = rounds_event(tournament, players=16)
    first = finish_round(seat_and_start(event, official, seed=3), official)
    seated = services.seat_round(event=event, by=official, seed=4)
    assert seated.round.number == 2
    assert seated.repeats == 0
    met = {frozenset(t) for t in seating_of(first)[:-1]}
    for table in seating_of(seated.round)[:-1]:
        for other in met:
            assert len(other & set(table)) <= 1


def test_a_seed_out_of_range_is_refused(tournament, official):
    event = rounds_event(tournament, players=8)
    with pytest.raises(DeskError, match="up to 18 digits"):
        services.seat_round(event=event, by=official, seed=-1)
    assert not Round.objects.filter(event=event).exists()


def test_a_bracket_event_is_not_seated_in_rounds(tournament, official):
    event = rounds_event(tournament, players=8, game_key="texas_good_sams", name="Sams")
    with pytest.raises(DeskError, match="played as a bracket"):
        services.seat_round(event=event, by=official)


def test_too_few_players_checked_in_seat_no_table_and_change_nothing(tournament, official):
    event = rounds_event(tournament, players=2, game_key="domino_pinochle", name="Pinochle")
    with pytest.raises(DeskError, match="Not enough players are checked in"):
        services.seat_round(event=event, by=official)
    assert not Round.objects.filter(event=event).exists()
    assert not Team.objects.filter(event=event).exists()


def test_the_next_round_is_refused_while_one_is_being_played(tournament, official):
    event = rounds_event(tournament, players=8)
    round_ = seat_and_start(event, official)
    settle(tables_of(round_)[0], official, (61, 0, 0, 0))
    before = everything(event)
    with pytest.raises(DeskError, match="Round 1 is still being played"):
        services.seat_round(event=event, by=official)
    assert everything(event) == before


def test_seating_refuses_a_page_that_is_out_of_date(tournament, official):
    event = rounds_event(tournament, players=8)
    finish_round(seat_and_start(event, official), official)
    with pytest.raises(DeskError, match="Round 2 is the round to seat now, not round 1"):
        services.seat_round(event=event, by=official, number=1)
    assert services.seat_round(event=event, by=official, number=2).round.number == 2


def test_late_arrivals_join_from_the_next_round(tournament, official):
    event = rounds_event(tournament, players=8)
    late = add_player(event, "Late Larry", checked_in=False)
    first = seat_and_start(event, official)
    services.set_checked_in(player=late, by=official, checked_in=True)
    assert not TeamMember.objects.filter(event=event, player=late).exists()
    finish_round(first, official)
    second = services.seat_round(event=event, by=official).round
    team = TeamMember.objects.get(event=event, player=late).team
    assert Side.objects.filter(game__round=second, team=team).exists() or (
        SitOut.objects.filter(round=second, team=team).exists()
    )
    assert not Side.objects.filter(game__round=first, team=team).exists()


def test_withdrawn_and_absent_players_are_not_seated(tournament, official):
    event = rounds_event(tournament, players=9)
    absent = add_player(event, "Absent Ann", checked_in=False)
    gone = event.entries.select_related("player").first().player
    services.seat_round(event=event, by=official, seed=1)
    services.set_withdrawn(player=gone, by=official, withdrawn=True)
    round_ = services.seat_round(event=event, by=official, seed=1).round
    seated = Side.objects.filter(game__round=round_).values_list("team__players", flat=True)
    assert absent.pk not in set(seated)
    assert gone.pk not in set(seated)
    assert len(seated) == 8


# Partnerships ---------------------------------------------------------------------------------


def test_a_partnership_event_draws_partners_before_seating(tournament, official):
    event = rounds_event(tournament, players=9, team_size=2, name="Draw pairs")
    with pytest.raises(DeskError, match="Draw the partners first"):
        services.seat_round(event=event, by=official)
    drawn = services.draw_partners_for_event(event=event, by=official, seed=5)
    assert len(drawn.pairs) == 4
    assert len(entries_without_side(event)) == 1
    round_ = services.seat_round(event=event, by=official, seed=5).round
    games = tables_of(round_)
    assert len(games) == 2
    assert all(game.sides.count() == 2 for game in games)


def test_partners_can_be_drawn_again_until_a_round_is_seated(tournament, official):
    event = rounds_event(tournament, players=8, team_size=2, name="Pairs")
    services.draw_partners_for_event(event=event, by=official, seed=5)
    services.draw_partners_for_event(event=event, by=official, seed=6)
    services.seat_round(event=event, by=official, seed=1)
    with pytest.raises(DeskError):
        services.draw_partners_for_event(event=event, by=official, seed=7)
    assert Team.objects.filter(event=event).count() == 4


# Moving entrants ------------------------------------------------------------------------------


@pytest.fixture
def seated(tournament, official):
    """Ten players of Double Draw seated at tables of 4, 3 and 3, not started."""
    event = rounds_event(tournament, players=10)
    return services.seat_round(event=event, by=official, seed=1).round


def table_teams(round_, number):
    game = Game.objects.get(round=round_, position=number - 1)
    return list(game.sides.order_by("seat").values_list("team_id", flat=True))


def test_two_entrants_swap_places(seated, official):
    a, b = table_teams(seated, 1)[0], table_teams(seated, 2)[0]
    services.move_entrant(round=seated, by=official, team=Team.objects.get(pk=a), to=f"team:{b}")
    assert table_teams(seated, 1)[0] == b
    assert table_teams(seated, 2)[0] == a


def test_an_entrant_moves_to_another_table_when_both_stay_legal(seated, official):
    mover = table_teams(seated, 1)[2]
    version = Game.objects.get(round=seated, position=1).version
    services.move_entrant(round=seated, by=official, team=Team.objects.get(pk=mover), to="table:2")
    assert len(table_teams(seated, 1)) == 3
    assert table_teams(seated, 2)[-1] == mover
    assert Game.objects.get(round=seated, position=1).version == version + 1
    assert list(
        Side.objects.filter(game__round=seated, game__position=0)
        .values_list("seat", flat=True)
        .order_by("seat")
    ) == [0, 1, 2]


def test_an_entrant_sits_out_and_comes_back(seated, official):
    mover = Team.objects.get(pk=table_teams(seated, 1)[0])
    services.move_entrant(round=seated, by=official, team=mover, to="out")
    assert SitOut.objects.filter(round=seated, team=mover).exists()
    with pytest.raises(DeskError, match="already sits this round out"):
        services.move_entrant(round=seated, by=official, team=mover, to="out")
    services.move_entrant(round=seated, by=official, team=mover, to="table:1")
    assert not SitOut.objects.filter(round=seated).exists()


def test_a_sitting_out_entrant_swaps_with_a_seated_one(tournament, official):
    event = rounds_event(tournament, players=4, game_key="domino_pinochle", name="Pinochle")
    round_ = services.seat_round(event=event, by=official, seed=1).round
    out = SitOut.objects.get(round=round_).team
    seated = table_teams(round_, 1)[1]
    services.move_entrant(round=round_, by=official, team=out, to=f"team:{seated}")
    assert table_teams(round_, 1)[1] == out.pk
    assert SitOut.objects.get(round=round_).team_id == seated


@pytest.mark.parametrize(
    ("to", "message"),
    [
        ("table:9", "Round 1 has no table 9"),
        ("table:x", "Choose the table to move to"),
        ("team:x", "Choose the entrant to swap with"),
        ("somewhere", "Choose where the entrant goes"),
        ("out:now", "Choose where the entrant goes"),
    ],
)
def test_refused_moves_say_why_and_change_nothing(seated, official, to, message):
    event = seated.event
    mover = Team.objects.get(pk=table_teams(seated, 2)[0])
    before = everything(event)
    with pytest.raises(DeskError, match=message):
        services.move_entrant(round=seated, by=official, team=mover, to=to)
    assert everything(event) == before


def test_a_table_cannot_grow_past_the_largest_size(seated, official):
    mover = Team.objects.get(pk=table_teams(seated, 2)[0])
    before = everything(seated.event)
    with pytest.raises(DeskError, match=r"Table 1 would seat 5; a table here seats 2, 3 or 4"):
        services.move_entrant(round=seated, by=official, team=mover, to="table:1")
    assert everything(seated.event) == before


def test_a_table_cannot_be_left_smaller_than_the_game_allows(tournament, official):
    event = rounds_event(tournament, players=6, game_key="domino_pinochle", name="Pinochle")
    round_ = services.seat_round(event=event, by=official, seed=1).round
    mover = Team.objects.get(pk=table_teams(round_, 1)[0])
    before = everything(event)
    with pytest.raises(DeskError, match="Table 1 would be left with 2; a table here seats 3"):
        services.move_entrant(round=round_, by=official, team=mover, to="out")
    with pytest.raises(DeskError, match="Table 1 would be left with 2"):
        services.move_entrant(round=round_, by=official, team=mover, to="table:2")
    assert everything(event) == before


def test_a_move_to_the_same_table_or_with_oneself_is_refused(seated, official):
    mover = Team.objects.get(pk=table_teams(seated, 1)[0])
    with pytest.raises(DeskError, match="already sits at table 1"):
        services.move_entrant(round=seated, by=official, team=mover, to="table:1")
    with pytest.raises(DeskError, match="Choose another entrant"):
        services.move_entrant(round=seated, by=official, team=mover, to=f"team:{mover.pk}")


def test_two_sitting_out_entrants_have_nothing_to_swap(tournament, official):
    event = rounds_event(tournament, players=5, game_key="domino_pinochle", name="Pinochle")
    round_ = services.seat_round(event=event, by=official, seed=1).round
    first, second = SitOut.objects.filter(round=round_)
    with pytest.raises(DeskError, match="Both entrants sit out"):
        services.move_entrant(
            round=round_, by=official, team=first.team, to=f"team:{second.team_id}"
        )


def test_an_entrant_of_another_round_or_event_is_refused(seated, official, tournament):
    stranger = rounds_event(tournament, players=4, name="Other")
    services.seat_round(event=stranger, by=official, seed=1)
    team = Team.objects.filter(event=stranger).first()
    with pytest.raises(DeskError, match="not in this round"):
        services.move_entrant(round=seated, by=official, team=team, to="out")


def test_nobody_moves_to_or_from_a_table_with_hands(seated, official):
    services.start_round(round=seated, by=official)
    game = Game.objects.get(round=seated, position=0)
    settle(game, official, (5, 0, 0, 0), finished=False, hands=1)
    mover = Team.objects.get(pk=table_teams(seated, 1)[0])
    other = Team.objects.get(pk=table_teams(seated, 2)[0])
    before = everything(seated.event)
    with pytest.raises(DeskError, match="Table 1 has hands entered"):
        services.move_entrant(round=seated, by=official, team=mover, to="table:2")
    with pytest.raises(DeskError, match="Table 1 has hands entered"):
        services.move_entrant(round=seated, by=official, team=other, to=f"team:{mover.pk}")
    with pytest.raises(DeskError, match="Table 1 has hands entered"):
        services.move_entrant(round=seated, by=official, team=other, to="table:1")
    assert everything(seated.event) == before
    # Tables without hands still can change in a round being played.
    services.move_entrant(
        round=seated, by=official, team=other, to=f"team:{table_teams(seated, 3)[0]}"
    )


def test_nobody_moves_in_a_finished_round(seated, official):
    services.start_round(round=seated, by=official)
    finish_round(seated, official)
    mover = Team.objects.get(pk=table_teams(seated, 1)[0])
    with pytest.raises(DeskError, match="Round 1 is finished"):
        services.move_entrant(round=seated, by=official, team=mover, to="out")


# Starting -------------------------------------------------------------------------------------


def test_starting_a_round_opens_its_tables(seated, official):
    services.start_round(round=seated, by=official)
    seated.refresh_from_db()
    assert seated.status == Round.Status.PLAYING
    assert {g.status for g in tables_of(seated)} == {Game.Status.READY}
    with pytest.raises(DeskError, match="already started"):
        services.start_round(round=seated, by=official)


def test_a_round_cannot_start_while_an_earlier_one_is_playing_again(tournament, official):
    event = rounds_event(tournament, players=8)
    first = finish_round(seat_and_start(event, official), official)
    second = services.seat_round(event=event, by=official).round
    game = tables_of(first)[0]
    settle(game, official, (40, 10, 10, 10), finished=False)  # a correction reopens it
    first.refresh_from_db()
    assert first.status == Round.Status.PLAYING
    with pytest.raises(DeskError, match="Round 1 is still being played"):
        services.start_round(round=second, by=official)
    second.refresh_from_db()
    assert second.status == Round.Status.SEATING


# Results at tables ----------------------------------------------------------------------------


def test_a_round_finishes_when_every_table_has_a_result(seated, official):
    services.start_round(round=seated, by=official)
    games = tables_of(seated)
    for game in games[:-1]:
        settle(game, official, [61] + [0] * (game.sides.count() - 1))
        seated.refresh_from_db()
        assert seated.status == Round.Status.PLAYING
    services.close_at_time(game=games[-1], by=official)
    seated.refresh_from_db()
    assert seated.status == Round.Status.FINISHED


def test_closing_at_time_gives_the_highest_total_the_win(seated, official):
    services.start_round(round=seated, by=official)
    game = tables_of(seated)[0]
    settle(game, official, (20, 45, 30, 10), finished=False)
    closed = services.close_at_time(game=game, by=official)
    assert closed.status == Game.Status.CLOSED
    assert closed.winner_seat == 1
    assert "closed at time" in Activity.objects.first().text


def test_closing_at_time_level_on_the_best_total_is_a_tie(seated, official):
    services.start_round(round=seated, by=official)
    game = tables_of(seated)[0]
    settle(game, official, (45, 45, 30, 10), finished=False)
    closed = services.close_at_time(game=game, by=official)
    assert closed.status == Game.Status.CLOSED
    assert closed.winner_seat is None


def test_closing_is_refused_before_the_start_after_a_result_and_when_stale(seated, official):
    game = tables_of(seated)[0]
    with pytest.raises(DeskError, match="Round 1 has not started"):
        services.close_at_time(game=game, by=official)
    services.start_round(round=seated, by=official)
    game.refresh_from_db()
    with pytest.raises(DeskError, match="changed while you were looking"):
        services.close_at_time(game=game, by=official, version=game.version + 1)
    settle(game, official, (61, 0, 0, 0))
    with pytest.raises(DeskError, match="Table 1 is finished already"):
        services.close_at_time(game=game, by=official)


def test_only_a_table_of_a_round_is_closed_at_time(tournament, official):
    from tests.factories import drawn_doubles, game_at

    bracket = drawn_doubles(tournament, official, 4)
    with pytest.raises(DeskError, match="Only a game at a table"):
        services.close_at_time(game=game_at(bracket, 1, 0), by=official)


def test_a_correction_reopens_a_finished_table_and_its_round(seated, official):
    services.start_round(round=seated, by=official)
    finish_round(seated, official)
    assert seated.status == Round.Status.FINISHED
    game = tables_of(seated)[0]
    with transaction.atomic():
        from games.engine import Fold

        settled = services.settle_game(
            game=Game.objects.get(pk=game.pk),
            fold=Fold((50, 10, 15, 20)),
            hand_count=2,
            by=official,
        )
    assert settled.reopened
    assert not settled.won
    assert settled.game.status == Game.Status.PLAYING
    assert settled.game.winner_seat is None
    seated.refresh_from_db()
    assert seated.status == Round.Status.PLAYING
    # ...and a hand that finishes it again finishes the round again.
    settle(game, official, (10, 70, 15, 20), winners=(1,))
    seated.refresh_from_db()
    assert seated.status == Round.Status.FINISHED
    assert Game.objects.get(pk=game.pk).winner_seat == 1


def test_a_table_closed_at_time_stays_closed_after_a_correction(seated, official):
    services.start_round(round=seated, by=official)
    game = tables_of(seated)[0]
    settle(game, official, (20, 45, 30, 10), finished=False)
    services.close_at_time(game=game, by=official)
    # A corrected hand changes the totals: still closed, the new best total wins.
    again = settle(game, official, (50, 45, 30, 10), finished=False)
    assert again.status == Game.Status.CLOSED
    assert again.winner_seat == 0
    # Hands that reach the game's end by themselves finish it.
    done = settle(game, official, (70, 45, 30, 10))
    assert done.status == Game.Status.FINISHED


def test_a_finished_game_tied_by_its_rules_has_no_winner_seat(seated, official):
    services.start_round(round=seated, by=official)
    game = tables_of(seated)[0]
    done = settle(game, official, (40, 40, 10, 10))
    assert done.status == Game.Status.FINISHED
    assert done.winner_seat is None
    assert [s.total for s in done.sides_by_seat] == [40, 40, 10, 10]


# Finishing a rounds event


def test_an_event_finishes_only_when_no_round_is_open_and_can_be_reopened(tournament, official):
    event = rounds_event(tournament, players=8)
    with pytest.raises(DeskError, match="has not played a round yet"):
        services.finish_event(event=event, by=official)
    round_ = seat_and_start(event, official)
    with pytest.raises(DeskError, match=r"^Round 1 is still being played"):
        services.finish_event(event=event, by=official)
    finish_round(round_, official)
    services.finish_event(event=event, by=official)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    with pytest.raises(DeskError, match="is finished: reopen it to seat another round"):
        services.seat_round(event=event, by=official)
    with pytest.raises(DeskError, match="already finished"):
        services.finish_event(event=event, by=official)
    services.reopen_event(event=event, by=official)
    event.refresh_from_db()
    assert event.status == Event.Status.PLAYING
    services.seat_round(event=event, by=official)
    with pytest.raises(DeskError, match=r"^Round 2 is seated but not started"):
        services.finish_event(event=event, by=official)
    assert Round.objects.filter(event=event).count() == 2
