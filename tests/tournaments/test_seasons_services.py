"""Season services: make a season, add finished tournaments, house rules, proposals."""

import pytest

from tests.seasons_world import finished_tournament
from tournaments import services
from tournaments.errors import DeskError, RulesError
from tournaments.models import Event, Season, SeasonMatch, SeasonTournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(official):
    return services.create_season(by=official, name="State flag", year=2026, organiser="TX")


def test_an_official_makes_a_season_with_the_rally_defaults(season, official):
    assert season.owner == official
    assert season.points["bracket"] == [10, 7, 5, 3]
    assert season.points["playing"] == 1


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"name": " ", "year": 2026}, "Type the season's name"),
        ({"name": "A", "year": "next"}, "year"),
        ({"name": "A", "year": 1066}, "year"),
        ({"name": "x" * 200, "year": 2026}, "too long"),
    ],
)
def test_a_bad_season_is_refused_and_nothing_is_made(official, fields, said):
    with pytest.raises(DeskError, match=said):
        services.create_season(by=official, **fields)
    assert not Season.objects.exists()


def test_a_finished_tournament_is_added_once_and_can_be_in_two_seasons(season, official):
    rally = finished_tournament("spring", official=official)
    services.add_season_tournament(season=season, by=official, tournament=rally)
    other = services.create_season(by=official, name="Club", year=2026)
    services.add_season_tournament(season=other, by=official, tournament=rally)
    with pytest.raises(DeskError, match="already in this season"):
        services.add_season_tournament(season=season, by=official, tournament=rally)
    assert SeasonTournament.objects.filter(tournament=rally).count() == 2


def test_only_a_tournament_the_official_runs_and_with_a_finished_event_is_added(
    season, official, other_official
):
    theirs = finished_tournament("theirs", official=other_official)
    with pytest.raises(DeskError, match="not an official of"):
        services.add_season_tournament(season=season, by=official, tournament=theirs)
    ours = finished_tournament("ours", official=official)
    Event.objects.filter(tournament=ours).update(status=Event.Status.PLAYING)
    with pytest.raises(DeskError, match="no finished event"):
        services.add_season_tournament(season=season, by=official, tournament=ours)
    assert not SeasonTournament.objects.exists()


def test_a_tournament_is_taken_out_and_the_season_marked_changed(season, official):
    rally = finished_tournament("spring", official=official)
    services.add_season_tournament(season=season, by=official, tournament=rally)
    before = Season.objects.get(pk=season.pk).changed_at
    services.remove_season_tournament(season=season, by=official, tournament=rally)
    assert Season.objects.get(pk=season.pk).changed_at > before
    with pytest.raises(DeskError, match="not in this season"):
        services.remove_season_tournament(season=season, by=official, tournament=rally)


def test_points_are_set_from_what_was_typed_or_refused_whole(season, official):
    services.set_season_points(
        season=season,
        by=official,
        bracket="12, 8, 4",
        rounds="5,3",
        playing="0",
        chapters="best",
        best="2",
    )
    season.refresh_from_db()
    assert season.points == {
        "bracket": [12, 8, 4],
        "rounds": [5, 3],
        "playing": 0,
        "chapters": "best",
        "best": 2,
    }
    for bad in [
        {"bracket": "8, 12"},
        {"rounds": "many"},
        {"playing": "lots"},
        {"chapters": "some"},
        {"best": "0"},
    ]:
        fields = {
            "bracket": "10",
            "rounds": "10",
            "playing": "1",
            "chapters": "every",
            "best": "3",
            **bad,
        }
        with pytest.raises(RulesError):
            services.set_season_points(season=season, by=official, **fields)
    season.refresh_from_db()
    assert season.points["bracket"] == [12, 8, 4]


def test_a_proposal_is_answered_changed_and_forgotten(season, official):
    answer = {"season": season, "by": official, "name": "Ann Lee"}
    services.decide_season_match(**answer, chapters=("Bexar", "alamo"), decision="same")
    match = SeasonMatch.objects.get()
    assert (match.name_key, match.chapter_key, match.other_chapter_key) == (
        "ann lee",
        "alamo",
        "bexar",
    )
    services.decide_season_match(**answer, chapters=("alamo", "bexar"), decision="apart")
    assert SeasonMatch.objects.get().decision == "apart"
    services.decide_season_match(**answer, chapters=("alamo", "bexar"), decision=None)
    assert not SeasonMatch.objects.exists()
    with pytest.raises(DeskError, match="reload"):
        services.decide_season_match(**answer, chapters=("alamo", "ALAMO"), decision="same")
    with pytest.raises(DeskError, match="Choose"):
        services.decide_season_match(**answer, chapters=("alamo", "bexar"), decision="maybe")


def test_the_season_is_edited_and_deleted(season, official):
    services.update_season(season=season, by=official, name="Flag", year="2027", organiser="")
    season.refresh_from_db()
    assert (season.name, season.year, season.organiser) == ("Flag", 2027, "")
    services.delete_season(season=season, by=official)
    assert not Season.objects.exists()


def test_ratings_are_sent_once_per_version_and_a_late_older_result_does_not_win(season):
    from datetime import timedelta

    from tournaments.models import SeasonRatings

    wait = timedelta(minutes=5)
    assert services.queue_season_ratings(season=season, marker="v1", retry_after=wait)
    assert not services.queue_season_ratings(season=season, marker="v1", retry_after=wait)
    assert services.queue_season_ratings(season=season, marker="v2", retry_after=wait)
    assert services.keep_season_ratings(season_id=season.pk, marker="v2", families=[{"n": 2}])
    # the worker sent for v1 finishes last: the newer ratings stay
    assert not services.keep_season_ratings(season_id=season.pk, marker="v1", families=[])
    kept = SeasonRatings.objects.get(season=season)
    assert (kept.marker, kept.families) == ("v2", [{"n": 2}])
    services.unqueue_season_ratings(season=season, marker="v2")
    assert services.queue_season_ratings(season=season, marker="v2", retry_after=wait)
    assert not services.keep_season_ratings(season_id=-1, marker="v2", families=[])
