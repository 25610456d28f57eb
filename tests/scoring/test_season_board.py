"""A season's leaderboard, chapter points, proposals and ratings, read from tournaments."""

import datetime
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.seasons.board import season_board
from scoring.seasons.ratings import season_ratings
from tests.seasons_world import PEOPLE, finished_tournament
from tournaments import services
from tournaments.models import Side

pytestmark = pytest.mark.django_db

MOVED = [("Ann Lee", "Bexar"), *PEOPLE[1:]]  # Ann Lee has changed chapter


@pytest.fixture
def season(official):
    return services.create_season(by=official, name="State flag", year=2026)


def add(season, official, *tournaments):
    for tournament in tournaments:
        services.add_season_tournament(season=season, by=official, tournament=tournament)
    season.refresh_from_db()  # as a page reads it


def test_points_follow_the_placings_and_the_rule(season, official):
    add(season, official, finished_tournament("spring", official=official))
    board = season_board(season)
    points = {p.name: p.points for p in board.people}
    # Ann: doubles winner 10 + 1, table first 10 + 1; Bo: doubles winner 11, table =2 8;
    # Cy: semi-final loser 6, table =2 8; Ed, Flo: second 8; Di, Gus, Hal: semi-final 6.
    assert points == {
        "Ann Lee": 22,
        "Bo Fox": 19,
        "Cy Day": 14,
        "Ed Poe": 8,
        "Flo Kay": 8,
        "Di Roe": 6,
        "Gus Orr": 6,
        "Hal Ames": 6,
    }
    assert [p.place_label for p in board.people] == ["1", "2", "3", "=4", "=4", "=6", "=6", "=6"]
    chapters = {c.name: c.points for c in board.chapters}
    assert chapters == {"Alamo": 41, "Bexar": 20, "Comal": 16, "Dallas": 6}  # Gus: none
    ann = board.people[0]
    assert {(e.event_name, e.place_label, e.points) for e in ann.events} == {
        ("Doubles", "1", 11),
        ("Double draw", "1", 11),
    }


def test_the_same_name_and_chapter_is_one_player_and_another_chapter_is_proposed(season, official):
    add(
        season,
        official,
        finished_tournament("spring", official=official),
        finished_tournament(
            "fall", official=official, people=MOVED, starts_on=datetime.date(2026, 9, 5)
        ),
    )
    board = season_board(season)
    names = [p.name for p in board.people]
    assert names.count("Bo Fox") == 1 and names.count("Ann Lee") == 2
    assert [(line.name, line.chapters, line.decision) for line in board.proposals] == [
        ("Ann Lee", ("Alamo", "Bexar"), None)
    ]
    assert board.open_proposals == 1
    services.decide_season_match(
        season=season, by=official, name="Ann Lee", chapters=("alamo", "bexar"), decision="same"
    )
    season.refresh_from_db()
    board = season_board(season)
    ann = [p for p in board.people if p.name == "Ann Lee"]
    assert len(ann) == 1 and ann[0].points == 44 and ann[0].chapter == "Bexar"
    assert board.proposals[0].decision == "same" and board.open_proposals == 0


def test_best_n_counts_each_tournaments_best_members(season, official):
    add(season, official, finished_tournament("spring", official=official))
    services.set_season_points(
        season=season,
        by=official,
        bracket="10, 7, 5, 3",
        rounds="10, 7, 5, 3",
        playing="1",
        chapters="best",
        best="1",
    )
    season.refresh_from_db()
    chapters = {c.name: c.points for c in season_board(season).chapters}
    assert chapters == {"Alamo": 22, "Bexar": 14, "Comal": 8, "Dallas": 6}


def test_a_correction_in_a_tournament_is_seen_at_once(season, official):
    rally = finished_tournament("spring", official=official)
    add(season, official, rally)
    assert season_board(season).people[0].name == "Ann Lee"
    final = rally.events.get(name="Doubles").games.get(round_number=2)
    final.winner_seat = 1
    final.save()
    services.mark_changed(tournament=rally)
    board = season_board(season)
    assert {p.name: p.points for p in board.people}["Ed Poe"] == 11  # now the winner


def test_ratings_do_not_depend_on_the_order_tournaments_were_added(official):
    spring = finished_tournament("spring", official=official)
    fall = finished_tournament(
        "fall", official=official, people=MOVED, starts_on=datetime.date(2026, 9, 5)
    )
    # a later upset in the fall: the third pair beats the first in the final
    final = fall.events.get(name="Doubles").games.get(round_number=2)
    final.winner_seat = 1
    final.save()
    one = services.create_season(by=official, name="One", year=2026)
    two = services.create_season(by=official, name="Two", year=2026)
    add(one, official, spring, fall)
    add(two, official, fall, spring)

    def words(season):
        return [
            (
                family.game_key,
                [(line.name, line.chapter, line.rating.words) for line in family.lines],
            )
            for family in season_ratings(season_board(season)).families
        ]

    assert words(one) == words(two)
    families = dict(words(one))
    assert set(families) == {"double_draw", "texas_good_sams"}
    assert families["double_draw"][0][0] == "Ann Lee"
    assert families["texas_good_sams"][0][2].endswith("after 4 games")


def test_ratings_are_recomputed_after_a_correction(season, official):
    rally = finished_tournament("spring", official=official)
    add(season, official, rally)
    before = season_ratings(season_board(season)).families[0].lines[0].name
    Side.objects.filter(game__event__name="Double draw", seat=2).update(total=99)
    services.mark_changed(tournament=rally)
    after = season_ratings(season_board(season)).families[0].lines[0].name
    assert (before, after) == ("Ann Lee", "Cy Day")


def test_the_board_reads_a_fixed_number_of_queries_whatever_the_size(season, official):
    add(season, official, finished_tournament("t1", official=official))
    season_board(season)  # the tournaments' placings are read once and kept
    with CaptureQueriesContext(connection) as small:
        season_board(season)
    for n in range(2, 6):
        add(season, official, finished_tournament(f"t{n}", official=official))
    season.refresh_from_db()
    season_board(season)
    with CaptureQueriesContext(connection) as large:
        season_board(season)
    assert len(small) == len(large) == 3  # the markers, the placings rows, the answers


def test_rounds_placings_ranked_together_equal_each_events_own_standings(official):
    from scoring.seasons.placings import read_placings
    from tournaments.models import Event
    from tournaments.selectors import ranked_events

    rallies = [finished_tournament(slug, official=official) for slug in ("one", "two")]
    rounds = Event.objects.filter(tournament__in=rallies, format=Event.Format.ROUNDS)
    ranked = ranked_events(rounds)
    assert len(ranked) == 2
    for rally in rallies:
        assert read_placings(rally, ranked) == read_placings(rally)


def _standing(board):
    return (
        [(p.name, p.chapter, p.points, p.place_label) for p in board.people],
        [(c.name, c.points, c.place_label) for c in board.chapters],
        {p.slug: [(e.event_name, e.place_label, e.points) for e in p.events] for p in board.people},
    )


def test_a_result_corrected_through_the_desk_equals_the_season_read_from_scratch(season, official):
    from scoring.models import KeptPlacings, TournamentPlacing

    rally = finished_tournament("spring", official=official)
    add(season, official, rally, finished_tournament("fall", official=official, people=MOVED))
    before = _standing(season_board(season))  # every tournament's placings rows stored
    final = rally.events.get(name="Doubles").games.get(round_number=2)
    services.record_result(game=final, winner_seat=1, by=official, confirm=True)
    corrected = _standing(season_board(season))
    assert corrected != before
    assert {p.name: p.points for p in season_board(season).people}["Ed Poe"] == 11 + 8
    TournamentPlacing.objects.all().delete()
    KeptPlacings.objects.all().delete()
    assert _standing(season_board(season)) == corrected  # read again from scratch


def test_stored_placings_are_what_the_tournament_reads_now(season, official):
    from scoring.seasons.placings import read_placings, season_entries
    from scoring.seasons.stored import placings_for

    rallies = [finished_tournament(slug, official=official) for slug in ("one", "two")]
    add(season, official, *rallies)
    season_board(season)
    entries = season_entries(season)
    assert not any(entry.stale for entry in entries)
    stored = placings_for(entries)
    assert all(stored[rally.pk] == read_placings(rally) for rally in rallies)


def test_ratings_after_a_correction_are_worked_out_in_the_background(season, official, monkeypatch):
    from scoring.seasons import ratings
    from tournaments import background

    rally = finished_tournament("spring", official=official)
    add(season, official, rally)
    assert not season_ratings(season_board(season)).updating  # eager: worked out at once
    sent = []
    monkeypatch.setattr(background, "enqueue", lambda task, *args: sent.append(args) or True)
    Side.objects.filter(game__event__name="Double draw", seat=2).update(total=99)
    services.mark_changed(tournament=rally)
    shown = season_ratings(season_board(season))
    assert shown.updating and shown.families[0].lines[0].name == "Ann Lee"  # the last ones
    assert season_ratings(season_board(season)).updating
    assert sent == [(season.pk,)]  # sent once for this version of the season
    ratings.rate_season(season_id=season.pk)  # what the worker does
    shown = season_ratings(season_board(season))
    assert not shown.updating and shown.families[0].lines[0].name == "Cy Day"
    assert sent == [(season.pk,)]


def test_ratings_wait_for_a_worker_that_could_not_be_reached(season, official, monkeypatch):
    from tournaments import background

    add(season, official, finished_tournament("spring", official=official))
    monkeypatch.setattr(background, "enqueue", lambda task, *args: False)
    shown = season_ratings(season_board(season))
    assert shown.updating and shown.families == []
    monkeypatch.undo()
    assert not season_ratings(season_board(season)).updating  # sent again on the next read


def test_the_command_stores_the_placings_of_every_tournament_in_a_season(season, official):
    from django.core.management import call_command

    from scoring.models import KeptPlacings, TournamentPlacing

    add(season, official, finished_tournament("spring", official=official))
    finished_tournament("alone", official=official)  # in no season: not read
    season_board(season)
    TournamentPlacing.objects.all().delete()
    KeptPlacings.objects.all().delete()
    said = io.StringIO()
    call_command("keep_season_placings", stdout=said)
    assert "for 1 tournament" in said.getvalue()
    assert KeptPlacings.objects.count() == 1 and TournamentPlacing.objects.exists()
    with CaptureQueriesContext(connection) as counted:
        season_board(season)
    assert len(counted) == 3  # nothing left to read from the tournament
