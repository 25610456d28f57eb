"""Chapters: add, rename, merge duplicates."""

import pytest
from django.urls import reverse

from tests.factories import ChapterFactory, PlayerFactory
from tournaments.models import Chapter

pytestmark = pytest.mark.django_db


def test_an_official_adds_a_chapter(official_client, tournament):
    response = official_client.post(
        reverse("desk:chapters", args=[tournament.slug]),
        {"name": "Lone Star", "code": "LS"},
        follow=True,
    )
    assert "Chapter Lone Star added." in response.text
    assert tournament.chapters.get().code == "LS"


def test_a_duplicate_chapter_is_refused_at_the_field(official_client, tournament):
    ChapterFactory(tournament=tournament, name="Lone Star")
    response = official_client.post(
        reverse("desk:chapters", args=[tournament.slug]), {"name": "LONE STAR"}
    )
    assert "There is already a chapter called Lone Star." in response.text
    assert tournament.chapters.count() == 1


def test_an_empty_chapter_name_is_refused(official_client, tournament):
    response = official_client.post(reverse("desk:chapters", args=[tournament.slug]), {"name": ""})
    assert "This field is required." in response.text
    assert not tournament.chapters.exists()


def test_rename(official_client, tournament):
    chapter = ChapterFactory(tournament=tournament, name="Lonestar")
    response = official_client.post(
        reverse("desk:chapter_rename", args=[tournament.slug, chapter.pk]),
        {"name": "Lone Star Roamers", "code": ""},
        follow=True,
    )
    assert "Chapter renamed to Lone Star Roamers." in response.text


def test_rename_to_an_empty_name_is_refused(official_client, tournament):
    chapter = ChapterFactory(tournament=tournament, name="Lonestar")
    response = official_client.post(
        reverse("desk:chapter_rename", args=[tournament.slug, chapter.pk]),
        {"name": ""},
        follow=True,
    )
    assert "Type the chapter&#x27;s new name." in response.text
    chapter.refresh_from_db()
    assert chapter.name == "Lonestar"


def test_rename_onto_another_chapter_says_to_merge(official_client, tournament):
    ChapterFactory(tournament=tournament, name="Lone Star")
    chapter = ChapterFactory(tournament=tournament, name="Lonestar")
    response = official_client.post(
        reverse("desk:chapter_rename", args=[tournament.slug, chapter.pk]),
        {"name": "Lone Star"},
        follow=True,
    )
    assert "merge the two instead" in response.text


def test_merge_moves_the_players(official_client, tournament):
    keep = ChapterFactory(tournament=tournament, name="Lone Star")
    dup = ChapterFactory(tournament=tournament, name="Lonestar")
    PlayerFactory.create_batch(2, tournament=tournament, chapter=dup)
    response = official_client.post(
        reverse("desk:chapter_merge", args=[tournament.slug]),
        {"source": dup.pk, "target": keep.pk},
        follow=True,
    )
    assert "Merged into Lone Star." in response.text
    assert keep.players.count() == 2 and not Chapter.objects.filter(pk=dup.pk).exists()


def test_merging_a_chapter_into_itself_is_refused(official_client, tournament):
    keep = ChapterFactory(tournament=tournament)
    response = official_client.post(
        reverse("desk:chapter_merge", args=[tournament.slug]),
        {"source": keep.pk, "target": keep.pk},
    )
    assert response.status_code == 422
    assert "Choose two different chapters to merge." in response.text


def test_merging_another_tournaments_chapter_is_refused(official_client, tournament):
    keep = ChapterFactory(tournament=tournament)
    theirs = ChapterFactory()
    response = official_client.post(
        reverse("desk:chapter_merge", args=[tournament.slug]),
        {"source": theirs.pk, "target": keep.pk},
    )
    assert response.status_code == 422
    assert Chapter.objects.filter(pk=theirs.pk).exists()


def test_the_chapter_list_runs_few_queries(
    official_client, tournament, django_assert_max_num_queries
):
    for _ in range(30):
        PlayerFactory(tournament=tournament)
    with django_assert_max_num_queries(8):
        official_client.get(reverse("desk:chapters", args=[tournament.slug]))


def test_a_chapter_with_the_kelvin_sign_is_the_same_chapter_not_a_500(official_client, tournament):
    ChapterFactory(tournament=tournament, name="Kelvin")
    response = official_client.post(
        reverse("desk:chapters", args=[tournament.slug]), {"name": "\u212aELVIN"}
    )
    assert response.status_code == 200
    assert "There is already a chapter called Kelvin." in response.text
    assert tournament.chapters.count() == 1


def test_chapter_names_are_isolated_on_the_way_out(official_client, tournament):
    ChapterFactory(tournament=tournament, name="\u05e9\u05dc\u05d5\u05dd")
    response = official_client.get(reverse("desk:chapters", args=[tournament.slug]))
    assert "<bdi>\u05e9\u05dc\u05d5\u05dd</bdi>" in response.text
