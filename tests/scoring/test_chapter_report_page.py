"""The page a chapter's link opens is written for people; the CSV is for spreadsheets."""

import re

import pytest
from django.urls import reverse

from scoring.models import ChapterLink
from tests.factories import ChapterFactory, PlayerFactory
from tests.scoring.builders import enter, make_bracket, played
from tournaments import services
from tournaments.models import TeamMember

pytestmark = pytest.mark.django_db


def chapter_page(client, official_client, tournament, chapter):
    official_client.post(reverse("scoring:chapter_link_create", args=[tournament.slug, chapter.pk]))
    link = ChapterLink.objects.get(chapter=chapter)
    return client.get(reverse("scoring_public:chapter_report", args=[tournament.slug, link.token]))


def test_the_chapter_page_says_each_members_events_in_plain_words(
    client, official_client, official, tournament
):
    _event, games = make_bracket(tournament)
    enter(games[(1, 0)], official, played(250, 5))
    winner = games[(1, 0)].sides.get(seat=0).team
    member = TeamMember.objects.filter(team=winner).select_related("player").first().player
    chapter = ChapterFactory(tournament=tournament, name="Lone Star")
    member.chapter = chapter
    member.save()
    html = chapter_page(client, official_client, tournament, chapter).text
    assert f'<h2 id="member-1"><bdi>{member.name}</bdi></h2>' in html
    assert f"Team {winner.number}" in html
    assert "<dt>Games played</dt><dd>1</dd>" in html and "<dt>Games won</dt><dd>1</dd>" in html
    assert "<dt>Points</dt><dd>250</dd>" in html
    # No CSV column names on the page.
    for raw in ("<th>side</th>", "<th>shared</th>", "<th>reached</th>", ">T1<"):
        assert raw not in html
    assert "Download as CSV" in html and "Download as Excel (XLSX)" in html


def test_a_shared_place_is_written_as_on_the_standings_and_an_idle_member_is_said(
    client, official_client, official, tournament
):
    _event, games = make_bracket(tournament)
    services.record_result(game=games[(1, 0)], by=official, winner_seat=0)
    services.record_result(game=games[(1, 1)], by=official, winner_seat=0)
    loser = games[(1, 1)].sides.get(seat=1).team
    player = TeamMember.objects.filter(team=loser).select_related("player").first().player
    chapter = ChapterFactory(tournament=tournament, name="Lone Star")
    player.chapter = chapter
    player.save()
    PlayerFactory(tournament=tournament, name="Cy Idle", chapter=chapter)
    html = chapter_page(client, official_client, tournament, chapter).text
    assert re.search(r"<dt>Place</dt><dd>=3</dd>", html)
    assert "Lost in the semi-final" in html
    assert "Not entered in any event." in html
