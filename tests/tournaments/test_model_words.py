"""Each record names itself in words (the site admin's lists), and a chapter's name is checked."""

import pytest
from django.core.exceptions import ValidationError

from tests.factories import ChapterFactory, EntryFactory, EventFactory, PlayerFactory
from tests.scoring.builders import make_ready_game, make_rounds_game
from tournaments.models import Activity, Chapter, Game, RosterUpload, Round, SitOut

pytestmark = pytest.mark.django_db


def test_a_tournament_an_entry_and_an_activity_read_as_words(tournament, official):
    event = EventFactory(tournament=tournament, name="Doubles")
    player = PlayerFactory(tournament=tournament, name="Ann Lee")
    entry = EntryFactory(event=event, player=player)
    assert str(tournament) == tournament.name
    assert str(entry) == f"Ann Lee in {event}"
    activity = Activity.objects.create(tournament=tournament, user=official, text="Drew partners")
    assert str(activity) == "Drew partners"


def test_a_team_its_members_a_side_and_a_game_read_as_words(tournament):
    game = make_ready_game(tournament)
    side = game.sides.get(seat=1)
    member = side.team.memberships.first()
    assert str(side.team) == side.team.label
    assert str(member) == str(member.player)
    assert str(side) == f"{game}, seat 2"


def test_a_round_and_a_sit_out_read_as_words(tournament):
    game = make_rounds_game(tournament)
    round_ = game.round
    team = game.sides.first().team
    sit_out = SitOut.objects.create(round=round_, team=team)
    assert str(round_) == f"{game.event}: Round 1"
    assert str(sit_out) == f"{team} sits out {round_}"


def test_a_roster_upload_names_its_file_and_where_it_stands(tournament):
    upload = RosterUpload.objects.create(tournament=tournament, filename="club.csv")
    assert str(upload) == f"club.csv ({upload.get_status_display()})"
    assert not upload.can_import  # not checked yet


def test_a_game_has_a_result_once_finished_or_closed_at_time(tournament):
    game = make_ready_game(tournament)
    assert not game.has_result
    game.status = Game.Status.FINISHED
    assert game.has_result
    game.status = Game.Status.CLOSED
    assert game.has_result
    assert Round.Status.PLAYING in Round.Status.values


def test_a_chapter_without_a_name_is_refused(tournament):
    chapter = Chapter(tournament=tournament, name="   ")
    with pytest.raises(ValidationError) as refused:
        chapter.clean()
    assert refused.value.message_dict == {"name": ["Type the chapter's name."]}


def test_a_second_chapter_of_the_same_name_is_refused_whatever_its_case(tournament):
    ChapterFactory(tournament=tournament, name="Lone Star")
    chapter = Chapter(tournament=tournament, name="lone  star")
    with pytest.raises(ValidationError) as refused:
        chapter.clean()
    assert refused.value.message_dict == {
        "name": ["This tournament already has a chapter of that name."]
    }
    assert Chapter.objects.filter(tournament=tournament).count() == 1


def test_a_new_chapter_name_passes_tidied(tournament):
    ChapterFactory(tournament=tournament, name="Lone Star")
    chapter = Chapter(tournament=tournament, name="  Gulf   Coast ")
    chapter.clean()
    assert chapter.name == "Gulf Coast"


def test_an_anonymous_visitor_is_no_official(tournament):
    from django.contrib.auth.models import AnonymousUser

    assert not tournament.is_official(AnonymousUser())
