"""Tests for the rounds reads: standings, a round's tables, the overview, one side's games."""

import random
import uuid
from decimal import Decimal

import pytest

from games.engine import close_at_time
from games.standings import GameResult, rank
from scoring import services as scoring
from scoring.models import Hand
from tournaments import selectors, services
from tournaments.models import Game, Round, Side, SitOut, Team

from .rounds_setup import add_player, finish_round, rounds_event, seat_and_start, settle, tables_of

pytestmark = pytest.mark.django_db


def rows_of(event):
    return selectors.standings(event).rows


def by_label(rows):
    return {row.team.label: row for row in rows}


# Standings ----------------------------------------------------------------------------------


def test_a_win_earns_2_a_tie_1_and_points_against_are_the_opponents_mean(tournament, official):
    event = rounds_event(tournament, players=4, options={"table_size": 2})
    round_ = seat_and_start(event, official)
    first, second = tables_of(round_)
    settle(first, official, (100, 40))
    settle(second, official, (55, 55), finished=False)
    services.close_at_time(game=second, by=official)
    rows = rows_of(event)
    assert [row.place_label for row in rows] == ["1", "=2", "=2", "4"]
    assert [row.match_points for row in rows] == [2, 1, 1, 0]
    top = rows[0]
    assert (top.played, top.won, top.tied, top.lost, top.sat_out) == (1, 1, 0, 0, 0)
    assert top.points_for == 100
    assert top.points_against == Decimal("40.0")
    assert rows[-1].points_against == Decimal("100.0")
    assert {row.tied for row in rows[1:3]} == {1}


def test_a_four_player_table_counts_the_mean_of_three_opponents(tournament, official):
    event = rounds_event(tournament, players=4)
    round_ = seat_and_start(event, official)
    settle(tables_of(round_)[0], official, (61, 10, 15, 20))
    rows = rows_of(event)
    winner = rows[0]
    assert winner.points_against == Decimal("15.0")
    last = rows[-1]
    assert last.points_for == 10
    assert last.points_against == Decimal("32.0")  # (61 + 15 + 20) / 3


def test_a_game_being_played_counts_only_when_it_ends(tournament, official):
    event = rounds_event(tournament, players=8)
    round_ = seat_and_start(event, official)
    first, second = tables_of(round_)
    settle(first, official, (61, 10, 15, 20))
    settle(second, official, (50, 40, 30, 20), finished=False)
    rows = rows_of(event)
    assert len(rows) == 4
    assert selectors.standings(event).games_counted == 1


def test_sit_outs_count_from_started_rounds_with_the_events_points(tournament, official):
    event = rounds_event(
        tournament,
        players=4,
        game_key="domino_pinochle",
        name="Pinochle",
        options={"sit_out_points": 1},
    )
    seated = services.seat_round(event=event, by=official, seed=1).round
    assert rows_of(event) == []  # a round shown but not started counts nothing
    services.start_round(round=seated, by=official)
    rows = rows_of(event)
    assert len(rows) == 1
    assert (rows[0].sat_out, rows[0].played, rows[0].match_points) == (1, 0, 1)
    assert rows[0].points_against == Decimal("0.0")
    assert selectors.sit_out_points(event) == 1


def test_sit_out_points_default_to_2(tournament, official):
    event = rounds_event(tournament, players=4, game_key="domino_pinochle", name="Pinochle")
    assert selectors.sit_out_points(event) == 2
    assert "A round sat out earns 2 match points" in selectors.standings(event).tiebreaks[1]


def test_rows_give_each_player_and_their_chapter_and_share_places_by_name(tournament, official):
    event = rounds_event(tournament, players=4, options={"table_size": 2})
    round_ = seat_and_start(event, official)
    for game in tables_of(round_):
        settle(game, official, (100, 40))
    rows = rows_of(event)
    assert [row.place_label for row in rows] == ["=1", "=1", "=3", "=3"]
    assert rows[0].team.label < rows[1].team.label
    assert rows[0].team.chapters.startswith("Double Draw club")


def test_partnerships_show_both_players(tournament, official):
    event = rounds_event(tournament, players=4, team_size=2, name="Pairs")
    services.draw_partners_for_event(event=event, by=official, seed=1)
    round_ = seat_and_start(event, official)
    settle(tables_of(round_)[0], official, (100, 20))
    rows = rows_of(event)
    assert len(rows) == 2
    assert all(len(row.team.players) == 2 and " & " in row.team.label for row in rows)


@pytest.mark.parametrize("players", [8, 40])
def test_the_standings_take_three_queries_whatever_the_size(
    tournament, official, players, django_assert_num_queries
):
    event = rounds_event(tournament, players=players, game_key="domino_pinochle", name="P")
    for seed in (1, 2):
        finish_round(seat_and_start(event, official, seed=seed), official)
    with django_assert_num_queries(3):
        found = selectors.standings(event)
    assert len(found.rows) == players
    with django_assert_num_queries(4):
        selectors.standings(event, with_rounds=True)


# Recomputing from scratch ---------------------------------------------------------------------


def play(game, official, rng, *, hands=None):
    """Enter example hands through scoring until the game ends (or `hands` of them).

    With `hands`, only hands that leave the game unfinished are entered.
    """
    spec, options = game.event.game, game.event.options
    table = scoring.table_of(game)
    totals = (0,) * table.sides
    entries = []
    number = 0
    while hands is None or number < hands:
        number += 1
        while True:
            data = spec.example_hand(table, rng, number, totals)
            entry = spec.entry_from_data(data, table, options)
            if hands is None or not spec.fold([*entries, entry], table, options).finished:
                break
        entries.append(entry)
        game.refresh_from_db()
        result = scoring.add_hand(
            game=game, by=official, version=game.version, key=uuid.uuid4(), data=data
        )
        totals = result.fold.totals
        if result.fold.finished:
            return


def from_scratch(event):
    """Rank the event again from its stored hands alone, folded through the registry."""
    spec = event.game
    results = []
    games = Game.objects.filter(event=event, round__isnull=False).exclude(
        round__status=Round.Status.SEATING
    )
    for game in games.prefetch_related("sides"):
        sides = game.sides_by_seat
        table = spec.table(event.options, sides=len(sides), team_size=event.team_size)
        hands = Hand.objects.filter(game=game).order_by("number")
        entries = [spec.entry_from_data(hand.detail, table, event.options) for hand in hands]
        fold = spec.fold(entries, table, event.options)
        if not fold.finished:
            if game.status != Game.Status.CLOSED:
                continue  # still being played: it does not count yet
            fold = close_at_time(fold.totals)
        teams = [side.team_id for side in sides]
        results.append(
            GameResult(
                scores=dict(zip(teams, fold.totals, strict=True)),
                winners={teams[seat] for seat in fold.winners},
            )
        )
    sit_outs = SitOut.objects.filter(round__event=event).exclude(round__status=Round.Status.SEATING)
    return rank(
        results,
        sit_outs=[s.team_id for s in sit_outs],
        sit_out_points=spec.sit_out_points(event.options),
    )


@pytest.mark.parametrize(
    ("game_key", "players"),
    [("double_draw", 11), ("double_takes", 9), ("domino_pinochle", 10), ("thats_it", 9)],
)
def test_standings_equal_a_recount_from_the_stored_hands(tournament, official, game_key, players):
    event = rounds_event(tournament, players=players, game_key=game_key, name=game_key)
    rng = random.Random(players)
    for number in (1, 2, 3):
        round_ = seat_and_start(event, official, seed=number)
        games = tables_of(round_)
        for index, game in enumerate(games):
            if number == 3 and index == 0:
                play(game, official, rng, hands=1)  # still being played
            elif number == 2 and index == 0:
                play(game, official, rng, hands=1)
                services.close_at_time(game=game, by=official)
            else:
                play(game, official, rng)
    statuses = set(Game.objects.filter(event=event).values_list("status", flat=True))
    assert {Game.Status.CLOSED, Game.Status.PLAYING, Game.Status.FINISHED} <= statuses
    shown = rows_of(event)
    recount = from_scratch(event)
    assert len(shown) == len(recount)
    ours = {row.team.pk: row for row in shown}
    for row in recount:
        mine = ours[row.side]
        assert (mine.place, mine.shared) == (row.place, row.shared)
        assert (mine.played, mine.won, mine.tied, mine.lost, mine.sat_out) == (
            row.played,
            row.won,
            row.tied,
            row.lost,
            row.sat_out,
        )
        assert (mine.match_points, mine.points_for, mine.points_against) == (
            row.match_points,
            row.points_for,
            row.points_against,
        )


# A round's tables ----------------------------------------------------------------------------


def test_a_round_view_gives_tables_results_and_sit_outs(tournament, official):
    event = rounds_event(tournament, players=7, game_key="domino_pinochle", name="Pinochle")
    round_ = seat_and_start(event, official)
    first, second = tables_of(round_)
    settle(first, official, (250, 120, 90))
    settle(second, official, (100, 100, 30), finished=False)
    services.close_at_time(game=second, by=official)
    shown = selectors.started_round(event, 1)
    one, two = shown.tables
    assert one.result.endswith(" won")
    assert [side.result_word for side in one.sides] == ["won", "lost", "lost"]
    assert two.result.startswith("Tie: ")
    assert two.result.endswith("(closed at time)")
    assert [side.result_word for side in two.sides] == ["tied", "tied", "lost"]
    assert len(shown.sit_outs) == 1
    assert shown.finished
    assert shown.results_in == 2


def test_a_round_not_started_is_not_shown_to_the_public(tournament, official):
    event = rounds_event(tournament, players=8)
    services.seat_round(event=event, by=official, seed=1)
    assert selectors.started_round(event, 1) is None
    assert selectors.started_round(event, 2) is None
    assert selectors.started_rounds(event) == []


def test_closing_now_names_who_would_win_or_tie(tournament, official):
    event = rounds_event(tournament, players=4)
    round_ = seat_and_start(event, official)
    game = tables_of(round_)[0]
    settle(game, official, (20, 45, 30, 10), finished=False)
    table = selectors.started_round(event, 1).tables[0]
    assert table.if_closed_now.endswith("would win with 45")
    assert table.is_open
    settle(game, official, (45, 45, 30, 10), finished=False)
    table = selectors.started_round(event, 1).tables[0]
    assert table.if_closed_now.endswith("would tie on 45")
    assert not table.movable


def test_the_overview_counts_repeats_late_arrivals_and_withdrawals(tournament, official):
    event = rounds_event(tournament, players=4, options={"table_size": 2})
    late = add_player(event, "Late Lou", checked_in=False)
    finish_round(seat_and_start(event, official, seed=1), official)
    services.set_checked_in(player=late, by=official, checked_in=True)
    overview = selectors.rounds_overview(event)
    assert [p.name for p in overview.waiting] == ["Late Lou"]
    assert overview.next_number == 2
    assert overview.can_seat
    assert not overview.reseating
    # Four players, three rounds at tables of two: the third round must repeat.
    services.seat_round(event=event, by=official, seed=2)
    overview = selectors.rounds_overview(event)
    assert overview.waiting == []
    assert overview.reseating
    assert overview.can_start
    gone = Side.objects.filter(game__round__number=2).first().team.members[0].player
    services.set_withdrawn(player=gone, by=official, withdrawn=True)
    overview = selectors.rounds_overview(event)
    assert [
        p.name for p in overview.shown.tables[0].withdrawn + overview.shown.tables[1].withdrawn
    ] == [gone.name]
    assert overview.plays_on_after_withdrawal is False
    assert selectors.rounds_overview(event, number=9) is None
    assert selectors.rounds_overview(event, number=1).shown.number == 1


def test_the_overview_counts_repeat_meetings_the_seating_could_not_avoid(tournament, official):
    event = rounds_event(tournament, players=3, game_key="domino_pinochle", name="Trio")
    finish_round(seat_and_start(event, official, seed=1), official)
    services.seat_round(event=event, by=official, seed=2)
    overview = selectors.rounds_overview(event)
    assert overview.shown.repeats == 3


def test_the_overview_takes_a_fixed_number_of_queries(
    tournament, official, django_assert_max_num_queries
):
    small = rounds_event(tournament, players=8, name="Small")
    big = rounds_event(tournament, players=60, name="Big")
    for event in (small, big):
        finish_round(seat_and_start(event, official, seed=1), official)
        services.seat_round(event=event, by=official, seed=2)
    for event in (small, big):
        with django_assert_max_num_queries(8):
            selectors.rounds_overview(event)


def test_a_partnership_event_lists_players_without_a_partner(tournament, official):
    event = rounds_event(tournament, players=5, team_size=2, name="Pairs")
    overview = selectors.rounds_overview(event)
    assert overview.shown is None
    assert overview.team_count == 0
    services.draw_partners_for_event(event=event, by=official, seed=1)
    overview = selectors.rounds_overview(event)
    assert len(overview.without_partner) == 1
    assert overview.team_count == 2


# One side's games ----------------------------------------------------------------------------


def test_a_sides_games_list_its_tables_and_rounds_sat_out(tournament, official):
    event = rounds_event(tournament, players=4, game_key="domino_pinochle", name="Pinochle")
    for seed in (1, 2, 3, 4):
        finish_round(seat_and_start(event, official, seed=seed), official)
    services.seat_round(event=event, by=official, seed=5)  # not started: not listed
    team = Team.objects.filter(event=event).first()
    games = selectors.side_games(event, team.pk)
    assert [line.number for line in games.rounds] == [1, 2, 3, 4]
    assert sum(1 for line in games.rounds if line.table is None) == 1
    played = [line for line in games.rounds if line.table is not None]
    assert all(line.seat.team.pk == team.pk for line in played)
    assert selectors.side_games(event, 0) is None
