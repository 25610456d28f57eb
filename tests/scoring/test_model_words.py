"""Scoring's records name themselves in words, and the admin shows hands read-only."""

import pytest
from django.contrib.admin.sites import site
from django.test import RequestFactory

from scoring.models import ApiToken, ChapterLink, Export, Hand, HandChange
from tests.factories import ChapterFactory
from tests.scoring.builders import enter, out

pytestmark = pytest.mark.django_db


def test_an_export_names_its_kind_and_where_it_stands(tournament):
    export = Export.objects.create(tournament=tournament, kind=Export.Kind.GAMES)
    assert str(export) == f"{export.get_kind_display()} ({export.get_status_display()})"
    assert not export.is_ready


def test_a_chapter_link_and_an_api_token_say_what_they_open(tournament, official):
    chapter = ChapterFactory(tournament=tournament, name="Lone Star")
    link = ChapterLink.objects.create(tournament=tournament, chapter=chapter, token="t" * 40)
    token = ApiToken.objects.create(
        tournament=tournament, user=official, name="Scoreboard", key_hash="h" * 64, prefix="abcd"
    )
    assert str(link) == "Link to Lone Star's report"
    assert link.active
    assert str(token) == "Scoreboard (abcd…)"
    assert token.active


def test_a_hand_and_its_history_read_as_words(game, official):
    enter(game, official, out(0, 10))
    hand = Hand.objects.get(game=game)
    change = HandChange.objects.get(game=game)
    assert str(hand) == f"Hand 1 of {game}"
    assert str(change) == f"Hand 1 {change.get_action_display().lower()}"


@pytest.mark.parametrize("model", [Hand, HandChange])
def test_the_admin_shows_hands_and_their_history_but_never_changes_them(model, official):
    request = RequestFactory().get("/")
    request.user = official
    admin = site._registry[model]
    assert not admin.has_add_permission(request)
    assert not admin.has_change_permission(request)
    assert not admin.has_delete_permission(request)
